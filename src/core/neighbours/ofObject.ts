import type { Steps } from '../base/jobs.ts';
import { distanceOf, type ProjectionInput } from '../platform/projectionInput.ts';
import { graphCandidates, rememberedGraph } from './graphMemo.ts';

/** One object's k nearest other objects, nearest first, ties by row index. */
export interface ObjectNeighbours {
  row: number;
  k: number;
  indices: Int32Array;
  distances: Float64Array;
  /**
   * 'exact': every other object's distance was computed; 'graph': the candidates came from an
   * NN-descent graph already found on this representation (a t-SNE's), their distances exact.
   */
  search: 'exact' | 'graph';
}

/**
 * The k nearest objects of `row` under the input's distance. With `reuse`, candidates come from a
 * remembered NN-descent graph of this input when there is one (graphMemo.ts: O(K) distances
 * instead of n); otherwise every other object is compared (O(n) distances). Either way the list
 * is sorted by distance, then by row index.
 */
export function* objectNeighbourSteps(
  input: ProjectionInput,
  row: number,
  k: number,
  reuse = true,
): Steps<ObjectNeighbours> {
  const { n } = input;
  if (!Number.isInteger(row) || row < 0 || row >= n)
    throw new RangeError(`row must be a row index from 0 to ${n - 1}, got ${row}`);
  if (!Number.isInteger(k) || k < 1 || k > n - 1)
    throw new RangeError(`k must be a whole number from 1 to n − 1 = ${n - 1}, got ${k}`);
  const distance = distanceOf(input);
  const graph = reuse ? rememberedGraph(input) : null;
  const candidates = graph ? graphCandidates(graph, row, k) : null;
  let rows: Int32Array;
  let d: Float64Array;
  if (candidates) {
    rows = candidates;
    d = Float64Array.from(candidates, (j) => distance(row, j));
  } else {
    rows = new Int32Array(n - 1);
    d = new Float64Array(n - 1);
    for (let j = 0, t = 0; j < n; j++) {
      if (j === row) continue;
      rows[t] = j;
      d[t++] = distance(row, j);
      if ((j & 16383) === 16383) yield { fraction: j / n, message: `distances ${j + 1}/${n}` };
    }
  }
  const order = Array.from(rows.keys()).sort(
    (a, b) => (d[a] as number) - (d[b] as number) || (rows[a] as number) - (rows[b] as number),
  );
  const top = order.slice(0, k);
  return {
    row,
    k,
    indices: Int32Array.from(top, (t) => rows[t] as number),
    distances: Float64Array.from(top, (t) => d[t] as number),
    search: candidates ? 'graph' : 'exact',
  };
}
