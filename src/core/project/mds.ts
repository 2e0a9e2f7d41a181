import type { Steps } from '../jobs.ts';
import { runToEnd, scaledSteps } from '../jobs.ts';
import { symmetricEigen } from '../linalg/pca.ts';
import { validateSeed } from '../methods/options.ts';
import { createRandom, type Random } from '../random.ts';
import { distanceOf, type ProjectionInput } from './input.ts';
import { recentre } from './layout.ts';

/**
 * Metric multidimensional scaling to two dimensions.
 *
 * - Classical (Torgerson 1952; Gower 1966): B = −½ J D⁽²⁾ J, coordinates from B's two largest
 *   (algebraic) eigenpairs. D⁽²⁾ is held as a packed upper triangle, n(n − 1)/2 numbers, and B is
 *   never formed: it is applied as an operator inside a block Lanczos solver.
 * - Landmark (de Silva & Tenenbaum 2004, "Sparse multidimensional scaling using landmark points"):
 *   classical MDS on m MaxMin landmarks, every point then placed by distance-based triangulation.
 *   O(n·m) distance evaluations, O(n + m²) memory.
 */
export interface MdsOptions {
  /** 'auto' (default): classical when n ≤ classicalLimit, landmark above. */
  method?: 'auto' | 'classical' | 'landmark';
  /** Largest n that 'auto' runs classically (default 3000; at most MAX_CLASSICAL_POINTS). */
  classicalLimit?: number;
  /** Landmark count for landmark MDS (default min(n, 300)); an integer from 3 to n. */
  landmarks?: number;
  /** Seeds the Lanczos start block, the first landmark and the stress sample (default 0). */
  seed?: number;
}

export interface MdsResult {
  /** n × 2, row-major. */
  coordinates: Float64Array;
  method: 'classical' | 'landmark';
  /**
   * The two largest eigenvalues of B (classical) or of the landmarks' B (landmark; on the
   * landmarks' m-point scale). An axis whose eigenvalue is ≤ 0 gets coordinate 0.
   */
  eigenvalues: [number, number];
  /** Kruskal stress-1 of `coordinates` against the input distances (see kruskalStress). */
  stress: number;
  /** Landmark MDS only: the landmarks' point indices, in MaxMin order. */
  landmarks?: Int32Array;
}

/** Hard cap for classical MDS: the packed n × n squared-distance triangle (576 MB at 12 000). */
export const MAX_CLASSICAL_POINTS = 12_000;
export const DEFAULT_CLASSICAL_LIMIT = 3000;
/**
 * Default landmark count. De Silva & Tenenbaum need only m > dimension + 1 for exact data; on
 * noisy data more landmarks stabilise the top eigenvectors, with diminishing returns past a few
 * hundred. 300 keeps the landmark eigenproblem small (300 × 300) and the cost linear in n
 * (2·n·300 distance evaluations) without ever storing an n × m matrix.
 */
export const DEFAULT_LANDMARKS = 300;
/** Up to this size the eigenproblem is solved in full (ml-matrix) instead of by Lanczos. */
export const FULL_EIGEN_LIMIT = 200;
export const DEFAULT_STRESS_PAIRS = 2_000_000;

export interface ResolvedMdsOptions {
  method: 'classical' | 'landmark';
  landmarks: number;
  seed: number;
}

