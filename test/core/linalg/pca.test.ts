/**
 * PCA with the range filter (CURE, Jian et al. 2019, Eq. 11, Alg. 1 step 16), the symmetric eigen-solver under it,
 * and the principal projection of object embeddings, checked with own loops and against ml-pca.
 */
import { PCA } from 'ml-pca';
import { describe, expect, it } from 'vitest';
import {
  runCde,
  computeCounts,
  createRandom,
  materialise,
  oneHot,
  pcaWithRangeFilter,
  principalProjection,
  symmetricEigen,
  validateBeta,
} from '../../../src/core/index.ts';
import { loadDataset } from '../../helpers.ts';
import { Defect } from '../../../src/core/base/errors.ts';

function randomMatrix(seed: number, rows: number, m: number): Float64Array {
  const rng = createRandom(seed);
  // Columns with different spreads so the eigenvalues are well separated.
  return Float64Array.from({ length: rows * m }, (_, c) => (rng.next() - 0.5) * (1 + (c % m)));
}

function column(data: Float64Array, rows: number, dims: number, j: number): number[] {
  return Array.from({ length: rows }, (_, r) => data[r * dims + j]!);
}

function mean(xs: number[]): number {
  return xs.reduce((s, x) => s + x, 0) / xs.length;
}

function covariance(xs: number[], ys: number[]): number {
  const mx = mean(xs);
  const my = mean(ys);
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += (xs[i]! - mx) * (ys[i]! - my);
  return s / (xs.length - 1);
}

function toRows(data: Float64Array, rows: number, m: number): number[][] {
  return Array.from({ length: rows }, (_, r) => Array.from(data.subarray(r * m, (r + 1) * m)));
}

