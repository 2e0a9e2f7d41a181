/**
 * Approximate k-nearest neighbours by NN-descent (src/core/neighbours/approximateKnn.ts) against the
 * exact search (every pair, src/core/neighbours/knn.ts): recall@k with ties on generated categorical
 * tables under Hamming and CADO and on Gaussian vectors, at k = 90 and k = 10; determinism for a
 * seed; every returned distance equal to d(i, j) recomputed; the edge cases (k = n − 1, all
 * objects identical, k = 1, few distinct objects) and the dispatch by size.
 */
import { describe, expect, it } from 'vitest';
import { computeCounts } from '../../../src/core/data/counts/counts.ts';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import { standaloneRepresentation } from '../../../src/core/platform/representation.ts';
import { approximateNeighbourSteps } from '../../../src/core/neighbours/approximateKnn.ts';
import {
  distanceOf,
  vectorInput,
  type ProjectionInput,
} from '../../../src/core/platform/projectionInput.ts';
import {
  APPROXIMATE_LIMIT,
  TREE_APPROXIMATE_LIMIT,
  exactNeighbourSteps,
  nearestNeighbourSteps,
  usesApproximateSearch,
  type Neighbours,
} from '../../../src/core/neighbours/knn.ts';
import { exactKthDistances, recallWithTies } from '../../../src/core/neighbours/recall.ts';
import { createRandom } from '../../../src/core/base/random.ts';
import type { InputRef as Call } from '../../../src/core/platform/spec.ts';
import { gaussianMixture, prototypeTable } from '../../../bench/generate.ts';

function categorical(rows: number, method: 'hamming' | 'cado', seed = 5): ProjectionInput {
  const table = prototypeTable({
    rows,
    valueCounts: Array.from({ length: 12 }, (_, a) => 2 + ((a * 5) % 7)),
    classes: 6,
    subclasses: 6,
    seed,
  });
  const call: Call =
    method === 'cado'
      ? { method: 'cas', options: {}, inputs: {}, result: 'cado' }
      : { method: 'hamming', options: {}, inputs: {} };
  return runToEnd(standaloneRepresentation(table, computeCounts(table), call)).input;
}

const approximate = (input: ProjectionInput, k: number, seed = 1): Neighbours =>
  runToEnd(approximateNeighbourSteps(input, k, createRandom(seed)));
const exact = (input: ProjectionInput, k: number): Neighbours =>
  runToEnd(exactNeighbourSteps(input, k, createRandom(0)));

/** Recall with ties of `found` against the exact search over every object. */
function recallAgainstExact(
  input: ProjectionInput,
  found: Neighbours,
): { mean: number; min: number } {
  const { n, k } = found;
  const truth = exact(input, k);
  const all = Int32Array.from({ length: n }, (_, i) => i);
  const kth = Float64Array.from(all, (i) => truth.distances[i * k + k - 1] as number);
  return recallWithTies(found, all, kth);
}

/**
 * Every list: k distinct others, distances equal to d(i, j) recomputed, nearest first. Problems
 * are collected and compared once (an expect per entry would be slow at 270,000 entries).
 */
function expectWellFormed(input: ProjectionInput, nn: Neighbours): void {
  const d = distanceOf(input);
  const { n, k, indices, distances } = nn;
  expect(indices).toHaveLength(n * k);
  expect(distances).toHaveLength(n * k);
  const problems: string[] = [];
  for (let i = 0; i < n && problems.length < 5; i++) {
    const seen = new Set<number>();
    for (let t = 0; t < k; t++) {
      const j = indices[i * k + t];
      const at = `row ${i} slot ${t} (${j})`;
      if (!(j >= 0 && j < n && j !== i)) problems.push(`${at}: not another object`);
      if (seen.has(j)) problems.push(`${at}: repeated`);
      seen.add(j);
      if (distances[i * k + t] !== d(i, j))
        problems.push(`${at}: distance ${distances[i * k + t]}, d(i, j) = ${d(i, j)}`);
      if (t > 0 && distances[i * k + t] < distances[i * k + t - 1])
        problems.push(`${at}: unsorted`);
    }
  }
  expect(problems).toEqual([]);
}

describe('NN-descent recall against the exact search', () => {
  for (const method of ['hamming', 'cado'] as const)
    it(`reaches recall ≥ 0.98 at k = 90 and k = 10 under ${method} (3,000 rows)`, () => {
      const input = categorical(3000, method);
      for (const k of [90, 10]) {
        const nn = approximate(input, k);
        // NN-descent ran (the distinct objects are too many to compare every pair).
        expect(nn.search).toMatchObject({ method: 'nn-descent' });
        expect(nn.search?.method === 'nn-descent' && nn.search.iterations).toBeGreaterThan(0);
        expectWellFormed(input, nn);
        const recall = recallAgainstExact(input, nn);
        expect(recall.mean, `${method}, k = ${k}`).toBeGreaterThanOrEqual(0.98);
      }
    });

  it('reaches recall ≥ 0.98 at k = 90 and k = 10 on vectors (a 16-D Gaussian mixture)', () => {
    const mixture = gaussianMixture(3000, 10, 16, 3);
    const input = vectorInput(mixture.data, mixture.n, mixture.dims);
    for (const k of [90, 10]) {
      const nn = approximate(input, k);
      expectWellFormed(input, nn);
      expect(recallAgainstExact(input, nn).mean, `k = ${k}`).toBeGreaterThanOrEqual(0.98);
    }
  });

  it('finds the exact lists when the distinct objects are few (compared pair by pair)', () => {
    // 6 attributes of 2-3 values: at most 324 distinct objects among 3,000 rows.
    const table = prototypeTable({
      rows: 3000,
      valueCounts: [2, 3, 2, 3, 3, 2],
      classes: 3,
      subclasses: 2,
      seed: 9,
    });
    const call: Call = { method: 'hamming', options: {}, inputs: {} };
    const input = runToEnd(standaloneRepresentation(table, computeCounts(table), call)).input;
    const nn = approximate(input, 40);
    expect(nn.search).toMatchObject({ method: 'nn-descent', iterations: 0 });
    expect(nn.search?.method === 'nn-descent' && nn.search.distinct).toBeLessThanOrEqual(324);
    expectWellFormed(input, nn);
    expect(recallAgainstExact(input, nn)).toEqual({ mean: 1, min: 1 });
  });
});

