/**
 * Classical (Torgerson) MDS to two dimensions (Torgerson 1952; Gower 1966): B = −½ J D⁽²⁾ J,
 * coordinates from B's two largest (algebraic) eigenpairs. D⁽²⁾ is held as a packed upper
 * triangle, n(n − 1)/2 numbers, and B is never formed: it is applied as an operator inside a block
 * Lanczos solver (a full decomposition of the dense B for small n). Landmark MDS runs the same
 * eigenproblem on its landmarks.
 */
import type { Steps } from '../base/jobs.ts';
import { pacer, scaledSteps } from '../base/jobs.ts';
import {
  blockLanczosSteps,
  centre,
  type SymmetricOperator,
  type TopEigen,
} from '../linalg/lanczos.ts';
import { symmetricEigen } from '../linalg/pca.ts';
import { distanceOf, type ProjectionInput } from '../platform/projectionInput.ts';

/** Hard cap for classical MDS: the packed n × n squared-distance triangle (576 MB at 12 000). */
export const MAX_CLASSICAL_POINTS = 12_000;
/** Up to this size the eigenproblem is solved in full (ml-matrix) instead of by Lanczos. */
export const FULL_EIGEN_LIMIT = 200;

/** An MDS layout before its stress is measured. */
export interface MdsLayout {
  /** n × 2, row-major. */
  coordinates: Float64Array;
  /** The two largest eigenvalues of the double-centred matrix B that was decomposed. */
  eigenvalues: [number, number];
}

/** Classical MDS of all n points; an axis whose eigenvalue is ≤ 0 gets coordinate 0. */
export function* classicalMdsSteps(input: ProjectionInput, seed: number): Steps<MdsLayout> {
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
export function* packedSquaredSteps(
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

/** The two algebraically largest eigenpairs of B = −½ J D⁽²⁾ J, D⁽²⁾ packed. */
export function* torgersonSteps(packed: Float64Array, n: number, seed: number): Steps<TopEigen> {
  if (n <= FULL_EIGEN_LIMIT) return denseTopEigen(doubleCentredDense(packed, n), n, 2);
  return yield* blockLanczosSteps(doubleCentredOperator(packed, n), n, {
    count: 2,
    seed,
    centred: true,
  });
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
function denseTopEigen(matrix: Float64Array, n: number, count: number): TopEigen {
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
