/**
 * Co-occurrence counting benchmark: `npx tsx bench/cooccurrence.bench.ts` (or `npm run bench`).
 *
 * A synthetic categorical table of 200,000 rows × 40 attributes (5–8 values each, skewed codes from
 * the seeded generator) is counted several times after a warm-up. One pass makes
 * rows × D(D−1)/2 = 200,000 × 780 = 156,000,000 pair-updates; the rate printed is pair-updates per
 * second. Target: ≥ 150 million per second in Node.
 *
 * Three things are timed:
 * - computeCounts: the whole job (value counts, every pair block, entropy, MI, SU);
 * - countPair over every pair: the core's raw pair-counting loop alone, on a fresh allocation;
 * - reference loop: the same counting written inline here, a yardstick for what V8 does with it.
 *
 * --smoke: 2,000 rows, no warm-up, one run (checked as every run is).
 */
import {
  allocateCooccurrence,
  computeCounts,
  countPair,
  createRandom,
  type CategoricalTable,
} from '../src/core/index.ts';
import { assembleTable } from './generate.ts';
import { median, sized } from './timing.ts';

const ROWS = sized(200_000, 2_000);
const ATTRIBUTES = 40;
const SEED = 20240601;
const WARMUP = sized(2, 0);
const RUNS = sized(7, 1);
const PAIR_UPDATES = (ROWS * ATTRIBUTES * (ATTRIBUTES - 1)) / 2;

function syntheticTable(rows: number, d: number, seed: number): CategoricalTable {
  const random = createRandom(seed);
  const columns = Array.from({ length: d }, (_, a) => {
    const size = 5 + random.int(4); // 5..8 values
    // Non-uniform: code = ⌊size · u^skew⌋ with a per-attribute skew in [1, 3) favours low codes.
    const skew = 1 + 2 * random.next();
    const codes = new Int32Array(rows);
    for (let r = 0; r < rows; r++)
      codes[r] = Math.min(size - 1, Math.floor(size * random.next() ** skew));
    const labels = Array.from({ length: size }, (_, k) => `a${a}v${k}`);
    return { name: `a${a}`, labels, codes };
  });
  return assembleTable(rows, columns);
}

/** The same counting as countPair, inline, for comparison. */
function referenceCounts(table: CategoricalTable): Int32Array {
  const attrs = table.attributes;
  const d = attrs.length;
  let total = 0;
  for (let a = 0; a < d; a++)
    for (let b = a + 1; b < d; b++) total += attrs[a]!.labels.length * attrs[b]!.labels.length;
  const data = new Int32Array(total);
  let off = 0;
  for (let a = 0; a < d; a++) {
    const ca = attrs[a]!.codes;
    for (let b = a + 1; b < d; b++) {
      const cb = attrs[b]!.codes;
      const nb = attrs[b]!.labels.length;
      const n = ca.length;
      for (let r = 0; r < n; r++) data[off + ca[r]! * nb + cb[r]!]++;
      off += attrs[a]!.labels.length * nb;
    }
  }
  return data;
}

function pairLoop(table: CategoricalTable): Int32Array {
  const c = allocateCooccurrence(table);
  const d = table.attributes.length;
  for (let a = 0; a < d; a++) for (let b = a + 1; b < d; b++) countPair(c, table, a, b, null);
  return c.data;
}

interface Result {
  name: string;
  seconds: number[];
}

function time(name: string, run: () => Int32Array, check: (data: Int32Array) => void): Result {
  for (let i = 0; i < WARMUP; i++) check(run());
  const seconds: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = process.hrtime.bigint();
    const data = run();
    const t1 = process.hrtime.bigint();
    seconds.push(Number(t1 - t0) / 1e9);
    check(data);
  }
  return { name, seconds };
}

const millions = (seconds: number): string => `${(PAIR_UPDATES / seconds / 1e6).toFixed(1)} M/s`;

const t0 = process.hrtime.bigint();
const table = syntheticTable(ROWS, ATTRIBUTES, SEED);
const built = Number(process.hrtime.bigint() - t0) / 1e9;
const expected = referenceCounts(table);
const sameAsReference = (data: Int32Array): void => {
  if (data.length !== expected.length) throw new Error('block layout differs from the reference');
  for (let i = 0; i < data.length; i++)
    if (data[i] !== expected[i]) throw new Error(`cell ${i} differs from the reference`);
};
// Each block of a pass sums to the row count: a cheap check that every pair-update happened.
const sum = expected.reduce((s, x) => s + x, 0);
if (sum !== PAIR_UPDATES)
  throw new Error(`reference made ${sum} pair-updates, expected ${PAIR_UPDATES}`);

console.log(
  `node ${process.version}; ${ROWS.toLocaleString('en-US')} rows × ${ATTRIBUTES} attributes, L = ${table.nValues}, built in ${built.toFixed(2)} s`,
);
console.log(
  `pair-updates per pass: ${PAIR_UPDATES.toLocaleString('en-US')}; warm-up ${WARMUP}, runs ${RUNS}`,
);

const results = [
  time('computeCounts', () => computeCounts(table).cooccurrence.data, sameAsReference),
  time('countPair over every pair', () => pairLoop(table), sameAsReference),
  time('reference inline loop', () => referenceCounts(table), sameAsReference),
];
for (const r of results) {
  const best = Math.min(...r.seconds);
  const med = median(r.seconds);
  console.log(
    `${r.name.padEnd(28)} median ${(med * 1000).toFixed(1).padStart(7)} ms = ${millions(med).padStart(11)}` +
      `   best ${(best * 1000).toFixed(1).padStart(7)} ms = ${millions(best).padStart(11)}`,
  );
}
const headline = median(results[0]!.seconds);
const rate = PAIR_UPDATES / headline / 1e6;
console.log(
  `computeCounts median rate: ${rate.toFixed(1)} million pair-updates per second (target ≥ 150): ${rate >= 150 ? 'OK' : 'BELOW TARGET'}`,
);
