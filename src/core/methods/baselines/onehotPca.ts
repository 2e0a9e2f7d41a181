import { indicatorCovariance, type Counts } from '../../data/counts/counts.ts';
import { widestColumns } from '../../data/counts/limits.ts';
import { DataError, badOption } from '../../base/errors.ts';
import {
  MATERIALISE_LIMIT,
  objectValues,
  type DenseEmbedding,
} from '../../platform/objectEmbedding.ts';
import { symmetricEigen, validateBeta } from '../../linalg/pca.ts';
import { embeddingResult } from '../../platform/representation.ts';
import { defineMethod } from '../../platform/spec.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { BETA_PARAMETER, CURE_PAPER } from '../cure/cureShared.ts';

/**
 * 0-1P, a baseline of Jian et al. 2019 (CURE) (Sec. 6.1.1): one-hot + PCA, components with range < β dropped,
 * as in CDE.
 */
export interface OneHotPcaResult {
  embedding: DenseEmbedding;
  /** Variance of each kept component. */
  variances: Float64Array;
  /** L × dims loadings: the contribution of each value's indicator to each kept component. */
  loadings: Float64Array;
  /** Every component had a range below β: one zero dimension stands for identical objects. */
  identical?: true;
}

/**
 * 0-1P without building the n × L indicator matrix: the indicators' covariance is
 * (C − n·p·pᵀ)/(n − 1) with C the value co-occurrence counts, and an object's score on component j
 * is Σ_f Y[x_f, j] − Σ_v p(v)·Y[v, j].
 */
export function oneHotPca(table: CategoricalTable, counts: Counts, beta = 1e-10): OneHotPcaResult {
  validateBeta(beta);
  const L = table.nValues;
  const n = counts.nRows;
  const D = table.attributes.length;
  const { covariance: cov, p } = indicatorCovariance(counts);
  const { values, vectors } = symmetricEigen(cov, L);
  const shift = new Float64Array(L);
  for (let v = 0; v < L; v++)
    for (let j = 0; j < L; j++)
      shift[j] = (shift[j] as number) + (p[v] as number) * (vectors[v * L + j] as number);
  const codes = objectValues(table);
  const lo = new Float64Array(L).fill(Infinity);
  const hi = new Float64Array(L).fill(-Infinity);
  const row = new Float64Array(L);
  const score = (i: number): Float64Array => {
    for (let j = 0; j < L; j++) row[j] = -(shift[j] as number);
    for (let a = 0; a < D; a++) {
      const base = (codes[i * D + a] as number) * L;
      for (let j = 0; j < L; j++) row[j] = (row[j] as number) + (vectors[base + j] as number);
    }
    return row;
  };
  for (let i = 0; i < n; i++) {
    score(i);
    for (let j = 0; j < L; j++) {
      const x = row[j] as number;
      if (x < (lo[j] as number)) lo[j] = x;
      if (x > (hi[j] as number)) hi[j] = x;
    }
  }
  const kept: number[] = [];
  for (let j = 0; j < L; j++) if ((hi[j] as number) - (lo[j] as number) >= beta) kept.push(j);
  // Every component below β: the objects are identical in the one-hot space. One zero dimension
  // stands for them (all at the origin, every distance 0) rather than an embedding of no width.
  if (kept.length === 0) return identicalObjects(n, L);
  const dims = kept.length;
  if (n * dims > MATERIALISE_LIMIT)
    throw badOption(`0-1P needs ${n} × ${dims} cells (limit ${MATERIALISE_LIMIT})`);
  const data = new Float64Array(n * dims);
  for (let i = 0; i < n; i++) {
    score(i);
    kept.forEach((j, d) => {
      data[i * dims + d] = row[j] as number;
    });
  }
  const loadings = new Float64Array(L * dims);
  for (let v = 0; v < L; v++)
    kept.forEach((j, d) => {
      loadings[v * dims + d] = vectors[v * L + j] as number;
    });
  return {
    embedding: { kind: 'dense', nObjects: n, dims, data },
    variances: Float64Array.from(kept, (j) => values[j] as number),
    loadings,
  };
}

function identicalObjects(n: number, L: number): OneHotPcaResult {
  return {
    embedding: { kind: 'dense', nObjects: n, dims: 1, data: new Float64Array(n) },
    variances: new Float64Array(1),
    loadings: new Float64Array(L),
    identical: true,
  };
}

/**
 * The full eigendecomposition of the L × L indicator covariance is O(L³): 5 s at 1,000 values on
 * this machine, 96 s at 2,742. Above this many values 0-1P is refused before anything runs.
 */
export const ONE_HOT_PCA_VALUE_LIMIT = 1200;

export const oneHotPcaMethod = defineMethod({
  id: 'onehot-pca',
  title: '0-1P',
  role: 'method',
  order: 4,
  paper: CURE_PAPER,
  where: 'Sec. 6.1.1 (baseline: one-hot + PCA)',
  description: 'One-hot encoding, then PCA (components with range < β dropped)',
  parameters: [BETA_PARAMETER],
  produces: ['object-embedding'],
  needsRowsBecause: 'its principal components are projections of every object',
  check(table) {
    if (table.nValues <= ONE_HOT_PCA_VALUE_LIMIT) return;
    throw new DataError(
      'too-large',
      `0-1P decomposes an L × L covariance, ${table.nValues} × ${table.nValues} here; it handles up to ${ONE_HOT_PCA_VALUE_LIMIT.toLocaleString('en-US')} values (about 10 s). Exclude or bin columns with many values: ${widestColumns(table)}.`,
    );
  },
  // eslint-disable-next-line require-yield
  *run(context, options) {
    const { embedding, identical } = oneHotPca(context.table, context.counts, options.beta);
    if (identical)
      context.warn(
        `every principal component's range is below β = ${options.beta}: the objects are identical in the one-hot space, so one zero dimension stands for them`,
      );
    return { embedding: embeddingResult(embedding, '0-1P (one-hot + PCA)') };
  },
});
