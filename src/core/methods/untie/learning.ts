import type { UntieOptions } from './untie.ts';
import { pacer, type Progress, type Steps } from '../../base/jobs.ts';
import { symmetricEigen } from '../../linalg/pca.ts';
import { createRandom, shuffleFront } from '../../base/random.ts';
import {
  batchKernel,
  centreGram,
  createScratch,
  iterationWork,
  weightCoefficients,
} from './batch.ts';
import type { KernelSpaces } from './kernelSpaces.ts';
import { fullDataCoefficients, fullDataState, fullDataWork } from './fullData.ts';
import { mkkmState, mkkmUpdate, type MkkmState } from './mkkm.ts';
import { internal } from '../../base/errors.ts';

export { batchKernel } from './batch.ts';

/**
 * UNTIE's heterogeneity learning (UNTIE, Zhu et al. 2022, Sec. 4.4-4.5, Alg. 1 steps 3-11): learn the diagonal
 * weights ω (Eq. (13): ω_p = β_p·T_pᵀT_p, one weight per value per kernel space) of the wrapper
 * kernel S_ij = Σ_p K_p,iᵀ ω_p K_p,j (Eq. (18)) by alternating
 *   (1) H = the n_c leading eigenvectors of S (Eq. (17)), and
 *   (2) an Adam step on ω for the kernel k-means loss with H fixed (Eq. (22)),
 * on mini-batches of objects (the paper: Adam, learning rate 1e-3, batch 20, 1,000 iterations).
 *
 * Where we go beyond the paper's text, and why:
 * - Batches. Each iteration draws b objects (seeded) and works on their b × b block of S (all b²
 *   object pairs): both the eigen step and the gradient use only that block, so S is never built
 *   over all objects. This is the cost the paper states for stochastic UNTIE, O(n_b³ + n_b·n_ω)
 *   per iteration (Sec. 5.5): the eigen step is on the batch's sample of S.
 * - Scale-free loss. With H fixed, Eq. (22) is linear in ω with non-negative coefficients
 *   (a_c = φ_cᵀ(I − HHᵀ)φ_c ≥ 0, I − HHᵀ being a projection), so its minimum under ω ≥ 0 is
 *   ω = 0, and Adam, whose steps do not depend on the gradient's size, would shrink every weight
 *   alike. We minimise the share of S's trace left outside the n_c leading directions,
 *   Tr(S(I − HHᵀ)) / Tr(S), which is Eq. (22) divided by Tr(S): the same H minimises both, and it
 *   is unchanged when ω is scaled, so the weights move only relative to one another. The raw
 *   Eq. (22) value is reported beside it.
 * - ω ≥ 0 by projection: after each step, negative weights are set to 0 (β_p ≥ 0, Sec. 4.3).
 * - A guarded step: with H fixed the batch loss is a ratio of two linear functions of ω, cheap to
 *   evaluate, so a step that would raise it is halved (up to 20 times; the Adam moments are
 *   kept). With the same batch every iteration the loss therefore never increases (the eigen step
 *   is the exact minimiser over H).
 * - Stopping: Alg. 1 stops when the loss changes by less than δ. Batch losses are noisy, so with
 *   δ > 0 we compare the mean loss of consecutive windows of 50 iterations; δ = 0 (the default)
 *   runs the given number of iterations (the paper's 1,000).
 */
/**
 * How ω is learned from each batch (the `learning` option; results/untie-variants.md measures
 * them against UNTIE kernels with ω = 1, no learning):
 * - `trace-ratio` (UNTIE until issue 31): the scale-free loss Tr(S(I − HHᵀ))/Tr(S) on the batch's
 *   S as it is, Adam on every ω. It drifts: a column constant over the batch lies in S's leading
 *   eigenvector (the batch mean), so a_c ≈ 0 and the near-constant kernels (the widest Gaussians,
 *   and the intra polynomials once k(x, x) = 1) gain weight while the narrow inter Gaussians
 *   that separate values lose it.
 * - `centred`: the same Adam steps on S centred over the batch (JSJ; kernel k-means is
 *   unchanged by centring in feature space) with the linear program of Eq. (22) written out:
 *   minimise Σ_c ω_c ã_c subject to ω ≥ 0 and Σ_c ω_c t̃_c = Σ_c t̃_c (the batch's centred trace
 *   held at its ω = 1 value — the only linear constraint under which Eq. (22) is bounded without
 *   rewarding columns of no variance). A constant column has ã = t̃ = 0 and stays where it is.
 * - `mkkm`: multiple kernel k-means (Huang, Chuang, Chen 2012; Gönen, Margolin 2014): one β_p per
 *   kernel space, ω_p = β_p² on its kernel normalised to unit centred trace over all objects,
 *   Σβ = 1; with H fixed the minimiser is β_p ∝ 1/e_p, e_p the normalised kernel's share of
 *   variance outside H (mkkm.ts). One weight per space, not per value (α = 1): a departure from
 *   Eq. (13), stated.
 * - `full`: `centred` on all objects at once — H the n_c leading eigenvectors of the whole
 *   centred S (Eq. (20) as printed, no batches; fullData.ts), so the learning does not depend on
 *   a seed's batches. The paper's Sec. 5.5 prices this route at O(n_o³) and takes mini-batches
 *   instead; through S = E G Eᵀ it costs O(n·n_a·n_c) per iteration here.
 */
