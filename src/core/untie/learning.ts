import type { Progress, Steps } from '../jobs.ts';
import { symmetricEigen } from '../linalg/pca.ts';
import { createRandom, shuffleFront } from '../random.ts';
import type { KernelSpaces } from './kernelSpaces.ts';

/**
 * UNTIE's heterogeneity learning (seed 004 Sec. 4.4-4.5, Alg. 1 steps 3-11): learn the diagonal
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
export interface LearningOptions {
  clusters: number;
  iterations: number;
  batch: number;
  learningRate: number;
  tolerance: number;
  seed: number;
}

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
  const { iterations, learningRate, tolerance } = options;
  const b = Math.min(options.batch, nObjects);
  const nc = Math.max(1, Math.min(options.clusters, b - 1));
  const nW = spaces.nWeights;
  const weights = new Float64Array(nW).fill(1); // Alg. 1 step 3: α = β = 1
  const first = new Float64Array(nW);
  const second = new Float64Array(nW);
  const a = new Float64Array(nW);
  const t = new Float64Array(nW);
  const grad = new Float64Array(nW);
  const next = new Float64Array(nW);
  const loss = new Float64Array(iterations);
  const rawLoss = new Float64Array(iterations);
  const rng = createRandom(options.seed);
  const pool = Int32Array.from({ length: nObjects }, (_, i) => i);
  const S = new Float64Array(b * b);
  const M = new Float64Array(b * b);
  const scratch = createScratch(spaces, b);
  let done = 0;
  let stopped: LearningResult['stopped'] = 'iterations';
  for (let it = 0; it < iterations; it++) {
    let batch: Int32Array;
    if (batchOf) batch = batchOf(it);
    else {
      shuffleFront(pool, b, rng);
      batch = pool.subarray(0, b);
    }
    if (batch.length !== b)
      throw new RangeError(`batch ${it} has ${batch.length} objects, not ${b}`);
    batchKernel(spaces, codes, batch, weights, S, scratch);
    // (1) H = the n_c leading eigenvectors of the batch's S (Eq. (17)); M = I − HHᵀ.
    const eigen = symmetricEigen(S, b);
    for (let r = 0; r < b; r++)
      for (let s = 0; s < b; s++) {
        let h = 0;
        for (let q = 0; q < nc; q++)
          h += (eigen.vectors[r * b + q] as number) * (eigen.vectors[s * b + q] as number);
        M[r * b + s] = (r === s ? 1 : 0) - h;
      }
    // (2) With H fixed: a_c = φ_cᵀ M φ_c and t_c = φ_cᵀ φ_c per weight c.
    weightCoefficients(spaces, codes, batch, M, a, t, scratch);
    const [A, T] = objective(weights, a, t);
    const L = T > 0 ? A / T : 0;
    loss[it] = L;
    rawLoss[it] = A;
    done = it + 1;
    if (T > 0) {
      for (let c = 0; c < nW; c++) grad[c] = ((a[c] as number) - L * (t[c] as number)) / T;
      adamStep(weights, grad, first, second, it + 1, learningRate, a, t, L, next);
    }
    if (tolerance > 0 && done >= 2 * WINDOW && done % WINDOW === 0) {
      const change = Math.abs(
        windowMean(loss, done - WINDOW) - windowMean(loss, done - 2 * WINDOW),
      );
      if (change < tolerance) {
        stopped = 'converged';
        break;
      }
    }
    if (it % 10 === 9 || it === iterations - 1) {
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

/**
 * S on the batch (Eq. (19) restricted to b objects): Σ_p Σ_t ω_pt K_p[u_r, t]·K_p[u_s, t], per
 * attribute over its side-by-side kernels (KernelSpaces.attributeKernels). An attribute with few
 * values (m² < b²/2) first sums them into its value table G_a = Σ_p K_p ω_p K_p (m × m, as
 * Eq. (18)'s on-demand similarity does) and reads one cell per pair; one with many values sums
 * over its columns pair by pair.
 */
export function batchKernel(
  spaces: KernelSpaces,
  codes: readonly Int32Array[],
  batch: Int32Array,
  weights: Float64Array,
  S: Float64Array,
  scratch: Scratch = createScratch(spaces, batch.length),
): void {
  const b = batch.length;
  S.fill(0);
  const { u } = scratch;
  spaces.attributeKernels.forEach((Kcat, attribute) => {
    const column = codes[attribute] as Int32Array;
    for (let r = 0; r < b; r++) u[r] = column[batch[r] as number] as number;
    const m = spaces.spaces[spaces.byAttribute[attribute]?.[0] ?? -1]?.m ?? 0;
    const width = m > 0 ? Kcat.length / m : 0;
    const w0 = spaces.attributeStart[attribute] as number;
    if (m * m < (b * b) / 2) {
      const G = scratch.G.subarray(0, m * m);
      G.fill(0);
      addGram(Kcat, m, width, weights, w0, G);
      for (let r = 0; r < b; r++) {
        const row = (u[r] as number) * m;
        for (let s = r; s < b; s++)
          S[r * b + s] = (S[r * b + s] as number) + (G[row + (u[s] as number)] as number);
      }
      return;
    }
    for (let r = 0; r < b; r++) {
      const ur = (u[r] as number) * width;
      for (let s = r; s < b; s++) {
        const us = (u[s] as number) * width;
        let sum = 0;
        for (let c = 0; c < width; c++)
          sum += (weights[w0 + c] as number) * (Kcat[ur + c] as number) * (Kcat[us + c] as number);
        S[r * b + s] = (S[r * b + s] as number) + sum;
      }
    }
  });
  for (let r = 0; r < b; r++) for (let s = 0; s < r; s++) S[r * b + s] = S[s * b + r] as number;
}

