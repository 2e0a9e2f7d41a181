/**
 * CADO neighbours at 100,000 rows, A/B (issue 30): `npm run bench:cado-neighbours -- [--base DIR]
 * [--runs 3] [--rows 100000] [--threads 2] [--queries 100] [--distances cado,hamming]`.
 *
 * Runs bench/cadoNeighboursRun.ts (the 90 nearest neighbours of bench/neighboursRun.ts's
 * 20-attribute table under CADO, on a team of --threads threads, recall@90 with ties over
 * --queries seeded rows) --runs times in this checkout, each run in a process of its own; with
 * --base, a checkout of another commit (holding a copy of bench/cadoNeighboursRun.ts and a
 * node_modules) runs alternately with it, so both see the same load. Prints the load average
 * before each run, wall and CPU seconds, rounds, distance evaluations, recall and a hash of the
 * lists (equal hashes: the same graph). --distances runs each listed distance in turn in every
 * run: `hamming` is the same search on the same table with a distance of a few word operations,
 * the floor a cheaper CADO distance could approach (a base checkout's runner from before
 * 2026-11-27 ignores it and runs CADO). Figures only, no pass/fail.
 *
 * --smoke: 2,500 rows (above NN-descent's all-pairs limit), one run, 20 queries, cado and hamming
 * (cado in its own process, hamming in this one: bench/script.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runScript } from './script.ts';
import { option, sizedOption } from './timing.ts';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const base = option('base', '');
const runs = Number(sizedOption('runs', '3', '1'));
const rows = sizedOption('rows', '100000', '2500');
const threads = option('threads', '2');
const queries = sizedOption('queries', '100', '20');
const distances = sizedOption('distances', 'cado', 'cado,hamming').split(',');

interface Run {
  wall: number;
  cpu: number;
  rounds: number;
  evaluations: number;
  recall: number;
  hash: string;
}

/**
 * One run in `dir`'s checkout, in a process of its own; this checkout's under --smoke after its
 * first in this process (bench/script.ts), a base checkout's always in its own.
 */
async function runIn(dir: string, distance: string): Promise<Run> {
  const runner = join(dir, 'bench', 'cadoNeighboursRun.ts');
  if (!existsSync(runner))
    throw new Error(`${runner} is missing: copy bench/cadoNeighboursRun.ts there`);
  if (dir === here) {
    const line = await runScript(pathToFileURL(runner), [rows, threads, queries, distance], {
      cwd: dir,
      stderr: 'pipe',
    });
    return JSON.parse(line) as Run;
  }
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', runner, rows, threads, queries, distance],
    {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    },
  );
  if (child.status !== 0) throw new Error(`${dir}: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop() as string) as Run;
}

const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const sides: [string, string][] = base
  ? [
      ['base', resolve(base)],
      ['this', here],
    ]
  : [['this', here]];
console.log(`node ${process.version}; ${rows} rows, k = 90, ${threads} threads`);
console.log(
  '| run | checkout | distance | load average | wall | CPU | rounds | evaluations | recall@90 | hash |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (let r = 0; r < runs; r++)
  for (const [name, dir] of r % 2 === 0 ? sides : [...sides].reverse())
    for (const distance of distances) {
      const before = load();
      const x = await runIn(dir, distance);
      console.log(
        `| ${r + 1} | ${name} | ${distance} | ${before} | ${x.wall.toFixed(2)} s | ${x.cpu.toFixed(2)} s | ${x.rounds} | ` +
          `${(x.evaluations / 1e6).toFixed(1)} M | ${x.recall.toFixed(4)} | ${x.hash} |`,
      );
    }
console.log(`load average at the end ${load()}`);
