/**
 * The encoding baselines of Jian et al. 2019 (CURE) (0-1, 0-1P, IDF) on zoo, checked with own loops and against
 * PCA of the materialised one-hot matrix.
 */
import { describe, expect, it } from 'vitest';
import {
  computeCounts,
  idfEncoding,
  materialise,
  objectRow,
  oneHot,
  oneHotPca,
  pcaWithRangeFilter,
  type CategoricalTable,
  type Counts,
} from '../../../../src/core/index.ts';
import { loadDataset } from '../../../helpers.ts';

async function zoo(
  drop: string[] = ['legs'],
): Promise<{ table: CategoricalTable; counts: Counts }> {
  const { table } = await loadDataset('zoo.csv', { classColumn: 'type', drop });
  return { table, counts: computeCounts(table) };
}

function columnStats(
  data: Float64Array,
  n: number,
  dims: number,
): { means: number[]; cov: (a: number, b: number) => number } {
  const means = Array.from({ length: dims }, (_, j) => {
    let s = 0;
    for (let i = 0; i < n; i++) s += data[i * dims + j]!;
    return s / n;
  });
  const cov = (a: number, b: number): number => {
    let s = 0;
    for (let i = 0; i < n; i++)
      s += (data[i * dims + a]! - means[a]!) * (data[i * dims + b]! - means[b]!);
    return s / (n - 1);
  };
  return { means, cov };
}

describe('oneHot (0-1)', () => {
  it('zoo without legs: 30 dims; every object row holds exactly one 1 per attribute, at its value', async () => {
    const { table } = await zoo();
    const e = oneHot(table);
    expect(table.attributes).toHaveLength(15);
    expect(e.dims).toBe(30);
    expect(Array.from(e.blockWidth)).toEqual(new Array(15).fill(2));
    const x = materialise(e);
    expect(x).toHaveLength(table.nRows * 30);
    for (let i = 0; i < table.nRows; i++) {
      const expected = new Array<number>(30).fill(0);
      for (const attr of table.attributes) expected[attr.offset + attr.codes[i]!] = 1;
      expect(Array.from(x.subarray(i * 30, (i + 1) * 30))).toEqual(expected);
    }
  });

  it('with legs (6 values) the blocks have different widths and still one 1 per block', async () => {
    const { table } = await zoo([]);
    const e = oneHot(table);
    expect(e.dims).toBe(36);
    const row = new Float64Array(e.dims);
    for (const i of [0, 40, 100]) {
      objectRow(e, i, row);
      expect(row.reduce((s, v) => s + v, 0)).toBe(16);
      for (const attr of table.attributes) expect(row[attr.offset + attr.codes[i]!]).toBe(1);
    }
  });
});

describe('idfEncoding (IDF)', () => {
  it('zoo without legs: 15 dims; cell = log(n / count(value)) from own counts', async () => {
    const { table, counts } = await zoo();
    const e = idfEncoding(table, counts);
    expect(e.dims).toBe(15);
    const x = materialise(e);
    const n = table.nRows;
    table.attributes.forEach((attr, a) => {
      const count = new Map<number, number>();
      for (const c of attr.codes) count.set(c, (count.get(c) ?? 0) + 1);
      for (let i = 0; i < n; i++)
        expect(x[i * 15 + a]).toBeCloseTo(Math.log(n / count.get(attr.codes[i]!)!), 14);
    });
  });
});

describe('oneHotPca (0-1P)', () => {
  it.each([
    ['without legs', ['legs']],
    ['with legs', []],
  ])(
    'zoo %s: same dims and variances as PCA of the materialised one-hot rows',
    async (_n, drop) => {
      const { table, counts } = await zoo(drop);
      const n = table.nRows;
      const ref = pcaWithRangeFilter(materialise(oneHot(table)), n, table.nValues, 1e-10);
      const p = oneHotPca(table, counts, 1e-10);
      const { dims, data } = p.embedding;
      expect(dims).toBe(ref.dims);
      // Pairs of complementary boolean indicators make the covariance rank-deficient.
      expect(dims).toBeLessThan(table.nValues);
      for (let j = 0; j < dims; j++)
        expect(Math.abs(p.variances[j]! - ref.variances[j]!)).toBeLessThan(1e-9);
      // Same scores up to one sign per column.
      for (let j = 0; j < dims; j++) {
        let big = 0;
        for (let i = 0; i < n; i++)
          if (Math.abs(ref.scores[i * dims + j]!) > Math.abs(ref.scores[big * dims + j]!)) big = i;
        const sign = Math.sign(data[big * dims + j]!) * Math.sign(ref.scores[big * dims + j]!);
        for (let i = 0; i < n; i++)
          expect(Math.abs(data[i * dims + j]! - sign * ref.scores[i * dims + j]!)).toBeLessThan(
            1e-9,
          );
      }
    },
  );

  it('zoo without legs: embedding columns centred and uncorrelated; variances are the column variances; loadings orthonormal', async () => {
    const { table, counts } = await zoo();
    const p = oneHotPca(table, counts);
    const { dims, data, nObjects: n } = p.embedding;
    expect(dims).toBe(15);
    const { means, cov } = columnStats(data, n, dims);
    for (let a = 0; a < dims; a++) {
      expect(Math.abs(means[a]!)).toBeLessThan(1e-12);
      expect(cov(a, a)).toBeCloseTo(p.variances[a]!, 10);
      if (a > 0) expect(p.variances[a]!).toBeLessThanOrEqual(p.variances[a - 1]!);
      for (let b = a + 1; b < dims; b++)
        expect(Math.abs(cov(a, b) / Math.sqrt(cov(a, a) * cov(b, b)))).toBeLessThan(1e-9);
    }
    const L = table.nValues;
    expect(p.loadings).toHaveLength(L * dims);
    for (let a = 0; a < dims; a++)
      for (let b = a; b < dims; b++) {
        let dot = 0;
        for (let v = 0; v < L; v++) dot += p.loadings[v * dims + a]! * p.loadings[v * dims + b]!;
        expect(dot).toBeCloseTo(a === b ? 1 : 0, 12);
      }
    // Total variance of the one-hot matrix: Σ_v p(v)(1 − p(v))·n/(n − 1), all of it kept.
    let total = 0;
    for (const c of counts.cooccurrence.valueCounts) total += ((c / n) * (1 - c / n) * n) / (n - 1);
    expect(p.variances.reduce((s, v) => s + v, 0)).toBeCloseTo(total, 10);
  });

  it('β < 0 throws RangeError; a huge β keeps no component: one zero dimension stands for them', async () => {
    const { table, counts } = await zoo();
    expect(() => oneHotPca(table, counts, -1)).toThrow(RangeError);
    const none = oneHotPca(table, counts, 1e9);
    expect(none.identical).toBe(true);
    expect(none.embedding.dims).toBe(1);
    expect(Array.from(none.embedding.data).every((x) => x === 0)).toBe(true);
    expect(oneHotPca(table, counts).identical).toBeUndefined();
  });
});