export const LEARNINGS = ['trace-ratio', 'centred', 'mkkm', 'full'] as const;
export type Learning = (typeof LEARNINGS)[number];

/**
 * The learning's options, as UNTIE_PARAMETERS describes them. `learning` has no default here:
 * the parameter table holds it (issue 49: one declaration per fact; a direct call used to fall
 * back on trace-ratio where the table says centred), so a direct call (tests, benches) names it.
 */
export type LearningOptions = Pick<
  UntieOptions,
  'clusters' | 'iterations' | 'batch' | 'learningRate' | 'tolerance' | 'seed' | 'learning'
>;

export interface LearningResult {
  /** The learned heterogeneity weights, n_ω. */
  weights: Float64Array;
  /** Scale-free loss Tr(S(I − HHᵀ))/Tr(S) of each iteration's batch, before its step. */
  loss: Float64Array;
  /** Eq. (22) as printed, Tr(S(I − HHᵀ)), of each iteration's batch. */
  rawLoss: Float64Array;
  iterations: number;
  /** Why training ended. */
  stopped: 'iterations' | 'converged';
}

/** A running UNTIE's state: the loss so far and the current weights (copies). */
export interface TrainingSnapshot {
  iteration: number;
  iterations: number;
  loss: Float64Array;
  weights: Float64Array;
}

/** Progress of a running UNTIE, carrying its training so far. */
export interface TrainingProgress extends Progress {
  training?: TrainingSnapshot;
}

const BETA1 = 0.9;
const BETA2 = 0.999;
const EPSILON = 1e-8;
const WINDOW = 50;

export function* learnHeterogeneity(
  spaces: KernelSpaces,
  codes: readonly Int32Array[],
  nObjects: number,
  options: LearningOptions,
  /** Tests: the batch of each iteration (default: a seeded uniform sample). */
  batchOf?: (iteration: number) => Int32Array,
): Steps<LearningResult> {
  const { iterations, tolerance } = options;
  const { learning } = options;
  const centred = learning !== 'trace-ratio';
  // The full-data learning has no batches: the loop's batch is then a token of 2 objects.
  const b = learning === 'full' ? 2 : Math.min(options.batch, nObjects);
  const nc = Math.max(1, Math.min(options.clusters, b - 1));
  const state = learningState(spaces, iterations, learning);
  const rng = createRandom(options.seed);
  const pool = Int32Array.from({ length: nObjects }, (_, i) => i);
  const S = new Float64Array(b * b);
  const scratch = createScratch(spaces, b, nc);
  const full =
    learning === 'full'
      ? fullDataState(
          spaces,
          codes.map((_, a) => spaces.shares[a]?.length ?? 0),
          nObjects,
          Math.max(1, Math.min(options.clusters, nObjects - 1)),
          options.seed,
        )
      : null;
  // A progress report (and the snapshot it carries) every 10 iterations, and more often when
  // iterations are slow.
  const pace = pacer(1 << 26);
  const work = full
    ? fullDataWork(spaces, full.sizes, nObjects, full.nc)
    : iterationWork(spaces, b, nc);
  const { weights, loss, rawLoss, a, t } = state;
  let done = 0;
  let stopped: LearningResult['stopped'] = 'iterations';
  for (let it = 0; it < iterations; it++) {
    let batch: Int32Array;
    if (batchOf) batch = batchOf(it);
    else {
      shuffleFront(pool, b, rng);
      batch = pool.subarray(0, b);
    }
    if (batch.length !== b) throw internal(`batch ${it} has ${batch.length} objects, not ${b}`);
    if (full) fullDataCoefficients(full, spaces, codes, weights, a, t);
    else {
      batchKernel(spaces, codes, batch, weights, S, scratch);
      if (centred) centreGram(S, b);
      // (1) H = the n_c leading eigenvectors of the batch's S (Eq. (17)).
      const eigen = symmetricEigen(S, b);
      // (2) With H fixed: a_c = φ_cᵀ(I − HHᵀ)φ_c and t_c = φ_cᵀ φ_c per weight c.
      weightCoefficients(spaces, codes, batch, eigen.vectors, nc, a, t, scratch, centred);
    }
    const [L, raw] =
      learning === 'mkkm'
        ? mkkmUpdate(state.mkkm as MkkmState, spaces, a, t, weights, it)
        : adamUpdate(state, options.learningRate, it, centred);
    loss[it] = L;
    rawLoss[it] = raw;
    done = it + 1;
    if (tolerance > 0 && done >= 2 * WINDOW && done % WINDOW === 0) {
      const change = Math.abs(
        windowMean(loss, done - WINDOW) - windowMean(loss, done - 2 * WINDOW),
      );
      if (change < tolerance) {
        stopped = 'converged';
        break;
      }
    }
    if (pace(work) || it % 10 === 9 || it === iterations - 1) {
      const progress: TrainingProgress = {
        fraction: (it + 1) / iterations,
        message: `iteration ${it + 1} of ${iterations}, loss ${L.toFixed(4)}`,
        training: {
          iteration: it + 1,
          iterations,
          loss: loss.slice(0, it + 1),
          weights: weights.slice(),
        },
      };
      yield progress;
    }
  }
  return {
    weights,
    loss: loss.slice(0, done),
    rawLoss: rawLoss.slice(0, done),
    iterations: done,
    stopped,
  };
}

