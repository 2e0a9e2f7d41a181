/**
 * Block Lanczos: the algebraically largest eigenpairs of a symmetric matrix given only as a
 * matrix-vector product (classical MDS applies its double-centred matrix this way, never forming
 * it). Also the small vector operations it shares with its callers.
 */
import type { Steps } from '../base/jobs.ts';
import { runToEnd } from '../base/jobs.ts';
import { createRandom, type Random, validateSeed } from '../base/random.ts';
import { symmetricEigen } from './pca.ts';
import { internal } from '../base/errors.ts';

/** out := A x for a symmetric A (out and x never alias). */
export type SymmetricOperator = (x: Float64Array, out: Float64Array) => void;

export interface TopEigen {
  /** Decreasing (algebraic). */
  values: Float64Array;
  /** values.length unit vectors; the largest-magnitude entry of each is positive. */
  vectors: Float64Array[];
}

export interface LanczosOptions {
  /** Eigenpairs wanted, the algebraically largest (default 2). */
  count?: number;
  /** Block size (default = count, so multiple eigenvalues among the top `count` are found). */
  block?: number;
  /** Largest basis (default min(dimension, 300)). */
  maxBasis?: number;
  /** Converged when ‖A x − θ x‖ ≤ tolerance · ‖T‖ for every wanted Ritz pair (default 1e-10). */
  tolerance?: number;
  seed?: number;
  /**
   * The operator annihilates the constant vector and maps into its complement (as a double-
   * centred matrix does): the search stays orthogonal to 1, whose eigenvalue 0 is never returned.
   */
  centred?: boolean;
}

export interface LanczosResult extends TopEigen {
  converged: boolean;
  /** Basis size (= operator applications). */
  basis: number;
}

interface ResolvedLanczosOptions {
  count: number;
  centred: boolean;
  block: number;
  maxBasis: number;
  tolerance: number;
  rng: Random;
}

/** The Krylov basis grown so far. */
interface KrylovBasis {
  /** Orthonormal basis vectors q_j. */
  Q: Float64Array[];
  /** Their images A q_j. */
  AQ: Float64Array[];
  /** T = Qᵀ A Q, row-major with a stride of `stride` (the largest basis). */
  T: Float64Array;
  stride: number;
}

/**
 * Top eigenpairs of a symmetric operator by block Lanczos with full reorthogonalisation: an
 * orthonormal basis Q of the block Krylov space span{Q₀, A Q₀, A² Q₀, …} grown one vector at a
 * time (each new vector is A q_j orthogonalised against Q by classical Gram–Schmidt: first against
 * the few q_i with q_iᵀ A q_j ≠ 0 in exact arithmetic — those whose own A q_i was not yet in the
 * basis when q_j joined it — then against all of Q, once more if that still cancelled much),
 * Rayleigh–Ritz on T = Qᵀ A Q (its entries from the stored A Q, those that vanish in exact
 * arithmetic set to 0: T is banded; solved by ml-matrix), and a stop when the wanted Ritz pairs' residuals ‖A Q y − θ Q y‖ are small. A block (of size
 * `count`) rather than a single start vector finds repeated eigenvalues; when the Krylov space is
 * exhausted (an invariant subspace) the search continues from a fresh random vector.
 */
export function* blockLanczosSteps(
  apply: SymmetricOperator,
  n: number,
  options: LanczosOptions = {},
): Steps<LanczosResult> {
  const { count, centred, block, maxBasis, tolerance, rng } = resolveLanczosOptions(n, options);
  const basis: KrylovBasis = {
    Q: [],
    AQ: [],
    T: new Float64Array(maxBasis * maxBasis),
    stride: maxBasis,
  };
  const { Q, AQ } = basis;
  let expand = 0;
  // absorbed[i]: the basis size once A q_i was orthogonalised against it (A q_i lies in the span
  // of the first absorbed[i] vectors).
  const absorbed: number[] = [];
  let checkedAt = 0;
  let ritz: LanczosResult | null = null;
  while (Q.length < maxBasis) {
    const exhausted = Q.length >= block && expand >= Q.length;
    if (exhausted || due(Q.length, checkedAt, count)) {
      checkedAt = Q.length;
      ritz = rayleighRitz(basis, count, tolerance);
      if (ritz.converged) return ritz;
    }
    const fresh = Q.length < block || exhausted;
    const source = fresh ? -1 : expand++;
    const candidate = fresh ? randomVector(n, rng) : (AQ[source] as Float64Array).slice();
    if (centred) centre(candidate);
    // q_iᵀ A q_source = (A q_i)ᵀ q_source vanishes (exactly, in exact arithmetic) for every i
    // whose A q_i was absorbed before q_source joined: the first pass skips those.
    let window = 0;
    if (!fresh) while (window < source && (absorbed[window] as number) <= source) window++;
    const accepted = orthonormalise(candidate, Q, centred, window);
    if (!fresh) absorbed.push(Q.length + (accepted ? 1 : 0));
    if (!accepted) continue;
    // Likewise T's new column vanishes above the rows whose images are already absorbed.
    extendBasis(basis, candidate, apply, fresh ? expand : source);
    yield { fraction: Q.length / maxBasis, message: `Lanczos step ${Q.length}…` };
  }
  if (checkedAt !== Q.length || ritz === null) ritz = rayleighRitz(basis, count, tolerance);
  return ritz;
}