/** Defaults and validation; throws a RangeError/TypeError naming the option. */
export function resolveMdsOptions(n: number, options: MdsOptions = {}): ResolvedMdsOptions {
  if (!Number.isInteger(n) || n < 2) throw new RangeError(`MDS needs at least 2 points, got ${n}`);
  const method = options.method ?? 'auto';
  if (method !== 'auto' && method !== 'classical' && method !== 'landmark')
    throw new TypeError(`method must be "auto", "classical" or "landmark", got ${String(method)}`);
  const classicalLimit = options.classicalLimit ?? DEFAULT_CLASSICAL_LIMIT;
  if (
    typeof classicalLimit !== 'number' ||
    !Number.isInteger(classicalLimit) ||
    classicalLimit < 0 ||
    classicalLimit > MAX_CLASSICAL_POINTS
  )
    throw new RangeError(
      `classicalLimit must be an integer from 0 to ${MAX_CLASSICAL_POINTS}, got ${String(classicalLimit)}`,
    );
  const seed = validateSeed(options.seed ?? 0);
  const cap = Math.min(n, MAX_CLASSICAL_POINTS);
  if (options.landmarks !== undefined) {
    const m = options.landmarks;
    if (typeof m !== 'number' || !Number.isInteger(m) || m < 3 || m > cap)
      throw new RangeError(
        `landmarks must be an integer from 3 to ${cap} (n = ${n}), got ${String(m)}`,
      );
  }
  const resolved = method === 'auto' ? (n <= classicalLimit ? 'classical' : 'landmark') : method;
  if (resolved === 'classical' && n > MAX_CLASSICAL_POINTS)
    throw new RangeError(
      `method "classical" is limited to ${MAX_CLASSICAL_POINTS} points (it stores an n × n ` +
        `matrix), got n = ${n}; use method "landmark"`,
    );
  if (resolved === 'landmark' && n < 3)
    throw new RangeError(`method "landmark" needs at least 3 points (landmarks ≥ 3), got n = ${n}`);
  return { method: resolved, landmarks: options.landmarks ?? Math.min(n, DEFAULT_LANDMARKS), seed };
}

/** Classical or landmark MDS to 2-D, as steps. */
export function* mdsSteps(input: ProjectionInput, options: MdsOptions = {}): Steps<MdsResult> {
  const { method, landmarks, seed } = resolveMdsOptions(input.n, options);
  const layout =
    method === 'classical'
      ? yield* scaledSteps(classicalSteps(input, seed), 0, 0.9)
      : yield* scaledSteps(landmarkSteps(input, landmarks, seed), 0, 0.9);
  const stress = yield* scaledSteps(stressSteps(input, layout.coordinates, { seed }), 0.9, 1);
  return { ...layout, method, stress };
}

export function runMds(input: ProjectionInput, options: MdsOptions = {}): MdsResult {
  return runToEnd(mdsSteps(input, options));
}

type Layout = Pick<MdsResult, 'coordinates' | 'eigenvalues' | 'landmarks'>;

// ---------------------------------------------------------------------------------------------
// Classical MDS

function* classicalSteps(input: ProjectionInput, seed: number): Steps<Layout> {
  const { n } = input;
  const distance = distanceOf(input);
  const packed = yield* scaledSteps(packedSquaredSteps(n, distance), 0, 0.4);
  const top = yield* scaledSteps(torgersonSteps(packed, n, seed), 0.4, 1);
  const coordinates = new Float64Array(n * 2);
  for (let k = 0; k < 2; k++) {
    const scale = Math.sqrt(Math.max(top.values[k] as number, 0));
    const v = top.vectors[k] as Float64Array;
    for (let i = 0; i < n; i++) coordinates[i * 2 + k] = (v[i] as number) * scale;
  }
  return { coordinates, eigenvalues: [top.values[0] as number, top.values[1] as number] };
}

/**
 * Squared distances d(p, q)² for p < q, packed row by row (strict upper triangle). `point` maps
 * a row to the input's point index (landmarks); identity by default.
 */
function* packedSquaredSteps(
  n: number,
  distance: (i: number, j: number) => number,
  point: (r: number) => number = (r) => r,
): Steps<Float64Array> {
  const total = (n * (n - 1)) / 2;
  const packed = new Float64Array(total);
  const pace = pacer();
  let at = 0;
  for (let i = 0; i < n; i++) {
    const pi = point(i);
    for (let j = i + 1; j < n; j++) {
      const d = distance(pi, point(j));
      packed[at++] = d * d;
    }
    if (pace(n - i)) yield { fraction: at / total, message: 'Squared distances…' };
  }
  return packed;
}

