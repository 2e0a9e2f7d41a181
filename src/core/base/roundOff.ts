/**
 * Round-off at the source. Methods compute similarities and dissimilarities as sums and products
 * of probabilities; a quantity bounded in theory (IeASV ≤ 1, a distance ≥ 0) can land a few ulps
 * outside its bound (IeASV = 1 + 2.2e-16, so ADD = 1 − IeASV = −2.2e-16). Such values are snapped
 * to the bound where they are computed, so every consumer (evaluations, projections, checks)
 * sees clean numbers; a value outside its bound by more than the tolerance is left as it is,
 * and the checks downstream fail on it, naming the method, the rows and the value.
 */

/**
 * The tolerance, absolute, for quantities of order 1 (probabilities, similarities in [0, 1], their
 * sums over attributes). A sum of n terms in [0, 1] carries an error below n·2⁻⁵³ ≈ n·1.1e-16, so
 * 1e-9 covers sums of up to about 10⁷ terms and is still far below any difference a method means.
 */
export const ROUND_OFF = 1e-9;

/** x snapped into [lo, hi] when it is outside by at most `tolerance`; otherwise x unchanged. */
export function snapToRange(x: number, lo: number, hi: number, tolerance = ROUND_OFF): number {
  if (x < lo) return x >= lo - tolerance ? lo : x;
  if (x > hi) return x <= hi + tolerance ? hi : x;
  return x;
}

/** A quantity ≥ 0 in theory (a distance, a dissimilarity, 1 − a similarity). */
export function snapNonNegative(x: number, tolerance = ROUND_OFF): number {
  return x < 0 && x >= -tolerance ? 0 : x;
}

/** A quantity in [0, 1] in theory (a probability, a normalised similarity). */
export function snapUnit(x: number, tolerance = ROUND_OFF): number {
  return snapToRange(x, 0, 1, tolerance);
}
