import { pacer, runToEnd, type Steps } from '../../base/jobs.ts';
import { internal } from '../../base/errors.ts';

/**
 * The kernel set that maps each coupling space to kernel spaces (UNTIE, Zhu et al. 2022, Eq. (7), Sec. 6.1):
 * by default 11 Gaussian kernels k(x, y) = exp(−‖x − y‖² / (2σ²)) with σ = 2^−5 … 2^5 and the
 * polynomial kernels k(x, y) = (xᵀy)^d, d = 1, 2, 3 (d = 1 is the linear kernel of the paper's
 * watermelon example: k(yellow, yellow) = 17/18). The paper names the widths, not the exact
 * parameterisation; σ as the standard deviation is our reading, said here.
 */
export type KernelSpec =
  { kind: 'gaussian'; sigma: number } | { kind: 'polynomial'; degree: number };

export const GAUSSIAN_KERNELS: readonly KernelSpec[] = Array.from({ length: 11 }, (_, i) => ({
  kind: 'gaussian' as const,
  sigma: 2 ** (i - 5),
}));

export const POLYNOMIAL_KERNELS: readonly KernelSpec[] = [1, 2, 3].map((degree) => ({
  kind: 'polynomial' as const,
  degree,
}));

export const KERNEL_SETS: Readonly<
  Record<'default' | 'gaussian' | 'polynomial', readonly KernelSpec[]>
> = {
  default: [...GAUSSIAN_KERNELS, ...POLYNOMIAL_KERNELS],
  gaussian: GAUSSIAN_KERNELS,
  polynomial: POLYNOMIAL_KERNELS,
};

export function kernelName(k: KernelSpec): string {
  return k.kind === 'gaussian'
    ? `Gaussian σ = 2^${Math.round(Math.log2(k.sigma))}`
    : `polynomial d = ${k.degree}`;
}

/**
 * The kernel matrix of one coupling space (Eq. (7)): K[u][v] = k(m_u, m_v) over the space's
 * m value vectors (dims columns each), m × m row-major.
 *
 * `normalise` scales the kernel to unit self-similarity, k(x, y)/√(k(x, x)·k(y, y)) (0 where a
 * self-similarity is 0), the usual normalisation in multiple kernel learning. The paper does not
 * mention one; UNTIE uses it by default because without it the polynomial kernels of the inter
 * spaces (entries up to (D − 1)^3) outweigh every Gaussian kernel (entries ≤ 1) in Eq. (21)'s
 * vectors: k-means F-score on vote.csv's 232 complete rows 0.61 unnormalised, 0.89 normalised
 * (UNTIE, Zhu et al. 2022, Table 4: 90.51), zoo 0.46 against 0.66. Gaussian kernels are unchanged by it.
 */
export function kernelMatrix(
  vectors: Float64Array,
  m: number,
  dims: number,
  kernel: KernelSpec,
  normalise = false,
): Float64Array {
  const geometry = runToEnd(pairGeometrySteps(vectors, m, dims, [kernel]));
  return kernelFromGeometry(geometry, kernel, normalise);
}

/**
 * What the kernels of one space read of its m vectors: the squared distances ‖x − y‖² (for the
 * Gaussian kernels) and the dot products xᵀy (for the polynomial ones), m × m each, computed once
 * for all the kernels of the set instead of once per kernel.
 */
export interface PairGeometry {
  m: number;
  squaredDistance: Float64Array | null;
  dot: Float64Array | null;
}

