import { pairCount, type Cooccurrence } from './cooccurrence.ts';

/** Shannon entropy (bits) of attribute a over n counted rows. */
export function entropyOf(c: Cooccurrence, a: number, n: number): number {
  if (n === 0) return 0;
  const off = c.offsets[a] as number;
  let h = 0;
  for (let k = 0; k < (c.sizes[a] as number); k++) {
    const p = (c.valueCounts[off + k] as number) / n;
    if (p > 0) h -= p * Math.log2(p);
  }
  return h;
}

/** Mutual information I(a; b) in bits from the co-occurrence block. */
export function mutualInformationOf(c: Cooccurrence, a: number, b: number, n: number): number {
  if (n === 0) return 0;
  const oa = c.offsets[a] as number;
  const ob = c.offsets[b] as number;
  let mi = 0;
  for (let k = 0; k < (c.sizes[a] as number); k++) {
    const nk = c.valueCounts[oa + k] as number;
    if (nk === 0) continue;
    for (let l = 0; l < (c.sizes[b] as number); l++) {
      const nkl = pairCount(c, a, k, b, l);
      if (nkl === 0) continue;
      mi += (nkl / n) * Math.log2((nkl * n) / (nk * (c.valueCounts[ob + l] as number)));
    }
  }
  return Math.max(0, mi);
}

/**
 * Symmetric uncertainty / normalised mutual information, SU = 2·I(X;Y)/(H(X)+H(Y)), 0 when
 * H(X)+H(Y) = 0 (CURE, Jian et al. 2019, Eq. (5): ψ; Ienco et al. 2016 (DILCA/SAnDCat) Sec. III: SU).
 */
export function symmetricUncertainty(mi: number, hx: number, hy: number): number {
  const denominator = hx + hy;
  return denominator > 0 ? Math.min(1, (2 * mi) / denominator) : 0;
}