export function blockLanczos(
  apply: SymmetricOperator,
  n: number,
  options: LanczosOptions = {},
): LanczosResult {
  return runToEnd(blockLanczosSteps(apply, n, options));
}

/** Defaults and validation (the seed first, then the count). */
function resolveLanczosOptions(n: number, options: LanczosOptions): ResolvedLanczosOptions {
  const count = options.count ?? 2;
  const centred = options.centred ?? false;
  const dimension = centred ? n - 1 : n;
  const block = Math.min(options.block ?? count, dimension);
  const maxBasis = Math.min(dimension, options.maxBasis ?? 300);
  const tolerance = options.tolerance ?? 1e-10;
  const rng = createRandom(validateSeed(options.seed ?? 0));
  if (count < 1 || count > dimension)
    throw internal(`count must be from 1 to ${dimension}, got ${count}`);
  return { count, centred, block, maxBasis, tolerance, rng };
}

/** Check the Ritz pairs after every 2 new vectors while the basis is small, then every ~10 %. */
function due(size: number, checkedAt: number, count: number): boolean {
  if (size < count + 1) return false;
  return size - checkedAt >= Math.max(2, Math.floor(size / 10));
}

function randomVector(n: number, rng: Random): Float64Array {
  const v = new Float64Array(n);
  for (let i = 0; i < n; i++) v[i] = rng.next() - 0.5;
  return v;
}

/** aᵀ b. */
export function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}

function norm(a: Float64Array): number {
  return Math.sqrt(dot(a, a));
}

/** Subtracts the mean of x from every entry, in place (projects x onto the complement of 1). */
export function centre(x: Float64Array): void {
  let mean = 0;
  for (let i = 0; i < x.length; i++) mean += x[i] as number;
  mean /= x.length || 1;
  for (let i = 0; i < x.length; i++) x[i] = (x[i] as number) - mean;
}

/**
 * Orthogonalises v against the orthonormal Q (classical Gram–Schmidt: a pass against q_from …,
 * then one or two against all of Q) and normalises it; false when nothing independent is left
 * (|v| fell below 1e-10 of its original length).
 */
function orthonormalise(
  v: Float64Array,
  Q: Float64Array[],
  centred: boolean,
  from: number,
): boolean {
  const before = norm(v);
  if (!(before > 0)) return false;
  const coefficients = new Float64Array(Q.length);
  // First against q_from … (where v's weight is), then against all; a third pass if the second
  // still cancelled much of v (Daniel, Gragg, Kaufman & Stewart's criterion, 1/√2).
  let length = before;
  for (let pass = 0; pass < 3; pass++) {
    const first = pass === 0 ? from : 0;
    coefficients.fill(0);
    dotsWith(Q, first, Q.length, v, coefficients);
    subtractCombination(Q, coefficients, v, first);
    if (centred) centre(v);
    const now = norm(v);
    if (pass >= 1 && now > Math.SQRT1_2 * length) break;
    length = now;
  }
  const after = norm(v);
  if (!(after > 1e-10 * before)) return false;
  for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) / after;
  return true;
}

/**
 * out[j] := q_jᵀ v for j = from … to − 1, four basis vectors a sweep of v: each sum still runs
 * over i in order (the bits of `dot`), four independent ones at a time instead of one chain of
 * additions waiting on each other (most of a large Lanczos run's time was these sums).
 */
function dotsWith(
  Q: Float64Array[],
  from: number,
  to: number,
  v: Float64Array,
  out: Float64Array,
): void {
  const n = v.length;
  let j = from;
  for (; j + 3 < to; j += 4) {
    const q0 = Q[j] as Float64Array;
    const q1 = Q[j + 1] as Float64Array;
    const q2 = Q[j + 2] as Float64Array;
    const q3 = Q[j + 3] as Float64Array;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let i = 0; i < n; i++) {
      const x = v[i] as number;
      s0 += (q0[i] as number) * x;
      s1 += (q1[i] as number) * x;
      s2 += (q2[i] as number) * x;
      s3 += (q3[i] as number) * x;
    }
    out[j] = s0;
    out[j + 1] = s1;
    out[j + 2] = s2;
    out[j + 3] = s3;
  }
  for (; j < to; j++) out[j] = dot(Q[j] as Float64Array, v);
}

