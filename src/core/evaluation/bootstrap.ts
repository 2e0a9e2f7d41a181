import { createRandom } from '../base/random.ts';
import type { ParameterSpec } from '../base/parameters.ts';
import type { VerdictNoise } from '../platform/results.ts';

/**
 * The noise of a comparison, from resampling its objects (the bootstrap, Efron 1979): each
 * resample draws the measured objects again, with replacement, as many as there are, and the
 * measure is taken again on it. The 2.5th and 97.5th percentiles of the resamples' values bound a
 * 95 % interval (the percentile bootstrap). Every compared method is measured on the same
 * resamples, so the difference between two methods gets its own interval, paired: a difference
 * whose interval holds 0 is within noise. A resample is a vector of weights (how many times each
 * object was drawn), which keeps a per-object mean O(m) and a quantile O(m) over a fixed order.
 */

/** 2.5 % on each side: a 95 % interval. */
export const INTERVAL_TAIL = 0.025;

export const RESAMPLES_PARAMETER = {
  name: 'resamples',
  type: 'integer',
  default: 200,
  min: 0,
  max: 2000,
  maxBecause: 'past 2,000 resamples the percentiles of a 95 % interval move by less than 0.1 %',
  description:
    'Seeded resamples of the measured objects (bootstrap) for the 95 % intervals and the verdict; 0: none',
} as const satisfies ParameterSpec;

/** A resample's seed stream, apart from the sample's own (drawn from the same `seed`). */
const RESAMPLE_STREAM = 0x9e3779b9;

/** `count` resamples of m objects: each the number of times every object was drawn (Σ = m). */
export function resampleWeights(m: number, count: number, seed: number): Int32Array[] {
  const random = createRandom((seed ^ RESAMPLE_STREAM) >>> 0);
  return Array.from({ length: count }, () => {
    const w = new Int32Array(m);
    for (let i = 0; i < m; i++) {
      const j = random.int(m);
      w[j] = (w[j] as number) + 1;
    }
    return w;
  });
}

/** The mean of `values` over a resample (an object's value counted as often as it was drawn). */
export function weightedMean(values: ArrayLike<number>, weights: Int32Array): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i] as number;
    if (w === 0) continue;
    sum += w * (values[i] as number);
    n += w;
  }
  return n > 0 ? sum / n : Number.NaN;
}

/** The p-quantile of `xs` (linear between order statistics, as R's type 7 and numpy's default). */
export function quantile(xs: ArrayLike<number>, p: number): number {
  const sorted = Float64Array.from(xs).sort();
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return (sorted[lo] as number) + (h - lo) * ((sorted[hi] as number) - (sorted[lo] as number));
}

export interface Interval {
  low: number;
  high: number;
}

/** The 95 % percentile interval of resampled values (NaN ones, resamples where the measure is undefined, left out). */
export function interval(values: ArrayLike<number>): Interval {
  const kept = Array.from(values).filter((x) => !Number.isNaN(x));
  return { low: quantile(kept, INTERVAL_TAIL), high: quantile(kept, 1 - INTERVAL_TAIL) };
}

/** Pointwise 95 % band of resampled curves (one row per resample, one column per x). */
export function band(
  curves: readonly Float64Array[],
  length: number,
): { low: Float64Array; high: Float64Array } {
  const low = new Float64Array(length);
  const high = new Float64Array(length);
  const column = new Float64Array(curves.length);
  for (let k = 0; k < length; k++) {
    curves.forEach((c, r) => (column[r] = c[k] as number));
    const i = interval(column);
    low[k] = i.low;
    high[k] = i.high;
  }
  return { low, high };
}

/**
 * The paired noise of a comparison on one measure: each method's resampled values (the same
 * resamples for all). The leader is the method of the best measured value; every method gets its
 * own 95 % interval and the interval of how far it lies behind the leader (leader − it, or it −
 * leader when lower is better: ≥ 0 means behind). NaN values (a method undefined on a resample)
 * are left out of that method's intervals.
 */
