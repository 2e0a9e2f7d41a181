import type { Steps } from '../base/jobs.ts';
import type { Random } from '../base/random.ts';
import type { Team } from '../parallel/team.ts';
import { approximateNeighbourSteps } from './approximateKnn.ts';
import { distanceOf, type ProjectionInput } from '../platform/projectionInput.ts';
import { NeighbourHeaps } from './neighbourHeaps.ts';
import { badOption } from '../base/errors.ts';

export { NeighbourHeaps };

/** Each point's k nearest other points, nearest first (ties broken by index). */
export interface Neighbours {
  n: number;
  k: number;
  /** n × k */
  indices: Int32Array;
  /** n × k, the input's distances (not squared). */
  distances: Float64Array;
  /** How they were found: every pair (or a tree), or NN-descent over the distinct objects. */
  search?: { method: 'exact' } | NnDescentSearch;
}

export interface NnDescentSearch {
  method: 'nn-descent';
  /** Distinct objects searched. */
  distinct: number;
  /** NN-descent rounds (0 when the distinct objects were few enough to compare every pair). */
  iterations: number;
  /** Distances evaluated between distinct objects. */
  evaluations: number;
}

/** Below this many points every pair is compared; above it a vantage-point tree may be searched. */
export const BRUTE_FORCE_LIMIT = 2000;
/** Vectors of more dimensions than this are scanned pair by pair rather than through a tree. */
export const TREE_DIMS_LIMIT = 20;

/**
 * Above this many objects the k nearest neighbours are searched by NN-descent (approximate,
 * approximateKnn.ts), below it exactly. Chosen by measurement (bench/neighbours.bench.ts, k = 90):
 * categorical distances, which the exact search scans pair by pair, took about as long either way
 * at 5,000 rows (3.1 s exactly, 2.5 s by NN-descent under Hamming) and 1.4-2.3× longer exactly at
 * 10,000.
 */
export const APPROXIMATE_LIMIT = 5000;
/**
 * Low-dimensional vectors go through an exact vantage-point tree: at 10,000 16-D points it took
 * 1.1 s against NN-descent's 3.9 s, at 50,000 an estimated 73 s against 30 s. They switch here.
 */
export const TREE_APPROXIMATE_LIMIT = 20_000;

export type NeighbourSearch = 'auto' | 'exact' | 'approximate';

/**
 * Each object's k nearest neighbours: exactly up to APPROXIMATE_LIMIT objects (TREE_APPROXIMATE
 * _LIMIT for low-dimensional vectors), by NN-descent above — or as `search` says.
 */
export function nearestNeighbourSteps(
  input: ProjectionInput,
  k: number,
  random: Random,
  search: NeighbourSearch = 'auto',
  team?: Team,
): Steps<Neighbours> {
  return usesApproximateSearch(input, search)
    ? approximateNeighbourSteps(input, k, random, {}, team)
    : exactNeighbourSteps(input, k, random);
}

export function usesApproximateSearch(
  input: ProjectionInput,
  search: NeighbourSearch = 'auto',
): boolean {
  if (search !== 'auto') return search === 'approximate';
  const tree = input.kind === 'vectors' && input.dims <= TREE_DIMS_LIMIT;
  return input.n > (tree ? TREE_APPROXIMATE_LIMIT : APPROXIMATE_LIMIT);
}

/**
 * Exact k-nearest neighbours under the input's distance (the reference for NN-descent). Low-dimensional vectors (the common case
 * at 10,000+ points) go through a vantage-point tree (Yianilos 1993). Distances between
 * categorical objects take few distinct values and have a high intrinsic dimension, so a metric
 * tree prunes nothing there (measured: 10,003 of 10,000 points evaluated per query); those, wide
 * vectors and small n scan every pair once, offering it to both points' heaps.
 */
