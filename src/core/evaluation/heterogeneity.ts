import { notApplicable } from '../base/errors.ts';
import type { Counts } from '../data/counts/counts.ts';
import type { CategoricalTable } from '../data/table/types.ts';
import { couplingSpaces, type CouplingSpace } from '../methods/untie/spaces.ts';

/**
 * Zhu et al. 2022's heterogeneity indicators (Sec. 6.2.1), which the paper uses to explain where UNTIE
 * gains.
 */

/**
 * I_intra (Eqs. (23)-(24)): for each value v, the norm of its class distribution,
 * x = √Σ_k (|g(v) ∩ g(c_k)| / |g(v)|)², normalised by NM(x) = 1 − (1 − x)/(1 − √(n_c·(1/n_c)²))
 * to [0, 1] (0: v spreads evenly over the classes, 1: v lies in one class). Eq. (23) as printed
 * sums NM over an attribute's values and divides by n_a, which gives n_av, not 1, when every value
 * lies in one class; the text says 1, so we average over each attribute's values (values that
 * occur), then over attributes. 0 with fewer than two classes.
 */
export function intraHeterogeneity(table: CategoricalTable): number {
  const cls = table.classColumn;
  if (!cls) throw notApplicable('I_intra needs a class column');
  const nc = cls.labels.length;
  if (nc < 2 || table.attributes.length === 0) return 0;
  const floor = 1 - Math.sqrt(nc * (1 / nc) ** 2); // 1 − 1/√n_c
  let total = 0;
  for (const attr of table.attributes) {
    const m = attr.labels.length;
    const joint = new Float64Array(m * nc);
    const count = new Float64Array(m);
    for (let r = 0; r < table.nRows; r++) {
      const v = attr.codes[r] as number;
      joint[v * nc + (cls.codes[r] as number)] =
        (joint[v * nc + (cls.codes[r] as number)] as number) + 1;
      count[v] = (count[v] as number) + 1;
    }
    let sum = 0;
    let present = 0;
    for (let v = 0; v < m; v++) {
      const g = count[v] as number;
      if (g === 0) continue;
      let squares = 0;
      for (let k = 0; k < nc; k++) squares += ((joint[v * nc + k] as number) / g) ** 2;
      sum += 1 - (1 - Math.sqrt(squares)) / floor;
      present++;
    }
    total += present ? sum / present : 0;
  }
  return total / table.attributes.length;
}

/**
 * I_inter (Eq. (25)) of UNTIE's couplings: per attribute z, its coupling matrices C^(z,k) — the
 * Euclidean distances between its values in each coupling space (intra, Eq. (1), and inter,
 * Eq. (4)) — compared pairwise, √(Σ_k Σ_l Σ_ij (C^k_ij − C^l_ij)² / n_v² / n_m²); averaged over
 * attributes (the paper gives the per-attribute form). 0 when all coupling matrices agree.
 */
export function interHeterogeneity(table: CategoricalTable, counts: Counts): number {
  const D = table.attributes.length;
  if (D < 2) return 0;
  const spaces = couplingSpaces(counts.cooccurrence, table.nRows);
  let total = 0;
  for (let z = 0; z < D; z++) {
    const matrices = spaces.filter((s) => s.attribute === z).map(distanceMatrix);
    const m = table.attributes[z]?.labels.length ?? 0;
    const nm = matrices.length;
    let sum = 0;
    for (const a of matrices)
      for (const b of matrices) {
        let d2 = 0;
        for (let c = 0; c < a.length; c++) d2 += ((a[c] as number) - (b[c] as number)) ** 2;
        sum += m > 0 ? d2 / (m * m) : 0;
      }
    total += Math.sqrt(sum / (nm * nm));
  }
  return total / D;
}

function distanceMatrix(space: CouplingSpace): Float64Array {
  const { dims, vectors } = space;
  const m = vectors.length / Math.max(dims, 1);
  const out = new Float64Array(m * m);
  for (let u = 0; u < m; u++)
    for (let v = u + 1; v < m; v++) {
      let d2 = 0;
      for (let t = 0; t < dims; t++)
        d2 += ((vectors[u * dims + t] as number) - (vectors[v * dims + t] as number)) ** 2;
      out[u * m + v] = out[v * m + u] = Math.sqrt(d2);
    }
  return out;
}
