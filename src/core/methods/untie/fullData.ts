import { createRandom } from '../../base/random.ts';
import { createScratch, weightCoefficients, type Scratch } from './batch.ts';
import type { KernelSpaces } from './kernelSpaces.ts';
import { similarityTables } from './vectorRepresentation.ts';

/**
 * UNTIE's eigen step over all n objects instead of a batch (the `full` learning, learning.ts):
 * Eq. (20) as printed, with H the n_c leading eigenvectors of the whole centred S (Eq. (17)),
 * without ever building S. S = E G Eᵀ (E the objects' one-hot values, G the per-attribute tables
 * G_a of Eq. (18)), so S̃h = J E G Eᵀ J h costs one pass over the table's codes per attribute:
 * sum the centred h over each value's objects, multiply by G_a, read back per object.
 * H is found by block power iteration warm-started from the previous iteration's H (the weights
 * move little per Adam step): 20 steps at the start, then 1 per iteration — only span(H) enters
 * a_c = ‖φ̃_c‖² − ‖Hᵀφ̃_c‖², so no Rayleigh-Ritz rotation is needed. The coefficients then come
 * from batch.ts's weightCoefficients with the batch = every object (n × n_c H, stride n_c).
 *
 * Sec. 5.5 of the paper prices this full-data route at O(n_o³) per iteration for the eigen step
 * and recommends mini-batches for that reason; through E G Eᵀ it costs O(n·n_a·n_c) per power step
 * here, so tables of a few thousand rows take it in seconds.
 */
export interface FullDataState {
  n: number;
  nc: number;
  /** n × n_c, row-major: the current orthonormal basis of the leading subspace. */
  H: Float64Array;
  next: Float64Array;
  all: Int32Array;
  scratch: Scratch;
  sizes: number[];
  started: boolean;
}

const FIRST_STEPS = 20;
const STEPS = 1;

export function fullDataState(
  spaces: KernelSpaces,
  sizes: number[],
  n: number,
  nc: number,
  seed: number,
): FullDataState {
  const rng = createRandom(seed);
  const H = Float64Array.from({ length: n * nc }, () => rng.next() - 0.5);
  orthonormalise(H, n, nc);
  return {
    n,
    nc,
    H,
    next: new Float64Array(n * nc),
    all: Int32Array.from({ length: n }, (_, i) => i),
    scratch: createScratch(spaces, n, nc, false),
    sizes,
    started: false,
  };
}

/**
 * The work of one iteration after the first, in the units of batch.ts's `iterationWork` (one
 * multiply–add), for the progress pacer: the power step's per-value sums and products, the
 * orthonormalisation, and the coefficients over all n objects.
 */
export function fullDataWork(spaces: KernelSpaces, sizes: number[], n: number, nc: number): number {
  const D = sizes.length;
  const products = sizes.reduce((w, m) => w + m * m * nc, 0);
  const power = STEPS * (3 * D * n * nc + products + 2 * n * nc * nc);
  const coefficients = spaces.spaces.reduce(
    (w, s) => w + 3 * s.m * (nc + 2) * s.classes.count + 30 * s.m,
    D * n * (nc + 2),
  );
  return power + coefficients;
}

/** a_c and t_c (centred) of every weight over all objects, H updated for the current ω. */
export function fullDataCoefficients(
  state: FullDataState,
  spaces: KernelSpaces,
  codes: readonly Int32Array[],
  weights: Float64Array,
  a: Float64Array,
  t: Float64Array,
): void {
  const { n, nc, sizes } = state;
  const { tables, tableStart } = similarityTables(spaces, sizes, weights);
  const steps = state.started ? STEPS : FIRST_STEPS;
  state.started = true;
  for (let step = 0; step < steps; step++) {
    centredProduct(state, codes, tables, tableStart);
    state.H.set(state.next);
    orthonormalise(state.H, n, nc);
  }
  weightCoefficients(spaces, codes, state.all, state.H, nc, a, t, state.scratch, true, nc);
}

/** next = J E G Eᵀ J H, column by column through the per-value sums. */
function centredProduct(
  state: FullDataState,
  codes: readonly Int32Array[],
  tables: Float64Array,
  tableStart: Int32Array,
): void {
  const { n, nc, H, next, sizes } = state;
  const means = new Float64Array(nc);
  for (let r = 0; r < n; r++)
    for (let l = 0; l < nc; l++) means[l] = (means[l] as number) + (H[r * nc + l] as number) / n;
  next.fill(0);
  codes.forEach((column, attribute) => {
    const m = sizes[attribute] as number;
    const sums = new Float64Array(m * nc);
    for (let r = 0; r < n; r++) {
      const u = column[r] as number;
      for (let l = 0; l < nc; l++)
        sums[u * nc + l] =
          (sums[u * nc + l] as number) + (H[r * nc + l] as number) - (means[l] as number);
    }
    const G = tableStart[attribute] as number;
    const product = new Float64Array(m * nc);
    for (let u = 0; u < m; u++)
      for (let v = 0; v < m; v++) {
        const g = tables[G + u * m + v] as number;
        for (let l = 0; l < nc; l++)
          product[u * nc + l] = (product[u * nc + l] as number) + g * (sums[v * nc + l] as number);
      }
    for (let r = 0; r < n; r++) {
      const u = column[r] as number;
      for (let l = 0; l < nc; l++)
        next[r * nc + l] = (next[r * nc + l] as number) + (product[u * nc + l] as number);
    }
  });
  // The final J is left to orthonormalise's callers: the columns' means are removed here.
  means.fill(0);
  for (let r = 0; r < n; r++)
    for (let l = 0; l < nc; l++) means[l] = (means[l] as number) + (next[r * nc + l] as number) / n;
  for (let r = 0; r < n; r++)
    for (let l = 0; l < nc; l++)
      next[r * nc + l] = (next[r * nc + l] as number) - (means[l] as number);
}

/**
 * Modified Gram-Schmidt, twice (re-orthogonalisation), on the n_c columns of an n × n_c
 * row-major matrix; a column that vanishes (S of rank below n_c) is left at 0.
 */
export function orthonormalise(M: Float64Array, n: number, nc: number): void {
  for (let pass = 0; pass < 2; pass++)
    for (let l = 0; l < nc; l++) {
      for (let k = 0; k < l; k++) {
        let dot = 0;
        for (let r = 0; r < n; r++) dot += (M[r * nc + l] as number) * (M[r * nc + k] as number);
        for (let r = 0; r < n; r++)
          M[r * nc + l] = (M[r * nc + l] as number) - dot * (M[r * nc + k] as number);
      }
      let norm = 0;
      for (let r = 0; r < n; r++) norm += (M[r * nc + l] as number) ** 2;
      norm = Math.sqrt(norm);
      for (let r = 0; r < n; r++)
        M[r * nc + l] = norm > 1e-300 ? (M[r * nc + l] as number) / norm : 0;
    }
}
