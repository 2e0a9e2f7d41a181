/**
 * CDE end-to-end benchmark: `npx tsx bench/cde.bench.ts`.
 *
 * A 30,000 × 14 table from the seeded latent-class generator (bench/generate.ts, 2 latent classes
 * like Adult's income class), with value counts modelled on UCI Adult: its eight categorical
 * attributes plus six discretised numeric ones. That gives L = 157 values, more than the 98 of
 * Adult in the CURE paper's Table 1, so it is the harder case; a second table, Adult's eight
 * categorical attributes alone with the '?' rows dropped (7+16+7+14+6+5+2+41 = 98 values), is
 * timed too. After one warm-up, five runs of computeCounts + runCde (default options) are timed
 * and the medians printed. Target: counts + CDE ≤ 1 s in Node.
 *
 * CDE is driven through cdeSteps (what runCde runs to the end) so its time splits at the
 * 'PCA…' progress step into couplings + value clustering and PCA + object embedding;
 * couplingMatrices alone is timed separately as a guide to the first part.
 *
 * --smoke: 500 rows, one run after the warm-up.
 */
import {
  cdeSteps,
  computeCounts,
  couplingMatrices,
  type CategoricalTable,
  type CdeResult,
} from '../src/core/index.ts';
import { generateTable } from './generate.ts';
import { seconds, median, ms, sized } from './timing.ts';

const ROWS = sized(30_000, 500);
const CLASSES = 2;
const SEED = 20240601;
const WARMUP = 1;
const RUNS = sized(5, 1);
const TARGET_SECONDS = 1;

interface Config {
  name: string;
  attributes: [name: string, values: number][];
}

const CONFIGS: Config[] = [
  {
    name: 'Adult-like, 14 attributes',
    attributes: [
      ['workclass', 9],
      ['education', 16],
      ['marital-status', 7],
      ['occupation', 15],
      ['relationship', 6],
      ['race', 5],
      ['sex', 2],
      ['native-country', 41],
      ['age', 10],
      ['fnlwgt', 10],
      ['hours-per-week', 10],
      ['capital-gain', 8],
      ['capital-loss', 2],
      ['education-num', 16],
    ],
  },
  {
    name: "Adult's 8 categorical attributes",
    attributes: [
      ['workclass', 7],
      ['education', 16],
      ['marital-status', 7],
      ['occupation', 14],
      ['relationship', 6],
      ['race', 5],
      ['sex', 2],
      ['native-country', 41],
    ],
  },
];

interface Run {
  counts: number;
  clustering: number;
  pca: number;
  cde: number;
  total: number;
  couplings: number;
  result: CdeResult;
}

function runOnce(table: CategoricalTable): Run {
  const t0 = process.hrtime.bigint();
  const counts = computeCounts(table);
  const t1 = process.hrtime.bigint();
  const steps = cdeSteps(table, counts);
  let tPca = 0n;
  let result: CdeResult;
  for (;;) {
    const step = steps.next();
    if (step.done) {
      result = step.value;
      break;
    }
    if (step.value.message.startsWith('PCA')) tPca = process.hrtime.bigint();
  }
  const t2 = process.hrtime.bigint();
  if (tPca === 0n) throw new Error('CDE gave no PCA progress step; the split below would be wrong');
  // Not part of the total: couplingMatrices alone, as CDE computes it first.
  const t3 = process.hrtime.bigint();
  couplingMatrices(counts, result.options.orientation);
  const t4 = process.hrtime.bigint();
  return {
    counts: seconds(t0, t1),
    clustering: seconds(t1, tPca),
    pca: seconds(tPca, t2),
    cde: seconds(t1, t2),
    total: seconds(t0, t2),
    couplings: seconds(t3, t4),
    result,
  };
}

console.log(
  `node ${process.version}; ${ROWS.toLocaleString('en-US')} rows, ${CLASSES} latent classes, seed ${SEED}; warm-up ${WARMUP}, runs ${RUNS}; CDE defaults`,
);
const verdicts: string[] = [];
for (const config of CONFIGS) {
  const t0 = process.hrtime.bigint();
  const table = generateTable({
    rows: ROWS,
    valueCounts: config.attributes.map(([, v]) => v),
    names: config.attributes.map(([n]) => n),
    classes: CLASSES,
    seed: SEED,
  });
  const built = seconds(t0, process.hrtime.bigint());
  console.log(
    `\n${config.name}: ${table.attributes.length} attributes, L = ${table.nValues} values ` +
      `[${config.attributes.map(([, v]) => v).join(', ')}], built in ${built.toFixed(2)} s`,
  );
  for (let i = 0; i < WARMUP; i++) runOnce(table);
  const runs = Array.from({ length: RUNS }, () => runOnce(table));
  const col = (pick: (r: Run) => number): number => median(runs.map(pick));
  const total = col((r) => r.total);
  console.log(`  computeCounts                          median ${ms(col((r) => r.counts))}`);
  console.log(`  CDE (couplings + clustering + PCA)     median ${ms(col((r) => r.cde))}`);
  console.log(`    couplings + value clustering         median ${ms(col((r) => r.clustering))}`);
  console.log(`    PCA + object embedding               median ${ms(col((r) => r.pca))}`);
  console.log(`    (couplingMatrices alone              median ${ms(col((r) => r.couplings))})`);
  console.log(
    `  total                                  median ${ms(total)}   best ${ms(Math.min(...runs.map((r) => r.total)))}`,
  );
  // Same seed and table every run, so the result is the same; report the last one.
  const { result } = runs[runs.length - 1]!;
  const perMatrix = (m: 'Mc' | 'Mo'): string => {
    const ks = result.granularities.filter((g) => g.matrix === m).map((g) => g.k);
    return ks.length ? `${m} k = ${ks[0]}..${ks[ks.length - 1]}` : `${m} none`;
  };
  console.log(
    `  granularities: ${result.granularities.length} (${perMatrix('Mc')}, ${perMatrix('Mo')}); ` +
      `indicator columns ${result.indicatorColumns}; dims ${result.dims}`,
  );
  verdicts.push(
    `${config.name} (L = ${table.nValues}): total ${(total * 1000).toFixed(0)} ms — target ≤ ${TARGET_SECONDS} s in Node: ` +
      (total <= TARGET_SECONDS ? 'OK' : 'ABOVE TARGET'),
  );
}
console.log('');
for (const v of verdicts) console.log(v);
