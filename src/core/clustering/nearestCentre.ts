import type { Geometry } from '../base/geometry.ts';

/** The distances the nearest-centre search reads (a geometry, or a team thread's view of one). */
export type CentreDistances = Pick<Geometry, 'distanceToCentroid' | 'distanceToCentroidBelow'>;

/**
 * The nearest of the k centroids to object i and its squared distance; among equal distances
 * the lowest-numbered centroid, as a scan from centroid 0 keeping strict improvements finds it.
 * With `distanceToCentroidBelow` the scan starts at the object's previous centroid (`previous`,
 * −1 before the first assignment), whose distance bounds the others' early: the same answer.
 */
export function nearestCentroid(
  geometry: CentreDistances,
  i: number,
  k: number,
  previous: number,
): [arg: number, min: number] {
  if (hasBound(geometry)) return nearestWithBound(geometry, i, k, previous);
  let arg = 0;
  let min = geometry.distanceToCentroid(i, 0);
  for (let c = 1; c < k; c++) {
    const d = geometry.distanceToCentroid(i, c);
    if (d < min) {
      min = d;
      arg = c;
    }
  }
  return [arg, min];
}

type BoundedGeometry = CentreDistances & Required<Pick<Geometry, 'distanceToCentroidBelow'>>;

function hasBound(geometry: CentreDistances): geometry is BoundedGeometry {
  return geometry.distanceToCentroidBelow !== undefined;
}

function nearestWithBound(
  geometry: BoundedGeometry,
  i: number,
  k: number,
  previous: number,
): [arg: number, min: number] {
  const start = previous >= 0 ? previous : 0;
  let arg = start;
  let min = geometry.distanceToCentroid(i, start);
  for (let c = 0; c < k; c++) {
    if (c === start) continue;
    const d = geometry.distanceToCentroidBelow(i, c, min);
    if (d < min || (d === min && c < arg)) {
      min = d;
      arg = c;
    }
  }
  return [arg, min];
}
