/**
 * COSH end-to-end benchmark: `npx tsx bench/cosh.bench.ts`.
 *
 * A 200,000 × 39 table of binary attributes, the size of CelebA in the CURE paper's Table 3, from
 * the seeded latent-class generator (bench/generate.ts: 4 latent classes, per-attribute Zipf
 * exponents in [1, 4), class-specific weight λ = 0.3, so the rarer value of an attribute holds
 * roughly 8–42 % of the rows; the run prints the actual range). A rare
 * group of about 2 % of the rows is then planted: on 8 of the 39 attributes each group row takes
 * the attribute's rarest value with probability 0.9, so those rare values co-occur within the
 * group. After one warm-up, three runs of computeCounts + runCosh (default options) are timed and
 * the medians printed, with the AUC of COSH's object scores for the planted group (auc from
 * src/core/evaluation/partitions.ts; 0.5 = no better than chance). No pass/fail: figures only.
 *
 * --smoke: 2,000 rows, one run after the warm-up.
 */
import {
  auc,
  computeCounts,
  runCosh,
  type CategoricalTable,
  type CoshResult,
} from '../src/core/index.ts';
import { generateTable, plantRareGroup } from './generate.ts';
import { seconds, median, ms, sized } from './timing.ts';

const ROWS = sized(200_000, 2_000);
const ATTRIBUTES = 39;
const CLASSES = 4;
const ZIPF: [number, number] = [1, 4];
const COUPLING = 0.3;
const GROUP_FRACTION = 0.02;
const GROUP_ATTRIBUTES = [0, 5, 10, 15, 20, 25, 30, 35];
const GROUP_STRENGTH = 0.9;
const SEED = 20240601;
const WARMUP = 1;
const RUNS = sized(3, 1);

interface Run {
  counts: number;
  cosh: number;
  total: number;
  result: CoshResult;
}

function runOnce(table: CategoricalTable): Run {
  const t0 = process.hrtime.bigint();
  const counts = computeCounts(table);
  const t1 = process.hrtime.bigint();
  const result = runCosh(table, counts);
  const t2 = process.hrtime.bigint();
  return { counts: seconds(t0, t1), cosh: seconds(t1, t2), total: seconds(t0, t2), result };
}

const t0 = process.hrtime.bigint();
const table = generateTable({
  rows: ROWS,
  valueCounts: Array.from({ length: ATTRIBUTES }, () => 2),
  classes: CLASSES,
  zipf: ZIPF,
  coupling: COUPLING,
  seed: SEED,
});
const group = plantRareGroup(table, {
  fraction: GROUP_FRACTION,
  attributes: GROUP_ATTRIBUTES,
  strength: GROUP_STRENGTH,
  seed: SEED + 1,
});
const built = seconds(t0, process.hrtime.bigint());
const positive = Array.from(group, (g) => g === 1);
const groupSize = positive.filter(Boolean).length;
const rareShare = table.attributes.map((attr) => {
  let ones = 0;
  for (const code of attr.codes) ones += code;
  return Math.min(ones, ROWS - ones) / ROWS;
});

console.log(
  `node ${process.version}; ${ROWS.toLocaleString('en-US')} rows × ${ATTRIBUTES} binary attributes, ` +
    `L = ${table.nValues}, ${CLASSES} latent classes (λ = ${COUPLING}), seed ${SEED}, built in ${built.toFixed(2)} s`,
);
console.log(
  `rarer value's share per attribute: ${(100 * Math.min(...rareShare)).toFixed(1)}–${(100 * Math.max(...rareShare)).toFixed(1)} %; ` +
    `planted group: ${groupSize.toLocaleString('en-US')} rows (${((100 * groupSize) / ROWS).toFixed(2)} %) ` +
    `on ${GROUP_ATTRIBUTES.length} attributes, strength ${GROUP_STRENGTH}`,
);
console.log(
  `pair-updates per count: ${((ROWS * ATTRIBUTES * (ATTRIBUTES - 1)) / 2).toLocaleString('en-US')}; ` +
    `warm-up ${WARMUP}, runs ${RUNS}; COSH defaults`,
);

for (let i = 0; i < WARMUP; i++) runOnce(table);
const runs = Array.from({ length: RUNS }, () => runOnce(table));
const col = (pick: (r: Run) => number): number => median(runs.map(pick));
console.log(`computeCounts      median ${ms(col((r) => r.counts))}`);
console.log(`COSH               median ${ms(col((r) => r.cosh))}`);
console.log(
  `total              median ${ms(col((r) => r.total))}   best ${ms(Math.min(...runs.map((r) => r.total)))}`,
);

// Same seed and table every run, so the result is the same; report the last one.
const { result } = runs[runs.length - 1]!;
const perMatrix = (m: 'Mc' | 'Mo'): string => {
  const ks = result.granularities.filter((g) => g.matrix === m).map((g) => g.k);
  return ks.length ? `${m} k = ${ks[0]}..${ks[ks.length - 1]}` : `${m} none`;
};
console.log(
  `granularities: ${result.granularities.length} (${perMatrix('Mc')}, ${perMatrix('Mo')}); ` +
    `orientation ${result.options.orientation}, α = ${result.options.alpha}`,
);
console.log(`AUC of the planted group: ${auc(result.objectScores, positive).toFixed(4)}`);
