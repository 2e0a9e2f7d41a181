/**
 * Exact k-nearest neighbours (brute force and vantage-point tree, vectors and distances, with
 * ties) against a naive sort, and the perplexity-calibrated affinities: every conditional row at
 * the target perplexity, P symmetric, non-negative and summing to 1, and equal to a reference
 * calibration written here.
 */
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import { createRandom } from '../../../src/core/base/random.ts';
import {
  distanceOf,
  vectorInput,
  type ProjectionInput,
} from '../../../src/core/platform/projectionInput.ts';
import {
  BRUTE_FORCE_LIMIT,
  nearestNeighbourSteps,
  type Neighbours,
} from '../../../src/core/neighbours/knn.ts';
import {
  perplexityAffinities,
  type SparseAffinity,
} from '../../../src/core/projection/affinity.ts';
import {
  gaussianData,
  gaussianVectors,
  hammingInput,
  integerData,
} from '../projection/projectionInputs.ts';

function knn(input: ProjectionInput, k: number, seed = 0): Neighbours {
  return runToEnd(nearestNeighbourSteps(input, k, createRandom(seed)));
}

/** Point i's k nearest others by a full sort on (distance, index). */
function naive(
  input: ProjectionInput,
  i: number,
  k: number,
): { indices: number[]; distances: number[] } {
  const d = distanceOf(input);
  const others = Array.from({ length: input.n }, (_, j) => j).filter((j) => j !== i);
  const dist = new Float64Array(input.n);
  for (const j of others) dist[j] = d(i, j);
  others.sort((a, b) => dist[a] - dist[b] || a - b);
  const indices = others.slice(0, k);
  return { indices, distances: indices.map((j) => dist[j]) };
}

/** Asserts the neighbours of the given points (all by default) equal the naive sort's, exactly. */
function expectNaive(input: ProjectionInput, nn: Neighbours, points?: number[]): void {
  const { k } = nn;
  for (const i of points ?? Array.from({ length: input.n }, (_, t) => t)) {
    const want = naive(input, i, k);
    expect(Array.from(nn.indices.subarray(i * k, (i + 1) * k)), `point ${i}`).toEqual(want.indices);
    expect(Array.from(nn.distances.subarray(i * k, (i + 1) * k)), `point ${i}`).toEqual(
      want.distances,
    );
  }
}

describe('nearest neighbours', () => {
  it('brute force equals a naive sort on random vectors', () => {
    const n = 300;
    const input = gaussianVectors(n, 5, 1);
    for (const k of [1, 7, 90]) {
      const nn = knn(input, k);
      expect(nn).toMatchObject({ n, k });
      expectNaive(input, nn);
    }
  });

  it('brute force breaks ties by index (integer grid with duplicates, and Hamming)', () => {
    const n = 400;
    const grid = vectorInput(integerData(n, 3, 2, 3), n, 3);
    expectNaive(grid, knn(grid, 12));
    const hamming = hammingInput(n, 6, 3, 3);
    expectNaive(hamming, knn(hamming, 20));
  });

  it('the vantage-point tree (n > 2000) equals a naive sort on random 5-D vectors', () => {
    const n = 2500;
    expect(n).toBeGreaterThan(BRUTE_FORCE_LIMIT);
    const input = gaussianVectors(n, 5, 4);
    const nn = knn(input, 10, 5);
    expect(nn.indices).toHaveLength(n * 10);
    const rng = createRandom(6);
    expectNaive(
      input,
      nn,
      Array.from({ length: 600 }, () => rng.int(n)),
    );
    // Exact search: the tree's random vantage points change nothing.
    const other = knn(input, 10, 99);
    expect(other.indices).toEqual(nn.indices);
    expect(other.distances).toEqual(nn.distances);
  });

  it('the vantage-point tree breaks ties by index: Hamming distances and duplicate vectors', () => {
    const n = 2200;
    // 8 attributes of 3 values: distances 0..8, so nearly every neighbour list ends in a tie.
    const hamming = hammingInput(n, 8, 3, 7);
    const nn = knn(hamming, 15, 8);
    const rng = createRandom(9);
    const sample = Array.from({ length: 500 }, () => rng.int(n));
    expectNaive(hamming, nn, sample);
    // Two-valued coordinates in 4-D: only 16 distinct points, each repeated ~140 times.
    const grid = vectorInput(integerData(n, 4, 10, 2), n, 4);
    expectNaive(grid, knn(grid, 25, 11), sample);
  });

  it('rejects k outside 1 … n − 1 with a RangeError naming k', () => {
    const input = gaussianVectors(10, 2, 12);
    for (const k of [0, -1, 10, 11, 2.5, Number.NaN])
      expect(() => knn(input, k), `k = ${k}`).toThrow(RangeError);
    expect(() => knn(input, 0)).toThrow(/k must be/);
    expect(knn(input, 9).k).toBe(9);
  });
});

/** −Σ p log p */
function entropy(p: number[]): number {
  return -p.reduce((s, x) => (x > 0 ? s + x * Math.log(x) : s), 0);
}

