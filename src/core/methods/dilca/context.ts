/**
 * DILCA's context of a target attribute (DILCA/SAnDCat, Ienco et al. 2016, Sec. III; FCBF of Yu & Liu 2003) from the
 * symmetric uncertainty between attributes over the fitting rows (D × D, row-major).
 *
 * 1. Relevance: every other feature, ranked by SU(X, Y) descending; ties keep the column order;
 *    SU = 0 candidates stay in the ranking (in contact-lenses' abnormal class Tear_prod_rate is
 *    constant and its context is {Age}).
 * 2. Redundancy: walk the ranking; the current attribute Xi is kept and every later Xj with
 *    SU(Xi, Xj) > SU(Xj, Y) (strict) is dropped. Of the paper's two conditions
 *    (SU(Xi,Xj) > SU(Y,Xi) and > SU(Y,Xj)) the first always holds when the second does, since
 *    Xi ranks above Xj; the rule here is FCBF's and reproduces Table I (reference notes, DILCA 1-2).
 */
export function dilcaContext(su: Float64Array, D: number, target: number): number[] {
  const ranking = Array.from({ length: D }, (_, a) => a)
    .filter((a) => a !== target)
    .sort((a, b) => (su[b * D + target] as number) - (su[a * D + target] as number) || a - b);
  const removed = new Uint8Array(D);
  const context: number[] = [];
  for (let i = 0; i < ranking.length; i++) {
    const xi = ranking[i] as number;
    if (removed[xi]) continue;
    context.push(xi);
    for (let j = i + 1; j < ranking.length; j++) {
      const xj = ranking[j] as number;
      if (!removed[xj] && (su[xi * D + xj] as number) > (su[xj * D + target] as number))
        removed[xj] = 1;
    }
  }
  return context;
}
