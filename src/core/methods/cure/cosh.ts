import type { Counts } from '../../data/counts/counts.ts';
import { runToEnd, type Steps } from '../../base/jobs.ts';
import { createRandom } from '../../base/random.ts';
import { resolveOptions, type OptionsOf, type ParameterSpec } from '../../base/parameters.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import {
  ALPHA_BOUND,
  CLUSTERING_ITERATIONS_PARAMETER,
  CLUSTERING_SEED_PARAMETER,
  orientationParameter,
} from './cureShared.ts';
import { valueClusteringSteps, type CouplingMatrixName } from './valueClustering.ts';
import { couplingMatrices, type CouplingMatrices } from './couplings.ts';

/**
 * COSH — Coupled Outlier Scoring of High-dimensional data (CURE, Jian et al. 2019, Alg. 2, Eqs. 12-15).
 * k-means on the rows of Mc and Mo for k = 2, 3, …; every cluster is kept (small clusters carry
 * the outlying behaviour). For each granularity:
 *   C^k(v, c) = dis(v, c)   (Eq. 12),   dis(v, c) = max(0, Σ_i c(i) − v(i)) if v ∈ c, else 0   (Eq. 13)
 *   D_k(a, b) = dis(c_a, c_b) on centroids (Eq. 14)
 * value score = element-wise max over granularities of C^k·D_k·1 (Eq. 15); object score = Σ of
 * its D value scores.
 *
 * Stop rule: the paper's Alg. 2 step 12 writes length(C_s)/k ≥ α, the same ratio it writes for
 * CDE, whose authors' form (CDE, Jian et al. 2017, Alg. 1) is "removed one-value clusters ≥ ⌈k/α⌉"; both
 * methods use that form here (α = 30 for COSH in Sec. 7). The published COSH code never sets
 * its stop flag; that is not copied. k also stops at the number of distinct matrix rows.
 *
 * Orientation: the paper motivates dis() by "a smaller entry of Mo and Mc indicates an outlying
 * value" (Sec. 5.2.1). That holds for the authors' code orientation of Mo (p(v_i)/p(v_j): row
 * sums grow with the value's frequency) and is reversed by the paper's printed Def. 5, under
 * which rare values have the largest rows and frequent values would score highest. COSH therefore
 * defaults to `orientation: 'code'`; 'paper' is available. CDE defaults to 'paper'.
 */
export type CoshOptions = Partial<ResolvedCoshOptions>;

/** Every option of a run, as COSH_PARAMETERS describes them (their defaults live there). */
export type ResolvedCoshOptions = OptionsOf<typeof COSH_PARAMETERS>;

export interface CoshGranularity {
  matrix: CouplingMatrixName;
  k: number;
  labels: Int32Array;
  /** C^k·D_k·1 for every value (Eq. 15, before the max). */
  scores: Float64Array;
  /** Number of one-value clusters at this k. */
  singletons: number;
}

export interface CoshResult {
  method: 'cosh';
  options: ResolvedCoshOptions;
  couplings: CouplingMatrices;
  granularities: CoshGranularity[];
  /** Outlier score of each value (Eq. 15). */
  valueScores: Float64Array;
  /** Granularity (index into granularities) that gave each value its score; −1 when all were 0. */
  valueSource: Int32Array;
  /** Outlier score of each object: the sum of its values' scores (empty on a table without rows). */
  objectScores: Float64Array;
}

/** Defaults and checks from COSH_PARAMETERS (RangeError/TypeError naming the option). */
export function validateCoshOptions(options: CoshOptions = {}): ResolvedCoshOptions {
  return resolveOptions(COSH_PARAMETERS, options, 'COSH');
}

