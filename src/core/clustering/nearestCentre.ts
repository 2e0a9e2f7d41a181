import type { Geometry } from '../base/geometry.ts';

/** The distances the nearest-centre search reads (a geometry, or a team thread's view of one). */
export type CentreDistances = Pick<Geometry, 'distanceToCentroid' | 'distanceToCentroidBelow'>;

/**
 * Two squared distances closer than this, relative to the smaller, are a tie. MATLAB's k-means
 * (`min` over the distance columns), which the CURE authors ran, takes the lowest-numbered centre
 * of equal distances; in exact arithmetic equal distances are common here — an object's squared
 * distances to objects in an indicator or value-concatenation space are whole numbers, and
 * k-means++ starts its centres at objects — but round-off (1e-13 on DNA's 12,240 dimensions)
 * breaks such a tie one way in one computation of the same embedding and the other way in
 * another (CDE's Gram-form PCA against its covariance form moved 12 objects of 3,186 on seed 3).
 * Round-off is ~1e-15 relative a term; 1e-9 leaves six orders of magnitude on either side.
 */
export const TIE_RELATIVE = 1e-9;

/** The largest squared distance that ties with `min`. */
export const tieBound = (min: number): number => min + TIE_RELATIVE * Math.abs(min);

/**
 * The running choice of a nearest-centre scan in any order of centres: `min` the smallest distance
 * seen, `arg` the lowest-numbered centre within the tie bound of it, `argDistance` its distance.
 */
export interface NearestScan {
  arg: number;
  argDistance: number;
  min: number;
}

/** Offers centre c at distance d to the scan (see NearestScan). */
export function offerCentre(scan: NearestScan, c: number, d: number): void {
  if (d < scan.min) {
    scan.min = d;
    if (c < scan.arg || scan.argDistance > tieBound(d)) {
      scan.arg = c;
      scan.argDistance = d;
    }
  } else if (c < scan.arg && d <= tieBound(scan.min)) {
    scan.arg = c;
    scan.argDistance = d;
  }
}

/**
 * The nearest of the k centroids to object i and its squared distance; among distances that tie
 * (within TIE_RELATIVE) the lowest-numbered centroid, whatever the order of the scan. With
 * `distanceToCentroidBelow` the scan starts at the object's previous centroid (`previous`, −1
 * before the first assignment), whose distance bounds the others' early: the same answer.
 */
export function nearestCentroid(
  geometry: CentreDistances,
  i: number,
  k: number,
  previous: number,
): [arg: number, min: number] {
  // offerCentre's rule on locals: this runs once per object and iteration (no scan object).
  const bounded = geometry.distanceToCentroidBelow !== undefined;
  const start = bounded && previous >= 0 ? previous : 0;
  let arg = start;
  let argDistance = geometry.distanceToCentroid(i, start);
  let min = argDistance;
  for (let c = 0; c < k; c++) {
    if (c === start) continue;
    const d = bounded
      ? (geometry as BoundedDistances).distanceToCentroidBelow(i, c, tieBound(min))
      : geometry.distanceToCentroid(i, c);
    if (d < min) {
      min = d;
      if (c < arg || argDistance > tieBound(d)) {
        arg = c;
        argDistance = d;
      }
    } else if (c < arg && d <= tieBound(min)) {
      arg = c;
      argDistance = d;
    }
  }
  return [arg, argDistance];
}

type BoundedDistances = Required<CentreDistances>;
