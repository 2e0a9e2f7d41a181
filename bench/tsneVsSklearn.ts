/**
 * Section 6 of bench/projection.bench.ts: t-SNE of a duplicate-free, Mushroom-shaped one-hot table
 * (bench/mushroomDistinct.ts: 8,124 rows, 22 attributes, 117 one-hot columns, stalk-root `?` as
 * its own value), ours through the CLI (`run tsne FILE --of onehot`, a fresh process each time, so
 * start-up, CSV parsing and the one-hot encoding count) against scikit-learn
 * (bench/sklearnTsne.py: TSNE(init='pca', perplexity=30), 1,000 iterations, Barnes-Hut θ = 0.5)
 * on the same one-hot rows. Ours also starts from the principal layout (the step's default
 * `init: pca`), perplexity 30, 1,000 iterations. The runs alternate, ours then scikit-learn's, so
 * the machine's load falls alike on both; each prints its seconds, the ratio, the load average
 * at its start and T(10) of both layouts, scored by bench/tsneRun.ts --score alike.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { distinctMushroomTable, distinctRows } from './mushroomDistinct.ts';
import { runScript } from './script.ts';
import { sized, SMOKE } from './timing.ts';

// --smoke: scikit-learn on one thread. Its OpenMP threads spin while they wait for a core: on a
// busy 2-core machine two of them take many times as long as one.
if (SMOKE) process.env.OMP_NUM_THREADS ??= '1';

export interface ScikitLearn {
  python: string;
  version: string;
  cpus: number;
}

let found: ScikitLearn | null | undefined;

/**
 * A python3 that imports scikit-learn: the first of python3 on the PATH and Debian's. Probed once
 * (importing scikit-learn takes about a CPU-second), for every section that asks.
 */
export function findScikitLearn(): ScikitLearn | null {
  if (found === undefined) found = probeScikitLearn();
  return found;
}

function probeScikitLearn(): ScikitLearn | null {
  for (const python of ['python3', '/usr/bin/python3']) {
    const probe = spawnSync(
      python,
      [
        '-c',
        'import os, sklearn; cores = len(os.sched_getaffinity(0)); ' +
          "print(sklearn.__version__, min(cores, int(os.environ.get('OMP_NUM_THREADS') or cores)))",
      ],
      { encoding: 'utf8' },
    );
    if (probe.status === 0) {
      const [version = '?', cpus = '1'] = probe.stdout.trim().split(' ');
      return { python, version, cpus: Number(cpus) };
    }
  }
  return null;
}

const ROWS = sized(8124, 400);
const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));

