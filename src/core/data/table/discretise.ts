import type { Discretisation } from './types.ts';
import { badOption } from '../../base/errors.ts';

/**
 * Discretises a numeric column given its distinct values (as numbers) and their counts.
 * Returns a bin per distinct value and the bin labels, in ascending order.
 * - equal-frequency (DILCA/SAnDCat, Ienco et al. 2016, Sec. V: “equi-depth bins … equal to ten”): cut points at the
 *   b·n/bins-th smallest observations (b = 1..bins−1), placed midway between neighbouring distinct
 *   values; equal values never split, so fewer bins can result.
 * - equal-width: bins of equal width between the minimum and maximum.
 * - raw: one category per distinct number, sorted numerically.
 */
export interface Discretised {
  /** Bin (index into labels) of each given value. */
  binOf: Int32Array;
  labels: string[];
  /**
   * The cut points (ascending): a number x falls in interval b = the number of cuts below it
   * (x > cut), which `ofInterval[b]` turns into its bin (−1 for an interval no given value fell
   * in). Null for 'raw'. Lets SQL place a number as this function does (`CASE WHEN x <= cut …`).
   */
  cuts: number[] | null;
  ofInterval: Int32Array;
}

export function discretise(
  values: readonly number[],
  counts: readonly number[],
  method: Discretisation,
  bins: number,
): Discretised {
  if (!Number.isInteger(bins) || bins < 2)
    throw badOption(`bins must be an integer ≥ 2, got ${bins}`);
  const order = values
    .map((_, i) => i)
    .sort((a, b) => (values[a] as number) - (values[b] as number));
  const sorted = order.map((i) => values[i] as number);
  if (method === 'raw') {
    // One category per distinct number (“1” and “1.0” are one value), labelled at full precision
    // so that two categories never share a label.
    const distinct = [...new Set(sorted)];
    const rank = new Map(distinct.map((x, k) => [x, k]));
    return {
      binOf: Int32Array.from(values, (x) => rank.get(x) as number),
      labels: distinct.map(String),
      cuts: null,
      ofInterval: new Int32Array(0),
    };
  }
  const cuts =
    method === 'equal-width'
      ? equalWidthCuts(sorted, bins)
      : equalFrequencyCuts(order, sorted, counts, bins);
  const binOf = new Int32Array(values.length);
  values.forEach((x, i) => {
    binOf[i] = intervalOf(cuts, x);
  });
  const used = [...new Set(binOf)].sort((a, b) => a - b);
  const ofInterval = new Int32Array(cuts.length + 1).fill(-1);
  used.forEach((b, k) => (ofInterval[b] = k));
  for (let i = 0; i < binOf.length; i++) binOf[i] = ofInterval[binOf[i] as number] as number;
  const labels = used.map((b) =>
    intervalLabel(
      b === 0 ? null : (cuts[b - 1] as number),
      b === cuts.length ? null : (cuts[b] as number),
    ),
  );
  return { binOf, labels, cuts, ofInterval };
}

/** The interval of x among ascending cuts: how many cuts lie below it (x > cut). */
export function intervalOf(cuts: readonly number[], x: number): number {
  let b = 0;
  while (b < cuts.length && x > (cuts[b] as number)) b++;
  return b;
}

function equalFrequencyCuts(
  order: number[],
  sorted: number[],
  counts: readonly number[],
  bins: number,
): number[] {
  const weights = order.map((i) => counts[i] as number);
  const n = weights.reduce((a, b) => a + b, 0);
  const cuts: number[] = [];
  let cumulative = 0;
  let b = 1;
  for (let k = 0; k < sorted.length - 1 && b < bins; k++) {
    cumulative += weights[k] as number;
    // A cut after distinct value k when the running count reaches the next quantile b·n/bins.
    if (cumulative >= (b * n) / bins && (sorted[k] as number) < (sorted[k + 1] as number)) {
      cuts.push(((sorted[k] as number) + (sorted[k + 1] as number)) / 2);
      while (b < bins && cumulative >= (b * n) / bins) b++;
    }
  }
  return cuts;
}

function equalWidthCuts(sorted: number[], bins: number): number[] {
  const min = sorted[0] as number;
  const max = sorted[sorted.length - 1] as number;
  const width = (max - min) / bins;
  return width > 0 ? Array.from({ length: bins - 1 }, (_, b) => min + width * (b + 1)) : [];
}

function intervalLabel(low: number | null, high: number | null): string {
  const lo = low === null ? '(-∞' : `(${formatNumber(low)}`;
  const hi = high === null ? '∞)' : `${formatNumber(high)}]`;
  return `${lo}, ${hi}`;
}

export function formatNumber(x: number): string {
  return Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(6)));
}