describe('pcaWithRangeFilter', () => {
  const rows = 40;
  const m = 6;
  const data = randomMatrix(11, rows, m);

  it('scores have zero column means, pairwise uncorrelated columns and decreasing variances', () => {
    const pca = pcaWithRangeFilter(data, rows, m, 1e-10);
    expect(pca.dims).toBe(m);
    expect(pca.components).toBe(m);
    expect(Array.from(pca.kept)).toEqual([0, 1, 2, 3, 4, 5]);
    const cols = Array.from({ length: pca.dims }, (_, j) => column(pca.scores, rows, pca.dims, j));
    for (let a = 0; a < pca.dims; a++) {
      expect(Math.abs(mean(cols[a]!))).toBeLessThan(1e-12);
      // Each variance is the sample variance of its score column.
      expect(covariance(cols[a]!, cols[a]!)).toBeCloseTo(pca.variances[a]!, 12);
      for (let b = a + 1; b < pca.dims; b++) {
        const corr =
          covariance(cols[a]!, cols[b]!) /
          Math.sqrt(covariance(cols[a]!, cols[a]!) * covariance(cols[b]!, cols[b]!));
        expect(Math.abs(corr)).toBeLessThan(1e-9);
      }
    }
    for (let j = 1; j < pca.dims; j++)
      expect(pca.variances[j]!).toBeLessThanOrEqual(pca.variances[j - 1]!);
    // Total variance is preserved (trace of the covariance).
    let trace = 0;
    for (let j = 0; j < m; j++) {
      const c = column(data, rows, m, j);
      trace += covariance(c, c);
    }
    expect(pca.variances.reduce((s, x) => s + x, 0)).toBeCloseTo(trace, 12);
  });

  it('pairwise distances between rows are preserved when no component is dropped', () => {
    const pca = pcaWithRangeFilter(data, rows, m, 0);
    const dist = (x: Float64Array, w: number, a: number, b: number): number => {
      let s = 0;
      for (let j = 0; j < w; j++) s += (x[a * w + j]! - x[b * w + j]!) ** 2;
      return Math.sqrt(s);
    };
    for (const [a, b] of [
      [0, 1],
      [3, 17],
      [39, 20],
    ] as const)
      expect(dist(pca.scores, pca.dims, a, b)).toBeCloseTo(dist(data, m, a, b), 12);
  });

  it('matches ml-pca: same eigenvalues, same absolute scores up to one sign per column', () => {
    const pca = pcaWithRangeFilter(data, rows, m, 1e-10);
    const ref = new PCA(toRows(data, rows, m), { center: true, scale: false });
    const eigen = ref.getEigenvalues();
    expect(eigen).toHaveLength(m);
    for (let j = 0; j < m; j++) expect(pca.variances[j]).toBeCloseTo(eigen[j]!, 12);
    const theirs = ref.predict(toRows(data, rows, m)).to2DArray();
    for (let j = 0; j < m; j++) {
      // One sign per column: compare against the sign of the largest |score|.
      let big = 0;
      for (let r = 0; r < rows; r++)
        if (Math.abs(theirs[r]![j]!) > Math.abs(theirs[big]![j]!)) big = r;
      const sign = Math.sign(theirs[big]![j]!) * Math.sign(pca.scores[big * m + j]!);
      for (let r = 0; r < rows; r++)
        expect(pca.scores[r * m + j]!).toBeCloseTo(sign * theirs[r]![j]!, 10);
    }
  });

  it('drops a component whose score range is below β (a linearly dependent column)', () => {
    // Column 4 = 2·column 0 − column 1: the covariance has rank 4 of 5.
    const base = randomMatrix(5, rows, 4);
    const dependent = new Float64Array(rows * 5);
    for (let r = 0; r < rows; r++) {
      for (let j = 0; j < 4; j++) dependent[r * 5 + j] = base[r * 4 + j]!;
      dependent[r * 5 + 4] = 2 * base[r * 4]! - base[r * 4 + 1]!;
    }
    const all = pcaWithRangeFilter(dependent, rows, 5, 0);
    expect(all.dims).toBe(5);
    // Last component: zero variance and a range of rounding size only.
    const last = column(all.scores, rows, 5, 4);
    expect(Math.max(...last) - Math.min(...last)).toBeLessThan(1e-12);
    expect(Math.abs(all.variances[4]!)).toBeLessThan(1e-14);
    const filtered = pcaWithRangeFilter(dependent, rows, 5, 1e-10);
    expect(filtered.dims).toBe(4);
    expect(filtered.components).toBe(5);
    expect(Array.from(filtered.kept)).toEqual([0, 1, 2, 3]);
    // The kept columns are the first four unfiltered ones.
    for (let r = 0; r < rows; r++)
      for (let j = 0; j < 4; j++) expect(filtered.scores[r * 4 + j]).toBe(all.scores[r * 5 + j]);
    // A huge β drops every component.
    const none = pcaWithRangeFilter(dependent, rows, 5, 1e6);
    expect(none.dims).toBe(0);
    expect(none.scores).toHaveLength(0);
  });

  it('a constant column alone gives one zero-range component that β = 0 keeps and β > 0 drops', () => {
    const constant = new Float64Array(10).fill(3);
    expect(pcaWithRangeFilter(constant, 10, 1, 0).dims).toBe(1);
    expect(pcaWithRangeFilter(constant, 10, 1, 1e-12).dims).toBe(0);
  });

  it('rejects a data array of the wrong size; validateBeta rejects β < 0, NaN and ∞', () => {
    expect(() => pcaWithRangeFilter(new Float64Array(5), 2, 3, 0)).toThrow(Defect);
    expect(() => validateBeta(-1e-12)).toThrow(RangeError);
    expect(() => validateBeta(Number.NaN)).toThrow(RangeError);
    expect(() => validateBeta(Infinity)).toThrow(RangeError);
    expect(validateBeta(0)).toBe(0);
  });
});