describe('NN-descent results', () => {
  it('are identical for one seed, and valid for another', () => {
    const input = categorical(2500, 'cado', 7);
    const a = approximate(input, 30, 4);
    const b = approximate(input, 30, 4);
    expect(b.indices).toEqual(a.indices);
    expect(b.distances).toEqual(a.distances);
    const c = approximate(input, 30, 5);
    expectWellFormed(input, c);
    expect(recallAgainstExact(input, c).mean).toBeGreaterThanOrEqual(0.98);
  });

  it('handle k = 1, k = n − 1 and a table of identical objects', () => {
    const input = categorical(2500, 'hamming', 11);
    const one = approximate(input, 1);
    expectWellFormed(input, one);
    expect(recallAgainstExact(input, one).mean).toBeGreaterThanOrEqual(0.98);
    // k = n − 1: every other object, whatever the search.
    const small = categorical(40, 'cado', 12);
    const all = approximate(small, 39);
    expectWellFormed(small, all);
    expect(recallAgainstExact(small, all)).toEqual({ mean: 1, min: 1 });
    // 300 copies of one object: one group, every other copy at distance 0.
    const table = prototypeTable({
      rows: 300,
      valueCounts: [1, 1, 1],
      classes: 1,
      subclasses: 1,
      seed: 1,
    });
    const call: Call = { method: 'hamming', options: {}, inputs: {} };
    const same = runToEnd(standaloneRepresentation(table, computeCounts(table), call)).input;
    const nn = approximate(same, 25);
    expect(nn.search).toMatchObject({ distinct: 1 });
    expectWellFormed(same, nn);
    expect(Array.from(nn.distances).every((d) => d === 0)).toBe(true);
  });

  it('refuse k outside 1 … n − 1', () => {
    const input = categorical(50, 'hamming');
    for (const k of [0, 50, 51, 1.5]) expect(() => approximate(input, k)).toThrow(RangeError);
  });

  it('are what the dispatcher uses above APPROXIMATE_LIMIT objects, the exact search below', () => {
    const below = categorical(400, 'hamming');
    expect(runToEnd(nearestNeighbourSteps(below, 10, createRandom(0))).search).toEqual({
      method: 'exact',
    });
    const above = categorical(APPROXIMATE_LIMIT + 1, 'hamming');
    const nn = runToEnd(nearestNeighbourSteps(above, 5, createRandom(0)));
    expect(nn.search).toMatchObject({ method: 'nn-descent' });
    // Checked on a sample of rows against an exact scan.
    const rows = Int32Array.from({ length: 300 }, (_, t) => t * 17);
    const kth = runToEnd(exactKthDistances(above, rows, 5));
    expect(recallWithTies(nn, rows, kth).mean).toBeGreaterThanOrEqual(0.98);
    // Low-dimensional vectors keep the exact vantage-point tree up to TREE_APPROXIMATE_LIMIT.
    const vectors = (n: number, dims: number): ProjectionInput =>
      vectorInput(new Float64Array(n * dims), n, dims);
    expect(usesApproximateSearch(vectors(APPROXIMATE_LIMIT + 1, 16))).toBe(false);
    expect(usesApproximateSearch(vectors(TREE_APPROXIMATE_LIMIT + 1, 16))).toBe(true);
    expect(usesApproximateSearch(vectors(APPROXIMATE_LIMIT + 1, 40))).toBe(true);
    expect(usesApproximateSearch(vectors(APPROXIMATE_LIMIT, 40))).toBe(false);
    expect(usesApproximateSearch(vectors(10, 2), 'approximate')).toBe(true);
    expect(usesApproximateSearch(vectors(TREE_APPROXIMATE_LIMIT + 1, 2), 'exact')).toBe(false);
  });
});

describe('recall with ties', () => {
  it('counts a neighbour as correct when it is as near as the true k-th', () => {
    // Two queries, k = 3. Query 0's true k-th distance is 2: found distances 1, 2, 2 → 3 hits
    // even if the exact search listed other objects at distance 2. Query 1's is 1: found 1, 1, 3
    // → 2 hits.
    const found: Neighbours = {
      n: 2,
      k: 3,
      indices: new Int32Array([1, 1, 1, 0, 0, 0]),
      distances: new Float64Array([1, 2, 2, 1, 1, 3]),
    };
    const r = recallWithTies(found, new Int32Array([0, 1]), new Float64Array([2, 1]));
    expect(r.mean).toBeCloseTo(5 / 6, 12);
    expect(r.min).toBeCloseTo(2 / 3, 12);
  });

  it('takes the exact k-th distances from a full scan', () => {
    const mixture = gaussianMixture(200, 3, 3, 8);
    const input = vectorInput(mixture.data, mixture.n, mixture.dims);
    const truth = exact(input, 7);
    const rows = Int32Array.from([0, 5, 199]);
    const kth = runToEnd(exactKthDistances(input, rows, 7));
    rows.forEach((i, q) => expect(kth[q]).toBe(truth.distances[i * 7 + 6]));
  });
});
