import { distinctRows, kmeansRows } from '../../clustering/kmeans.ts';
import { denseGeometry, type DenseGeometryOptions } from '../../clustering/denseGeometry.ts';
import type { Steps } from '../../base/jobs.ts';
import type { Random } from '../../base/random.ts';
import type { CouplingMatrices } from './couplings.ts';

export type CouplingMatrixName = 'Mc' | 'Mo';

/**
 * How the removed one-value clusters of a matrix are compared with ⌈k/α⌉ (k counted after its
 * increment): 'reach' stops once they are ≥ ⌈k/α⌉ (CDE, Jian et al. 2017, Alg. 1, step 10, as printed);
 * 'exceed' once they are > ⌈k/α⌉ (CDE, Jian et al. 2017, Sec. 3.5 "larger than", and the authors' CDE.m).
 */
export type StopRule = 'reach' | 'exceed';

export interface ValueClusteringStop {
  /** Default 'reach' here (COSH's rule); CDE passes its own default ('exceed'). */
  stopRule?: StopRule;
  /**
   * When true, the rule is not tested on a matrix until one of its clusterings has split the values
   * into at least two clusters of ≥ 2 values, or ⌈k/α⌉ has grown above 1 (so the wait can only
   * cover the clusterings at k = 2 … α − 1). Default false here (COSH); CDE defaults to true.
   */
  waitForSplit?: boolean;
}

/** One k-means clustering of the values (the rows of Mc or Mo) at granularity k. */
export interface ValueClustering {
  matrix: CouplingMatrixName;
  k: number;
  /** Cluster of each value. */
  labels: Int32Array;
  sizes: Int32Array;
  /** k × L centroids. */
  centroids: Float64Array;
  /** Clusters holding exactly one value. */
  singletons: number;
}

/**
 * CURE's multi-granularity value clustering, shared by CDE (CURE, Jian et al. 2019, Alg. 1 / Jian et al. 2017 (CDE) Alg. 1)
 * and COSH (Alg. 2): k-means on the rows of Mc, then of Mo (the authors' order), for k = 2, 3, ….
 * Per matrix (both algorithms reset rm / C_s inside their loop over the two matrices), the one-value
 * clusters removed so far are counted over all its k and compared with ⌈k/α⌉, k counted after its
 * increment as Jian et al. 2017 (CDE) Alg. 1 (steps 9-10) prints it; see `StopRule` and `waitForSplit`. k also
 * stops when it reaches the number of distinct rows. All clusterings draw from one seeded stream.
 * `geometryOptions` choose denseGeometry's exact shortcuts (the same clusterings either way; the
 * plain loop, `{ bound: false }`, is kept as the reference for tests and the bench).
 */
export function* valueClusteringSteps(
  couplings: CouplingMatrices,
  alpha: number,
  maxIterations: number,
  rng: Random,
  stop: ValueClusteringStop = {},
  geometryOptions: DenseGeometryOptions = { pairwise: true },
): Steps<ValueClustering[]> {
  const { stopRule = 'reach', waitForSplit = false } = stop;
  const L = couplings.nValues;
  const out: ValueClustering[] = [];
  const matrices: [CouplingMatrixName, Float64Array][] = [
    ['Mc', couplings.mc],
    ['Mo', couplings.mo],
  ];
  for (const [index, [matrix, rows]] of matrices.entries()) {
    const maxK = distinctRows(rows, L, L);
    // One geometry for every k on this matrix: its table of distances between rows serves
    // every k-means++ draw (exact; see denseGeometry).
    const geometry = denseGeometry(rows, L, L, geometryOptions);
    let removed = 0;
    let split = !waitForSplit;
    for (let k = 2; k <= maxK;) {
      const { labels, sizes, centroids } = kmeansRows(
        rows,
        L,
        L,
        { k, maxIterations },
        rng,
        geometry,
      );
      const singletons = sizes.reduce((s, size) => s + (size === 1 ? 1 : 0), 0);
      out.push({ matrix, k, labels, sizes, centroids, singletons });
      removed += singletons;
      if (!split) split = sizes.reduce((s, size) => s + (size >= 2 ? 1 : 0), 0) >= 2;
      k += 1;
      yield {
        fraction: 0.45 * index + Math.min(0.45, (0.45 * k) / Math.max(maxK, 2)),
        message: `Clustering values of ${matrix} (k = ${k - 1})…`,
      };
      const waiting = !split && Math.ceil(k / alpha) <= 1;
      if (!waiting && stopReached(removed, k, alpha, stopRule)) break;
    }
  }
  return out;
}

/** The stop test after a clustering; `k` is the next granularity (CDE, Jian et al. 2017, Alg. 1, steps 9-10). */
export function stopReached(removed: number, k: number, alpha: number, rule: StopRule): boolean {
  const threshold = Math.ceil(k / alpha);
  return rule === 'reach' ? removed >= threshold : removed > threshold;
}
