import type { Cooccurrence } from '../counts/cooccurrence.ts';
import { kernelMatrix, kernelName, type KernelSpec } from './kernels.ts';
import { couplingSpaces, type CouplingSpace } from './spaces.ts';

/**
 * UNTIE's kernel spaces (seed 004 Sec. 4.3): every coupling space (intra and inter, per attribute)
 * mapped by every kernel of the set, n_k = |M| × |F| spaces. Space p belongs to one attribute a
 * and holds K_p (m_a × m_a, Eq. (7)); its heterogeneity weights are the diagonal of ω_p (Eq. (13)),
 * one per value of a, stored in one flat ω at `weightStart`.
 */
export interface KernelSpace {
  attribute: number;
  kind: CouplingSpace['kind'];
  kernel: KernelSpec;
  /** Values of the attribute. */
  m: number;
  /** K_p, m × m row-major. */
  K: Float64Array;
  /** Where ω_p's m weights start in the flat ω. */
  weightStart: number;
}

export interface KernelSpaces {
  spaces: KernelSpace[];
  /** Total number of heterogeneity weights n_ω = Σ_p m_p. */
  nWeights: number;
  /** The coupling spaces the kernels were computed on (for the CLI's `--spaces`). */
  coupling: CouplingSpace[];
  /** Spaces of each attribute, in order (intra kernels, then inter kernels). */
  byAttribute: number[][];
  /**
   * Per attribute, its spaces' kernel matrices side by side: m × (P·m) row-major, column
   * c = (space i of the attribute)·m + x standing for weight attributeStart[a] + c — an attribute's
   * weights are contiguous in ω. Row u is value u's vector before weighting (Eq. (21)).
   */
  attributeKernels: Float64Array[];
  attributeStart: Int32Array;
}

export function kernelSpaces(
  c: Cooccurrence,
  nRows: number,
  kernels: readonly KernelSpec[],
  normalise = false,
): KernelSpaces {
  if (kernels.length === 0) throw new RangeError('UNTIE needs at least one kernel');
  const coupling = couplingSpaces(c, nRows);
  const spaces: KernelSpace[] = [];
  const byAttribute: number[][] = c.sizes.length ? Array.from(c.sizes, () => []) : [];
  let nWeights = 0;
  for (const space of coupling) {
    const m = c.sizes[space.attribute] as number;
    for (const kernel of kernels) {
      byAttribute[space.attribute]?.push(spaces.length);
      spaces.push({
        attribute: space.attribute,
        kind: space.kind,
        kernel,
        m,
        K: kernelMatrix(space.vectors, m, space.dims, kernel, normalise),
        weightStart: nWeights,
      });
      nWeights += m;
    }
  }
  const attributeStart = Int32Array.from(
    byAttribute,
    (ps) => spaces[ps[0] ?? -1]?.weightStart ?? nWeights,
  );
  const attributeKernels = byAttribute.map((ps) => {
    const m = spaces[ps[0] ?? -1]?.m ?? 0;
    const width = ps.length * m;
    const out = new Float64Array(m * width);
    ps.forEach((p, i) => {
      const K = (spaces[p] as KernelSpace).K;
      for (let u = 0; u < m; u++)
        for (let x = 0; x < m; x++) out[u * width + i * m + x] = K[u * m + x] as number;
    });
    return out;
  });
  return { spaces, nWeights, coupling, byAttribute, attributeKernels, attributeStart };
}

/** "Color · inter · Gaussian σ = 2^-1" */
export function spaceName(space: KernelSpace, attributeName: string): string {
  return `${attributeName} · ${space.kind} · ${kernelName(space.kernel)}`;
}
