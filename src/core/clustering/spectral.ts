import { checkedDistance, type Owner } from '../base/checkedValue.ts';
import type { Dissimilarity } from '../base/checkedValue.ts';
import { pacer, runToEnd, scaledSteps, type Steps } from '../base/jobs.ts';
import { blockLanczosSteps } from '../linalg/lanczos.ts';
import { createRandom, validateSeed } from '../base/random.ts';
import { kmeansRows, validateKMeans, type KMeansOptions } from './kmeans.ts';
import { STARTS_SEED_PARAMETER, type StartOptions } from './startParameters.ts';
import type { Similarity } from './rock.ts';
import { badOption } from '../base/errors.ts';

/**
 * Spectral clustering as Wang et al. 2015 (coupled attribute similarity, Sec. VIII-B) runs it: "Laplacian
 * Eigenmaps on a dissimilarity matrix … before the k-means algorithm", the subspace dimension
 * being the number of clusters k. We follow Ng, Jordan and Weiss (NIPS 2001):
 * 1. an affinity W (n × n, W_ii = 0) from the objects, either
 *    - a similarity: W_ij = s(i, j), which must be finite and ≥ 0, or
 *    - a dissimilarity through a Gaussian kernel: W_ij = exp(−d(i, j)² / (2σ²)), σ by default
 *      the median of the non-zero d(i, j) over unordered pairs (the mean of the two middle values
 *      for an even count; σ = 1 when every d is 0, where any σ gives W = 1);
 * 2. M = D^{−1/2} W D^{−1/2}, D = diag of W's row sums (an object with degree 0 gets a zero row
 *    and column, hence a zero embedding row);
 * 3. X = the k eigenvectors of M with the algebraically largest eigenvalues (block Lanczos from
 *    src/core/linalg/lanczos.ts, seeded; block size k, so repeated eigenvalues — one per
 *    connected component — are found), each row of X scaled to unit length (zero rows stay 0);
 * 4. k-means (k-means++ start, one seeded run, src/core/clustering/kmeans.ts) on the n rows of X.
 * s and d are evaluated once per unordered pair (i < j; symmetry is assumed, not checked).
 * The embedding does not depend on the k-means seed: `spectralEmbedding` once and
 * `clusterSpectralEmbedding` per start point is how to repeat runs (the paper averages 100).
 * Refused above SPECTRAL_MAX_OBJECTS (the dense n × n W: 72 MB at the limit).
 */

/** Largest n embedded (a dense n × n affinity). */
export const SPECTRAL_MAX_OBJECTS = 3000;

/** Where the affinity comes from: a similarity used as is, or a dissimilarity through a Gaussian. */
export type SpectralInput =
  | { similarity: Similarity }
  | {
      dissimilarity: Dissimilarity;
      /** Kernel width; default the median non-zero dissimilarity. */
      sigma?: number;
    };

/**
 * The seed of the Lanczos start block (START_PARAMETERS' seed, its default there), and whose
 * affinities these are, for a message naming the method and the rows.
 */
export type SpectralEmbeddingOptions = Partial<Pick<StartOptions, 'seed'>> & { owner?: Owner };

export interface SpectralEmbedding {
  n: number;
  /** Columns = eigenvectors kept (= k). */
  dim: number;
  /** n × dim, row-major, rows of unit length (or 0). */
  rows: Float64Array;
  /** The dim largest eigenvalues of D^{−1/2} W D^{−1/2}, decreasing. */
  eigenvalues: Float64Array;
  /** The Gaussian width used (null for a similarity input). */
  sigma: number | null;
  /** Objects whose affinities to all others are 0 (zero embedding rows). */
  isolated: number;
  eigenConverged: boolean;
  warnings: string[];
}

/** Clusters (and eigenvectors) k, and a start's seed and iterations (START_PARAMETERS). */
export type SpectralOptions = KMeansOptions & SpectralEmbeddingOptions;

