import { meanSd } from '../src/core/evaluation/partitions.ts';

/**
 * Two methods' paired runs compared: run r of one against run r of the other (the same seed,
 * the same folds), the differences' mean, their sd and the standard error of the mean. A
 * difference smaller than `noise` counts as 0 (two fits equal but for rounding).
 */
export function pairedDifference(
  a: readonly number[],
  b: readonly number[],
  noise = 0,
): { mean: number; sd: number; se: number } {
  const differences = a.map((x, r) => {
    const d = x - (b[r] as number);
    return Math.abs(d) < noise ? 0 : d;
  });
  const { mean, sd } = meanSd(differences);
  return { mean, sd, se: sd / Math.sqrt(differences.length) };
}
