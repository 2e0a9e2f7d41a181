/**
 * npm run bench:teams — the steps split across a team (issue 30, second round), each on one and
 * on two threads in ONE run, side by side, with the ratio (2 threads / 1 thread) and a check that
 * both gave the same result bit for bit. Runs alternate 1, 2, 1, 2 … (REPEATS, default 5); the
 * medians and the fastest runs are printed, and the machine's load (`uptime`) before and after,
 * as the cores may be shared (the fastest runs are the least disturbed by other work), and the
 * 2-thread runs' CPU time over their wall time (all threads: near 1 when the helper got no core).
 *
 * ROWS (default 100,000) rows × 20 attributes from bench/generate.ts.
 *
 * --smoke: 1,000 rows, one run each.
 */
import { execSync } from 'node:child_process';
import { startNodeTeam } from '../src/cli/nodeTeam.ts';
import { runToEnd } from '../src/core/base/jobs.ts';
import { serialTeam, type Team } from '../src/core/parallel/team.ts';
import { isolationForestSteps } from '../src/core/methods/detectors/isolationForest.ts';
import { isolationForestTerms } from '../src/core/methods/detectors/isolationForestExplain.ts';
import { computeCounts } from '../src/core/data/counts/counts.ts';
import { dilcaModel } from '../src/core/methods/dilca/dilcaModel.ts';
import { sandcatScoreSteps } from '../src/core/methods/sandcat/score.ts';
import { lofOfSteps } from '../src/core/methods/detectors/lofOf.ts';
import { kmeans, type AssignSplit } from '../src/core/clustering/kmeans.ts';
import { denseGeometry } from '../src/core/clustering/denseGeometry.ts';
import { valueCostGeometry } from '../src/core/clustering/kmodes.ts';
import { createRandom } from '../src/core/base/random.ts';
import {
  materialise,
  uniformValueEmbedding,
  valueConcatGeometry,
} from '../src/core/platform/objectEmbedding.ts';
import { generateTable } from './generate.ts';
import { median, sized } from './timing.ts';

const ROWS = Number(process.env.ROWS ?? sized(100_000, 1_000));
const REPEATS = Number(process.env.REPEATS ?? sized(5, 1));
const VALUE_COUNTS = [2, 3, 4, 5, 6, 7, 8, 3, 4, 5, 2, 6, 9, 12, 3, 4, 5, 6, 7, 10];

const table = generateTable({ rows: ROWS, valueCounts: VALUE_COUNTS, classes: 5, seed: 30 });
const all = Int32Array.from({ length: ROWS }, (_, i) => i);

// SAnDCat as bench/sandcat.bench.ts runs it: 30,000 × 14, trained on 80 % of the rows.
const SANDCAT_ROWS = Math.min(ROWS, 30_000);
const sandcatTable = generateTable({
  rows: SANDCAT_ROWS,
  valueCounts: Array.from({ length: 14 }, (_, a) => 3 + (a % 6)),
  classes: 4,
  seed: 20261123,
});
const sandcatFit = Int32Array.from({ length: SANDCAT_ROWS }, (_, i) => i).filter(
  (i) => i % 5 !== 0,
);
const sandcatScored = Int32Array.from({ length: SANDCAT_ROWS }, (_, i) => i).filter(
  (i) => i % 5 === 0,
);
const sandcatModel = dilcaModel(sandcatTable, computeCounts(sandcatTable, { rows: sandcatFit }));

// k-means and k-modes, one start of k = 10 (at most 20 iterations) on the big table: k-modes
// with the Hamming cost, k-means on a value-concatenation embedding (4 seeded numbers a value,
// as CDE's) and on the same embedding materialised as dense rows (80 columns).
const D = VALUE_COUNTS.length;
const widths = Int32Array.from(VALUE_COUNTS);
const tableStart = new Int32Array(D);
for (let a = 1; a < D; a++)
  tableStart[a] = (tableStart[a - 1] as number) + (widths[a - 1] as number) ** 2;