export interface SpectralResult extends SpectralEmbedding {
  labels: Int32Array;
  /** k-means inertia on the embedding. */
  inertia: number;
  iterations: number;
  converged: boolean;
}

function validateN(n: number): void {
  if (!Number.isInteger(n) || n < 1) throw badOption(`n must be a whole number ≥ 1, got ${n}`);
  if (n > SPECTRAL_MAX_OBJECTS)
    throw badOption(
      `spectral clustering builds an n × n affinity: n = ${n} exceeds the limit of ${SPECTRAL_MAX_OBJECTS} objects`,
    );
}

function validateK(n: number, k: number): void {
  if (!Number.isInteger(k) || k < 1) throw badOption(`k must be an integer ≥ 1, got ${k}`);
  if (k > n) throw badOption(`k = ${k} exceeds the ${n} objects to cluster`);
}

/** The median of the non-zero entries of the upper triangle of a row-major n × n matrix. */
function medianNonZero(values: Float64Array, n: number): number {
  let count = 0;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) if ((values[i * n + j] as number) > 0) count++;
  if (count === 0) return NaN;
  const kept = new Float64Array(count);
  let at = 0;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const v = values[i * n + j] as number;
      if (v > 0) kept[at++] = v;
    }
  kept.sort();
  const mid = count >> 1;
  return count % 2 === 1
    ? (kept[mid] as number)
    : ((kept[mid - 1] as number) + (kept[mid] as number)) / 2;
}

/** W (n × n, zero diagonal) from the input; σ when a Gaussian was used. */
function* affinitySteps(
  n: number,
  input: SpectralInput,
  owner: Owner,
): Steps<{ W: Float64Array; sigma: number | null }> {
  const gaussian = 'dissimilarity' in input;
  if (gaussian && input.sigma !== undefined && !(input.sigma > 0 && Number.isFinite(input.sigma)))
    throw badOption(`σ must be a positive number, got ${input.sigma}`);
  const W = new Float64Array(n * n);
  const f: (i: number, j: number) => number = gaussian ? input.dissimilarity : input.similarity;
  const what = gaussian ? 'dissimilarity' : 'similarity';
  const due = pacer();
  const total = (n * (n - 1)) / 2;
  let done = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const v = checkedDistance(f(i, j), i, j, owner, what);
      W[i * n + j] = v;
      W[j * n + i] = v;
    }
    done += n - 1 - i;
    if (due(n - 1 - i))
      yield { fraction: total > 0 ? done / total : 1, message: `Affinity: row ${i + 1} of ${n}…` };
  }
  if (!gaussian) return { W, sigma: null };
  let sigma = input.sigma ?? medianNonZero(W, n);
  if (Number.isNaN(sigma)) sigma = 1;
  const scale = -1 / (2 * sigma * sigma);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const d = W[i * n + j] as number;
      W[i * n + j] = Math.exp(scale * d * d);
    }
  return { W, sigma };
}