/**
 * v := v − Σ_j c_j q_j, the subtractions from each v_i in order of j (the bits of one vector at a
 * time), four vectors a sweep of v.
 */
function subtractCombination(
  Q: Float64Array[],
  c: Float64Array,
  v: Float64Array,
  from: number,
): void {
  const n = v.length;
  const k = Q.length;
  let j = from;
  for (; j + 3 < k; j += 4) {
    const q0 = Q[j] as Float64Array;
    const q1 = Q[j + 1] as Float64Array;
    const q2 = Q[j + 2] as Float64Array;
    const q3 = Q[j + 3] as Float64Array;
    const c0 = c[j] as number;
    const c1 = c[j + 1] as number;
    const c2 = c[j + 2] as number;
    const c3 = c[j + 3] as number;
    for (let i = 0; i < n; i++)
      v[i] =
        (v[i] as number) -
        c0 * (q0[i] as number) -
        c1 * (q1[i] as number) -
        c2 * (q2[i] as number) -
        c3 * (q3[i] as number);
  }
  for (; j < k; j++) {
    const q = Q[j] as Float64Array;
    const cj = c[j] as number;
    for (let i = 0; i < n; i++) v[i] = (v[i] as number) - cj * (q[i] as number);
  }
}

/** Appends the orthonormalised q and its image A q to the basis, filling T's new row and column. */
function extendBasis(
  basis: KrylovBasis,
  q: Float64Array,
  apply: SymmetricOperator,
  from: number,
): void {
  const { Q, AQ, T, stride } = basis;
  const image = new Float64Array(q.length);
  apply(q, image);
  const k = Q.length;
  const column = new Float64Array(k);
  dotsWith(Q, Math.min(from, k), k, image, column);
  for (let i = 0; i < k; i++) {
    const t = column[i] as number;
    T[i * stride + k] = t;
    T[k * stride + i] = t;
  }
  T[k * stride + k] = dot(q, image);
  Q.push(q);
  AQ.push(image);
}

/** Ritz pairs of the current basis, with a residual test on the top `count`. */
function rayleighRitz(basis: KrylovBasis, count: number, tolerance: number): LanczosResult {
  const { Q, T, stride } = basis;
  const k = Q.length;
  const n = (Q[0] as Float64Array).length;
  const small = new Float64Array(k * k);
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) small[i * k + j] = T[i * stride + j] as number;
  const eigen = symmetricEigen(small, k);
  let scale = 0;
  for (let j = 0; j < k; j++) scale = Math.max(scale, Math.abs(eigen.values[j] as number));
  const values = new Float64Array(count);
  const vectors: Float64Array[] = [];
  let converged = k >= count;
  const residual = new Float64Array(n);
  for (let c = 0; c < count; c++) {
    const x = new Float64Array(n);
    vectors.push(x);
    if (c >= k) continue;
    const theta = eigen.values[c] as number;
    values[c] = theta;
    ritzVector(basis, eigen.vectors, c, theta, x, residual);
    if (norm(residual) > tolerance * scale) converged = false;
    normaliseSign(x);
  }
  return { values, vectors, converged, basis: k };
}

/**
 * x := Q y and residual := A Q y − θ x for the Ritz pair (θ, y), y being column c of the basis-
 * sized eigenvector matrix `small` (row-major, k × k).
 */
function ritzVector(
  basis: KrylovBasis,
  small: Float64Array,
  c: number,
  theta: number,
  x: Float64Array,
  residual: Float64Array,
): void {
  const { Q, AQ } = basis;
  const k = Q.length;
  const n = x.length;
  residual.fill(0);
  for (let j = 0; j < k; j++) {
    const y = small[j * k + c] as number;
    const q = Q[j] as Float64Array;
    const aq = AQ[j] as Float64Array;
    for (let i = 0; i < n; i++) {
      x[i] = (x[i] as number) + y * (q[i] as number);
      residual[i] = (residual[i] as number) + y * (aq[i] as number);
    }
  }
  for (let i = 0; i < n; i++) residual[i] = (residual[i] as number) - theta * (x[i] as number);
}

/** Unit length, largest-magnitude entry positive (first such entry on ties). */
function normaliseSign(x: Float64Array): void {
  const length = norm(x);
  let big = 0;
  for (let i = 0; i < x.length; i++)
    if (Math.abs(x[i] as number) > Math.abs(big)) big = x[i] as number;
  const factor = (big < 0 ? -1 : 1) / (length || 1);
  for (let i = 0; i < x.length; i++) x[i] = (x[i] as number) * factor;
}