export function* coshSteps(
  table: CategoricalTable,
  counts: Counts,
  options: CoshOptions = {},
): Steps<CoshResult> {
  const opts = validateCoshOptions(options);
  const couplings = couplingMatrices(counts, opts.orientation);
  const L = couplings.nValues;
  const rng = createRandom(opts.seed);
  const clusterings = yield* valueClusteringSteps(couplings, opts.alpha, opts.maxIterations, rng);
  const rowSums = {
    Mc: rowSumsOf(couplings.mc, L),
    Mo: rowSumsOf(couplings.mo, L),
  };
  const granularities = clusterings.map(
    ({ matrix, k, labels, sizes, centroids, singletons }): CoshGranularity => ({
      matrix,
      k,
      labels,
      scores: granularityScores(rowSums[matrix], labels, sizes, centroids, L),
      singletons,
    }),
  );
  const valueScores = new Float64Array(L);
  const valueSource = new Int32Array(L).fill(-1);
  granularities.forEach((g, q) => {
    for (let v = 0; v < L; v++)
      if ((g.scores[v] as number) > (valueScores[v] as number)) {
        valueScores[v] = g.scores[v] as number;
        valueSource[v] = q;
      }
  });
  yield { fraction: 0.95, message: 'Scoring objects…' };
  const objectScores = new Float64Array(table.rowless ? 0 : table.nRows);
  if (!table.rowless)
    for (const attr of table.attributes) {
      const codes = attr.codes;
      for (let r = 0; r < table.nRows; r++)
        objectScores[r] =
          (objectScores[r] as number) + (valueScores[attr.offset + (codes[r] as number)] as number);
    }
  return {
    method: 'cosh',
    options: opts,
    couplings,
    granularities,
    valueScores,
    valueSource,
    objectScores,
  };
}

/** Σ_i M(v, i) for every value: Σ_i c(i) − v(i) = rowSum(c) − rowSum(v) (Eq. 13). */
function rowSumsOf(matrix: Float64Array, L: number): Float64Array {
  const out = new Float64Array(L);
  for (let v = 0; v < L; v++) {
    let s = 0;
    for (let i = 0; i < L; i++) s += matrix[v * L + i] as number;
    out[v] = s;
  }
  return out;
}

/** C^k·D_k·1 for every value at one granularity (Eqs. 12-15, before the max). */
function granularityScores(
  rowSum: Float64Array,
  labels: Int32Array,
  sizes: Int32Array,
  centroids: Float64Array,
  L: number,
): Float64Array {
  const k = sizes.length;
  // A centroid's row sum is its members' mean row sum.
  const centroidSum = new Float64Array(k);
  for (let c = 0; c < k; c++) {
    let s = 0;
    for (let i = 0; i < L; i++) s += centroids[c * L + i] as number;
    centroidSum[c] = s;
  }
  // D_k·1: row a of D_k summed, dis(c_a, c_b) = max(0, Σ c_b − Σ c_a)   Eq. (14)
  const outlying = new Float64Array(k);
  for (let a = 0; a < k; a++) {
    if ((sizes[a] as number) === 0) continue;
    let s = 0;
    for (let b = 0; b < k; b++)
      if ((sizes[b] as number) > 0)
        s += Math.max(0, (centroidSum[b] as number) - (centroidSum[a] as number));
    outlying[a] = s;
  }
  // C^k·D_k·1: only v's own cluster column of C^k is non-zero   Eqs. (12), (13), (15)
  const scores = new Float64Array(L);
  for (let v = 0; v < L; v++) {
    const c = labels[v] as number;
    const dis = Math.max(0, (centroidSum[c] as number) - (rowSum[v] as number));
    scores[v] = dis * (outlying[c] as number);
  }
  return scores;
}

export function runCosh(
  table: CategoricalTable,
  counts: Counts,
  options: CoshOptions = {},
): CoshResult {
  return runToEnd(coshSteps(table, counts, options));
}

/** COSH's parameter table: the single source of its defaults and bounds. */
export const COSH_PARAMETERS = [
  {
    name: 'alpha',
    symbol: 'α',
    type: 'number',
    default: 30,
    min: 0,
    minExclusive: true,
    ...ALPHA_BOUND,
    description: 'Stop rule: stop increasing k once one-value clusters reach ⌈k/α⌉ (Sec. 7.1: 30)',
  },
  CLUSTERING_SEED_PARAMETER,
  orientationParameter(
    'code',
    'the code’s by default: the only form where a small entry means an outlying value',
  ),
  CLUSTERING_ITERATIONS_PARAMETER,
] as const satisfies readonly ParameterSpec[];
