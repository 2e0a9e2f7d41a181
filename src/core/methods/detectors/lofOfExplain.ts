import { distinctObjects } from '../../data/table/distinctObjects.ts';
import { pacer, type Steps } from '../../base/jobs.ts';
import { kthSmallest } from '../../base/select.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { logInverseFrequency, ofDissimilarity, type LofOptions } from './lofOf.ts';

/**
 * Which attributes make an object's neighbours far, for LOF with the OF distance: the object's
 * neighbourhood is LOF's (the fit objects at other locations within its k-distinct-distance,
 * each copy counted), and its term in attribute a is the mean over those neighbours of
 * (1 − S_a(x_a, o_a))/D, attribute a's part of d(x, o). The terms sum to the mean distance from
 * x to its neighbours; LOF divides the neighbours' density by x's, so that sum is what makes x
 * sparse, not the score itself. One pass over the distinct objects, like LOF's own k-distance
 * pass: O(F²·D) for F distinct objects (every row is a fit row, as in the method's run).
 */
export function* lofOfTermSteps(table: CategoricalTable, options: LofOptions): Steps<Float64Array> {
  const n = table.nRows;
  const D = table.attributes.length;
  const rows = Int32Array.from({ length: n }, (_, i) => i);
  const fit = distinctObjects(table, rows);
  const F = fit.count;
  const terms = new Float64Array(n * D);
  if (F <= 1 || D === 0) return terms;
  const k = Math.min(options.k, F - 1);
  const lg = logInverseFrequency(table, rows);
  // Per attribute, the m × m table of 1 − S_a between its local codes.
  const dis = table.attributes.map((attr) => {
    const m = attr.labels.length;
    const t = new Float64Array(m * m);
    for (let x = 0; x < m; x++)
      for (let y = 0; y < m; y++)
        if (x !== y)
          t[x * m + y] = ofDissimilarity(
            lg[attr.offset + x] as number,
            lg[attr.offset + y] as number,
          );
    return t;
  });
  const sizes = table.attributes.map((a) => a.labels.length);
  const codeOf = (a: number, j: number): number => fit.codes[a * F + j] as number;
  const dist = new Float64Array(F);
  const scratch = new Float64Array(F);
  const objectTerms = new Float64Array(F * D);
  const pace = pacer();
  for (let j = 0; j < F; j++) {
    dist.fill(0);
    for (let a = 0; a < D; a++) {
      const t = dis[a] as Float64Array;
      const m = sizes[a] as number;
      const base = codeOf(a, j) * m;
      for (let o = 0; o < F; o++)
        dist[o] = (dist[o] as number) + (t[base + codeOf(a, o)] as number) / D;
    }
    let c = 0;
    for (let o = 0; o < F; o++) if (o !== j) scratch[c++] = dist[o] as number;
    const kd = kthSmallest(scratch, c, Math.min(k, c));
    let count = 0;
    for (let o = 0; o < F; o++) {
      if (o === j || (dist[o] as number) > kd) continue;
      const w = fit.weight[o] as number;
      count += w;
      for (let a = 0; a < D; a++) {
        const m = sizes[a] as number;
        const term = (dis[a] as Float64Array)[codeOf(a, j) * m + codeOf(a, o)] as number;
        objectTerms[j * D + a] = (objectTerms[j * D + a] as number) + (w * term) / D;
      }
    }
    for (let a = 0; a < D; a++) objectTerms[j * D + a] = (objectTerms[j * D + a] as number) / count;
    if (pace(F * D)) yield { fraction: j / F, message: 'LOF: explaining the objects…' };
  }
  for (let i = 0; i < n; i++) {
    const j = fit.ofRow[i] as number;
    terms.set(objectTerms.subarray(j * D, (j + 1) * D), i * D);
  }
  return terms;
}