describe('symmetricEigen', () => {
  it('A·v = λ·v, orthonormal vectors, values sorted decreasingly, largest |entry| positive', () => {
    const rng = createRandom(3);
    const m = 7;
    const b = Float64Array.from({ length: m * m }, () => rng.next() - 0.5);
    const a = new Float64Array(m * m); // A = B + Bᵀ
    for (let i = 0; i < m; i++)
      for (let j = 0; j < m; j++) a[i * m + j] = b[i * m + j]! + b[j * m + i]!;
    const { values, vectors } = symmetricEigen(a, m);
    for (let j = 1; j < m; j++) expect(values[j]!).toBeLessThanOrEqual(values[j - 1]!);
    for (let j = 0; j < m; j++) {
      for (let i = 0; i < m; i++) {
        let av = 0;
        for (let k = 0; k < m; k++) av += a[i * m + k]! * vectors[k * m + j]!;
        expect(av).toBeCloseTo(values[j]! * vectors[i * m + j]!, 12);
      }
      for (let l = 0; l < m; l++) {
        let dot = 0;
        for (let i = 0; i < m; i++) dot += vectors[i * m + j]! * vectors[i * m + l]!;
        expect(dot).toBeCloseTo(j === l ? 1 : 0, 12);
      }
      let big = 0;
      for (let i = 0; i < m; i++)
        if (Math.abs(vectors[i * m + j]!) > Math.abs(big)) big = vectors[i * m + j]!;
      expect(big).toBeGreaterThan(0);
    }
    // Trace = Σ eigenvalues.
    let trace = 0;
    for (let i = 0; i < m; i++) trace += a[i * m + i]!;
    expect(values.reduce((s, x) => s + x, 0)).toBeCloseTo(trace, 12);
  });

  it('a diagonal matrix: eigenvalues are the sorted diagonal, vectors the unit axes', () => {
    const { values, vectors } = symmetricEigen(Float64Array.from([1, 0, 0, 0, 3, 0, 0, 0, 2]), 3);
    expect(Array.from(values)).toEqual([3, 2, 1]);
    expect(Array.from(vectors)).toEqual([0, 0, 1, 1, 0, 0, 0, 1, 0]);
    expect(() => symmetricEigen(new Float64Array(5), 2)).toThrow(Defect);
  });
});

