import { EigenvalueDecomposition, Matrix } from 'ml-matrix';

/** Eigen-decomposition of a symmetric m × m matrix, components sorted by decreasing eigenvalue. */
export interface SymmetricEigen {
  m: number;
  values: Float64Array;
  /** m × m row-major; column j is the j-th eigenvector. */
  vectors: Float64Array;
}

/**
 * ml-matrix's Householder + QL decomposition, sorted, with MATLAB's sign convention (the
 * largest-magnitude entry of every eigenvector is positive) so output is deterministic.
 */
export function symmetricEigen(matrix: Float64Array, m: number): SymmetricEigen {
  if (matrix.length !== m * m) throw new RangeError(`matrix has ${matrix.length} cells, not ${m}²`);
  if (m === 0) return { m, values: new Float64Array(0), vectors: new Float64Array(0) };
  const rows = Array.from({ length: m }, (_, i) => Array.from(matrix.subarray(i * m, (i + 1) * m)));
  const evd = new EigenvalueDecomposition(new Matrix(rows), { assumeSymmetric: true });
  const raw = evd.realEigenvalues;
  const vec = evd.eigenvectorMatrix;
  const order = Array.from({ length: m }, (_, j) => j).sort(
    (a, b) => (raw[b] as number) - (raw[a] as number),
  );
  const values = new Float64Array(m);
  const vectors = new Float64Array(m * m);
  order.forEach((src, j) => {
    values[j] = raw[src] as number;
    let big = 0;
    for (let i = 0; i < m; i++) {
      const x = vec.get(i, src);
      if (Math.abs(x) > Math.abs(big)) big = x;
    }
    const sign = big < 0 ? -1 : 1;
    for (let i = 0; i < m; i++) vectors[i * m + j] = sign * vec.get(i, src);
  });
  return { m, values, vectors };
}

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
 * PCA of a row-major rows × m matrix (CURE, Jian et al. 2019, Eq. 11): centre the columns, take the eigenvectors Y
 * of the covariance S, scores V = Z·Y; then drop every component whose score range
 * (max − min over the rows) is below β (Alg. 1, step 16).
 */
export function pcaWithRangeFilter(
  data: Float64Array,
  rows: number,
  m: number,
  beta: number,
): PcaScores {
  if (data.length !== rows * m)
    throw new RangeError(`data has ${data.length} cells, not ${rows} × ${m}`);
  const z = centreColumns(data, rows, m);
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
    throw new RangeError(`beta must be a finite number ≥ 0, got ${beta}`);
  return beta;
}
