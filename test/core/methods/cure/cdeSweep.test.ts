/**
 * CDE over many seeds of its own value clustering: no seed collapses (its F-score stays within
 * 0.15 of the median over seeds 0–49 on every bundled data set with a class column), and every
 * k-means caller lowers k to the number of distinct objects with a warning instead of failing.
 */
import { describe, expect, it } from 'vitest';
import {
  computeCounts,
  countDistinctObjects,
  evaluateClustering,
  kmeansRestartsSteps,
  parseCsvText,
  prepareTable,
  runCde,
  runToEnd,
  uniformValueEmbedding,
  type CategoricalTable,
  type DenseEmbedding,
} from '../../../../src/core/index.ts';
import { DATASETS, loadDataset } from '../../../helpers.ts';
import { expectAboveChance } from '../../../aboveChance.ts';
import { chanceScores } from '../../../../src/core/evaluation/chance.ts';

const SEEDS = Array.from({ length: 50 }, (_, s) => s);
/** k-means starts per CDE seed (one stream, seed 0): enough to tell a collapse from noise. */
const STARTS = 10;

const SETS = [
  // The paper's Zoo (CURE, Jian et al. 2019, Table 1) does not use legs.
  { label: 'zoo.csv without legs', file: 'zoo.csv', classColumn: 'type', drop: ['legs'] },
  ...DATASETS.filter((d) => d.classColumn !== null).map((d) => ({
    label: d.file,
    file: d.file,
    classColumn: d.classColumn!,
    drop: d.drop,
  })),
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

describe('CDE seeds 0–49: no seed collapses', () => {
  it('covers zoo (with and without legs) and every bundled data set with a class column', () => {
    expect(SETS.map((s) => s.label).sort()).toEqual(
      [
        'breast-cancer.csv',
        'cbrw-example.csv',
        'contact-lenses.csv',
        'movie.csv',
        'soybean.csv',
        'vote.csv',
        'weather.nominal.csv',
        'zoo.csv',
        'zoo.csv without legs',
      ].sort(),
    );
  });

  it.each(SETS.map((s) => [s.label, s] as const))(
    '%s: every seed’s F-score is within 0.15 of the median',
    async (_label, set) => {
      const { table } = await loadDataset(set.file, {
        classColumn: set.classColumn,
        drop: set.drop,
      });
      const counts = computeCounts(table);
      const classes = table.classColumn!.codes;
      const runs = SEEDS.map((seed) => {
        const cde = runCde(table, counts, { seed });
        const ev = evaluateClustering(cde.objectEmbedding, classes, { runs: STARTS, seed: 0 });
        return { seed, f: ev.fscore.mean, dims: cde.dims, lowered: ev.warnings.length > 0 };
      });
      const mid = median(runs.map((r) => r.f));
      const worst = runs.reduce((a, b) => (b.f < a.f ? b : a));
      expect(
        mid - worst.f,
        `seed ${worst.seed}: F ${worst.f.toFixed(3)} with ${worst.dims} dims, median ${mid.toFixed(3)}`,
      ).toBeLessThanOrEqual(0.15);
      for (const r of runs) {
        expect(Number.isFinite(r.f)).toBe(true);
        expect(r.dims, `seed ${r.seed}`).toBeGreaterThan(0);
      }
    },
  );
});

describe('soybean, complete rows: the seeds that used to collapse', () => {
  async function soybean(): Promise<{ table: CategoricalTable; classes: Int32Array }> {
    // The default missing-value policy drops incomplete rows: 562 of 683, 15 classes.
    const { table } = await loadDataset('soybean.csv', { classColumn: 'class' });
    return { table, classes: table.classColumn!.codes };
  }

  it('seeds 1, 7, 8, 18: the evaluation runs, F-scores beat chance, a lowered k is reported', async () => {
    const { table, classes } = await soybean();
    expect(table.nRows).toBe(562);
    expect(new Set(classes).size).toBe(15);
    const counts = computeCounts(table);
    const chance = chanceScores(classes, 15, 5);
    for (const seed of [1, 7, 8, 18]) {
      const cde = runCde(table, counts, { seed });
      const ev = evaluateClustering(cde.objectEmbedding, classes, {
        runs: 5,
        seed,
        embeddingName: 'CDE',
      });
      expect(ev.requestedK).toBe(15);
      expect(ev.k).toBeLessThanOrEqual(15);
      expect(ev.k === 15, `seed ${seed}`).toBe(ev.warnings.length === 0);
      for (const r of ev.runs) expect(Number.isFinite(r.fscore), `seed ${seed}`).toBe(true);
      // With the default stop rule these seeds keep a real embedding.
      expect(cde.dims, `seed ${seed}`).toBeGreaterThan(2);
      expectAboveChance(`seed ${seed}`, ev.fscore, chance.fscore, 5);
    }
  });

  it("the earlier rule ('reach', no waitForSplit) collapses them; k is lowered with a warning", async () => {
    const { table, classes } = await soybean();
    const counts = computeCounts(table);
    for (const seed of [1, 7, 8, 18]) {
      const cde = runCde(table, counts, { seed, stopRule: 'reach', waitForSplit: false });
      // Both matrices stop at k = 2 after isolating one value.
      expect(cde.granularities.map((g) => `${g.matrix}${g.k}`)).toEqual(['Mc2', 'Mo2']);
      expect(cde.dims).toBeLessThanOrEqual(2);
      const ev = evaluateClustering(cde.objectEmbedding, classes, {
        runs: 3,
        seed,
        embeddingName: 'CDE',
      });
      expect(ev.k).toBeLessThan(15);
      expect(ev.k).toBe(ev.distinctObjects);
      expect(ev.warnings).toEqual([
        `k = 15 lowered to ${ev.k}: the CDE embedding has only ${ev.k} distinct objects`,
      ]);
      expect(ev.runs).toHaveLength(3);
      for (const r of ev.runs) expect(Number.isFinite(r.fscore)).toBe(true);
    }
  });
});

describe('k is lowered to the number of distinct objects', () => {
  // 6 objects, 3 classes, but only two distinct value combinations of (colour, size).
  const CSV = [
    'colour,size,class',
    'red,big,a',
    'red,big,b',
    'red,big,c',
    'blue,small,a',
    'blue,small,b',
    'blue,small,c',
  ].join('\n');

  async function tiny(): Promise<CategoricalTable> {
    return prepareTable(await parseCsvText(CSV), { classColumn: 'class' }).table;
  }

  it('a value embedding: k = 3 classes lowered to 2, with a warning, and the run completes', async () => {
    const table = await tiny();
    expect(table.nRows).toBe(6);
    // One column per value: the one-hot vectors, all distinct.
    const L = table.nValues;
    const eye = Float64Array.from({ length: L * L }, (_, i) => (i % (L + 1) === 0 ? 1 : 0));
    const e = uniformValueEmbedding(table, eye, L);
    expect(countDistinctObjects(e)).toBe(2);
    const ev = evaluateClustering(e, table.classColumn!.codes, { runs: 4, seed: 1 });
    expect(ev).toMatchObject({ k: 2, requestedK: 3, distinctObjects: 2 });
    expect(ev.warnings).toEqual(['k = 3 lowered to 2: the embedding has only 2 distinct objects']);
    expect(ev.runs).toHaveLength(4);
    expect(new Set(ev.bestLabels).size).toBe(2);
    // The two distinct objects are split, 3 objects each holding one of every class. Matched F
    // (Hungarian, per class): two classes get a cluster, P = 1/3, R = 1/2, F = 0.4; the third 0.
    for (const r of ev.runs) expect(r.fscore).toBeCloseTo(0.8 / 3, 12);
  });

  it('values with equal vectors count as one: distinct combinations 2, distinct points 1', async () => {
    const table = await tiny();
    // Every value of an attribute gets the same vector: all objects coincide.
    const L = table.nValues;
    const flat = new Float64Array(L * 2).map((_, i) => (i % 2 === 0 ? 1 : -1));
    const e = uniformValueEmbedding(table, flat, 2);
    expect(countDistinctObjects(e)).toBe(1);
    const best = runToEnd(
      kmeansRestartsSteps(e, { k: 2, runs: 2, seed: 0, embeddingName: 'hand-made' }),
    );
    expect(best.k).toBe(1);
    expect(best.warnings).toEqual([
      'k = 2 lowered to 1: the hand-made embedding has only 1 distinct object',
    ]);
    expect(Array.from(best.labels)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(best.inertia).toBe(0);
  });

  it('a dense embedding: distinct rows; k within range is left alone without a warning', () => {
    // 10 rows, 3 distinct.
    const data = Float64Array.from([0, 1, 2, 0, 1, 2, 0, 1, 2, 0].flatMap((v) => [v, v * v]));
    const e: DenseEmbedding = { kind: 'dense', nObjects: 10, dims: 2, data };
    expect(countDistinctObjects(e)).toBe(3);
    expect(countDistinctObjects(e, 2)).toBe(2); // counting stops at the limit
    const lowered = runToEnd(kmeansRestartsSteps(e, { k: 5, runs: 3, seed: 2 }));
    expect(lowered).toMatchObject({ k: 3, requestedK: 5, distinctObjects: 3, inertia: 0 });
    expect(lowered.warnings).toHaveLength(1);
    const kept = runToEnd(kmeansRestartsSteps(e, { k: 3, runs: 3, seed: 2 }));
    expect(kept).toMatchObject({ k: 3, requestedK: 3, warnings: [] });
    // k itself must still be a whole number ≥ 1.
    for (const k of [0, -1, 1.5])
      expect(() => runToEnd(kmeansRestartsSteps(e, { k }))).toThrow(RangeError);
  });
});
