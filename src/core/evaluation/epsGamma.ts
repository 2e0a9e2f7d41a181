import { checkedDistance, type Owner } from '../base/checkedValue.ts';
import { createRandom, sampleOf } from '../base/random.ts';
import { kthSmallest } from '../base/select.ts';

/**
 * Representation quality from class labels (UNTIE, Zhu et al. 2022, Sec. 6.3; reference notes, UNTIE):
 *  - the (ε,γ)-curve: for each object o, margin(o) = its mean similarity to the other objects of
 *    its class − its mean similarity to the objects of the other classes; γ(ε) is the largest γ
 *    such that a share ≥ 1 − ε of the objects have margin ≥ γ; only γ ≥ 0 is drawn;
 *  - precision@k: the share of an object's k nearest neighbours that have its class.
 * Methods are compared through one transform: each method's distances, over the pairs of the
 * sample, scaled to [0, 1] by their largest value, and s = 1 − d. On a large table both are
 * estimated on a seeded sample of objects (stated on the chart).
 */
export type Distance = (i: number, j: number) => number;

/** The objects the curves are computed on: all, or a seeded sample without replacement. */
export function sampleObjects(n: number, size: number, seed: number): Int32Array {
  const all = Int32Array.from({ length: n }, (_, i) => i);
  return n <= size ? all : sampleOf(all, size, createRandom(seed));
}

/**
 * The sample's pairwise distances (m × m, symmetric), and their largest value; a distance that is
 * not finite and ≥ 0 fails, naming `owner`'s method and the two rows by their file line.
 */
export function sampleDistances(
  distance: Distance,
  sample: Int32Array,
  owner: Owner = {},
): { d: Float64Array; max: number } {
  const m = sample.length;
  const d = new Float64Array(m * m);
  let max = 0;
  for (let a = 0; a < m; a++)
    for (let b = a + 1; b < m; b++) {
      const i = sample[a] as number;
      const j = sample[b] as number;
      const x = checkedDistance(distance(i, j), i, j, owner);
      d[a * m + b] = d[b * m + a] = x;
      if (x > max) max = x;
    }
  return { d, max };
}

/** margin(o) for every sampled object, with s = 1 − d/max; NaN where o has no class mate or no other class in the sample. */
export function margins(d: Float64Array, max: number, classes: Int32Array): Float64Array {
  const m = classes.length;
  const scale = max > 0 ? 1 / max : 0;
  const out = new Float64Array(m);
  for (let a = 0; a < m; a++) {
    let same = 0;
    let nSame = 0;
    let other = 0;
    let nOther = 0;
    for (let b = 0; b < m; b++) {
      if (b === a) continue;
      const s = 1 - (d[a * m + b] as number) * scale;
      if (classes[b] === classes[a]) {
        same += s;
        nSame++;
      } else {
        other += s;
        nOther++;
      }
    }
    out[a] = nSame > 0 && nOther > 0 ? same / nSame - other / nOther : Number.NaN;
  }
  return out;
}

/**
 * γ(ε) on a grid of ε: with the defined margins sorted from the largest, γ(ε) is the margin of the
 * ⌈(1 − ε)·n⌉-th object (a share ≥ 1 − ε has at least that margin). Points with γ < 0 are cut.
 */
export function epsGammaCurve(
  margin: Float64Array,
  grid: Float64Array,
): { eps: Float64Array; gamma: Float64Array } {
  const gammas = gammaOnGrid(margin, grid);
  const eps: number[] = [];
  const gamma: number[] = [];
  gammas.forEach((g, k) => {
    if (g < 0) return;
    eps.push(grid[k] as number);
    gamma.push(g);
  });
  return { eps: Float64Array.from(eps), gamma: Float64Array.from(gamma) };
}

/** γ(ε) at every grid point, negative ones included (empty without a defined margin). */
function gammaOnGrid(margin: Float64Array, grid: Float64Array): Float64Array {
  return resampledGamma(descendingMargins(margin), new Int32Array(margin.length).fill(1), grid);
}

/** The objects with a defined margin, from the largest margin down (ties by index): their margins and indices. */
export function descendingMargins(margin: Float64Array): {
  values: Float64Array;
  index: Int32Array;
} {
  const index = Int32Array.from({ length: margin.length }, (_, i) => i)
    .filter((i) => !Number.isNaN(margin[i]))
    .sort((a, b) => (margin[b] as number) - (margin[a] as number) || a - b);
  return { values: Float64Array.from(index, (i) => margin[i] as number), index };
}