/** Steps 1–3: the row-normalised NJW embedding of dimension k. */
export function* spectralEmbeddingSteps(
  n: number,
  input: SpectralInput,
  k: number,
  options: SpectralEmbeddingOptions = {},
): Steps<SpectralEmbedding> {
  validateN(n);
  validateK(n, k);
  const seed = validateSeed(options.seed ?? STARTS_SEED_PARAMETER.default);
  const { W, sigma } = yield* scaledSteps(affinitySteps(n, input, options.owner ?? {}), 0, 0.4);

  // M = D^{-1/2} W D^{-1/2}, in place.
  const scale = new Float64Array(n);
  let isolated = 0;
  for (let i = 0; i < n; i++) {
    let degree = 0;
    for (let j = 0; j < n; j++) degree += W[i * n + j] as number;
    if (degree > 0) scale[i] = 1 / Math.sqrt(degree);
    else isolated++;
  }
  for (let i = 0; i < n; i++) {
    const si = scale[i] as number;
    for (let j = 0; j < n; j++) W[i * n + j] = si * (W[i * n + j] as number) * (scale[j] as number);
  }

  const apply = (x: Float64Array, out: Float64Array): void => {
    for (let i = 0; i < n; i++) {
      let s = 0;
      const row = i * n;
      for (let j = 0; j < n; j++) s += (W[row + j] as number) * (x[j] as number);
      out[i] = s;
    }
  };
  const eigen = yield* scaledSteps(
    blockLanczosSteps(apply, n, { count: k, seed, tolerance: 1e-9 }),
    0.4,
    0.95,
  );

  const rows = new Float64Array(n * k);
  for (let c = 0; c < k; c++) {
    const v = eigen.vectors[c] as Float64Array;
    for (let i = 0; i < n; i++) rows[i * k + c] = v[i] as number;
  }
  for (let i = 0; i < n; i++) {
    // An isolated object's eigenvector entries are 0 up to rounding: keep its row exactly 0.
    if (scale[i] === 0) {
      rows.fill(0, i * k, (i + 1) * k);
      continue;
    }
    let norm = 0;
    for (let c = 0; c < k; c++) norm += (rows[i * k + c] as number) ** 2;
    if (!(norm > 0)) continue;
    const inv = 1 / Math.sqrt(norm);
    for (let c = 0; c < k; c++) rows[i * k + c] = (rows[i * k + c] as number) * inv;
  }
  const warnings: string[] = [];
  if (!eigen.converged)
    warnings.push(
      `the ${k} leading eigenvectors did not converge to tolerance (Lanczos basis ${eigen.basis})`,
    );
  if (isolated > 0)
    warnings.push(`${isolated} object(s) have zero affinity to all others (zero embedding rows)`);
  return {
    n,
    dim: k,
    rows,
    eigenvalues: eigen.values,
    sigma,
    isolated,
    eigenConverged: eigen.converged,
    warnings,
  };
}

export function spectralEmbedding(
  n: number,
  input: SpectralInput,
  k: number,
  options: SpectralEmbeddingOptions = {},
): SpectralEmbedding {
  return runToEnd(spectralEmbeddingSteps(n, input, k, options));
}

/**
 * Step 4: one seeded k-means++ run on the embedding rows. Throws a RangeError when the embedding
 * has fewer than k distinct rows (k-means++ cannot place k centres).
 */
export function clusterSpectralEmbedding(
  embedding: SpectralEmbedding,
  k: number,
  options: { seed?: number; maxIterations?: number } = {},
): { labels: Int32Array; inertia: number; iterations: number; converged: boolean } {
  const { seed, maxIterations } = validateKMeans(embedding.n, { k, ...options });
  const r = kmeansRows(
    embedding.rows,
    embedding.n,
    embedding.dim,
    { k, seed, maxIterations },
    createRandom(seed),
  );
  return { labels: r.labels, inertia: r.inertia, iterations: r.iterations, converged: r.converged };
}

/** Spectral clustering (NJW embedding of dimension k, then k-means), seeded and deterministic. */
export function* spectralClusteringSteps(
  n: number,
  input: SpectralInput,
  options: SpectralOptions,
): Steps<SpectralResult> {
  const { k, seed = STARTS_SEED_PARAMETER.default, maxIterations } = options;
  const embedding = yield* spectralEmbeddingSteps(n, input, k, { seed });
  yield { fraction: 0.95, message: 'k-means on the spectral embedding…' };
  const clustering = clusterSpectralEmbedding(embedding, k, {
    seed,
    ...(maxIterations === undefined ? {} : { maxIterations }),
  });
  return { ...embedding, ...clustering };
}

export function spectralClustering(
  n: number,
  input: SpectralInput,
  options: SpectralOptions,
): SpectralResult {
  return runToEnd(spectralClusteringSteps(n, input, options));
}
