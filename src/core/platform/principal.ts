import { pairCount } from '../data/counts/cooccurrence.ts';
import { indicatorCovariance, type Counts } from '../data/counts/counts.ts';
import { symmetricEigen } from '../linalg/pca.ts';
import { objectRow, type ObjectEmbedding } from './objectEmbedding.ts';
import { badOption } from '../base/errors.ts';

export interface PrincipalProjection {
  /** n × components, row-major. */
  coordinates: Float64Array;
  components: number;
  /** Variance along each returned component. */
  variances: Float64Array;
  /** Total variance of the embedding (trace of its covariance). */
  totalVariance: number;
}

/**
 * Above this size the covariance is not decomposed: dims × dims, or L × L for a value
 * embedding with more dimensions than values (worked in the value space).
 */
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
    throw badOption(`components must be an integer ≥ 1, got ${components}`);
  const inValueSpace = embedding.kind === 'values' && dims > embedding.vectorStart.length;
  const size = inValueSpace ? embedding.vectorStart.length : dims;
  if (size > PRINCIPAL_DIMS_LIMIT)
    throw badOption(
      inValueSpace
        ? `${size} values exceed the ${PRINCIPAL_DIMS_LIMIT} this projection decomposes`
        : `${dims} dimensions exceed the ${PRINCIPAL_DIMS_LIMIT} this projection decomposes`,
    );
  if (n === 0) throw badOption('no objects to project');
  if (inValueSpace) return valueSpaceProjection(embedding, counts, components);
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

/**
 * The same projection for a value-concatenation embedding with more dimensions than values,
 * worked in the L-dimensional value space. An object is x = Wᵀ·e(x), e its value indicators and
 * W the L × dims block matrix of value vectors, so Cov(x) = Wᵀ·S·W with S the indicators'
 * covariance (from the co-occurrence counts). Writing S = R·Rᵀ (R = U·Λ^½) and A = Wᵀ·R,
 * Cov(x) = A·Aᵀ shares its non-zero eigenvalues with the L × L matrix Aᵀ·A = Rᵀ·(W·Wᵀ)·R, and
 * each eigenvector v of Aᵀ·A gives the component A·v/√μ. Exact, and O(L³ + L²·width) instead of
 * O(dims³).
 */
function valueSpaceProjection(
  e: Extract<ObjectEmbedding, { kind: 'values' }>,
  counts: Counts,
  components: number,
): PrincipalProjection {
  const L = e.vectorStart.length;
  const dims = e.dims;
  const { covariance: s, p } = indicatorCovariance(counts);
  const sEigen = symmetricEigen(s, L);
  // R = U·Λ^½ (L × L); negative round-off eigenvalues count as 0.
  const r = new Float64Array(L * L);
  for (let u = 0; u < L; u++)
    for (let j = 0; j < L; j++)
      r[u * L + j] =
        (sEigen.vectors[u * L + j] as number) * Math.sqrt(Math.max(sEigen.values[j] as number, 0));
  const vector = (v: number): Float64Array => {
    const start = e.vectorStart[v] as number;
    return e.vectors.subarray(
      start,
      start + (e.blockWidth[e.valueAttribute[v] as number] as number),
    );
  };
  // G = W·Wᵀ: inner products of value vectors of the same attribute (other blocks never overlap).
  const g = new Float64Array(L * L);
  for (let u = 0; u < L; u++)
    for (let v = u; v < L; v++) {
      if (e.valueAttribute[u] !== e.valueAttribute[v]) continue;
      const a = vector(u);
      const b = vector(v);
      let dot = 0;
      for (let j = 0; j < a.length; j++) dot += (a[j] as number) * (b[j] as number);
      g[u * L + v] = dot;
      g[v * L + u] = dot;
    }
  const gr = multiply(g, r, L);
  const small = multiply(transpose(r, L), gr, L); // Rᵀ·G·R
  const eigen = symmetricEigen(small, L);
  let totalVariance = 0;
  for (let j = 0; j < L; j++) totalVariance += Math.max(eigen.values[j] as number, 0);
  const c = Math.min(components, dims);
  // Component j in object space: y_j = W^T·R·v_j / √μ_j, written into its attribute blocks.
  const axes = new Float64Array(c * dims);
  const variances = new Float64Array(c);
  for (let j = 0; j < c; j++) {
    const mu = Math.max(eigen.values[j] as number, 0);
    variances[j] = mu;
    if (mu === 0) continue;
    for (let v = 0; v < L; v++) {
      let weight = 0; // (R·v_j)[v]
      for (let k = 0; k < L; k++)
        weight += (r[v * L + k] as number) * (eigen.vectors[k * L + j] as number);
      if (weight === 0) continue;
      const a = e.valueAttribute[v] as number;
      const base = j * dims + (e.blockStart[a] as number);
      const vec = vector(v);
      for (let t = 0; t < vec.length; t++)
        axes[base + t] = (axes[base + t] as number) + (weight * (vec[t] as number)) / Math.sqrt(mu);
    }
    let big = 0;
    for (let d = 0; d < dims; d++)
      if (Math.abs(axes[j * dims + d] as number) > Math.abs(big))
        big = axes[j * dims + d] as number;
    if (big < 0)
      for (let d = 0; d < dims; d++) axes[j * dims + d] = -(axes[j * dims + d] as number);
  }
  // Project: (x − mean)·y_j = Σ_f y_j[block f]·(N(x_f) − mean_f); the mean is Wᵀ·p.
  const valueScore = new Float64Array(L * c); // N(v)·y_j restricted to v's block
  for (let v = 0; v < L; v++) {
    const a = e.valueAttribute[v] as number;
    const vec = vector(v);
    for (let j = 0; j < c; j++) {
      let s2 = 0;
      for (let t = 0; t < vec.length; t++)
        s2 += (vec[t] as number) * (axes[j * dims + (e.blockStart[a] as number) + t] as number);
      valueScore[v * c + j] = s2;
    }
  }
  const meanScore = new Float64Array(c);
  for (let v = 0; v < L; v++)
    for (let j = 0; j < c; j++)
      meanScore[j] =
        (meanScore[j] as number) + (p[v] as number) * (valueScore[v * c + j] as number);
  const D = e.blockWidth.length;
  const coordinates = new Float64Array(e.nObjects * c);
  for (let i = 0; i < e.nObjects; i++)
    for (let j = 0; j < c; j++) {
      let s2 = -(meanScore[j] as number);
      for (let a = 0; a < D; a++)
        s2 += valueScore[(e.objectValues[i * D + a] as number) * c + j] as number;
      coordinates[i * c + j] = s2;
    }
  return { coordinates, components: c, variances, totalVariance };
}

function multiply(a: Float64Array, b: Float64Array, m: number): Float64Array {
  const out = new Float64Array(m * m);
  for (let i = 0; i < m; i++)
    for (let k = 0; k < m; k++) {
      const x = a[i * m + k] as number;
      if (x === 0) continue;
      for (let j = 0; j < m; j++)
        out[i * m + j] = (out[i * m + j] as number) + x * (b[k * m + j] as number);
    }
  return out;
}

function transpose(a: Float64Array, m: number): Float64Array {
  const out = new Float64Array(m * m);
  for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) out[j * m + i] = a[i * m + j] as number;
  return out;
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
