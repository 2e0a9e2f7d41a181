/**
 * npm run bench:parallel — two t-SNE projections of different representations (0-1 and IDF) of
 * one generated 5,000-row table, side by side in a pool of 2 workers, against the same two run
 * one after the other, measured in one run and printed as a ratio (target ≤ 0.65). The pool is
 * the app's (src/worker/pool.ts) on Node worker threads running the app's worker API.
 *
 * --smoke: 300 rows, 50 iterations.
 */
import { wrap, type Remote } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { discoverMethods } from '../src/cli/discover.ts';
import type { Call } from '../src/core/platform/spec.ts';
import type { ExplorerApi } from '../src/worker/api.ts';
import { WorkerPool } from '../src/worker/pool.ts';
import { generateTable } from './generate.ts';
import { sized } from './timing.ts';
import { ADULT_LIKE } from './tsneRun.ts';

const ROWS = sized(5000, 300);
const ITERATIONS = Number(process.env.ITERATIONS ?? sized(1000, 50));

function csvOf(rows: number): Blob {
  const table = generateTable({ rows, valueCounts: ADULT_LIKE, classes: 4, seed: 1 });
  const lines = [[...table.attributes.map((a) => a.name), 'class'].join(',')];
  for (let r = 0; r < rows; r++)
    lines.push(
      [
        ...table.attributes.map((a) => a.labels[a.codes[r] as number]),
        table.classColumn?.labels[table.classColumn.codes[r] as number],
      ].join(','),
    );
  return new Blob([lines.join('\n')]);
}

function nodePool(size: number): WorkerPool {
  return new WorkerPool({
    size,
    spawn(_index, onCrash) {
      // tsx's loader is registered inside the thread, then the TypeScript worker is imported.
      const entry = new URL('./poolWorker.ts', import.meta.url).href;
      const worker = new Worker(
        `import('tsx/esm/api').then((tsx) => tsx.register()).then(() => import(${JSON.stringify(entry)}))`,
        { eval: true },
      );
      worker.on('error', (e) => onCrash(String(e)));
      return {
        api: wrap<ExplorerApi>(nodeEndpoint(worker)) as Remote<ExplorerApi>,
        terminate: () => void worker.terminate(),
      };
    },
  });
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await work();
  return (performance.now() - t0) / 1000;
}

await discoverMethods();
const pool = nodePool(2);
const loaded = await pool.load(csvOf(ROWS), {}, { classColumn: 'class' }).promise;
if (!loaded.ok) throw new Error(loaded.error.message);
const projection = (of: string, seed: number): Call => ({
  method: 'tsne',
  options: { iterations: ITERATIONS, seed, quality: false },
  inputs: { of: { method: of } },
});
const run = async (call: Call): Promise<void> => {
  const outcome = await pool.run(call).promise;
  if (!outcome.ok) throw new Error(outcome.error.message);
};
// Different seeds for each measurement: no result comes from the cache.
const sequential = await timed(async () => {
  await run(projection('onehot', 1));
  await run(projection('idf', 1));
});
const parallel = await timed(() =>
  Promise.all([run(projection('onehot', 2)), run(projection('idf', 2))]),
);
console.log(
  `two t-SNE projections (0-1 and IDF of ${ROWS} rows × ${ADULT_LIKE.length} attributes, ${ITERATIONS} iterations), pool of 2 workers, ${availableParallelism()} cores:`,
);
console.log(`  one after the other: ${sequential.toFixed(1)} s`);
console.log(`  side by side:        ${parallel.toFixed(1)} s`);
console.log(`  ratio:               ${(parallel / sequential).toFixed(2)} (target ≤ 0.65)`);
pool.terminate();