export function pairedNoise(
  measured: readonly number[],
  resampled: readonly Float64Array[],
  higherIsBetter = true,
): { leader: number; own: Interval[]; behind: Interval[] } {
  const sign = higherIsBetter ? 1 : -1;
  let leader = 0;
  measured.forEach((v, i) => {
    if (Number.isFinite(v) && !(sign * (v - (measured[leader] as number)) <= 0)) leader = i;
  });
  const best = resampled[leader] as Float64Array;
  return {
    leader,
    own: resampled.map((r) => interval(r)),
    behind: resampled.map((r) => interval(best.map((b, k) => difference(b, r[k] as number, sign)))),
  };
}

/**
 * How far `value` lies behind `best` (signed by the direction of better), a gap of rounding only
 * counted as none: two methods that compute the same numbers in other orders (one-hot and its
 * PCA) differ in their last digits on every resample, which is not a lead.
 */
function difference(best: number, value: number, sign: number): number {
  const gap = sign * (best - value);
  return Math.abs(gap) <= ROUNDING * Math.max(Math.abs(best), Math.abs(value)) ? 0 : gap;
}

/** A relative gap below which two values are the same number computed two ways. */
const ROUNDING = 1e-9;

/**
 * Resamples that keep each stratum's size (a stratified bootstrap): the objects of each stratum
 * (`strata[i]`: object i's) drawn again from that stratum alone, as many as it has. An outlier
 * evaluation keeps its outliers so: a plain resample of 5 outliers in 100 objects draws none in
 * one resample of 150, where AUC is undefined.
 */
export function stratifiedResampleWeights(
  strata: ArrayLike<number>,
  count: number,
  seed: number,
): Int32Array[] {
  const random = createRandom((seed ^ RESAMPLE_STREAM) >>> 0);
  const members = new Map<number, number[]>();
  for (let i = 0; i < strata.length; i++) {
    const s = strata[i] as number;
    const list = members.get(s);
    if (list) list.push(i);
    else members.set(s, [i]);
  }
  return Array.from({ length: count }, () => {
    const w = new Int32Array(strata.length);
    for (const list of members.values())
      for (let t = 0; t < list.length; t++) {
        const j = list[random.int(list.length)] as number;
        w[j] = (w[j] as number) + 1;
      }
    return w;
  });
}

/**
 * A comparison's noise as its verdict carries it (VerdictNoise): each row's title, its measured
 * value and its values over the resamples (in the same order).
 */
export function noiseOf(
  titles: readonly string[],
  measured: readonly number[],
  resampled: readonly Float64Array[],
  { higherIsBetter = true, objects }: { higherIsBetter?: boolean; objects: number },
): VerdictNoise {
  const noise = pairedNoise(measured, resampled, higherIsBetter);
  return {
    leader: titles[noise.leader] ?? '',
    resamples: resampled[0]?.length ?? 0,
    objects,
    rows: titles.map((title, i) => {
      const own = noise.own[i] as Interval;
      const behind = noise.behind[i] as Interval;
      return {
        title,
        low: own.low,
        high: own.high,
        behindLow: behind.low,
        behindHigh: behind.high,
      };
    }),
  };
}

/** The row cells of a judged column's interval: `KEYLow` and `KEYHigh` (null where undefined). */
export function intervalCells(
  key: string,
  row: { low: number; high: number },
): Record<string, number | null> {
  const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);
  return { [`${key}Low`]: finite(row.low), [`${key}High`]: finite(row.high) };
}

/** The judged column followed by its interval's two columns. */
export function withIntervalColumns<C extends { key: string; title: string }>(
  columns: readonly C[],
  key: string,
): (C | { key: string; title: string })[] {
  return columns.flatMap((c) =>
    c.key === key
      ? [
          c,
          { key: `${key}Low`, title: `${c.title}: 95 % low` },
          { key: `${key}High`, title: `${c.title}: 95 % high` },
        ]
      : [c],
  );
}