/** out = D⁽²⁾ x for the packed symmetric matrix with a zero diagonal. */
function packedMultiply(packed: Float64Array, n: number, x: Float64Array, out: Float64Array): void {
  out.fill(0);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const xi = x[i] as number;
    let si = out[i] as number;
    for (let j = i + 1; j < n; j++) {
      const a = packed[at++] as number;
      si += a * (x[j] as number);
      out[j] = (out[j] as number) + a * xi;
    }
    out[i] = si;
  }
}

function centre(x: Float64Array): void {
  let mean = 0;
  for (let i = 0; i < x.length; i++) mean += x[i] as number;
  mean /= x.length || 1;
  for (let i = 0; i < x.length; i++) x[i] = (x[i] as number) - mean;
}

/** B x with B = −½ J D⁽²⁾ J, J = I − 11ᵀ/n (Torgerson's double centring), never forming B. */
function doubleCentredOperator(packed: Float64Array, n: number): SymmetricOperator {
  const centred = new Float64Array(n);
  return (x, out) => {
    centred.set(x);
    centre(centred);
    packedMultiply(packed, n, centred, out);
    centre(out);
    for (let i = 0; i < n; i++) out[i] = -0.5 * (out[i] as number);
  };
}

export interface TopEigen {
  /** Decreasing (algebraic). */
  values: Float64Array;
  /** values.length unit vectors; the largest-magnitude entry of each is positive. */
  vectors: Float64Array[];
}

/** The two algebraically largest eigenpairs of B = −½ J D⁽²⁾ J. */
function* torgersonSteps(packed: Float64Array, n: number, seed: number): Steps<TopEigen> {
  if (n <= FULL_EIGEN_LIMIT) return fullTop(doubleCentredDense(packed, n), n, 2);
  const top = yield* blockLanczosSteps(doubleCentredOperator(packed, n), n, {
    count: 2,
    seed,
    centred: true,
  });
  return top;
}

/** B = −½ J D⁽²⁾ J as a dense n × n matrix (small n only). */
function doubleCentredDense(packed: Float64Array, n: number): Float64Array {
  const d2 = new Float64Array(n * n);
  let at = 0;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const v = packed[at++] as number;
      d2[i * n + j] = v;
      d2[j * n + i] = v;
    }
  const rowMean = new Float64Array(n);
  let grand = 0;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += d2[i * n + j] as number;
    rowMean[i] = s / n;
    grand += s;
  }
  grand /= n * n;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++)
      d2[i * n + j] =
        -0.5 *
        ((d2[i * n + j] as number) - (rowMean[i] as number) - (rowMean[j] as number) + grand);
  return d2;
}

/** Top `count` eigenpairs of a dense symmetric matrix by a full decomposition. */
function fullTop(matrix: Float64Array, n: number, count: number): TopEigen {
  const eigen = symmetricEigen(matrix, n);
  const values = new Float64Array(count);
  const vectors: Float64Array[] = [];
  for (let k = 0; k < count; k++) {
    const v = new Float64Array(n);
    if (k < n) {
      values[k] = eigen.values[k] as number;
      for (let i = 0; i < n; i++) v[i] = eigen.vectors[i * n + k] as number;
    }
    vectors.push(v);
  }
  return { values, vectors };
}

// ---------------------------------------------------------------------------------------------
// Block Lanczos

/** out := A x for a symmetric A (out and x never alias). */
export type SymmetricOperator = (x: Float64Array, out: Float64Array) => void;

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

/**
 * Top eigenpairs of a symmetric operator by block Lanczos with full reorthogonalisation: an
 * orthonormal basis Q of the block Krylov space span{Q₀, A Q₀, A² Q₀, …} grown one vector at a
 * time (each new vector is A q_j orthogonalised twice against Q — classical Gram–Schmidt, twice
 * is enough), Rayleigh–Ritz on T = Qᵀ A Q (formed from the stored A Q, solved by ml-matrix), and
 * a stop when the wanted Ritz pairs' residuals ‖A Q y − θ Q y‖ are small. A block (of size
 * `count`) rather than a single start vector finds repeated eigenvalues; when the Krylov space is
 * exhausted (an invariant subspace) the search continues from a fresh random vector.
 */
