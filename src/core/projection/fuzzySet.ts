import type { Neighbours } from '../neighbours/knn.ts';

/**
 * UMAP's fuzzy simplicial set of the k-nearest-neighbour graph (McInnes, Healy & Melville 2018,
 * Sec. 3.1, Definitions 9-10; umap-learn's `smooth_knn_dist`, `compute_membership_strengths`,
 * `fuzzy_simplicial_set`):
 *
 *   w(j | i) = exp(−max(0, d(i, j) − ρ_i) / σ_i),
 *
 * ρ_i the distance to i's nearest neighbour at a positive distance (local connectivity 1), σ_i
 * found by binary search so Σ_j w(j | i) = log₂(k) (k = neighbours counting i itself, as
 * umap-learn's n_neighbors does; the sum runs over the k − 1 others), then the fuzzy union
 * w_ij = w(j | i) + w(i | j) − w(j | i) w(i | j) (set_op_mix_ratio 1). σ_i is kept at least 10⁻³
 * of the mean distance (of i's row with itself at 0, or of every row when ρ_i = 0), as umap-learn.
 */
export interface FuzzyGraph {
  n: number;
  /** Row i's edges at rowStart[i] … rowStart[i + 1] − 1, columns ascending; symmetric. */
  rowStart: Int32Array;
  columns: Int32Array;
  weights: Float64Array;
}

const SMOOTH_K_TOLERANCE = 1e-5;
const SEARCH_STEPS = 64;
const MIN_K_DIST_SCALE = 1e-3;

/** ρ_i and σ_i of every row of `nn` (its lists hold the k − 1 neighbours, not the point). */
export function smoothKnnDistances(
  nn: Neighbours,
  k: number = nn.k + 1,
): { rho: Float64Array; sigma: Float64Array } {
  const { n, k: listed, distances } = nn;
  const target = Math.log2(k);
  const rho = new Float64Array(n);
  const sigma = new Float64Array(n);
  let total = 0;
  for (let t = 0; t < n * listed; t++) total += distances[t] as number;
  // umap-learn's lists include the point itself at distance 0: its means count that entry.
  const meanAll = total / (n * (listed + 1));
  for (let i = 0; i < n; i++) {
    const base = i * listed;
    let r = 0;
    let rowSum = 0;
    for (let t = 0; t < listed; t++) {
      const d = distances[base + t] as number;
      rowSum += d;
      if (r === 0 && d > 0) r = d;
    }
    let lo = 0;
    let hi = Infinity;
    let mid = 1;
    for (let step = 0; step < SEARCH_STEPS; step++) {
      let sum = 0;
      for (let t = 0; t < listed; t++) {
        const d = (distances[base + t] as number) - r;
        sum += d > 0 ? Math.exp(-d / mid) : 1;
      }
      if (Math.abs(sum - target) < SMOOTH_K_TOLERANCE) break;
      if (sum > target) {
        hi = mid;
        mid = (lo + hi) / 2;
      } else {
        lo = mid;
        mid = hi === Infinity ? mid * 2 : (lo + hi) / 2;
      }
    }
    const floor = MIN_K_DIST_SCALE * (r > 0 ? rowSum / (listed + 1) : meanAll);
    rho[i] = r;
    sigma[i] = Math.max(mid, floor);
  }
  return { rho, sigma };
}

/** The symmetric fuzzy graph of `nn` (see above). */
export function fuzzySimplicialSet(nn: Neighbours, k: number = nn.k + 1): FuzzyGraph {
  const { n, k: listed, indices, distances } = nn;
  const { rho, sigma } = smoothKnnDistances(nn, k);
  const strength = new Float64Array(n * listed);
  for (let i = 0; i < n; i++)
    for (let t = 0; t < listed; t++) {
      const e = i * listed + t;
      const d = (distances[e] as number) - (rho[i] as number);
      strength[e] = d <= 0 || sigma[i] === 0 ? 1 : Math.exp(-d / (sigma[i] as number));
    }
  const degree = new Int32Array(n);
  for (let i = 0; i < n; i++)
    for (let t = 0; t < listed; t++) {
      const j = indices[i * listed + t] as number;
      degree[i] = (degree[i] as number) + 1;
      if (slotOf(indices, listed, j, i) < 0) degree[j] = (degree[j] as number) + 1;
    }
  const rowStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) rowStart[i + 1] = (rowStart[i] as number) + (degree[i] as number);
  const fill = rowStart.slice(0, n);
  const columns = new Int32Array(rowStart[n] as number);
  const weights = new Float64Array(rowStart[n] as number);
  const put = (row: number, column: number, w: number): void => {
    const s = fill[row] as number;
    columns[s] = column;
    weights[s] = w;
    fill[row] = s + 1;
  };
  for (let i = 0; i < n; i++)
    for (let t = 0; t < listed; t++) {
      const j = indices[i * listed + t] as number;
      const forward = strength[i * listed + t] as number;
      const back = slotOf(indices, listed, j, i);
      const backward = back < 0 ? 0 : (strength[j * listed + back] as number);
      const w = forward + backward - forward * backward;
      // Each pair once from each side: from i always, from j only when i is not in j's list.
      put(i, j, w);
      if (back < 0) put(j, i, w);
    }
  sortRows(rowStart, columns, weights);
  return { n, rowStart, columns, weights };
}

/**
 * Drops the edges below max weight / epochs, which would be sampled less than once in the run
 * (umap-learn's `simplicial_set_embedding`); returns a new graph.
 */
export function pruneWeakEdges(graph: FuzzyGraph, epochs: number): FuzzyGraph {
  const { n, rowStart, columns, weights } = graph;
  let max = 0;
  for (let e = 0; e < weights.length; e++) max = Math.max(max, weights[e] as number);
  const cut = max / epochs;
  const keptStart = new Int32Array(n + 1);
  let kept = 0;
  for (let i = 0; i < n; i++) {
    for (let e = rowStart[i] as number; e < (rowStart[i + 1] as number); e++)
      if ((weights[e] as number) >= cut && (weights[e] as number) > 0) kept++;
    keptStart[i + 1] = kept;
  }
  const keptColumns = new Int32Array(kept);
  const keptWeights = new Float64Array(kept);
  let s = 0;
  for (let e = 0; e < weights.length; e++)
    if ((weights[e] as number) >= cut && (weights[e] as number) > 0) {
      keptColumns[s] = columns[e] as number;
      keptWeights[s++] = weights[e] as number;
    }
  return { n, rowStart: keptStart, columns: keptColumns, weights: keptWeights };
}

function slotOf(indices: Int32Array, k: number, i: number, j: number): number {
  const base = i * k;
  for (let t = 0; t < k; t++) if (indices[base + t] === j) return t;
  return -1;
}

/** Each row's entries by ascending column (insertion sort: rows are short). */
function sortRows(rowStart: Int32Array, columns: Int32Array, weights: Float64Array): void {
  for (let i = 0; i + 1 < rowStart.length; i++) {
    const from = rowStart[i] as number;
    const to = rowStart[i + 1] as number;
    for (let a = from + 1; a < to; a++) {
      const c = columns[a] as number;
      const w = weights[a] as number;
      let b = a - 1;
      while (b >= from && (columns[b] as number) > c) {
        columns[b + 1] = columns[b] as number;
        weights[b + 1] = weights[b] as number;
        b--;
      }
      columns[b + 1] = c;
      weights[b + 1] = w;
    }
  }
}
