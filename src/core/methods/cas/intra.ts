/**
 * Intra-coupled attribute similarity for values (IaASV, Wang et al. 2015, Eq. (5)) from the values'
 * frequencies |G_j({v})|: δ^Ia(x, y) = |G(x)|·|G(y)| / (|G(x)| + |G(y)| + |G(x)|·|G(y)|).
 * Applied also when x = y (a value's self-similarity below 1 is intended, reference notes).
 * A value that occurs in no row has similarity 0 to everything.
 */
export function intraSimilarity(gx: number, gy: number): number {
  const product = gx * gy;
  return product > 0 ? product / (gx + gy + product) : 0;
}

/** IaASV of every pair of one attribute's values (m × m), from their counts. */
export function intraTable(counts: ArrayLike<number>): Float64Array {
  const m = counts.length;
  const out = new Float64Array(m * m);
  for (let x = 0; x < m; x++)
    for (let y = 0; y < m; y++)
      out[x * m + y] = intraSimilarity(counts[x] as number, counts[y] as number);
  return out;
}