export function* exactNeighbourSteps(
  input: ProjectionInput,
  k: number,
  random: Random,
): Steps<Neighbours> {
  const { n } = input;
  if (!Number.isInteger(k) || k < 1 || k >= n)
    throw badOption(`k must be a whole number from 1 to n − 1 = ${n - 1}, got ${k}`);
  const distance = distanceOf(input);
  const indices = new Int32Array(n * k);
  const distances = new Float64Array(n * k);
  const useTree =
    n > BRUTE_FORCE_LIMIT && input.kind === 'vectors' && input.dims <= TREE_DIMS_LIMIT;
  if (!useTree) {
    const heaps = new NeighbourHeaps(n, k);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const d = distance(i, j);
        heaps.offer(i, j, d);
        heaps.offer(j, i, d);
      }
      heaps.drainSorted(i, indices, distances, i * k);
      // Rows are cheaper as i grows: report by pairs done.
      if ((i & 63) === 63) {
        const done = (i + 1) * (2 * n - i - 2);
        yield { fraction: done / (n * (n - 1)), message: `neighbours ${i + 1}/${n}` };
      }
    }
    return { n, k, indices, distances, search: { method: 'exact' } };
  }
  const heaps = new NeighbourHeaps(1, k);
  const search = vantagePointSearch(n, distance, random);
  for (let i = 0; i < n; i++) {
    search(i, heaps);
    heaps.drainSorted(0, indices, distances, i * k);
    if ((i & 255) === 255) yield { fraction: i / n, message: `neighbours ${i + 1}/${n}` };
  }
  return { n, k, indices, distances, search: { method: 'exact' } };
}

type Search = (i: number, heaps: NeighbourHeaps) => void;

/**
 * A vantage-point tree in flat arrays: node t covers order[lo..hi); its vantage point is
 * order[lo], points nearer than radius[t] are in the left half.
 */
function vantagePointSearch(
  n: number,
  distance: (i: number, j: number) => number,
  random: Random,
): Search {
  const order = Int32Array.from({ length: n }, (_, i) => i);
  const radius = new Float64Array(n);
  const scratch = new Float64Array(n);
  build(0, n);

  function build(lo: number, hi: number): void {
    if (hi - lo <= 1) return;
    const pick = lo + random.int(hi - lo);
    swap(order, lo, pick);
    const vantage = order[lo] as number;
    for (let t = lo + 1; t < hi; t++) scratch[t] = distance(vantage, order[t] as number);
    const mid = (lo + 1 + hi) >>> 1;
    select(lo + 1, hi, mid);
    radius[lo] = scratch[mid] as number;
    build(lo + 1, mid);
    build(mid, hi);
  }

  /** Quickselect on scratch (moving order alongside) so position m holds the m-th distance. */
  function select(lo: number, hi: number, m: number): void {
    let a = lo;
    let b = hi - 1;
    while (a < b) {
      const pivot = scratch[(a + b) >>> 1] as number;
      let i = a;
      let j = b;
      while (i <= j) {
        while ((scratch[i] as number) < pivot) i++;
        while ((scratch[j] as number) > pivot) j--;
        if (i <= j) {
          swap(scratch, i, j);
          swap(order, i, j);
          i++;
          j--;
        }
      }
      if (m <= j) b = j;
      else if (m >= i) a = i;
      else return;
    }
  }

  return (query, heaps) => {
    const visit = (lo: number, hi: number): void => {
      if (hi <= lo) return;
      const vantage = order[lo] as number;
      const d = distance(query, vantage);
      if (vantage !== query) heaps.offer(0, vantage, d);
      if (hi - lo === 1) return;
      const mid = (lo + 1 + hi) >>> 1;
      const r = radius[lo] as number;
      if (d < r) {
        if (d - heaps.bound(0) <= r) visit(lo + 1, mid);
        if (d + heaps.bound(0) >= r) visit(mid, hi);
      } else {
        if (d + heaps.bound(0) >= r) visit(mid, hi);
        if (d - heaps.bound(0) <= r) visit(lo + 1, mid);
      }
    };
    visit(0, n);
  };
}

function swap(a: Int32Array | Float64Array, i: number, j: number): void {
  const t = a[i] as number;
  a[i] = a[j] as number;
  a[j] = t;
}
