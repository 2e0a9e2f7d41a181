/**
 * The sums k-means and k-modes compute for an object and a centre (clustering/kmeans.ts), as
 * plain functions of typed arrays: a geometry (base/geometry.ts) calls them, and so does a team
 * thread running the assignment (clustering/assignTeam.ts), so both give the same bits.
 */

/** Σ_j (a[ao + j] − b[bo + j])² over dim entries. */
export function squaredDistance(
  a: Float64Array,
  ao: number,
  b: Float64Array,
  bo: number,
  dim: number,
): number {
  let s = 0;
  for (let j = 0; j < dim; j++) {
    const d = (a[ao + j] as number) - (b[bo + j] as number);
    s += d * d;
  }
  return s;
}

/** Dims summed between two checks against the bound in `squaredDistanceBelow`. */
const CHECK_EVERY = 16;

/**
 * The same sum when it is at most `bound`, else a partial sum above `bound` (a sum of squares
 * never decreases as terms are added, in floating point as in exact arithmetic).
 */
export function squaredDistanceBelow(
  a: Float64Array,
  ao: number,
  b: Float64Array,
  bo: number,
  dim: number,
  bound: number,
): number {
  let s = 0;
  for (let from = 0; from < dim; from += CHECK_EVERY) {
    const to = Math.min(dim, from + CHECK_EVERY);
    for (let j = from; j < to; j++) {
      const d = (a[ao + j] as number) - (b[bo + j] as number);
      s += d * d;
    }
    if (s > bound) return s;
  }
  return s;
}

/** Σ_a table[v_a · k + c] over object i's D values (a value-concatenation embedding's distance). */
export function valueTableSum(
  objectValues: Int32Array,
  D: number,
  table: Float64Array,
  k: number,
  i: number,
  c: number,
): number {
  let s = 0;
  for (let a = 0; a < D; a++) s += table[(objectValues[i * D + a] as number) * k + c] as number;
  return s;
}

/** Per-attribute cost tables of k-modes (clustering/kmodes.ts). */
export interface ModeCosts {
  /** Objects × attributes, local codes, row-major. */
  codes: Int32Array;
  widths: Int32Array;
  tables: Float64Array;
  tableStart: Int32Array;
}

/** Σ_a cost_a(x_a, centre_a) for object i and the centre at centre[at …] (D local codes). */
export function modeCost(costs: ModeCosts, i: number, centre: Int32Array, at: number): number {
  const { codes, widths, tables, tableStart } = costs;
  const D = widths.length;
  let s = 0;
  for (let a = 0; a < D; a++)
    s += tables[
      (tableStart[a] as number) +
        (codes[i * D + a] as number) * (widths[a] as number) +
        (centre[at + a] as number)
    ] as number;
  return s;
}

/**
 * What a team thread needs to assign objects to centres itself: the geometry's fixed data and
 * its centres as they stand after `beginAssign(k)` (read again each iteration).
 */
export type CentreData =
  | {
      form: 'dense';
      dim: number;
      data: Float64Array;
      /** Whether the geometry offers distanceToCentroidBelow. */
      bounded: boolean;
      /** k × dim. */
      centres(): Float64Array;
    }
  | {
      form: 'value-table';
      D: number;
      L: number;
      objectValues: Int32Array;
      /** L × k: each value's squared distance to each centre's block. */
      centres(): Float64Array;
    }
  | {
      form: 'value-cost';
      costs: ModeCosts;
      /** k × D modes. */
      centres(): Int32Array;
    };