/**
 * G += Σ_c ω_c·Kcat[·, c]·Kcat[·, c]ᵀ over an attribute's m × width side-by-side kernels, i.e.
 * G_a = Σ_p K_p ω_p K_p (K_p symmetric), its value table of s(·,·) (Eq. (18)).
 */
export function addGram(
  Kcat: Float64Array,
  m: number,
  width: number,
  weights: Float64Array,
  w0: number,
  G: Float64Array,
): void {
  for (let c = 0; c < width; c++) {
    const w = weights[w0 + c] as number;
    if (w === 0) continue;
    for (let u = 0; u < m; u++) {
      const ku = w * (Kcat[u * width + c] as number);
      if (ku === 0) continue;
      for (let v = 0; v < m; v++)
        G[u * m + v] = (G[u * m + v] as number) + ku * (Kcat[v * width + c] as number);
    }
  }
}

/**
 * a_c = φ_cᵀ M φ_c and t_c = φ_cᵀ φ_c for every weight c, φ_c being column c of the attribute's
 * side-by-side kernels over the batch. Objects sharing a value share φ entries, so M is first
 * summed over value pairs (M_a[u, w] = Σ_{u_r = u, u_s = w} M[r, s]) per attribute.
 */
function weightCoefficients(
  spaces: KernelSpaces,
  codes: readonly Int32Array[],
  batch: Int32Array,
  M: Float64Array,
  a: Float64Array,
  t: Float64Array,
  scratch: Scratch,
): void {
  const b = batch.length;
  const { local, present, index, Ma, count } = scratch;
  spaces.attributeKernels.forEach((Kcat, attribute) => {
    const column = codes[attribute] as Int32Array;
    let q = 0;
    for (let r = 0; r < b; r++) {
      const u = column[batch[r] as number] as number;
      let i = index[u] as number;
      if (i < 0) {
        i = q++;
        index[u] = i;
        present[i] = u;
      }
      local[r] = i;
    }
    for (let i = 0; i < q; i++) index[present[i] as number] = -1;
    Ma.fill(0, 0, q * q);
    count.fill(0, 0, q);
    for (let r = 0; r < b; r++) {
      const lr = local[r] as number;
      count[lr] = (count[lr] as number) + 1;
      for (let s = 0; s < b; s++) {
        const cell = lr * q + (local[s] as number);
        Ma[cell] = (Ma[cell] as number) + (M[r * b + s] as number);
      }
    }
    const m = spaces.spaces[spaces.byAttribute[attribute]?.[0] ?? -1]?.m ?? 0;
    const width = m > 0 ? Kcat.length / m : 0;
    const w0 = spaces.attributeStart[attribute] as number;
    for (let c = 0; c < width; c++) {
      let ac = 0;
      let tc = 0;
      for (let i = 0; i < q; i++) {
        const ki = Kcat[(present[i] as number) * width + c] as number;
        if (ki === 0) continue;
        tc += (count[i] as number) * ki * ki;
        let row = 0;
        for (let j = 0; j < q; j++)
          row += (Ma[i * q + j] as number) * (Kcat[(present[j] as number) * width + c] as number);
        ac += ki * row;
      }
      a[w0 + c] = ac;
      t[w0 + c] = tc;
    }
  });
}

/** Work arrays of one training run, allocated once (wide tables have thousands of attributes). */
interface Scratch {
  u: Int32Array;
  local: Int32Array;
  present: Int32Array;
  /** −1 for every value, as a look-up from value to its place among the batch's values. */
  index: Int32Array;
  Ma: Float64Array;
  count: Float64Array;
  G: Float64Array;
}

export function createScratch(spaces: KernelSpaces, b: number): Scratch {
  const maxM = spaces.spaces.reduce((mx, s) => Math.max(mx, s.m), 0);
  return {
    u: new Int32Array(b),
    local: new Int32Array(b),
    present: new Int32Array(b),
    index: new Int32Array(maxM).fill(-1),
    Ma: new Float64Array(b * b),
    count: new Float64Array(b),
    G: new Float64Array(Math.min(maxM * maxM, b * b)),
  };
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
