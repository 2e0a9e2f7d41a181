import type { CentreData } from './centreDistance.ts';

/**
 * Objects as k-means sees them (src/core/clustering/kmeans.ts): distances to objects and to
 * centroids, however the objects are stored — dense rows, or objects made of their values'
 * vectors (src/core/platform/objectEmbedding.ts), where a centroid lives per attribute block.
 */
export interface Geometry {
  readonly n: number;
  /** Squared distance of every object to object `i` (for k-means++ seeding). */
  distancesToObject(i: number, out: Float64Array): void;
  /** Centroid c := object i. */
  setCentroidToObject(c: number, i: number): void;
  /** Prepares the k centroids for a round of `distanceToCentroid` calls. */
  beginAssign(k: number): void;
  /** Squared distance of object i to centroid c. */
  distanceToCentroid(i: number, c: number): number;
  /**
   * Optional: the squared distance of object i to centroid c when it is at most `bound` (the
   * same value `distanceToCentroid` returns), else any number above `bound` (the geometry may
   * stop summing early). k-means then finds the same nearest centroid with less work.
   */
  distanceToCentroidBelow?(i: number, c: number, bound: number): number;
  /** Centroids := means of their members; returns nothing, members are given as labels. */
  updateCentroids(labels: Int32Array, k: number): void;
  /**
   * Optional: the geometry's data as plain arrays, so a team's threads can run the assignment
   * (clustering/assignTeam.ts) with the same sums (base/centreDistance.ts); undefined when its
   * distances come from elsewhere (e.g. a table of pairwise distances).
   */
  centreData?(): CentreData | undefined;
}
