import { pairCount, type Cooccurrence } from '../../data/counts/cooccurrence.ts';
import type { Counts } from '../../data/counts/counts.ts';
import { badOption } from '../../base/errors.ts';

/**
 * CURE's value influence matrices (CURE, Jian et al. 2019, Sec. 4.1), L × L, row-major, rows = the value being
 * influenced:
 *   Mo(i, j) = ψ(f_i, f_j) · p(v_j) / p(v_i)       Def. 5, ψ = NMI of the features (Eq. 5)
 *   Mc(i, j) = p(v_i, v_j) / p(v_i)                 Def. 6 (diagonal 1, 0 within a feature)
 *
 * `orientation: 'code'` reproduces the authors' MATLAB instead: Mo(i, j) = ψ' · p(v_i) / p(v_j)
 * (the transpose of the ratio) with ψ' = 1 where the two values never co-occur (the code leaves
 * those cells unweighted). Mc is the same in both.
 */
export type CouplingOrientation = 'paper' | 'code';

export interface CouplingMatrices {
  nValues: number;
  /** Occurrence-based value influence matrix, L × L. */
  mo: Float64Array;
  /** Co-occurrence-based value influence matrix, L × L. */
  mc: Float64Array;
  /** ψ(f_a, f_b), D × D (the symmetric uncertainty of the two features). */
  psi: Float64Array;
  /** p(v) for every value. */
  p: Float64Array;
  orientation: CouplingOrientation;
}

/** Above this many values the two L × L matrices (16·L² bytes) are refused. */
export const COUPLING_VALUE_LIMIT = 4096;

export function couplingMatrices(
  counts: Counts,
  orientation: CouplingOrientation = 'paper',
): CouplingMatrices {
  if (orientation !== 'paper' && orientation !== 'code')
    throw badOption(`orientation must be "paper" or "code", got ${String(orientation)}`);
  const c = counts.cooccurrence;
  const L = c.nValues;
  if (L > COUPLING_VALUE_LIMIT)
    throw badOption(
      `${L} values need two ${L} × ${L} coupling matrices (limit ${COUPLING_VALUE_LIMIT} values); bin or exclude columns with many values`,
    );
  const n = counts.nRows;
  if (n === 0) throw badOption('no rows to compute value couplings from');
  const D = counts.nAttributes;
  const psi = counts.symmetricUncertainty;
  const count = c.valueCounts;
  const p = Float64Array.from(count, (x) => x / n);
  const mo = new Float64Array(L * L);
  const mc = new Float64Array(L * L);
  for (let i = 0; i < L; i++) {
    const ci = count[i] as number;
    // A value absent from the fitting rows influences nothing and is influenced by nothing.
    if (ci === 0) continue;
    const fi = c.valueAttribute[i] as number;
    for (let j = 0; j < L; j++) {
      const cj = count[j] as number;
      if (cj === 0) continue;
      const fj = c.valueAttribute[j] as number;
      const co = coCount(c, i, j, fi, fj);
      mc[i * L + j] = co / ci;
      const weight = psi[fi * D + fj] as number;
      mo[i * L + j] =
        orientation === 'paper' ? (weight * cj) / ci : ((co > 0 ? weight : 1) * ci) / cj;
    }
  }
  return { nValues: L, mo, mc, psi, p, orientation };
}

function coCount(c: Cooccurrence, i: number, j: number, fi: number, fj: number): number {
  if (i === j) return c.valueCounts[i] as number;
  if (fi === fj) return 0;
  return pairCount(c, fi, i - (c.offsets[fi] as number), fj, j - (c.offsets[fj] as number));
}

/** Euclidean distance between rows i and j of an L × L matrix (Eqs. 8 and 9). */
export function rowDistance(m: Float64Array, L: number, i: number, j: number): number {
  let s = 0;
  for (let h = 0; h < L; h++) {
    const d = (m[i * L + h] as number) - (m[j * L + h] as number);
    s += d * d;
  }
  return Math.sqrt(s);
}