export function* pairGeometrySteps(
  vectors: Float64Array,
  m: number,
  dims: number,
  kernels: readonly KernelSpec[],
): Steps<PairGeometry> {
  const needs = (kind: KernelSpec['kind']) => kernels.some((k) => k.kind === kind);
  const squaredDistance = needs('gaussian') ? new Float64Array(m * m) : null;
  const dot = needs('polynomial') ? new Float64Array(m * m) : null;
  const pace = pacer(1 << 24);
  for (let u = 0; u < m; u++) {
    for (let v = u; v < m; v++) {
      if (squaredDistance) {
        let d2 = 0;
        for (let t = 0; t < dims; t++) {
          const diff = (vectors[u * dims + t] as number) - (vectors[v * dims + t] as number);
          d2 += diff * diff;
        }
        squaredDistance[u * m + v] = d2;
        squaredDistance[v * m + u] = d2;
      }
      if (dot) {
        let xy = 0;
        for (let t = 0; t < dims; t++)
          xy += (vectors[u * dims + t] as number) * (vectors[v * dims + t] as number);
        dot[u * m + v] = xy;
        dot[v * m + u] = xy;
      }
    }
    if (pace((m - u) * dims))
      yield { fraction: (u + 1) / m, message: `kernel distances, value ${u + 1} of ${m}` };
  }
  return { m, squaredDistance, dot };
}

/**
 * One kernel's matrix from the space's pair geometry (see kernelMatrix). `distanceScale` divides
 * the squared distances of the Gaussian kernels (1: σ is an absolute width; see bandwidthScale).
 */
export function kernelFromGeometry(
  geometry: PairGeometry,
  kernel: KernelSpec,
  normalise = false,
  distanceScale = 1,
): Float64Array {
  const { m } = geometry;
  const source = kernel.kind === 'gaussian' ? geometry.squaredDistance : geometry.dot;
  if (!source) throw internal(`no pair geometry for the ${kernel.kind} kernel`);
  const K = new Float64Array(m * m);
  if (kernel.kind === 'gaussian') {
    const scale = 2 * kernel.sigma * kernel.sigma * distanceScale;
    for (let c = 0; c < m * m; c++) K[c] = Math.exp(-(source[c] as number) / scale);
  } else for (let c = 0; c < m * m; c++) K[c] = (source[c] as number) ** kernel.degree;
  if (normalise) {
    const diag = Float64Array.from({ length: m }, (_, u) => Math.sqrt(K[u * m + u] as number));
    for (let u = 0; u < m; u++)
      for (let v = 0; v < m; v++) {
        const d = (diag[u] as number) * (diag[v] as number);
        K[u * m + v] = d > 0 ? (K[u * m + v] as number) / d : 0;
      }
  }
  return K;
}

/**
 * How σ reads (the `bandwidth` option of UNTIE). The paper names the widths 2^−5 … 2^5 (Sec.
 * 6.1.4) but not what they are relative to:
 * - `absolute`: exp(−‖x − y‖² / (2σ²)), σ a standard deviation in the coupling space's own units.
 *   An intra space holds frequencies (distances below 1) and an inter space conditional
 *   probabilities, so σ ≥ 2² gives kernels near 1 everywhere (near-constant columns) and
 *   σ ≤ 2^−3 near-identity kernels, whatever the attribute.
 * - `scaled`: the squared distances divided first by the space's mean squared distance between
 *   two objects' vectors, Σ_g Σ_h f_g f_h ‖x_g − x_h‖² (f the share of objects holding each
 *   vector), so σ = 1 is the space's typical spread and the 11 widths span it alike in every
 *   space (a bandwidth, as the median heuristic of kernel methods, with frequencies as weights).
 */
export type Bandwidth = 'absolute' | 'scaled';

/**
 * The divisor of the squared distances under `scaled` (see Bandwidth): the frequency-weighted
 * mean of the d × d squared distances between a space's distinct vectors; 1 when every object
 * holds the same vector (nothing to scale).
 */
export function bandwidthScale(squaredDistance: Float64Array, shares: Float64Array): number {
  const d = shares.length;
  let mean = 0;
  for (let g = 0; g < d; g++)
    for (let h = 0; h < d; h++)
      mean +=
        (shares[g] as number) * (shares[h] as number) * (squaredDistance[g * d + h] as number);
  return mean > 0 ? mean : 1;
}