describe('principalProjection', () => {
  it('value-concatenation (from counts) and dense (materialised) embeddings give the same projection', async () => {
    const { table } = await loadDataset('zoo.csv', { classColumn: 'type', drop: ['legs'] });
    const counts = computeCounts(table);
    const e = oneHot(table);
    const data = materialise(e);
    const n = e.nObjects;
    const viaCounts = principalProjection(e, counts, 3);
    const viaRows = principalProjection(
      { kind: 'dense', nObjects: n, dims: e.dims, data },
      counts,
      3,
    );
    expect(viaCounts.components).toBe(3);
    // Total variance = Σ column variances of the materialised one-hot matrix (own loop).
    let total = 0;
    for (let j = 0; j < e.dims; j++) {
      const c = column(data, n, e.dims, j);
      total += covariance(c, c);
    }
    expect(viaCounts.totalVariance).toBeCloseTo(total, 10);
    expect(viaRows.totalVariance).toBeCloseTo(total, 10);
    for (let j = 0; j < 3; j++) {
      expect(viaCounts.variances[j]).toBeCloseTo(viaRows.variances[j]!, 10);
      const a = column(viaCounts.coordinates, n, 3, j);
      const b = column(viaRows.coordinates, n, 3, j);
      // Coordinates are centred, their variance is the component's variance.
      expect(Math.abs(mean(a))).toBeLessThan(1e-12);
      expect(covariance(a, a)).toBeCloseTo(viaCounts.variances[j]!, 10);
      // Equal up to the eigenvector's sign (±x ties in one-hot make the sign rule arbitrary).
      let big = 0;
      for (let r = 0; r < n; r++) if (Math.abs(b[r]!) > Math.abs(b[big]!)) big = r;
      const sign = Math.sign(a[big]!) * Math.sign(b[big]!);
      for (let r = 0; r < n; r++) expect(a[r]!).toBeCloseTo(sign * b[r]!, 9);
    }
    expect(() => principalProjection(e, counts, 0)).toThrow(RangeError);
  });

  it('a CDE embedding with more dimensions than values (value-space route) matches the dense route', async () => {
    const { table } = await loadDataset('zoo.csv', { classColumn: 'type' });
    const counts = computeCounts(table);
    const e = runCde(table, counts, { seed: 2 }).objectEmbedding;
    expect(e.dims).toBeGreaterThan(table.nValues);
    const n = e.nObjects;
    const fast = principalProjection(e, counts, 2);
    const slow = principalProjection(
      { kind: 'dense', nObjects: n, dims: e.dims, data: materialise(e) },
      counts,
      2,
    );
    expect(fast.totalVariance).toBeCloseTo(slow.totalVariance, 8);
    for (let j = 0; j < 2; j++) {
      expect(fast.variances[j]).toBeCloseTo(slow.variances[j]!, 8);
      const a = column(fast.coordinates, n, 2, j);
      const b = column(slow.coordinates, n, 2, j);
      let big = 0;
      for (let r = 0; r < n; r++) if (Math.abs(b[r]!) > Math.abs(b[big]!)) big = r;
      const sign = Math.sign(a[big]!) * Math.sign(b[big]!);
      for (let r = 0; r < n; r++) expect(a[r]!).toBeCloseTo(sign * b[r]!, 7);
    }
  });

  it('a value embedding wider than the limit is decomposed in the value space; the dense route refuses', async () => {
    const { table } = await loadDataset('zoo.csv', { classColumn: 'type' });
    const counts = computeCounts(table);
    const base = oneHot(table);
    // Every value's vector: 140 seeded random numbers, so dims = 16 × 140 = 2,240 > 2,048.
    const width = 140;
    const D = base.blockWidth.length;
    const L = base.vectorStart.length;
    const rng = createRandom(7);
    const wide = {
      ...base,
      dims: D * width,
      blockWidth: new Int32Array(D).fill(width),
      blockStart: Int32Array.from({ length: D }, (_, a) => a * width),
      vectorStart: Int32Array.from({ length: L }, (_, v) => v * width),
      vectors: Float64Array.from({ length: L * width }, () => rng.next() - 0.5),
    };
    expect(wide.dims).toBeGreaterThan(2048);
    const data = materialise(wide);
    const n = wide.nObjects;
    expect(() =>
      principalProjection({ kind: 'dense', nObjects: n, dims: wide.dims, data }, counts, 2),
    ).toThrow(/2240 dimensions exceed the 2048/);
    const p = principalProjection(wide, counts, 2);
    // Total variance = Σ column variances of the materialised matrix (own loop).
    let total = 0;
    for (let j = 0; j < wide.dims; j++) {
      const c = column(data, n, wide.dims, j);
      total += covariance(c, c);
    }
    expect(p.totalVariance).toBeCloseTo(total, 8);
    const first = column(p.coordinates, n, 2, 0);
    expect(covariance(first, first)).toBeCloseTo(p.variances[0]!, 8);
    // No unit direction spreads the objects more than the first component (here: 20 random ones).
    for (let t = 0; t < 20; t++) {
      const dir = Float64Array.from({ length: wide.dims }, () => rng.next() - 0.5);
      const norm = Math.hypot(...dir);
      const scores = Array.from({ length: n }, (_, r) => {
        let s = 0;
        for (let d = 0; d < wide.dims; d++) s += data[r * wide.dims + d]! * dir[d]!;
        return s / norm;
      });
      expect(covariance(scores, scores)).toBeLessThanOrEqual(p.variances[0]! + 1e-9);
    }
  });
});