export function* blockLanczosSteps(
  apply: SymmetricOperator,
  n: number,
  options: LanczosOptions = {},
): Steps<LanczosResult> {
  const count = options.count ?? 2;
  const centred = options.centred ?? false;
  const dimension = centred ? n - 1 : n;
  const block = Math.min(options.block ?? count, dimension);
  const maxBasis = Math.min(dimension, options.maxBasis ?? 300);
  const tolerance = options.tolerance ?? 1e-10;
  const rng = createRandom(validateSeed(options.seed ?? 0));
  if (count < 1 || count > dimension)
    throw new RangeError(`count must be from 1 to ${dimension}, got ${count}`);
  const Q: Float64Array[] = [];
  const AQ: Float64Array[] = [];
  /** T = Qᵀ A Q, row-major with a stride of maxBasis. */
  const T = new Float64Array(maxBasis * maxBasis);
  let expand = 0;
  let checkedAt = 0;
  let ritz: LanczosResult | null = null;
  while (Q.length < maxBasis) {
    const exhausted = Q.length >= block && expand >= Q.length;
    if (exhausted || due(Q.length, checkedAt, count)) {
      checkedAt = Q.length;
      ritz = rayleighRitz(Q, AQ, T, maxBasis, count, tolerance);
      if (ritz.converged) return ritz;
    }
    const candidate =
      Q.length < block || exhausted ? randomVector(n, rng) : (AQ[expand++] as Float64Array).slice();
    if (centred) centre(candidate);
    if (!orthonormalise(candidate, Q, centred)) continue;
    const image = new Float64Array(n);
    apply(candidate, image);
    const k = Q.length;
    for (let i = 0; i < k; i++) {
      const t = dot(Q[i] as Float64Array, image);
      T[i * maxBasis + k] = t;
      T[k * maxBasis + i] = t;
    }
    T[k * maxBasis + k] = dot(candidate, image);
    Q.push(candidate);
    AQ.push(image);
    yield { fraction: Q.length / maxBasis, message: `Lanczos step ${Q.length}…` };
  }
  if (checkedAt !== Q.length || ritz === null)
    ritz = rayleighRitz(Q, AQ, T, maxBasis, count, tolerance);
  return ritz;
}

export function blockLanczos(
  apply: SymmetricOperator,
  n: number,
  options: LanczosOptions = {},
): LanczosResult {
  return runToEnd(blockLanczosSteps(apply, n, options));
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

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}

function norm(a: Float64Array): number {
  return Math.sqrt(dot(a, a));
}

/**
 * Orthogonalises v against the orthonormal Q (two classical Gram–Schmidt passes) and normalises
 * it; false when nothing independent is left (|v| fell below 1e-10 of its original length).
 */
function orthonormalise(v: Float64Array, Q: Float64Array[], centred: boolean): boolean {
  const before = norm(v);
  if (!(before > 0)) return false;
  for (let pass = 0; pass < 2; pass++) {
    const coefficients = Q.map((q) => dot(q, v));
    Q.forEach((q, j) => {
      const c = coefficients[j] as number;
      for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) - c * (q[i] as number);
    });
    if (centred) centre(v);
  }
  const after = norm(v);
  if (!(after > 1e-10 * before)) return false;
  for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) / after;
  return true;
}

/** Ritz pairs of the current basis, with a residual test on the top `count`. */
function rayleighRitz(
  Q: Float64Array[],
  AQ: Float64Array[],
  T: Float64Array,
  stride: number,
  count: number,
  tolerance: number,
): LanczosResult {
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
    residual.fill(0);
    for (let j = 0; j < k; j++) {
      const y = eigen.vectors[j * k + c] as number;
      const q = Q[j] as Float64Array;
      const aq = AQ[j] as Float64Array;
      for (let i = 0; i < n; i++) {
        x[i] = (x[i] as number) + y * (q[i] as number);
        residual[i] = (residual[i] as number) + y * (aq[i] as number);
      }
    }
    for (let i = 0; i < n; i++) residual[i] = (residual[i] as number) - theta * (x[i] as number);
    if (norm(residual) > tolerance * scale) converged = false;
    normaliseSign(x);
  }
  return { values, vectors, converged, basis: k };
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

