import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { internal } from '../base/errors.ts';

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
  if (matrix.length !== m * m) throw internal(`matrix has ${matrix.length} cells, not ${m}²`);
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