/**
 * γ(ε) at every grid point over a resample of the objects (bootstrap.ts): each object counted as
 * often as it was drawn (`weights`, by object). With every weight 1 it is the curve itself: γ(ε) is
 * the margin of the ⌈(1 − ε)·n⌉-th object from the largest. Empty without a defined margin drawn.
 */
export function resampledGamma(
  sorted: { values: Float64Array; index: Int32Array },
  weights: Int32Array,
  grid: Float64Array,
): Float64Array {
  const m = sorted.index.length;
  const cumulative = new Float64Array(m);
  let n = 0;
  for (let j = 0; j < m; j++) cumulative[j] = n += weights[sorted.index[j] as number] as number;
  if (n === 0) return new Float64Array(0);
  return grid.map((e) => {
    const rank = Math.max(1, Math.ceil((1 - e) * n - 1e-12));
    // The first object in the order whose cumulative count reaches the rank.
    let lo = 0;
    let hi = m - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) >= rank) hi = mid;
      else lo = mid + 1;
    }
    return sorted.values[lo] as number;
  });
}

/**
 * The area under the (ε,γ)-curve over the grid (trapezoids), a negative γ counting as 0: one
 * number per representation for the results board, 1 for a similarity that separates every
 * class perfectly, 0 when no margin is positive. NaN without a defined margin.
 */
export function epsGammaArea(margin: Float64Array, grid: Float64Array): number {
  return areaOnGrid(gammaOnGrid(margin, grid), grid);
}

/** The trapezoid area under max(γ, 0) of γ given at every grid point; NaN when there is none. */
export function areaOnGrid(g: Float64Array, grid: Float64Array): number {
  if (g.length === 0) return Number.NaN;
  let area = 0;
  for (let k = 1; k < g.length; k++)
    area +=
      ((Math.max(0, g[k] as number) + Math.max(0, g[k - 1] as number)) / 2) *
      ((grid[k] as number) - (grid[k - 1] as number));
  return area;
}

/**
 * precision@k for each k, averaged over the sample (neighbours among the sample, ties by index).
 */
export function precisionAtK(
  d: Float64Array,
  classes: Int32Array,
  ks: readonly number[],
): Float64Array {
  const m = classes.length;
  const each = precisionByObject(d, classes, ks);
  const out = new Float64Array(ks.length);
  for (let a = 0; a < m; a++)
    for (let q = 0; q < ks.length; q++)
      out[q] = (out[q] as number) + (each[a * ks.length + q] as number);
  return out.map((x) => x / m);
}

/**
 * Each sampled object's precision@k for each k (m × ks, row by object): the share of its k
 * nearest neighbours among the sample that have its class, ties by index. Only the K = max k
 * nearest of each object are ordered: a quickselect finds the K-th smallest distance, the objects
 * up to it are sorted — O(m + K log K) an object instead of O(m log m).
 */
export function precisionByObject(
  d: Float64Array,
  classes: Int32Array,
  ks: readonly number[],
): Float64Array {
  const m = classes.length;
  const out = new Float64Array(m * ks.length);
  const K = Math.min(Math.max(0, ...ks), m - 1);
  const row = new Float64Array(Math.max(0, m - 1));
  const near: number[] = [];
  for (let a = 0; a < m; a++) {
    near.length = 0;
    if (K > 0) {
      let t = 0;
      for (let b = 0; b < m; b++) if (b !== a) row[t++] = d[a * m + b] as number;
      const kth = kthSmallest(row, m - 1, K);
      // Every object nearer than the K-th distance, then those at it in index order (ties).
      for (let b = 0; b < m; b++) if (b !== a && (d[a * m + b] as number) < kth) near.push(b);
      for (let b = 0; b < m && near.length < K; b++)
        if (b !== a && d[a * m + b] === kth) near.push(b);
      near.sort((x, y) => (d[a * m + x] as number) - (d[a * m + y] as number) || x - y);
    }
    ks.forEach((k, q) => {
      const kk = Math.min(k, m - 1);
      let hits = 0;
      for (let i = 0; i < kk; i++) if (classes[near[i] as number] === classes[a]) hits++;
      out[a * ks.length + q] = kk > 0 ? hits / kk : 0;
    });
  }
  return out;
}
