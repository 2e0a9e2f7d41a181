import type { AttributeBlock, KernelSpaces } from './kernelSpaces.ts';

/**
 * UNTIE's `mkkm` learning (learning.ts): multiple kernel k-means (Huang, Chuang, Chen 2012,
 * Multiple kernel fuzzy clustering, IEEE TFS; Gönen, Margolin 2014, Localized data fusion for
 * kernel k-means, NIPS) in place of Eq. (22)'s per-value weights:
 *
 *   S = Σ_p β_p² S_p / τ_p,  Σ_p β_p = 1, β ≥ 0,
 *
 * S_p the object kernel of space p (K_p,iᵀK_p,j, Eq. (11) with T_p = I) and τ_p its centred trace
 * per object over all objects, so every space enters with unit variance (the kernel
 * normalisation MKKM assumes; without it the near-constant kernels, of tiny variance, would win).
 * With H fixed, Σ_p β_p² e_p (e_p = the normalised space's centred trace outside H, Eq. (17)'s
 * residual) is minimised under Σβ = 1 by β_p = (1/e_p) / Σ_q (1/e_q): the closed form of both
 * papers. On mini-batches e_p is a noisy estimate, so β is taken from a running mean of e_p (the
 * mean so far over the first 100 iterations, then an exponential mean of memory 100).
 *
 * Departures from the paper, stated: one weight per kernel space (β_p; the per-value α_p of
 * Eq. (9) are 1), and a space whose kernel is constant over the objects (τ_p = 0: the intra
 * polynomial kernels once k(x, x) = 1) gets weight 0 — it adds a constant to S, which moves no
 * partition. ω_c = (n β_p)²·τ̄/τ_p for the n non-constant spaces (τ̄ their mean τ), so uniform β
 * gives weights about 1.
 */
export interface MkkmState {
  /** τ_p per space (0: constant). */
  variance: Float64Array;
  /** Running mean of e_p per space. */
  residual: Float64Array;
  /** The current β. */
  beta: Float64Array;
}

const MEMORY = 100;

export function mkkmState(spaces: KernelSpaces): MkkmState {
  const n = spaces.spaces.length;
  return {
    variance: spaceVariances(spaces),
    residual: new Float64Array(n),
    beta: new Float64Array(n),
  };
}

/**
 * τ_p for every space: Σ_x Var_objects(K_p[v_o, x]) = Σ_x (Σ_u f_u K_p[u, x]² − (Σ_u f_u
 * K_p[u, x])²), f_u the share of objects holding value u (one column per class of values).
 */
export function spaceVariances(spaces: KernelSpaces): Float64Array {
  return Float64Array.from(spaces.spaces, (space) => {
    const { rows, width } = spaces.blocks[space.attribute] as AttributeBlock;
    const shares = spaces.shares[space.attribute] as Float64Array;
    const d = space.classes.count;
    const valuesOf = new Float64Array(d);
    for (const g of space.classes.of) valuesOf[g] = (valuesOf[g] as number) + 1;
    let total = 0;
    for (let h = 0; h < d; h++) {
      let sum = 0;
      let squares = 0;
      for (let u = 0; u < space.m; u++) {
        const k = rows[u * width + space.column + h] as number;
        sum += (shares[u] as number) * k;
        squares += (shares[u] as number) * k * k;
      }
      total += (valuesOf[h] as number) * Math.max(0, squares - sum * sum);
    }
    // Round-off of a constant kernel (1 − 1²) is not variance.
    return total > 1e-12 ? total : 0;
  });
}

/**
 * One MKKM iteration on a batch: e_p = Σ_{c ∈ p} ã_c / τ_p from the centred coefficients
 * (ã_c of weightCoefficients: H depends on the current ω, ã_c not on ω_c's scale), its running
 * mean, then β and ω by the closed form. Returns the batch's loss, the
 * share of S's centred trace outside H (Σω ã / Σω t̃), and Eq. (22)'s raw value.
 */
export function mkkmUpdate(
  state: MkkmState,
  spaces: KernelSpaces,
  a: Float64Array,
  t: Float64Array,
  weights: Float64Array,
  it: number,
): [number, number] {
  const { variance, residual } = state;
  let A = 0;
  let T = 0;
  const rate = Math.max(1 / (it + 1), 1 / MEMORY);
  spaces.spaces.forEach((space, p) => {
    let ap = 0;
    for (let x = space.weightStart; x < space.weightStart + space.m; x++) {
      A += (weights[x] as number) * (a[x] as number);
      T += (weights[x] as number) * (t[x] as number);
      ap += a[x] as number;
    }
    const tau = variance[p] as number;
    if (tau > 0) residual[p] = (1 - rate) * (residual[p] as number) + (rate * ap) / tau;
  });
  closedForm(state, spaces, weights);
  return [T > 0 ? A / T : 0, A];
}

/** β_p ∝ 1/e_p over the spaces of non-zero variance (Σβ = 1), ω_c = (n β_p)²·τ̄/τ_p. */
function closedForm(state: MkkmState, spaces: KernelSpaces, weights: Float64Array): void {
  const { variance, residual, beta } = state;
  let count = 0;
  let meanVariance = 0;
  let largest = 0;
  for (let p = 0; p < variance.length; p++)
    if ((variance[p] as number) > 0) {
      count++;
      meanVariance += variance[p] as number;
      largest = Math.max(largest, residual[p] as number);
    }
  if (count === 0 || largest <= 0) return;
  meanVariance /= count;
  // A space entirely inside H (e_p = 0) would take every weight; floor e_p at 1e-9 of the largest.
  const floor = 1e-9 * largest;
  let inverseSum = 0;
  for (let p = 0; p < variance.length; p++)
    if ((variance[p] as number) > 0) inverseSum += 1 / Math.max(residual[p] as number, floor);
  spaces.spaces.forEach((space, p) => {
    const tau = variance[p] as number;
    beta[p] = tau > 0 ? 1 / Math.max(residual[p] as number, floor) / inverseSum : 0;
    const w = tau > 0 ? (count * (beta[p] as number)) ** 2 * (meanVariance / tau) : 0;
    weights.fill(w, space.weightStart, space.weightStart + space.m);
  });
}
