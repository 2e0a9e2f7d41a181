/**
 * DILCA + SAnDCat benchmark (issue 11): `npm run bench:sandcat`.
 *
 * A seeded 30,000 × 14 table from the latent-class generator (bench/generate.ts; 3-8 values per
 * attribute, 4 latent classes) with a rare group of 3 % planted on 5 attributes as the abnormal
 * objects. As Ienco et al. 2016 (DILCA/SAnDCat) Fig. 9: the model learns on 80 % of the normal rows and scores the other
 * 20 % with the abnormal ones. Per heuristic (MaxDTK, MinDTK with k = 40; RandK, CentralK),
 * after one warm-up: the median of three runs of counts + DILCA + scoring, the peak resident
 * memory, and the AUC of the planted group. No n × n matrix: the scoring scans the distinct
 * training objects once per distinct tested object. No pass/fail: figures only (target ≤ 5 s).
 *
 * --smoke: 600 rows, one run, no warm-up.
 */
import { auc } from '../src/core/evaluation/partitions.ts';
import { computeCounts } from '../src/core/data/counts/counts.ts';
import { dilcaModel } from '../src/core/methods/dilca/dilcaModel.ts';
import { runToEnd } from '../src/core/base/jobs.ts';
import { createRandom } from '../src/core/base/random.ts';
import { sandcatScoreSteps } from '../src/core/methods/sandcat/score.ts';
import type { Heuristic } from '../src/core/methods/sandcat/heuristics.ts';
import { generateTable, plantRareGroup } from './generate.ts';
import { median, ms, seconds, sized, SMOKE } from './timing.ts';

const ROWS = sized(30_000, 600);
const ATTRIBUTES = 14;
const SEED = 20261123;

const table = generateTable({
  rows: ROWS,
  valueCounts: Array.from({ length: ATTRIBUTES }, (_, a) => 3 + (a % 6)),
  classes: 4,
  seed: SEED,
});
const abnormal = plantRareGroup(table, {
  fraction: 0.03,
  attributes: [0, 3, 6, 9, 12],
  seed: SEED,
});
const rng = createRandom(SEED);
const normal: number[] = [];
const test: number[] = [];
for (let r = 0; r < ROWS; r++) {
  if (abnormal[r]) test.push(r);
  else if (rng.next() < 0.8) normal.push(r);
  else test.push(r);
}
const fitRows = Int32Array.from(normal);
const scoreRows = Int32Array.from(test);
const positive = Array.from(scoreRows, (r) => abnormal[r] === 1);
let peak = process.memoryUsage().rss;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);

function once(heuristic: Heuristic) {
  const t0 = process.hrtime.bigint();
  const counts = computeCounts(table, { rows: fitRows });
  const model = dilcaModel(table, counts);
  const t1 = process.hrtime.bigint();
  const scored = runToEnd(
    sandcatScoreSteps(table, model, fitRows, scoreRows, { heuristic, k: 40, seed: 1 }),
  );
  const t2 = process.hrtime.bigint();
  return { fit: seconds(t0, t1), score: seconds(t1, t2), auc: auc(scored.scores, positive) };
}

console.log(
  `${ROWS.toLocaleString('en-US')} rows × ${ATTRIBUTES} attributes (${table.nValues} values); train ${fitRows.length.toLocaleString('en-US')} normal rows, score ${scoreRows.length.toLocaleString('en-US')} (${positive.filter(Boolean).length} planted)`,
);
console.log('heuristic   fit (counts + DILCA)        score           total    AUC');
for (const heuristic of ['maxdtk', 'mindtk', 'randk', 'centralk'] as const) {
  if (!SMOKE) once(heuristic);
  const runs = Array.from({ length: sized(3, 1) }, () => once(heuristic));
  const fit = median(runs.map((r) => r.fit));
  const score = median(runs.map((r) => r.score));
  console.log(
    `${heuristic.padEnd(10)} ${ms(fit)}              ${ms(score)}     ${ms(fit + score)}   ${(runs[0]?.auc ?? 0).toFixed(3)}`,
  );
}
clearInterval(sample);
console.log(`peak resident memory: ${(peak / 2 ** 20).toFixed(0)} MB`);
