import { modeCost } from '../base/centreDistance.ts';
import type { Geometry } from '../base/geometry.ts';

/**
 * k-modes with any per-attribute value dissimilarity (Huang 1998, with the simple matching
 * distance replaced by a table per attribute, as Wang et al. 2015 (coupled attribute similarity) Sec. VIII-C clusters with CADO), as a
 * k-means `Geometry`: a centre is one value per attribute (its mode), an object's cost to a
 * centre is Σ_a cost_a(x_a, m_a), and the update sets each mode to the value minimising its
 * members' summed cost — O(k · Σ_a m_a²) from the members' value counts, never a distance
 * between objects. k-means's loop then gives k-modes its seeding (first centre uniform, the next
 * drawn ∝ cost), its iterations and its empty-cluster rule.
 */
export interface ValueCosts {
  /** Objects × attributes, local codes (0..m_a − 1), row-major. */
  codes: Int32Array;
  n: number;
  /** Values per attribute. */
  widths: Int32Array;
  /** Per attribute an m_a × m_a table cost_a[u, v], stored one after another. */
  tables: Float64Array;
  tableStart: Int32Array;
}

export function valueCostGeometry(data: ValueCosts): Geometry {
  const { n, codes, widths, tables, tableStart } = data;
  const D = widths.length;
  let modes = new Int32Array(0);
  const ensure = (k: number): void => {
    if (modes.length >= k * D) return;
    const next = new Int32Array(k * D);
    next.set(modes);
    modes = next;
  };
  const cell = (a: number, u: number, v: number): number =>
    tables[(tableStart[a] as number) + u * (widths[a] as number) + v] as number;
  const cost = (i: number, centre: Int32Array, at: number): number => modeCost(data, i, centre, at);
  return {
    n,
    distancesToObject(i, out) {
      for (let r = 0; r < n; r++) out[r] = cost(r, codes, i * D);
    },
    setCentroidToObject(c, i) {
      ensure(c + 1);
      modes.set(codes.subarray(i * D, (i + 1) * D), c * D);
    },
    beginAssign(k) {
      ensure(k);
    },
    distanceToCentroid(i, c) {
      return cost(i, modes, c * D);
    },
    updateCentroids(labels, k) {
      ensure(k);
      for (let a = 0; a < D; a++) {
        const m = widths[a] as number;
        const counts = new Float64Array(k * m);
        for (let i = 0; i < n; i++) {
          const at = (labels[i] as number) * m + (codes[i * D + a] as number);
          counts[at] = (counts[at] as number) + 1;
        }
        for (let c = 0; c < k; c++) {
          let best = -1;
          let min = Infinity;
          for (let v = 0; v < m; v++) {
            let s = 0;
            for (let u = 0; u < m; u++) {
              const count = counts[c * m + u] as number;
              if (count > 0) s += count * cell(a, u, v);
            }
            if (s < min) {
              min = s;
              best = v;
            }
          }
          // A cluster with no members keeps its mode.
          if (counts.subarray(c * m, (c + 1) * m).some((x) => x > 0)) modes[c * D + a] = best;
        }
      }
    },
    centreData: () => ({ form: 'value-cost', costs: data, centres: () => modes }),
  };
}
