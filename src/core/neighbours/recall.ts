import type { Steps } from '../base/jobs.ts';
import { distanceOf, type ProjectionInput } from '../platform/projectionInput.ts';
import type { Neighbours } from './knn.ts';
import { kthSmallest } from '../base/select.ts';

/**
 * Recall@k of neighbour lists against the exact search, with ties. Categorical distances take few
 * distinct values, so many objects are often exactly as far as a query's true k-th neighbour and
 * any of them is a correct k-th neighbour: a returned neighbour counts as correct when its
 * distance is at most the true k-th distance D_k(i) (plus `tolerance`·|D_k(i)|, for rounding).
 * recall = Σ_i |{returned j : d(i, j) ≤ D_k(i)}| / (k · queries). Without ties this is the usual
 * |returned ∩ true| / k.
 */
export function recallWithTies(
  found: Neighbours,
  queries: Int32Array,
  kth: Float64Array,
  tolerance = 1e-9,
): { mean: number; min: number } {
  const { k, distances } = found;
  let total = 0;
  let min = 1;
  queries.forEach((i, q) => {
    const t = kth[q] as number;
    const bound = t + tolerance * Math.abs(t);
    let hits = 0;
    for (let t = 0; t < k; t++) if ((distances[i * k + t] as number) <= bound) hits++;
    total += hits;
    min = Math.min(min, hits / k);
  });
  return { mean: queries.length > 0 ? total / (k * queries.length) : 1, min };
}

/**
 * The exact k-th nearest distance of each query among all other objects (a scan of every object
 * per query, O(queries · n) distances): the reference recall is measured against.
 */
export function* exactKthDistances(
  input: ProjectionInput,
  queries: Int32Array,
  k: number,
): Steps<Float64Array> {
  const { n } = input;
  const distance = distanceOf(input);
  const out = new Float64Array(queries.length);
  const row = new Float64Array(n - 1);
  for (let q = 0; q < queries.length; q++) {
    const i = queries[q] as number;
    let t = 0;
    for (let j = 0; j < n; j++) if (j !== i) row[t++] = distance(i, j);
    out[q] = kthSmallest(row, row.length, k);
    if ((q & 15) === 15)
      yield { fraction: (q + 1) / queries.length, message: 'exact k-th distances' };
  }
  return out;
}
