import { squaredDistance, squaredDistanceBelow } from '../base/centreDistance.ts';
import type { Geometry } from '../base/geometry.ts';
import { internal } from '../base/errors.ts';

/** Above this many rows `pairwise` is ignored (the n × n table would pass 8 MB). */
export const PAIRWISE_ROW_LIMIT = 1024;

export interface DenseGeometryOptions {
  /**
   * Keep the n × n table of squared distances between rows (built once, on first use, for up
   * to PAIRWISE_ROW_LIMIT rows) and read k-means++ draws and the distances to centroids that
   * sit on an object from it. Worth it when one geometry serves many k-means runs over few rows
   * (CURE's value clustering: some 70 runs on the same 240 rows).
   */
  pairwise?: boolean;
  /** Offer `distanceToCentroidBelow` (default true); false gives the plain loop, as a reference. */
  bound?: boolean;
}

/**
 * Rows of a row-major n × dim matrix, for k-means. Two shortcuts, both exact — every distance
 * returned is the one the plain loop gives, bit for bit, so k-means takes the same steps:
 * - `distanceToCentroidBelow` stops summing once the partial sum passes the bound (a sum of
 *   squares never decreases as terms are added, in floating point as in exact arithmetic);
 * - with `pairwise`, a centroid still at the object it was set to reads its distances from the
 *   table (Σ (a − b)² is the same sum as Σ (b − a)², term for term, in the same order).
 */
export function denseGeometry(
  data: Float64Array,
  n: number,
  dim: number,
  options: DenseGeometryOptions = {},
): Geometry & { centroids: Float64Array } {
  if (data.length !== n * dim)
    throw internal(`data has ${data.length} cells, expected ${n} × ${dim}`);
  const usePairwise = options.pairwise === true && n <= PAIRWISE_ROW_LIMIT;
  let pairwise: Float64Array | null = null;
  let centroids = new Float64Array(0);
  // The object each centroid sits on, or −1 once it is a mean.
  let onObject = new Int32Array(0);
  const ensure = (k: number): void => {
    if (centroids.length < k * dim) {
      const next = new Float64Array(k * dim);
      next.set(centroids);
      centroids = next;
      const objects = new Int32Array(k).fill(-1);
      objects.set(onObject);
      onObject = objects;
    }
  };
  const sq = (a: Float64Array, ao: number, b: Float64Array, bo: number): number =>
    squaredDistance(a, ao, b, bo, dim);
  const table = (): Float64Array => {
    if (pairwise) return pairwise;
    pairwise = new Float64Array(n * n);
    for (let r = 0; r < n; r++)
      for (let i = r + 1; i < n; i++) {
        const d = sq(data, r * dim, data, i * dim);
        pairwise[r * n + i] = d;
        pairwise[i * n + r] = d;
      }
    return pairwise;
  };
  const geometry: Geometry & { centroids: Float64Array } = {
    n,
    distancesToObject(i, out) {
      if (usePairwise) out.set(table().subarray(i * n, (i + 1) * n));
      else for (let r = 0; r < n; r++) out[r] = sq(data, r * dim, data, i * dim);
    },
    setCentroidToObject(c, i) {
      ensure(c + 1);
      centroids.set(data.subarray(i * dim, (i + 1) * dim), c * dim);
      onObject[c] = i;
    },
    beginAssign(k) {
      ensure(k);
    },
    distanceToCentroid(i, c) {
      const object = onObject[c] as number;
      if (usePairwise && object >= 0) return table()[i * n + object] as number;
      return sq(data, i * dim, centroids, c * dim);
    },
    distanceToCentroidBelow(i, c, bound) {
      const object = onObject[c] as number;
      if (usePairwise && object >= 0) return table()[i * n + object] as number;
      return squaredDistanceBelow(data, i * dim, centroids, c * dim, dim, bound);
    },
    updateCentroids(labels, k) {
      ensure(k);
      const counts = new Int32Array(k);
      const sums = new Float64Array(k * dim);
      for (let i = 0; i < n; i++) {
        const c = labels[i] as number;
        counts[c] = (counts[c] as number) + 1;
        for (let j = 0; j < dim; j++)
          sums[c * dim + j] = (sums[c * dim + j] as number) + (data[i * dim + j] as number);
      }
      for (let c = 0; c < k; c++) {
        const m = counts[c] as number;
        if (m === 0) continue;
        onObject[c] = -1;
        for (let j = 0; j < dim; j++) centroids[c * dim + j] = (sums[c * dim + j] as number) / m;
      }
    },
    get centroids() {
      return centroids;
    },
    centreData() {
      // With the pairwise table some centres' distances are read from it: those stay here.
      if (usePairwise) return undefined;
      return {
        form: 'dense',
        dim,
        data,
        bounded: geometry.distanceToCentroidBelow !== undefined,
        centres: () => centroids,
      };
    },
  };
  if (options.bound === false) delete geometry.distanceToCentroidBelow;
  return geometry;
}
