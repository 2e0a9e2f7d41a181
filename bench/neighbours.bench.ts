/**
 * Neighbour search benchmark: `npm run bench:neighbours -- [--sizes 10000,50000,100000]
 * [--distances hamming,cado] [--k 90] [--budget 60] [--queries 500] [--vectors 10000,50000]
 * [--threads N]`.
 *
 * Every object's k = 90 nearest neighbours (3 × t-SNE's default perplexity) in a seeded table of
 * 20 categorical attributes (2-12 values each) with hierarchical latent classes (10 classes × 10
 * subclasses, bench/generate.ts `prototypeTable`), under Hamming and Wang et al. 2015's CADO, by NN-descent
 * (src/core/neighbours/approximateKnn.ts) and by the exact search (every pair). Also, with
 * --vectors, a 16-D Gaussian mixture, where the exact search is a vantage-point tree. Each row
 * runs in its own process (bench/neighboursRun.ts), which reports:
 *  - NN-descent's wall and CPU seconds (the machine is shared: CPU seconds show the work), then
 *    the same search with its local joins on a team of --threads threads (default the cores, at
 *    most 4), its seconds, the speed-up and whether its lists equal the first run's; its
 *    rounds and distance evaluations (between distinct objects), and the process's peak resident
 *    memory after it (and after building the data alone);
 *  - the exact search's seconds: measured when it finishes within --budget seconds, otherwise
 *    estimated from the share of its work done by then (marked "est."), and the ratio;
 *  - recall@k with ties (a returned neighbour counts when its distance is at most the true k-th
 *    distance): over every row when the exact search finished, else over --queries seeded rows
 *    whose k-th distances are found by an exact scan.
 * Figures only, no pass/fail. CADO at 100,000 rows on 2 threads, against another checkout run
 * alternately: `npm run bench:cado-neighbours` (bench/cadoNeighbours.bench.ts).
 *
 * --smoke: 2,500 rows (above NN-descent's all-pairs limit) of each distance and of the vectors, k =
 * 15, 20 queries; the first row in its own process, the others in this one (bench/script.ts).
 */
import { defaultThreads } from '../src/cli/nodeTeam.ts';
import { loadavg } from 'node:os';
import type { NeighboursRow } from './neighboursRun.ts';
import { runScript } from './script.ts';
import { option, sizedOption } from './timing.ts';

const list = (text: string): number[] =>
  text
    .split(',')
    .filter(Boolean)
    .map((s) => Number(s.replace(/_/g, '')));

const sizes = list(sizedOption('sizes', '10000,50000,100000', '2500'));
const distances = option('distances', 'hamming,cado').split(',').filter(Boolean);
const vectorSizes = list(sizedOption('vectors', '', '2500'));
// --smoke: above the 2,000 distinct objects up to which NN-descent compares every pair.
const k = Number(sizedOption('k', '90', '15'));
const budget = Number(option('budget', '60'));
const queries = Number(sizedOption('queries', '500', '20'));
const threads = Number(option('threads', String(defaultThreads())));

const runner = new URL('./neighboursRun.ts', import.meta.url);
const count = (n: number): string => n.toLocaleString('en-US');

/** One row in its own process (under --smoke, after the first, in this one: bench/script.ts). */
async function runRow(rows: number, distance: string): Promise<NeighboursRow> {
  const line = await runScript(
    runner,
    [String(rows), distance, String(k), String(budget), String(queries), String(threads)],
    { stderr: 'pipe' },
  );
  return JSON.parse(line) as NeighboursRow;
}

console.log(
  `node ${process.version}; k = ${k}; load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} on this 2-core machine`,
);
console.log(
  `| rows | distance | distinct | NN-descent wall (CPU) | on ${threads} threads wall (CPU) | speed-up | rounds | evaluations / row | peak RSS (data) | exact | exact / NN-descent | recall@k (min) |`,
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
const rows: [number, string][] = [
  ...sizes.flatMap((n) => distances.map((d) => [n, d] as [number, string])),
  ...vectorSizes.map((n) => [n, 'gauss16'] as [number, string]),
];
for (const [n, distance] of rows) {
  const r = await runRow(n, distance);
  const exact = `${r.exact.wall.toFixed(1)} s${r.exact.finished ? '' : ` est. (${(100 * r.exact.share).toFixed(1)} % run)`}`;
  console.log(
    `| ${count(n)} | ${distance} | ${count(r.distinct)} | ${r.approximate.wall.toFixed(2)} s (${r.approximate.cpu.toFixed(2)}) | ` +
      `${r.team.wall.toFixed(2)} s (${r.team.cpu.toFixed(2)})${r.team.identical ? '' : ' NOT IDENTICAL'} | ` +
      `${(r.approximate.wall / r.team.wall).toFixed(2)}× | ` +
      `${r.approximate.rounds} | ${Math.round(r.approximate.evaluations / r.distinct)} | ` +
      `${r.peakMB.approximate.toFixed(0)} MB (${r.peakMB.data.toFixed(0)}) | ${exact} | ` +
      `${(r.exact.wall / r.approximate.wall).toFixed(1)}× | ${r.recall.mean.toFixed(4)} (${r.recall.min.toFixed(2)}) over ${count(r.recall.queries)} rows |`,
  );
}
console.log(
  `load average at the end ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
