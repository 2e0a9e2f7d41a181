import type { Steps } from '../base/jobs.ts';
import { runToEnd } from '../base/jobs.ts';
import { createRandom, sampleOf, validateSeed } from '../base/random.ts';
import { NeighbourHeaps } from '../neighbours/knn.ts';
import { distanceOf, type ProjectionInput } from '../platform/projectionInput.ts';
import { badOption, internal } from '../base/errors.ts';

/**
 * Trustworthiness and continuity of a 2-D projection (Venna & Kaski 2001, "Neighborhood
 * preservation in nonlinear projection methods: an experimental study"), defined as in
 * scikit-learn's `sklearn.manifold.trustworthiness`:
 *
 *   T(k) = 1 − 2 / (n k (2n − 3k − 1)) · Σ_i Σ_{j ∈ U_k(i)} (r(i, j) − k)
 *
 * U_k(i): the points among i's k nearest in the projection but not among its k nearest in the
 * input; r(i, j): j's rank among the other points by input distance from i (1 = nearest).
 * Continuity C(k) swaps the roles of input and projection. Both are 1 for a perfect neighbourhood
 * match and ≈ 0.5 for a random layout. Ties in distance are broken by point index (the lower
 * index counts as nearer), in both the neighbour sets and the ranks.
 */
export interface QualityOptions {
  /** Neighbourhood size, an integer with 1 ≤ k < n/2 (default 10, lowered on tiny inputs). */
  k?: number;
  /**
   * When n > sample (default 1000), the sums over i run over `sample` points drawn at random
   * (seeded); their ranks are still taken among all n points, and the leading n of the
   * normaliser becomes the sample size.
   */
  sample?: number;
  seed?: number;
}

export interface ProjectionQuality {
  /** The k used (the default is lowered to ⌊(n − 1)/2⌋ on tiny inputs). */
  k: number;
  trustworthiness: number;
  continuity: number;
  /** Number of points i the sums ran over (n, or the sample size). */
  sampled: number;
}

export const DEFAULT_QUALITY_K = 10;
export const DEFAULT_QUALITY_SAMPLE = 1000;

export interface ResolvedQualityOptions {
  k: number;
  sample: number;
  seed: number;
}

/**
 * Defaults and validation. An explicit k must satisfy 1 ≤ k < n/2 (RangeError otherwise); the
 * default 10 is lowered to the largest valid k, ⌊(n − 1)/2⌋, when n is small.
 */
export function resolveQualityOptions(
  n: number,
  options: QualityOptions = {},
): ResolvedQualityOptions {
  if (!Number.isInteger(n) || n < 3)
    throw badOption(`trustworthiness needs at least 3 points, got ${n}`);
  const largest = Math.floor((n - 1) / 2);
  let k = Math.min(DEFAULT_QUALITY_K, largest);
  if (options.k !== undefined) {
    k = options.k;
    if (typeof k !== 'number' || !Number.isInteger(k) || k < 1 || k > largest)
      throw badOption(
        `k must be an integer from 1 to ${largest} (k < n/2, n = ${n}), got ${String(k)}`,
      );
  }
  const sample = options.sample ?? DEFAULT_QUALITY_SAMPLE;
  if (typeof sample !== 'number' || !Number.isInteger(sample) || sample < 1)
    throw badOption(`sample must be an integer ≥ 1, got ${String(sample)}`);
  return { k, sample, seed: validateSeed(options.seed ?? 0) };
}

/**
 * Trustworthiness and continuity of `coordinates` (n × 2, row-major) against the input's
 * distances, as steps. Per evaluated point: n input and n layout distances, two k-nearest
 * selections (heap, O(n log k)) and the ranks of the ≤ k mismatched neighbours by one counting
 * pass each — O(m · n log k) in all, m the number of evaluated points.
 */