// ---------------------------------------------------------------------------------------------
// Landmark MDS

function* landmarkSteps(input: ProjectionInput, m: number, seed: number): Steps<Layout> {
  const { n } = input;
  const distance = distanceOf(input);
  const rng = createRandom(seed);
  const landmarks = yield* scaledSteps(maxMinSteps(n, m, distance, rng), 0, 0.35);
  const packed = yield* scaledSteps(
    packedSquaredSteps(m, distance, (r) => landmarks[r] as number),
    0.35,
    0.4,
    'Landmarks: ',
  );
  const top = yield* scaledSteps(torgersonSteps(packed, m, seed), 0.4, 0.5, 'Landmarks: ');
  const coordinates = yield* scaledSteps(
    triangulateSteps(n, distance, landmarks, packed, top),
    0.5,
    1,
  );
  return {
    coordinates,
    eigenvalues: [top.values[0] as number, top.values[1] as number],
    landmarks,
  };
}

/**
 * MaxMin landmarks (de Silva & Tenenbaum 2004, §3.1): the first uniformly at random, each next
 * one the point farthest from those chosen (lowest index on ties, never a point twice).
 */
function* maxMinSteps(
  n: number,
  m: number,
  distance: (i: number, j: number) => number,
  rng: Random,
): Steps<Int32Array> {
  const landmarks = new Int32Array(m);
  const nearest = new Float64Array(n).fill(Infinity);
  const chosen = new Uint8Array(n);
  const pace = pacer();
  let current = rng.int(n);
  for (let c = 0; ; c++) {
    landmarks[c] = current;
    chosen[current] = 1;
    if (c === m - 1) return landmarks;
    let far = -1;
    let farDistance = -Infinity;
    for (let j = 0; j < n; j++) {
      if (chosen[j]) continue;
      const d = Math.min(nearest[j] as number, distance(current, j));
      nearest[j] = d;
      if (d > farDistance) {
        farDistance = d;
        far = j;
      }
    }
    current = far;
    if (pace(n)) yield { fraction: (c + 1) / m, message: `Landmark ${c + 1} of ${m}…` };
  }
}

/**
 * Distance-based triangulation (de Silva & Tenenbaum 2004, Eq. 3): x_i = −½ L# (δ_i − δ_μ), with
 * L#'s rows v_k / √λ_k, δ_i point i's squared distances to the landmarks and δ_μ the mean column
 * of the landmarks' squared-distance matrix. An axis with λ_k ≤ 0 (or negligible) is set to 0.
 * The result is recentred on the mean of all n points.
 */
function* triangulateSteps(
  n: number,
  distance: (i: number, j: number) => number,
  landmarks: Int32Array,
  packed: Float64Array,
  top: TopEigen,
): Steps<Float64Array> {
  const m = landmarks.length;
  const meanColumn = new Float64Array(m);
  let at = 0;
  for (let a = 0; a < m; a++)
    for (let b = a + 1; b < m; b++) {
      const v = packed[at++] as number;
      meanColumn[a] = (meanColumn[a] as number) + v / m;
      meanColumn[b] = (meanColumn[b] as number) + v / m;
    }
  const lambda1 = Math.abs(top.values[0] as number);
  const pseudo = [new Float64Array(m), new Float64Array(m)];
  const offset = new Float64Array(2);
  for (let k = 0; k < 2; k++) {
    const lambda = top.values[k] as number;
    if (!(lambda > 1e-12 * lambda1)) continue;
    const row = pseudo[k] as Float64Array;
    const v = top.vectors[k] as Float64Array;
    for (let a = 0; a < m; a++) row[a] = (-0.5 * (v[a] as number)) / Math.sqrt(lambda);
    offset[k] = dot(row, meanColumn);
  }
  const [p0, p1] = pseudo as [Float64Array, Float64Array];
  const coordinates = new Float64Array(n * 2);
  const pace = pacer();
  for (let i = 0; i < n; i++) {
    let x = 0;
    let y = 0;
    for (let a = 0; a < m; a++) {
      const d = distance(i, landmarks[a] as number);
      const d2 = d * d;
      x += (p0[a] as number) * d2;
      y += (p1[a] as number) * d2;
    }
    coordinates[i * 2] = x - (offset[0] as number);
    coordinates[i * 2 + 1] = y - (offset[1] as number);
    if (pace(m)) yield { fraction: (i + 1) / n, message: 'Placing points…' };
  }
  recentre(coordinates);
  return coordinates;
}

