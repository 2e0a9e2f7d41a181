import { distinctRows, kmeansRows } from '../cluster/kmeans.ts';
import type { Steps } from '../jobs.ts';
import type { Random } from '../random.ts';
import type { CouplingMatrices } from './couplings.ts';

export type CouplingMatrixName = 'Mc' | 'Mo';

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
 * CURE's multi-granularity value clustering, shared by CDE (seed 000 Alg. 1 / seed 003 Alg. 1)
 * and COSH (Alg. 2): k-means on the rows of Mc, then of Mo (the authors' order), for k = 2, 3, …;
 * per matrix, stop once the one-value clusters found so far reach ⌈k/α⌉, k counted after its
 * increment as seed 003 Alg. 1 (steps 9-10) prints it, or when k reaches the number of distinct rows.
 * All clusterings draw from one seeded stream.
 */
export function* valueClusteringSteps(
  couplings: CouplingMatrices,
  alpha: number,
  maxIterations: number,
  rng: Random,
): Steps<ValueClustering[]> {
  const L = couplings.nValues;
  const out: ValueClustering[] = [];
  const matrices: [CouplingMatrixName, Float64Array][] = [
    ['Mc', couplings.mc],
    ['Mo', couplings.mo],
  ];
  for (const [index, [matrix, rows]] of matrices.entries()) {
    const maxK = distinctRows(rows, L, L);
    let removed = 0;
    for (let k = 2; k <= maxK;) {
      const { labels, sizes, centroids } = kmeansRows(rows, L, L, { k, maxIterations }, rng);
      const singletons = sizes.reduce((s, size) => s + (size === 1 ? 1 : 0), 0);
      out.push({ matrix, k, labels, sizes, centroids, singletons });
      removed += singletons;
      k += 1;
      yield {
        fraction: 0.45 * index + Math.min(0.45, (0.45 * k) / Math.max(maxK, 2)),
        message: `Clustering values of ${matrix} (k = ${k - 1})…`,
      };
      if (removed >= Math.ceil(k / alpha)) break; // seed 003 Alg. 1, step 10
    }
  }
  return out;
}
