import { pairCount, type Cooccurrence } from '../../data/counts/cooccurrence.ts';

/**
 * Information conditional probabilities (ICP, Wang et al. 2015, Eq. (4)) of single values:
 * P_{k|j}({v_k} | v_j) = |G_k({v_k}) ∩ G_j({v_j})| / |G_j({v_j})|, for every value v_j of
 * attribute j (rows) and v_k of attribute k (columns), m_j × m_k row-major. A value that occurs
 * in no row has an all-zero row (no object to condition on).
 */
export function conditionalTable(c: Cooccurrence, j: number, k: number): Float64Array {
  const mj = c.sizes[j] as number;
  const mk = c.sizes[k] as number;
  const out = new Float64Array(mj * mk);
  const offset = c.offsets[j] as number;
  for (let x = 0; x < mj; x++) {
    const nx = c.valueCounts[offset + x] as number;
    if (nx === 0) continue;
    for (let v = 0; v < mk; v++) out[x * mk + v] = pairCount(c, j, x, k, v) / nx;
  }
  return out;
}

/**
 * The inter-information function ϕ_{j→k}(v_j) (coupled attribute similarity, Wang et al. 2015 Def. 3.2): the values of attribute k
 * that co-occur with v_j, as ascending local codes, for every value of attribute j.
 */
export function coOccurring(table: Float64Array, mj: number, mk: number): Int32Array[] {
  return Array.from({ length: mj }, (_, x) => {
    const values: number[] = [];
    for (let v = 0; v < mk; v++) if ((table[x * mk + v] as number) > 0) values.push(v);
    return Int32Array.from(values);
  });
}
