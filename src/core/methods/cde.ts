import type { Counts } from '../counts/counts.ts';
import { uniformValueEmbedding, type ValueConcatEmbedding } from '../embedding/objectEmbedding.ts';
import { runToEnd, type Steps } from '../jobs.ts';
import { pcaWithRangeFilter, validateBeta } from '../linalg/pca.ts';
import { createRandom } from '../random.ts';
import type { CategoricalTable } from '../table/types.ts';
import { couplingMatrices, type CouplingMatrices, type CouplingOrientation } from './couplings.ts';
import { validateAlpha, validateOrientation, validateSeed } from './options.ts';
import { valueClusteringSteps, type CouplingMatrixName } from './valueClustering.ts';

/**
 * CDE — Coupled Data Embedding (seed 000 Alg. 1, with the stop rule of seed 003 Alg. 1).
 * Value clusters at many granularities from k-means on the rows of Mc and Mo, one-value clusters
 * removed, indicator columns concatenated, PCA, components with range < β dropped; an object is
 * the concatenation of its values' embeddings.
 */
export interface CdeOptions {
  /** Proportion factor: stop increasing k once removed one-value clusters ≥ ⌈k/α⌉. Default 10. */
  alpha?: number;
  /** Drop PCA components whose range is below β. Default 1e-10. */
  beta?: number;
  seed?: number;
  /** Mo orientation: the paper's (default) or the authors' code. */
  orientation?: CouplingOrientation;
  /** k-means iterations per clustering. Default 100. */
  maxIterations?: number;
}

/** One clustering of the values: granularity k on one matrix. */
export interface ValueGranularity {
  matrix: CouplingMatrixName;
  k: number;
  /** Cluster of each value (0..k−1). */
  labels: Int32Array;
  /** Clusters kept as indicator columns (≥ 2 values), as lists of global values. */
  clusters: number[][];
  /** One-value clusters removed at this k. */
  removed: number[][];
}

export interface CdeResult {
  method: 'cde';
  options: Required<CdeOptions>;
  couplings: CouplingMatrices;
  granularities: ValueGranularity[];
  /** Indicator columns before PCA (Σ kept clusters). */
  indicatorColumns: number;
  /** L × dims value embedding N. */
  valueEmbedding: Float64Array;
  dims: number;
  /** Variance of each kept component. */
  variances: Float64Array;
  objectEmbedding: ValueConcatEmbedding;
}

export function validateCdeOptions(options: CdeOptions = {}): Required<CdeOptions> {
  const {
    alpha = 10,
    beta = 1e-10,
    seed = 0,
    orientation = 'paper',
    maxIterations = 100,
  } = options;
  if (!Number.isInteger(maxIterations) || maxIterations < 1)
    throw new RangeError(`maxIterations must be an integer ≥ 1, got ${maxIterations}`);
  return {
    alpha: validateAlpha(alpha),
    beta: validateBeta(beta),
    seed: validateSeed(seed),
    orientation: validateOrientation(orientation),
    maxIterations,
  };
}

export function* cdeSteps(
  table: CategoricalTable,
  counts: Counts,
  options: CdeOptions = {},
): Steps<CdeResult> {
  const opts = validateCdeOptions(options);
  const couplings = couplingMatrices(counts, opts.orientation);
  const L = couplings.nValues;
  const rng = createRandom(opts.seed);
  const clusterings = yield* valueClusteringSteps(couplings, opts.alpha, opts.maxIterations, rng);
  const granularities = clusterings.map(({ matrix, k, labels }): ValueGranularity => {
    const members: number[][] = Array.from({ length: k }, () => []);
    labels.forEach((c, v) => members[c]?.push(v));
    // One-value clusters are removed (Alg. 1 steps 8-9); the rest become indicator columns.
    return {
      matrix,
      k,
      labels,
      clusters: members.filter((m) => m.length >= 2),
      removed: members.filter((m) => m.length === 1),
    };
  });
  const columns = granularities.flatMap((g) => g.clusters);
  const m = columns.length;
  const indicator = new Float64Array(L * m);
  columns.forEach((cluster, j) => {
    for (const v of cluster) indicator[v * m + j] = 1; // Eq. (10)
  });
  yield { fraction: 0.92, message: 'PCA on the value-cluster indicators…' };
  const pca = pcaWithRangeFilter(indicator, L, m, opts.beta); // Eq. (11), Alg. 1 steps 13-16
  return {
    method: 'cde',
    options: opts,
    couplings,
    granularities,
    indicatorColumns: m,
    valueEmbedding: pca.scores,
    dims: pca.dims,
    variances: pca.variances,
    objectEmbedding: uniformValueEmbedding(table, pca.scores, pca.dims),
  };
}

export function runCde(
  table: CategoricalTable,
  counts: Counts,
  options: CdeOptions = {},
): CdeResult {
  return runToEnd(cdeSteps(table, counts, options));
}
