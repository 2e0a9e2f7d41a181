import { symmetricEigen } from './symmetricEigen.ts';

/**
 * PCA of a rows × m matrix X with fewer rows than columns, worked in the rows × rows Gram matrix
 * G = Z·Zᵀ of the centred Z = X − 1·μᵀ instead of the m × m covariance S = Zᵀ·Z/(rows − 1) (CURE,
 * Jian et al. 2019, Eq. 11). Writing Z = U·Σ·Vᵀ, G = U·Σ²·Uᵀ and S = V·Σ²·Vᵀ/(rows − 1) share their
 * non-zero eigenvalues, and each eigenvector u_j of G gives S's eigenvector v_j = Zᵀ·u_j/σ_j: the
 * same components as the covariance form (up to rotation within a repeated eigenvalue, which
 * leaves every distance between rows unchanged), in O(rows³) plus X's non-zeros times rows
 * instead of O(rows·m² + m³). On CDE's DNA indicators (240 values × 1,572 columns) the m × m
 * eigen-decomposition took 45-80 s on this machine; this form ~0.3 s.
 *
 * X is read by its non-zeros (CDE's indicators are 0/1 with one 1 per granularity in a row):
 * G = X·Xᵀ − a·1ᵀ − 1·aᵀ + μᵀμ with a = X·μ, Zᵀ·u = Xᵀ·u − μ·Σu, Z·v = X·v − μᵀv.
 * Rows equal in X get equal scores bit for bit (CDE's values with the same clusters keep the same
 * vector). v_j carries MATLAB's sign convention (its largest-magnitude entry positive), as
 * `symmetricEigen` gives it in the covariance form.
 *
 * An eigenvalue of G at or below (rows + m)·ε·trace(G) is zero up to round-off: its component's
 * scores are written as 0 (their exact value) rather than Z·Zᵀ·u_j/σ_j, which would magnify the
 * round-off by 1/σ_j. The covariance form's zero components come out with score ranges ~1e-13,
 * below the default β = 1e-10, so both forms keep the same components (on DNA: 206 of 1,572; the
 * scores agree within 2e-11). The m − rows components beyond the Gram matrix's size are zero too.
 *
 * Returns rows × m scores (row-major; zero columns for the zero components) and the m variances.
 */
export function gramPcaScores(
  data: Float64Array,
  rows: number,
  m: number,
): { scores: Float64Array; variances: Float64Array } {
  const x = sparseRows(data, rows, m);
  const gram = centredGram(x, rows, m);
  let trace = 0;
  for (let r = 0; r < rows; r++) trace += gram[r * rows + r] as number;
  const eigen = symmetricEigen(gram, rows);
  const zero = (rows + m) * Number.EPSILON * trace;
  const denominator = Math.max(rows - 1, 1);
  const scores = new Float64Array(rows * m);
  const variances = new Float64Array(m);
  const axis = new Float64Array(m);
  for (let j = 0; j < rows; j++) {
    const lambda = eigen.values[j] as number;
    if (!(lambda > zero)) continue;
    variances[j] = lambda / denominator;
    covarianceAxis(x, rows, m, eigen.vectors, j, Math.sqrt(lambda), axis);
    let meanScore = 0; // μᵀ·v_j
    for (let a = 0; a < m; a++) meanScore += (x.mean[a] as number) * (axis[a] as number);
    for (let r = 0; r < rows; r++) {
      let s = 0;
      for (let e = x.start[r] as number; e < (x.start[r + 1] as number); e++)
        s += (x.value[e] as number) * (axis[x.column[e] as number] as number);
      scores[r * m + j] = s - meanScore;
    }
  }
  return { scores, variances };
}

/** The non-zeros of a row-major matrix by rows (compressed sparse rows), and its column means. */
interface SparseRows {
  start: Int32Array;
  column: Int32Array;
  value: Float64Array;
  mean: Float64Array;
}

function sparseRows(data: Float64Array, rows: number, m: number): SparseRows {
  let nonZeros = 0;
  for (let i = 0; i < data.length; i++) if (data[i] !== 0) nonZeros++;
  const start = new Int32Array(rows + 1);
  const column = new Int32Array(nonZeros);
  const value = new Float64Array(nonZeros);
  const mean = new Float64Array(m);
  let e = 0;
  for (let r = 0; r < rows; r++) {
    start[r] = e;
    for (let a = 0; a < m; a++) {
      const v = data[r * m + a] as number;
      if (v === 0) continue;
      column[e] = a;
      value[e] = v;
      mean[a] = (mean[a] as number) + v;
      e++;
    }
  }
  start[rows] = e;
  for (let a = 0; a < m; a++) mean[a] = (mean[a] as number) / (rows || 1);
  return { start, column, value, mean };
}

/** G = Z·Zᵀ = X·Xᵀ − a·1ᵀ − 1·aᵀ + μᵀμ, a = X·μ. */
function centredGram(x: SparseRows, rows: number, m: number): Float64Array {
  const along = new Float64Array(rows); // a = X·μ
  let meanSquare = 0;
  for (let a = 0; a < m; a++) meanSquare += (x.mean[a] as number) ** 2;
  for (let r = 0; r < rows; r++)
    for (let e = x.start[r] as number; e < (x.start[r + 1] as number); e++)
      along[r] =
        (along[r] as number) + (x.value[e] as number) * (x.mean[x.column[e] as number] as number);
  const dense = new Float64Array(m);
  const gram = new Float64Array(rows * rows);
  for (let r = 0; r < rows; r++) {
    for (let e = x.start[r] as number; e < (x.start[r + 1] as number); e++)
      dense[x.column[e] as number] = x.value[e] as number;
    for (let s = r; s < rows; s++) {
      let dot = 0;
      for (let e = x.start[s] as number; e < (x.start[s + 1] as number); e++)
        dot += (x.value[e] as number) * (dense[x.column[e] as number] as number);
      const g = dot - (along[r] as number) - (along[s] as number) + meanSquare;
      gram[r * rows + s] = g;
      gram[s * rows + r] = g;
    }
    for (let e = x.start[r] as number; e < (x.start[r + 1] as number); e++)
      dense[x.column[e] as number] = 0;
  }
  return gram;
}

/**
 * v_j = Zᵀ·u_j/σ_j = (Xᵀ·u_j − μ·Σu_j)/σ_j (u_j: column j of the rows × rows `vectors`), its
 * largest-magnitude entry made positive.
 */
function covarianceAxis(
  x: SparseRows,
  rows: number,
  m: number,
  vectors: Float64Array,
  j: number,
  sigma: number,
  out: Float64Array,
): void {
  out.fill(0);
  let total = 0;
  for (let r = 0; r < rows; r++) {
    const u = (vectors[r * rows + j] as number) / sigma;
    total += u;
    for (let e = x.start[r] as number; e < (x.start[r + 1] as number); e++)
      out[x.column[e] as number] =
        (out[x.column[e] as number] as number) + u * (x.value[e] as number);
  }
  let big = 0;
  for (let a = 0; a < m; a++) {
    const v = (out[a] as number) - (x.mean[a] as number) * total;
    out[a] = v;
    if (Math.abs(v) > Math.abs(big)) big = v;
  }
  if (big < 0) for (let a = 0; a < m; a++) out[a] = -(out[a] as number);
}
