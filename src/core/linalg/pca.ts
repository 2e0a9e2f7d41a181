import { symmetricEigen } from './symmetricEigen.ts';
import { gramPcaScores } from './pcaGram.ts';
import { badOption, internal } from '../base/errors.ts';

export { symmetricEigen, type SymmetricEigen } from './symmetricEigen.ts';

export interface PcaScores {
  /** rows × dims, row-major: the scores on the kept components. */
  scores: Float64Array;
  rows: number;
  dims: number;
  /** Variance of each kept component (its covariance eigenvalue). */
  variances: Float64Array;
  /** Index of each kept component among all m (sorted by variance). */
  kept: Int32Array;
  /** Number of components before the range filter (= columns of the input). */
  components: number;
}

/**
 * How the components are found: 'covariance' decomposes the m × m covariance; 'gram' the
 * rows × rows Gram matrix (`gramPcaScores`), the same components in far less work when rows < m;
 * 'auto' (default) takes the smaller.
 */
export type PcaForm = 'auto' | 'covariance' | 'gram';

/**
 * PCA of a row-major rows × m matrix (CURE, Jian et al. 2019, Eq. 11): centre the columns, take the eigenvectors Y
 * of the covariance S, scores V = Z·Y; then drop every component whose score range
 * (max − min over the rows) is below β (Alg. 1, step 16).
 */
export function pcaWithRangeFilter(
  data: Float64Array,
  rows: number,
  m: number,
  beta: number,
  form: PcaForm = 'auto',
): PcaScores {
  if (data.length !== rows * m) throw internal(`data has ${data.length} cells, not ${rows} × ${m}`);
  if (form === 'gram' || (form === 'auto' && rows < m)) {
    const { scores, variances } = gramPcaScores(data, rows, m);
    return keepByRange(scores, rows, m, variances, beta);
  }
  return covariancePca(centreColumns(data, rows, m), rows, m, beta);
}

/** The covariance form: the m × m covariance of the centred Z, decomposed. */
function covariancePca(z: Float64Array, rows: number, m: number, beta: number): PcaScores {
  const cov = new Float64Array(m * m);
  const denominator = Math.max(rows - 1, 1);
  for (let r = 0; r < rows; r++)
    for (let a = 0; a < m; a++) {
      const za = z[r * m + a] as number;
      if (za === 0) continue;
      for (let b = a; b < m; b++)
        cov[a * m + b] = (cov[a * m + b] as number) + za * (z[r * m + b] as number);
    }
  for (let a = 0; a < m; a++)
    for (let b = a; b < m; b++) {
      const s = (cov[a * m + b] as number) / denominator;
      cov[a * m + b] = s;
      cov[b * m + a] = s;
    }
  const eigen = symmetricEigen(cov, m);
  const all = new Float64Array(rows * m);
  for (let r = 0; r < rows; r++)
    for (let j = 0; j < m; j++) {
      let s = 0;
      for (let a = 0; a < m; a++)
        s += (z[r * m + a] as number) * (eigen.vectors[a * m + j] as number);
      all[r * m + j] = s;
    }
  return keepByRange(all, rows, m, eigen.values, beta);
}

/** Keeps the score columns whose range is at least β. */
export function keepByRange(
  all: Float64Array,
  rows: number,
  m: number,
  variances: Float64Array,
  beta: number,
): PcaScores {
  const kept: number[] = [];
  for (let j = 0; j < m; j++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let r = 0; r < rows; r++) {
      const x = all[r * m + j] as number;
      if (x < lo) lo = x;
      if (x > hi) hi = x;
    }
    if (hi - lo >= beta) kept.push(j);
  }
  const dims = kept.length;
  const scores = new Float64Array(rows * dims);
  for (let r = 0; r < rows; r++)
    kept.forEach((j, d) => {
      scores[r * dims + d] = all[r * m + j] as number;
    });
  return {
    scores,
    rows,
    dims,
    variances: Float64Array.from(kept, (j) => variances[j] as number),
    kept: Int32Array.from(kept),
    components: m,
  };
}

function centreColumns(data: Float64Array, rows: number, m: number): Float64Array {
  const z = new Float64Array(data);
  for (let j = 0; j < m; j++) {
    let mean = 0;
    for (let r = 0; r < rows; r++) mean += z[r * m + j] as number;
    mean /= rows || 1;
    for (let r = 0; r < rows; r++) z[r * m + j] = (z[r * m + j] as number) - mean;
  }
  return z;
}

export function validateBeta(beta: number): number {
  if (typeof beta !== 'number' || !Number.isFinite(beta) || beta < 0)
    throw badOption(`beta must be a finite number ≥ 0, got ${beta}`);
  return beta;
}
