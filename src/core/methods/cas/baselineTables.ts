import type { Counts } from '../../data/counts/counts.ts';
import type { CasModel } from './casModel.ts';

/**
 * The value dissimilarities Wang et al. 2015 (coupled attribute similarity) compares CADO with (Sec. VIII-A), as per-attribute m × m
 * tables laid out like the CAS model's (summed over attributes for objects):
 *  - OFD (occurrence frequency, Boriah et al. 2008): 0 for equal values, else
 *    1 − 1/(1 + log(N/|G(x)|)·log(N/|G(y)|)), N the number of objects;
 *  - ADD (Ahmad & Dey 2007): the mean over the other attributes of the largest difference of
 *    the two values' conditional distributions, max_W P(W|x) − P(W|y) — the power-set form of
 *    1 − δ_{j|k}, so ADD = 1 − IeASV with α = 1/(n − 1) (coupled attribute similarity, Wang et al. 2015, Secs. VI, IX; Theorem 6.1
 *    makes every IRS variant give the same numbers, so it is read from the IeASV tables).
 *    Equal values are at 0.
 */
export function ofdTables(counts: Counts, model: Pick<CasModel, 'tableStart'>): Float64Array {
  const c = counts.cooccurrence;
  const N = counts.nRows;
  const D = c.sizes.length;
  const last = D - 1;
  const out = new Float64Array(
    D > 0 ? (model.tableStart[last] as number) + (c.sizes[last] as number) ** 2 : 0,
  );
  for (let j = 0; j < D; j++) {
    const m = c.sizes[j] as number;
    const offset = c.offsets[j] as number;
    const start = model.tableStart[j] as number;
    for (let x = 0; x < m; x++)
      for (let y = 0; y < m; y++) {
        if (x === y) continue;
        const gx = c.valueCounts[offset + x] as number;
        const gy = c.valueCounts[offset + y] as number;
        const lx = gx > 0 ? Math.log(N / gx) : 0;
        const ly = gy > 0 ? Math.log(N / gy) : 0;
        out[start + x * m + y] = 1 - 1 / (1 + lx * ly);
      }
  }
  return out;
}

export function addTables(
  model: Pick<CasModel, 'tableStart' | 'inter'>,
  sizes: Int32Array,
): Float64Array {
  const out = new Float64Array(model.inter.length);
  sizes.forEach((m, j) => {
    const start = model.tableStart[j] as number;
    for (let x = 0; x < m; x++)
      for (let y = 0; y < m; y++)
        if (x !== y) out[start + x * m + y] = 1 - (model.inter[start + x * m + y] as number);
  });
  return out;
}
