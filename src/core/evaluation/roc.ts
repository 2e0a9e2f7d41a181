/**
 * ROC curve of scores (higher = more anomalous) against positives: the false- and true-positive
 * rates after each distinct score, from the highest down (ties move both at once).
 */
export function rocCurve(
  scores: ArrayLike<number>,
  positive: ArrayLike<boolean | number>,
): { fpr: Float64Array; tpr: Float64Array } {
  const n = scores.length;
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (scores[b] as number) - (scores[a] as number),
  );
  let P = 0;
  for (let i = 0; i < n; i++) if (positive[i]) P++;
  const N = n - P;
  const fpr = [0];
  const tpr = [0];
  let tp = 0;
  let fp = 0;
  for (let i = 0; i < n;) {
    const s = scores[order[i] as number];
    while (i < n && scores[order[i] as number] === s) {
      if (positive[order[i] as number]) tp++;
      else fp++;
      i++;
    }
    fpr.push(N > 0 ? fp / N : 0);
    tpr.push(P > 0 ? tp / P : 0);
  }
  return { fpr: Float64Array.from(fpr), tpr: Float64Array.from(tpr) };
}

/** The true-positive rate at each false-positive rate of a grid (linear between ROC points). */
export function tprAt(
  curve: { fpr: Float64Array; tpr: Float64Array },
  grid: Float64Array,
): Float64Array {
  const out = new Float64Array(grid.length);
  let j = 0;
  grid.forEach((x, g) => {
    while (j + 1 < curve.fpr.length && (curve.fpr[j + 1] as number) < x) j++;
    const x0 = curve.fpr[j] as number;
    const y0 = curve.tpr[j] as number;
    const x1 = (curve.fpr[j + 1] ?? x0) as number;
    const y1 = (curve.tpr[j + 1] ?? y0) as number;
    // At a vertical step (x1 = x0 = x) take the highest rate reached there.
    let y = x1 > x0 ? y0 + ((y1 - y0) * (x - x0)) / (x1 - x0) : Math.max(y0, y1);
    let k = j + 1;
    while (k < curve.fpr.length && curve.fpr[k] === x) y = Math.max(y, curve.tpr[k++] as number);
    out[g] = Math.min(1, Math.max(0, y));
  });
  return out;
}
