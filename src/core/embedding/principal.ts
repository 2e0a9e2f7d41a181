import { pairCount } from '../counts/cooccurrence.ts';
import type { Counts } from '../counts/counts.ts';
import { symmetricEigen } from '../linalg/pca.ts';
import { objectRow, type ObjectEmbedding } from './objectEmbedding.ts';

export interface PrincipalProjection {
  /** n × components, row-major. */
  coordinates: Float64Array;
  components: number;
  /** Variance along each returned component. */
  variances: Float64Array;
  /** Total variance of the embedding (trace of its covariance). */
  totalVariance: number;
}

/** Above this many dimensions the dims × dims covariance is not decomposed. */
export const PRINCIPAL_DIMS_LIMIT = 2048;

/**
 * The objects' scores on the top principal components of an object embedding. For a
 * value-concatenation embedding the covariance comes from the value co-occurrence counts
 * (block (a, b) = Σ p(u, w)·N_u·N_wᵀ − μ_a·μ_bᵀ), so no n × dims matrix is formed.
 */
export function principalProjection(
  embedding: ObjectEmbedding,
  counts: Counts,
  components = 2,
): PrincipalProjection {
  const dims = embedding.dims;
  const n = embedding.nObjects;
  if (!Number.isInteger(components) || components < 1)
    throw new RangeError(`components must be an integer ≥ 1, got ${components}`);
  if (dims > PRINCIPAL_DIMS_LIMIT)
    throw new RangeError(
      `${dims} dimensions exceed the ${PRINCIPAL_DIMS_LIMIT} this projection decomposes`,
    );
  if (n === 0) throw new RangeError('no objects to project');
  const { mean, cov } =
    embedding.kind === 'dense' ? denseMoments(embedding, n, dims) : valueMoments(embedding, counts);
  const eigen = symmetricEigen(cov, dims);
  let totalVariance = 0;
  for (let j = 0; j < dims; j++) totalVariance += cov[j * dims + j] as number;
  const c = Math.min(components, dims);
  const coordinates = new Float64Array(n * c);
  const row = new Float64Array(dims);
  for (let i = 0; i < n; i++) {
    objectRow(embedding, i, row);
    for (let j = 0; j < c; j++) {
      let s = 0;
      for (let d = 0; d < dims; d++)
        s += ((row[d] as number) - (mean[d] as number)) * (eigen.vectors[d * dims + j] as number);
      coordinates[i * c + j] = s;
    }
  }
  return {
    coordinates,
    components: c,
    variances: eigen.values.slice(0, c).map((v) => Math.max(v, 0)),
    totalVariance,
  };
}

function denseMoments(
  e: Extract<ObjectEmbedding, { kind: 'dense' }>,
  n: number,
  dims: number,
): { mean: Float64Array; cov: Float64Array } {
  const mean = new Float64Array(dims);
  for (let i = 0; i < n; i++)
    for (let d = 0; d < dims; d++)
      mean[d] = (mean[d] as number) + (e.data[i * dims + d] as number) / n;
  const cov = new Float64Array(dims * dims);
  const z = new Float64Array(dims);
  for (let i = 0; i < n; i++) {
    for (let d = 0; d < dims; d++) z[d] = (e.data[i * dims + d] as number) - (mean[d] as number);
    for (let a = 0; a < dims; a++) {
      const za = z[a] as number;
      for (let b = a; b < dims; b++)
        cov[a * dims + b] = (cov[a * dims + b] as number) + za * (z[b] as number);
    }
  }
  return { mean, cov: symmetrise(cov, dims, n) };
}

function valueMoments(
  e: Extract<ObjectEmbedding, { kind: 'values' }>,
  counts: Counts,
): { mean: Float64Array; cov: Float64Array } {
  const c = counts.cooccurrence;
  const n = counts.nRows;
  const dims = e.dims;
  const D = e.blockWidth.length;
  const mean = new Float64Array(dims);
  const raw = new Float64Array(dims * dims); // Σ_objects x xᵀ (upper triangle)
  const vector = (v: number): Float64Array => {
    const a = e.valueAttribute[v] as number;
    const s = e.vectorStart[v] as number;
    return e.vectors.subarray(s, s + (e.blockWidth[a] as number));
  };
  const addOuter = (
    u: Float64Array,
    ou: number,
    w: Float64Array,
    ow: number,
    weight: number,
  ): void => {
    for (let i = 0; i < u.length; i++) {
      const x = weight * (u[i] as number);
      if (x === 0) continue;
      for (let j = 0; j < w.length; j++) {
        const cell = (ou + i) * dims + ow + j;
        raw[cell] = (raw[cell] as number) + x * (w[j] as number);
      }
    }
  };
  for (let a = 0; a < D; a++) {
    const oa = e.blockStart[a] as number;
    const first = c.offsets[a] as number;
    const size = c.sizes[a] as number;
    for (let k = 0; k < size; k++) {
      const count = c.valueCounts[first + k] as number;
      if (count === 0) continue;
      const u = vector(first + k);
      for (let i = 0; i < u.length; i++)
        mean[oa + i] = (mean[oa + i] as number) + (count * (u[i] as number)) / n;
      addOuter(u, oa, u, oa, count);
      for (let b = a + 1; b < D; b++) {
        const ob = e.blockStart[b] as number;
        const firstB = c.offsets[b] as number;
        for (let l = 0; l < (c.sizes[b] as number); l++) {
          const together = pairCount(c, a, k, b, l);
          if (together > 0) addOuter(u, oa, vector(firstB + l), ob, together);
        }
      }
    }
  }
  // Upper triangle of raw holds every block with a ≤ b; turn Σ x xᵀ into the covariance.
  const cov = new Float64Array(dims * dims);
  for (let a = 0; a < dims; a++)
    for (let b = a; b < dims; b++)
      cov[a * dims + b] =
        (raw[a * dims + b] as number) - n * (mean[a] as number) * (mean[b] as number);
  return { mean, cov: symmetrise(cov, dims, n) };
}

/** Mirrors the upper triangle and divides by n − 1. */
function symmetrise(cov: Float64Array, dims: number, n: number): Float64Array {
  const denominator = Math.max(n - 1, 1);
  for (let a = 0; a < dims; a++)
    for (let b = a; b < dims; b++) {
      const s = (cov[a * dims + b] as number) / denominator;
      cov[a * dims + b] = s;
      cov[b * dims + a] = s;
    }
  return cov;
}