/** The arrays one training run works in, allocated once. */
interface LearningState {
  weights: Float64Array;
  loss: Float64Array;
  rawLoss: Float64Array;
  a: Float64Array;
  t: Float64Array;
  grad: Float64Array;
  first: Float64Array;
  second: Float64Array;
  next: Float64Array;
  mkkm: MkkmState | null;
}

function learningState(
  spaces: KernelSpaces,
  iterations: number,
  learning: Learning,
): LearningState {
  const nW = spaces.nWeights;
  return {
    weights: new Float64Array(nW).fill(1), // Alg. 1 step 3: α = β = 1
    loss: new Float64Array(iterations),
    rawLoss: new Float64Array(iterations),
    a: new Float64Array(nW),
    t: new Float64Array(nW),
    grad: new Float64Array(nW),
    first: new Float64Array(nW),
    second: new Float64Array(nW),
    next: new Float64Array(nW),
    mkkm: learning === 'mkkm' ? mkkmState(spaces) : null,
  };
}

/**
 * One Adam step on L = Σω a / Σω t (the trace-ratio and centred learnings): ∂L/∂ω_c =
 * (a_c − L·t_c)/T. With `constrained` (centred), ω is then rescaled onto the linear program's
 * constraint Σ_c ω_c t_c = Σ_c t_c, which leaves L unchanged (L is scale-free). Returns the loss
 * before the step and Eq. (22)'s raw value.
 */
function adamUpdate(
  state: LearningState,
  learningRate: number,
  it: number,
  constrained: boolean,
): [number, number] {
  const { weights, a, t, grad, first, second, next } = state;
  const [A, T] = objective(weights, a, t);
  const L = T > 0 ? A / T : 0;
  if (T > 0) {
    for (let c = 0; c < weights.length; c++)
      grad[c] = ((a[c] as number) - L * (t[c] as number)) / T;
    adamStep(weights, grad, first, second, it + 1, learningRate, a, t, L, next);
  }
  if (constrained) {
    const [, after] = objective(weights, a, t);
    let target = 0;
    for (let c = 0; c < t.length; c++) target += t[c] as number;
    if (after > 0 && target > 0)
      for (let c = 0; c < weights.length; c++)
        weights[c] = (weights[c] as number) * (target / after);
  }
  return [L, A];
}

function objective(weights: Float64Array, a: Float64Array, t: Float64Array): [number, number] {
  let A = 0;
  let T = 0;
  for (let c = 0; c < weights.length; c++) {
    A += (weights[c] as number) * (a[c] as number);
    T += (weights[c] as number) * (t[c] as number);
  }
  return [A, T];
}

/** One Adam step (Kingma & Ba; TensorFlow's defaults β1 0.9, β2 0.999, ε 1e-8), projected on ω ≥ 0, guarded. */
function adamStep(
  weights: Float64Array,
  grad: Float64Array,
  first: Float64Array,
  second: Float64Array,
  step: number,
  learningRate: number,
  a: Float64Array,
  t: Float64Array,
  current: number,
  next: Float64Array,
): void {
  const c1 = 1 - BETA1 ** step;
  const c2 = 1 - BETA2 ** step;
  for (let c = 0; c < weights.length; c++) {
    const g = grad[c] as number;
    first[c] = BETA1 * (first[c] as number) + (1 - BETA1) * g;
    second[c] = BETA2 * (second[c] as number) + (1 - BETA2) * g * g;
  }
  let scale = learningRate;
  for (let attempt = 0; attempt < 20; attempt++, scale /= 2) {
    for (let c = 0; c < weights.length; c++) {
      const move =
        (scale * ((first[c] as number) / c1)) / (Math.sqrt((second[c] as number) / c2) + EPSILON);
      next[c] = Math.max(0, (weights[c] as number) - move);
    }
    const [A, T] = objective(next, a, t);
    if (T > 0 && A / T <= current) {
      weights.set(next);
      return;
    }
  }
}

function windowMean(values: Float64Array, from: number): number {
  let sum = 0;
  for (let i = from; i < from + WINDOW; i++) sum += values[i] as number;
  return sum / WINDOW;
}