const hamming = new Float64Array((tableStart[D - 1] as number) + (widths[D - 1] as number) ** 2);
for (let a = 0; a < D; a++) {
  const m = widths[a] as number;
  for (let u = 0; u < m; u++)
    for (let v = 0; v < m; v++) if (u !== v) hamming[(tableStart[a] as number) + u * m + v] = 1;
}
const codes = new Int32Array(ROWS * D);
table.attributes.forEach((attr, a) => attr.codes.forEach((c, r) => (codes[r * D + a] = c)));
const kmodesGeometry = valueCostGeometry({ codes, n: ROWS, widths, tables: hamming, tableStart });
const vectorRandom = createRandom(7);
const embedding = uniformValueEmbedding(
  table,
  Float64Array.from({ length: table.nValues * 4 }, () => vectorRandom.next()),
  4,
);
const concatGeometry = valueConcatGeometry(embedding);
const dense = denseGeometry(materialise(embedding), ROWS, embedding.dims);
const clusterings = (team: Team, geometry: Parameters<typeof kmeans>[0]): Int32Array => {
  const split: AssignSplit = { team, minObjects: 0 };
  return kmeans(geometry, { k: 10, maxIterations: 20 }, createRandom(3), undefined, split).labels;
};

interface Case {
  name: string;
  run(team: Team): ArrayLike<number>;
}

// The control: LOF-OF's passes, split since the first round (rows of F distances, no barrier
// between small steps), show what a second thread can give on this machine at this moment.
const LOF_ROWS = Math.min(ROWS, 3000);
const lofRows = Int32Array.from({ length: LOF_ROWS }, (_, i) => i);

const cases: Case[] = [
  {
    name: `control: LOF-OF k 10 (${LOF_ROWS.toLocaleString('en-US')} rows)`,
    run: (team) => runToEnd(lofOfSteps(table, lofRows, lofRows, { k: 10 }, team)),
  },
  { name: 'k-modes, Hamming cost (k 10)', run: (team) => clusterings(team, kmodesGeometry) },
  { name: 'k-means, value concatenation (k 10)', run: (team) => clusterings(team, concatGeometry) },
  { name: 'k-means, dense 80 columns (k 10)', run: (team) => clusterings(team, dense) },
  {
    name: 'isolation forest scores (100 trees, ψ 256)',
    run: (team) =>
      runToEnd(
        isolationForestSteps(table, all, all, { trees: 100, sampleSize: 256, seed: 1 }, team),
      ),
  },
  {
    name: 'isolation forest terms (explanations)',
    run: (team) =>
      isolationForestTerms(table, all, { trees: 100, sampleSize: 256, seed: 1 }, team).terms,
  },
  {
    name: `SAnDCat MaxDTK k 40 (${SANDCAT_ROWS.toLocaleString('en-US')} × 14)`,
    run: (team) =>
      runToEnd(
        sandcatScoreSteps(
          sandcatTable,
          sandcatModel,
          sandcatFit,
          sandcatScored,
          { heuristic: 'maxdtk', k: 40, seed: 1 },
          team,
        ),
      ).scores,
  },
];

function same(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

console.log(`uptime: ${execSync('uptime').toString().trim()}`);
console.log(
  `${ROWS.toLocaleString('en-US')} rows × ${VALUE_COUNTS.length} attributes, median of ${REPEATS} alternating runs`,
);
const pair = await startNodeTeam(2);
const teams: [string, Team][] = [
  ['1 thread', serialTeam],
  ['2 threads', pair.team],
];
const only = process.env.ONLY;
for (const c of cases) {
  if (only && !c.name.includes(only)) continue;
  const times: number[][] = teams.map(() => []);
  const cpu: number[][] = teams.map(() => []);
  const outputs: ArrayLike<number>[] = [];
  for (let r = 0; r < REPEATS; r++)
    teams.forEach(([, team], t) => {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      outputs[t] = c.run(team);
      times[t]?.push((performance.now() - t0) / 1000);
      const used = process.cpuUsage(c0);
      cpu[t]?.push((used.user + used.system) / 1e6);
    });
  const [one, two] = times.map(median) as [number, number];
  const [oneMin, twoMin] = times.map((ts) => Math.min(...ts)) as [number, number];
  // CPU seconds of every thread over wall seconds, 2 threads: near 1 when the helper got no core.
  const share = median(cpu[1] as number[]) / two;
  const equal = same(outputs[0] as ArrayLike<number>, outputs[1] as ArrayLike<number>);
  console.log(
    `${c.name.padEnd(48)} 1 thread ${one.toFixed(2).padStart(7)} s   2 threads ${two.toFixed(2).padStart(7)} s   ratio ${(two / one).toFixed(2)} (fastest runs: ${oneMin.toFixed(2)} s, ${twoMin.toFixed(2)} s, ${(twoMin / oneMin).toFixed(2)})   CPU/wall on 2 threads ${share.toFixed(2)}   ${equal ? 'same bits' : 'DIFFERENT'}`,
  );
}
console.log(`uptime: ${execSync('uptime').toString().trim()}`);
await pair.close();
