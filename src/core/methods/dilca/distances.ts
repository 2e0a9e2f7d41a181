import { pairCount, type Cooccurrence } from '../../data/counts/cooccurrence.ts';

/**
 * DILCA value distances of one target attribute Y given its context C(Y) (DILCA/SAnDCat, Ienco et al. 2016, Eq. (1)):
 *
 *   d(y_i, y_j) = √( Σ_{X∈C(Y)} Σ_{x_k∈X} (P(y_i|x_k) − P(y_j|x_k))² / Σ_{X∈C(Y)} |X| )
 *
 * P(y|x_k) = cnt(y, x_k)/cnt(x_k) over the fitting rows, 0 when x_k does not occur in them;
 * |X| is X's declared domain (every value seen in the whole data set, reference notes DILCA 3),
 * so distances are defined for every pair of domain values and do not depend on which values
 * the fitting rows happen to hold. Returns the m_Y × m_Y table (row-major), zero for an empty
 * context.
 */
export function dilcaDistances(
  c: Cooccurrence,
  target: number,
  context: readonly number[],
): Float64Array {
  const m = c.sizes[target] as number;
  const out = new Float64Array(m * m);
  if (context.length === 0) return out;
  let denominator = 0;
  for (const x of context) denominator += c.sizes[x] as number;
  const conditional = new Float64Array(m);
  for (const x of context) {
    const offset = c.offsets[x] as number;
    for (let k = 0; k < (c.sizes[x] as number); k++) {
      const nk = c.valueCounts[offset + k] as number;
      if (nk === 0) continue; // P(y | x_k) = 0 for every y: adds nothing
      for (let y = 0; y < m; y++) conditional[y] = pairCount(c, target, y, x, k) / nk;
      for (let i = 0; i < m; i++)
        for (let j = i + 1; j < m; j++) {
          const d = (conditional[i] as number) - (conditional[j] as number);
          out[i * m + j] = (out[i * m + j] as number) + d * d;
        }
    }
  }
  for (let i = 0; i < m; i++)
    for (let j = i + 1; j < m; j++) {
      const d = Math.sqrt((out[i * m + j] as number) / denominator);
      out[i * m + j] = d;
      out[j * m + i] = d;
    }
  return out;
}

/**
 * Attribute model impact (DILCA/SAnDCat, Ienco et al. 2016, Sec. IV-C-1): the mean of the upper triangle of an attribute's
 * distance matrix; 0 for an attribute with a single value.
 */
export function modelImpact(table: Float64Array, m: number): number {
  if (m < 2) return 0;
  let s = 0;
  for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) s += table[i * m + j] as number;
  return s / ((m * (m - 1)) / 2);
}
