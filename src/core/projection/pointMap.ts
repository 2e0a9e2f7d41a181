import type { IdenticalObjects } from './duplicates.ts';

/**
 * How the points a layout optimises stand for the input's objects: identical objects merged into
 * one point (duplicates.ts), the points put in an order that keeps neighbours near in memory
 * (tsne.ts), both, or neither.
 */
export interface PointMap {
  /** Points optimised. */
  points: number;
  /** Each object's point (n entries); null when object i is point i. */
  of: Int32Array | null;
  /** The object each point is computed from (its first row); null when point q is object q. */
  object: Int32Array | null;
  /** Objects per point; null when every point is one object. */
  multiplicity: Float64Array | null;
  /** Whether the points were put in a given order (else the objects' or the merged points'). */
  ordered: boolean;
}

/**
 * The map for n objects, merged as `merged` says (null: not merged) and then, when `order` is
 * given, with point q standing for the merged point order[q].
 */
export function pointMap(
  n: number,
  merged: IdenticalObjects | null,
  order: Int32Array | null,
): PointMap {
  if (!order)
    return merged
      ? {
          points: merged.unique,
          of: merged.of,
          object: merged.representative,
          multiplicity: merged.multiplicity,
          ordered: false,
        }
      : { points: n, of: null, object: null, multiplicity: null, ordered: false };
  const points = order.length;
  const rank = new Int32Array(points);
  for (let q = 0; q < points; q++) rank[order[q] as number] = q;
  const of = new Int32Array(n);
  for (let i = 0; i < n; i++) of[i] = rank[merged ? (merged.of[i] as number) : i] as number;
  const object = new Int32Array(points);
  for (let q = 0; q < points; q++)
    object[q] = merged
      ? (merged.representative[order[q] as number] as number)
      : (order[q] as number);
  let multiplicity: Float64Array | null = null;
  if (merged) {
    multiplicity = new Float64Array(points);
    for (let q = 0; q < points; q++)
      multiplicity[q] = merged.multiplicity[order[q] as number] as number;
  }
  return { points, of, object, multiplicity, ordered: true };
}

/** Every object at its point's position (y: points × 2, out: n × 2). */
export function expandPoints(y: Float64Array, of: Int32Array, out: Float64Array): void {
  for (let i = 0; i < of.length; i++) {
    const u = of[i] as number;
    out[2 * i] = y[2 * u] as number;
    out[2 * i + 1] = y[2 * u + 1] as number;
  }
}

/** A given n × 2 layout at each point's object (points × 2). */
export function gatherPoints(init: Float64Array, object: Int32Array): Float64Array {
  const out = new Float64Array(2 * object.length);
  for (let q = 0; q < object.length; q++) {
    const r = object[q] as number;
    out[2 * q] = init[2 * r] as number;
    out[2 * q + 1] = init[2 * r + 1] as number;
  }
  return out;
}
