import type { ProjectionInput } from '../platform/projectionInput.ts';

/**
 * Neighbour graphs found by NN-descent, kept beside the input they were searched on, so a later
 * question about the same representation ("the neighbours of this object") reuses the graph
 * instead of searching again. Held weakly: a graph lives as long as its input, which lives as
 * long as the representation's result in the cache (representation.ts inputOf).
 */
export interface RememberedGraph {
  /** Points searched: the rows, or the distinct rows when identical ones were merged. */
  points: number;
  /** Entries per point's list. */
  K: number;
  /** points × K, each point's neighbours (points), nearest first. */
  indices: Int32Array;
  /** Each row's point when identical rows were merged (t-SNE, duplicates.ts); null: row = point. */
  of: Int32Array | null;
}

const graphs = new WeakMap<ProjectionInput, RememberedGraph>();

export function rememberGraph(input: ProjectionInput, graph: RememberedGraph): void {
  graphs.set(input, graph);
}

export function rememberedGraph(input: ProjectionInput): RememberedGraph | null {
  return graphs.get(input) ?? null;
}

/**
 * Row `row`'s candidates from a graph: the rows merged with it, then the rows of each of its
 * point's neighbours in list order. Null when the graph holds fewer than k of them.
 */
export function graphCandidates(graph: RememberedGraph, row: number, k: number): Int32Array | null {
  const { of, K, indices } = graph;
  const point = of ? (of[row] as number) : row;
  const out: number[] = [];
  const membersOf = (p: number): number[] => (of ? (membersByPoint(graph)[p] ?? []) : [p]);
  for (const r of membersOf(point)) if (r !== row) out.push(r);
  for (let t = 0; t < K; t++)
    for (const r of membersOf(indices[point * K + t] as number)) out.push(r);
  return out.length >= k ? Int32Array.from(out) : null;
}

const members = new WeakMap<RememberedGraph, number[][]>();

function membersByPoint(graph: RememberedGraph): number[][] {
  let found = members.get(graph);
  if (!found) {
    found = Array.from({ length: graph.points }, () => []);
    const of = graph.of as Int32Array;
    for (let r = 0; r < of.length; r++) (found[of[r] as number] as number[]).push(r);
    members.set(graph, found);
  }
  return found;
}
