/**
 * How strongly one attribute's values tell another's, read off CURE's Mc (Def. 6:
 * Mc(i, j) = p(vᵢ, vⱼ) / p(vᵢ), the chance of vⱼ among the objects holding vᵢ) — the statistic of
 * the Mc heatmap's attribute overview (pure, no DOM). For attributes A (rows) and B (columns):
 *
 *     dep(A → B) = Σ_{i ∈ A} p(vᵢ) · ½ Σ_{j ∈ B} |Mc(i, j) − p(vⱼ)|  /  Σ_{i ∈ A} p(vᵢ)
 *
 * the total-variation distance between B's values among the objects holding vᵢ and B's values
 * overall, averaged over A's values by their frequency: 0 when A and B are independent, at most
 * 1 − min p, 1/2 for two copies of a balanced binary attribute. The block's maximum, which the
 * other matrices' overviews show, is 1 for Mc whenever one of A's values — a value seen once is
 * enough — always meets one of B's, so on real tables nearly every block was at the top of the
 * scale; weighting by p(vᵢ) lets a rare value count for its share of the objects only.
 */
import type { ValueGroups } from './blockSummary.ts';

export interface Dependence {
  /** Number of groups; `value` is groups × groups, row-major (NaN: not defined). */
  size: number;
  value: Float64Array;
  /** Largest value (0 when there is none). */
  max: number;
}

/**
 * dep(g → h) for every pair of value groups (attributes, or value clusters) of an L × L matrix
 * `mc` (row-major) with value frequencies `p`, summing only pairs of values of different
 * attributes (`attribute`: each value's): within one attribute Mc is fixed (1 on the diagonal,
 * 0 elsewhere), so a block of one attribute with itself is left undefined (NaN). For groups that
 * are not attributes the inner sum runs over several attributes' values and may pass 1; it is
 * still ½ Σ |p(vᵢ, vⱼ) − p(vᵢ) p(vⱼ)| over the block, the block's share of the table's distance
 * from independence, per unit of the rows' frequency. Cells the method leaves undefined (NaN)
 * are skipped.
 */
export function conditionalDependence(
  groups: ValueGroups,
  mc: Float64Array,
  p: Float64Array,
  attribute: ArrayLike<number>,
): Dependence {
  const D = groups.length;
  const L = p.length;
  const value = new Float64Array(D * D).fill(Number.NaN);
  let max = 0;
  for (let g = 0; g < D; g++)
    for (let h = 0; h < D; h++) {
      let weighted = 0;
      let weight = 0;
      for (const i of groups[g] ?? []) {
        const pi = p[i] as number;
        if (!(pi > 0)) continue;
        let distance = 0;
        let defined = false;
        for (const j of groups[h] ?? []) {
          if (attribute[j] === attribute[i]) continue;
          const x = mc[i * L + j] as number;
          if (!Number.isFinite(x)) continue;
          distance += Math.abs(x - (p[j] as number));
          defined = true;
        }
        if (!defined) continue;
        weighted += (pi * distance) / 2;
        weight += pi;
      }
      if (weight === 0) continue;
      const d = weighted / weight;
      value[g * D + h] = d;
      if (d > max) max = d;
    }
  return { size: D, value, max };
}