export function* qualitySteps(
  input: ProjectionInput,
  coordinates: Float64Array,
  options: QualityOptions = {},
): Steps<ProjectionQuality> {
  const { n } = input;
  const { k, sample, seed } = resolveQualityOptions(n, options);
  if (coordinates.length !== n * 2)
    throw internal(`coordinates has ${coordinates.length} cells, not ${n} × 2`);
  const points = n > sample ? samplePoints(n, sample, seed) : identity(n);
  const m = points.length;
  const distance = distanceOf(input);
  const inputDistance = new Float64Array(n);
  const layoutDistance = new Float64Array(n);
  const inputNearest = new Int32Array(k);
  const layoutNearest = new Int32Array(k);
  const inInput = new Int32Array(n).fill(-1);
  const inLayout = new Int32Array(n).fill(-1);
  const heaps = new NeighbourHeaps(1, k);
  const scratch = new Float64Array(k);
  const ranking = new CandidateRanks(k);
  let trustSum = 0;
  let continuitySum = 0;
  const every = Math.max(1, Math.floor((1 << 19) / n));
  for (let s = 0; s < m; s++) {
    const i = points[s] as number;
    const xi = coordinates[i * 2] as number;
    const yi = coordinates[i * 2 + 1] as number;
    for (let j = 0; j < n; j++) {
      inputDistance[j] = j === i ? 0 : distance(i, j);
      const dx = (coordinates[j * 2] as number) - xi;
      const dy = (coordinates[j * 2 + 1] as number) - yi;
      // Squared: same order as the Euclidean distance, without rounding sqrt into false ties.
      layoutDistance[j] = dx * dx + dy * dy;
    }
    selectNearest(heaps, inputDistance, i, inputNearest, scratch);
    selectNearest(heaps, layoutDistance, i, layoutNearest, scratch);
    for (let a = 0; a < k; a++) {
      inInput[inputNearest[a] as number] = i;
      inLayout[layoutNearest[a] as number] = i;
    }
    trustSum += ranking.penalty(inputDistance, i, layoutNearest, inInput);
    continuitySum += ranking.penalty(layoutDistance, i, inputNearest, inLayout);
    if ((s + 1) % every === 0)
      yield { fraction: (s + 1) / m, message: 'Trustworthiness and continuity…' };
  }
  const normaliser = 2 / (m * k * (2 * n - 3 * k - 1));
  return {
    k,
    trustworthiness: 1 - normaliser * trustSum,
    continuity: 1 - normaliser * continuitySum,
    sampled: m,
  };
}

export function projectionQuality(
  input: ProjectionInput,
  coordinates: Float64Array,
  options: QualityOptions = {},
): ProjectionQuality {
  return runToEnd(qualitySteps(input, coordinates, options));
}

function identity(n: number): Int32Array {
  const all = new Int32Array(n);
  for (let i = 0; i < n; i++) all[i] = i;
  return all;
}

/** `count` distinct points drawn uniformly (partial Fisher–Yates), ascending. */
function samplePoints(n: number, count: number, seed: number): Int32Array {
  return sampleOf(identity(n), count, createRandom(seed));
}

/** Writes the k points j ≠ i with the smallest (d_j, j) into out, nearest first. */
function selectNearest(
  heaps: NeighbourHeaps,
  d: Float64Array,
  i: number,
  out: Int32Array,
  scratch: Float64Array,
): void {
  for (let j = 0; j < d.length; j++) if (j !== i) heaps.offer(0, j, d[j] as number);
  heaps.drainSorted(0, out, scratch, 0);
}

/** (d_a, a) < (d_b, b): nearer, or as near with a lower index. */
function before(d: Float64Array, a: number, b: number): boolean {
  const da = d[a] as number;
  const db = d[b] as number;
  return da < db || (da === db && a < b);
}

/** Σ (r(i, j) − k) over the candidates j outside i's k nearest by `d`, by one counting pass. */
class CandidateRanks {
  private readonly sorted: Int32Array;
  private readonly keyDistance: Float64Array;
  private readonly histogram: Int32Array;
  constructor(private readonly k: number) {
    this.sorted = new Int32Array(k);
    this.keyDistance = new Float64Array(k);
    this.histogram = new Int32Array(k);
  }

  /**
   * `candidates` holds k points; those with `member[j] === i` are among i's k nearest by `d` and
   * add nothing. Each other one adds its rank by (d, index) among all j ≠ i, minus k.
   */
  penalty(d: Float64Array, i: number, candidates: Int32Array, member: Int32Array): number {
    const { sorted, keyDistance, histogram, k } = this;
    let q = 0;
    for (const c of candidates) if (member[c] !== i) sorted[q++] = c;
    if (q === 0) return 0;
    sorted
      .subarray(0, q)
      .sort((a, b) => (before(d, a, b) ? -1 : before(d, b, a) ? 1 : 0))
      .forEach((c, p) => (keyDistance[p] = d[c] as number));
    histogram.fill(0, 0, q);
    const lastDistance = keyDistance[q - 1] as number;
    const last = sorted[q - 1] as number;
    for (let l = 0; l < d.length; l++) {
      const dl = d[l] as number;
      if (dl > lastDistance || (dl === lastDistance && l >= last) || l === i) continue;
      // First candidate position p that (d_l, l) comes before: l outranks candidates p … q − 1.
      let lo = 0;
      let hi = q - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        const dm = keyDistance[mid] as number;
        if (dl < dm || (dl === dm && l < (sorted[mid] as number))) hi = mid;
        else lo = mid + 1;
      }
      histogram[lo] = (histogram[lo] as number) + 1;
    }
    let total = 0;
    let ahead = 0;
    for (let p = 0; p < q; p++) {
      ahead += histogram[p] as number;
      total += 1 + ahead - k;
    }
    return total;
  }
}