function run(command: string, args: string[]): { stdout: string; seconds: number } {
  const t0 = process.hrtime.bigint();
  const child = spawnSync(command, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 26,
  });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (child.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${child.status})`);
  return { stdout: child.stdout, seconds };
}

/** bench/tsneRun.ts on the table (its process; under --smoke after its first, this one). */
const tsneRun = (seed: number, extra: string[]): Promise<string> =>
  runScript(new URL('./tsneRun.ts', import.meta.url), [
    ...['--data', 'mushroom-distinct', '--n', String(ROWS), '--seed', String(seed)],
    ...extra,
  ]);

/** T(10) of an n × 2 float64 layout file, scored by bench/tsneRun.ts on the table's one-hot rows. */
async function score(layout: string, seed: number): Promise<number> {
  const line = await tsneRun(seed, ['--score', layout]);
  return (JSON.parse(line) as { trustworthiness: number }).trustworthiness;
}

/** The CLI's `--out FILE.csv` (line,x,y, one row per table row) as n × 2 float64, by line. */
function csvLayout(file: string, bin: string): void {
  const rows = readFileSync(file, 'utf8').trim().split('\n').slice(1);
  const out = new Float64Array(2 * ROWS);
  for (const row of rows) {
    const [line, x, y] = row.split(',').map(Number) as [number, number, number];
    out[2 * (line - 2)] = x;
    out[2 * (line - 2) + 1] = y;
  }
  if (rows.length !== ROWS) throw new Error(`the CLI wrote ${rows.length} rows, not ${ROWS}`);
  writeFileSync(bin, out);
}

export async function distinctTableComparison(options: {
  seed: number;
  threads: number;
  runs: number;
  /** Iterations of both (1,000; scikit-learn takes at least 250). */
  iterations: number;
}): Promise<void> {
  const { seed, threads, runs, iterations } = options;
  const sklearn = findScikitLearn();
  const { table, csv } = distinctMushroomTable(ROWS, seed);
  const distinct = distinctRows(table);
  if (distinct !== ROWS)
    throw new Error(`the duplicate-free table has ${ROWS - distinct} repeated rows`);
  console.log(
    `\n6. t-SNE of a duplicate-free Mushroom-shaped one-hot table (${ROWS.toLocaleString('en-US')} ` +
      `rows, ${distinct.toLocaleString('en-US')} distinct, ${table.attributes.length} attributes, ` +
      `${table.nValues} one-hot columns; bench/mushroomDistinct.ts, seed ${seed}): ours through ` +
      `the CLI on ${threads} threads (process wall time, start-up included), perplexity 30, ` +
      `${iterations.toLocaleString('en-US')} iterations, PCA start, against ` +
      (sklearn
        ? `scikit-learn ${sklearn.version} TSNE(init='pca', perplexity=30, angle=0.5) on ` +
          `${sklearn.cpus} core${sklearn.cpus === 1 ? '' : 's'} (fit_transform, and its whole process); ${runs} runs each, alternating`
        : 'nothing: peer scikit-learn not installed (apt-get install python3-sklearn): skipped'),
  );
  const dir = join(tmpdir(), `bench-tsne-distinct-${process.pid}`);
  const file = `${dir}.csv`;
  const rows = `${dir}.bin`;
  writeFileSync(file, csv);
  if (sklearn) await tsneRun(seed, ['--dump', rows]);
  console.log(
    '   run  load   ours s  sklearn fit s  sklearn process s  ours / fit  ours / process' +
      '  T(10) ours  T(10) sklearn',
  );
  const ratios: number[] = [];
  for (let r = 1; r <= runs; r++) {
    const load = loadavg()[0] as number;
    const ours = run(process.execPath, [
      ...['--import', 'tsx', fileURLToPath(new URL('../src/cli/main.ts', import.meta.url))],
      ...['run', 'tsne', file, '--class', 'class', '--missing', 'own', '--of', 'onehot'],
      ...['--seed', String(seed), '--quality', 'false', '--threads', String(threads)],
      ...['--iterations', String(iterations)],
      ...['--out', `${dir}-ours.csv`],
    ]);
    csvLayout(`${dir}-ours.csv`, `${dir}-ours.bin`);
    const oursT = await score(`${dir}-ours.bin`, seed);
    let line = `   ${String(r).padStart(3)} ${load.toFixed(1).padStart(5)} ${ours.seconds.toFixed(1).padStart(8)}`;
    if (sklearn) {
      const peer = run(sklearn.python, [
        here('./sklearnTsne.py'),
        ...[rows, String(ROWS), String(table.nValues), String(seed), String(iterations)],
      ]);
      const fit = JSON.parse(peer.stdout.trim().split('\n').pop() ?? '') as { seconds: number };
      const peerT = await score(`${rows}.out`, seed);
      ratios.push(ours.seconds / fit.seconds);
      line +=
        ` ${fit.seconds.toFixed(1).padStart(14)} ${peer.seconds.toFixed(1).padStart(18)}` +
        ` ${(ours.seconds / fit.seconds).toFixed(2).padStart(11)}` +
        ` ${(ours.seconds / peer.seconds).toFixed(2).padStart(15)}` +
        ` ${oursT.toFixed(4).padStart(11)} ${peerT.toFixed(4).padStart(14)}`;
    } else
      line += `${'—'.padStart(15)}${'—'.padStart(19)}${'—'.padStart(12)}${'—'.padStart(16)} ${oursT.toFixed(4).padStart(11)}`;
    console.log(line);
  }
  if (ratios.length > 0)
    console.log(
      `   ours / scikit-learn's fit_transform: ${Math.min(...ratios).toFixed(2)}–` +
        `${Math.max(...ratios).toFixed(2)}× (target ≤ 0.5×); load average now ` +
        `${loadavg()[0]!.toFixed(1)} (2 cores shared: ratios only side by side)`,
    );
  for (const f of [file, rows, `${rows}.out`, `${dir}-ours.csv`, `${dir}-ours.bin`])
    rmSync(f, { force: true });
}