/** (i, j) → p_ij of a sparse P; fails on a repeated entry. */
function entries(p: SparseAffinity): Map<number, number> {
  const map = new Map<number, number>();
  for (let i = 0; i < p.n; i++)
    for (let s = p.rowStart[i]; s < p.rowStart[i + 1]; s++) {
      const key = i * p.n + p.columns[s];
      expect(map.has(key), `entry (${i}, ${p.columns[s]}) twice`).toBe(false);
      map.set(key, p.values[s]);
    }
  return map;
}

function expectJointDistribution(p: SparseAffinity): void {
  const map = entries(p);
  let sum = 0;
  for (const [key, v] of map) {
    const i = Math.floor(key / p.n);
    const j = key % p.n;
    expect(i).not.toBe(j);
    expect(v).toBeGreaterThanOrEqual(0);
    expect(Number.isFinite(v)).toBe(true);
    expect(map.get(j * p.n + i), `p(${j}, ${i})`).toBe(v);
    sum += v;
  }
  expect(sum).toBeCloseTo(1, 12);
}

describe('perplexity affinities', () => {
  it('calibrate every conditional row to the target perplexity', () => {
    // Point i's "neighbours" are i + 1 … i + k (mod n) and never the other way round (n > 2k),
    // so every p_ij is p(j|i) / 2n alone and the rows can be read back from P.
    const n = 61;
    const rng = createRandom(13);
    for (const [perplexity, scale] of [
      [3, 1],
      [5, 1e-3],
      [10, 1e3],
      [2.5, 1],
    ]) {
      const k = Math.floor(3 * perplexity);
      const indices = new Int32Array(n * k);
      const distances = new Float64Array(n * k);
      for (let i = 0; i < n; i++) {
        // Sorted random distances on a 0.01 grid (some ties), sometimes a duplicate point first.
        const row = Array.from({ length: k }, () => (scale * Math.round(200 * rng.next())) / 100);
        if (rng.next() < 0.2) row[0] = 0;
        row.sort((a, b) => a - b);
        for (let t = 0; t < k; t++) {
          indices[i * k + t] = (i + 1 + t) % n;
          distances[i * k + t] = row[t];
        }
      }
      const p = perplexityAffinities({ n, k, indices, distances }, perplexity);
      expectJointDistribution(p);
      const map = entries(p);
      for (let i = 0; i < n; i++) {
        const conditional = Array.from(
          { length: k },
          (_, t) => 2 * n * (map.get(i * n + ((i + 1 + t) % n)) ?? Number.NaN),
        );
        expect(conditional.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
        const row = Array.from(distances.subarray(i * k, (i + 1) * k));
        expect(row.filter((d) => d === row[0]).length).toBeLessThan(perplexity);
        expect(
          Math.abs(entropy(conditional) - Math.log(perplexity)),
          `perplexity ${perplexity}, row ${i}`,
        ).toBeLessThan(1e-4);
      }
    }
  });

  it('give a symmetric joint P equal to a reference calibration on real neighbours', () => {
    // Three Gaussian clusters in 6-D, some points duplicated.
    const n = 240;
    const dims = 6;
    const data = gaussianData(n, dims, 14);
    for (let i = 0; i < n; i++) data[i * dims] += 8 * (i % 3);
    for (let i = 0; i < 20; i++) data.copyWithin((i + 100) * dims, i * dims, (i + 1) * dims);
    const input = vectorInput(data, n, dims);
    const perplexity = 15;
    const nn = knn(input, 45);
    const p = perplexityAffinities(nn, perplexity);
    expectJointDistribution(p);
    // Reference: β_i by bisection on the entropy to 1e-12, over the same neighbour lists, then
    // (P + Pᵀ) / 2n as a dense matrix.
    const { k } = nn;
    const dense = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      const d2 = Array.from(nn.distances.subarray(i * k, (i + 1) * k), (d) => d * d);
      const row = (beta: number): number[] => {
        const w = d2.map((x) => Math.exp(-beta * (x - d2[0])));
        const s = w.reduce((a, b) => a + b, 0);
        return w.map((x) => x / s);
      };
      let lo = 0;
      let hi = 1;
      while (entropy(row(hi)) > Math.log(perplexity)) hi *= 2;
      for (let step = 0; step < 200 && hi - lo > 1e-14 * hi; step++) {
        const mid = (lo + hi) / 2;
        if (entropy(row(mid)) > Math.log(perplexity)) lo = mid;
        else hi = mid;
      }
      const conditional = row((lo + hi) / 2);
      expect(entropy(conditional)).toBeCloseTo(Math.log(perplexity), 9);
      conditional.forEach((c, t) => {
        const j = nn.indices[i * k + t];
        dense[i * n + j] += c / (2 * n);
        dense[j * n + i] += c / (2 * n);
      });
    }
    const map = entries(p);
    for (let t = 0; t < n * n; t++) {
      const want = dense[t];
      const got = map.get(t) ?? 0;
      expect(Math.abs(got - want), `entry (${Math.floor(t / n)}, ${t % n})`).toBeLessThanOrEqual(
        1e-3 * want,
      );
    }
  });
});