// ---------------------------------------------------------------------------------------------
// Stress

export interface StressOptions {
  /** Exact over all pairs up to this many, a random sample of this many above (default 2e6). */
  maxPairs?: number;
  seed?: number;
}

/**
 * Kruskal's stress-1 (Kruskal 1964), sqrt(Σ (δ_ij − ‖y_i − y_j‖)² / Σ δ_ij²) over pairs i < j,
 * with δ the input's distance as is (no rescaling: classical MDS is on the input's scale).
 * Computed over all n(n − 1)/2 pairs when that is ≤ maxPairs; otherwise both sums run over
 * `maxPairs` pairs drawn uniformly at random (with replacement, seeded), which estimates the same
 * ratio (typically to within ~0.01 at the default 2 million pairs).
 * `coordinates` is n × 2, row-major. 0 when every distance and every layout distance is 0.
 */
export function kruskalStress(
  input: ProjectionInput,
  coordinates: Float64Array,
  options: StressOptions = {},
): number {
  return runToEnd(stressSteps(input, coordinates, options));
}

export function* stressSteps(
  input: ProjectionInput,
  coordinates: Float64Array,
  options: StressOptions = {},
): Steps<number> {
  const { n } = input;
  if (coordinates.length !== n * 2)
    throw new RangeError(`coordinates has ${coordinates.length} cells, not ${n} × 2`);
  const maxPairs = options.maxPairs ?? DEFAULT_STRESS_PAIRS;
  if (typeof maxPairs !== 'number' || !Number.isInteger(maxPairs) || maxPairs < 1)
    throw new RangeError(`maxPairs must be an integer ≥ 1, got ${String(maxPairs)}`);
  const seed = validateSeed(options.seed ?? 0);
  const distance = distanceOf(input);
  let misfit = 0;
  let scale = 0;
  const add = (i: number, j: number): void => {
    const delta = distance(i, j);
    const dx = (coordinates[i * 2] as number) - (coordinates[j * 2] as number);
    const dy = (coordinates[i * 2 + 1] as number) - (coordinates[j * 2 + 1] as number);
    const e = delta - Math.sqrt(dx * dx + dy * dy);
    misfit += e * e;
    scale += delta * delta;
  };
  const pairs = (n * (n - 1)) / 2;
  const pace = pacer();
  if (pairs <= maxPairs) {
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) add(i, j);
      if (pace(n - i))
        yield {
          fraction: 1 - ((n - i) * (n - i - 1)) / 2 / pairs,
          message: 'Stress over all pairs…',
        };
    }
  } else {
    const rng = createRandom(seed);
    for (let s = 0; s < maxPairs; s++) {
      const i = rng.int(n);
      let j = rng.int(n - 1);
      if (j >= i) j++;
      add(i, j);
      if (pace(1)) yield { fraction: s / maxPairs, message: 'Stress over sampled pairs…' };
    }
  }
  if (misfit === 0) return 0;
  return scale > 0 ? Math.sqrt(misfit / scale) : Infinity;
}

/** Returns true about every half million units of work: when a generator should yield. */
function pacer(every = 1 << 19): (work: number) => boolean {
  let done = 0;
  return (work) => {
    done += work;
    if (done < every) return false;
    done = 0;
    return true;
  };
}
