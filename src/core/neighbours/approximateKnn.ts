import { scaledSteps, type Steps } from '../base/jobs.ts';
import type { Random } from '../base/random.ts';
import { currentTeam } from '../parallel/ambient.ts';
import { shareWith, type Team } from '../parallel/team.ts';
import {
  kernelFromData,
  pairKernelData,
  vectorKernelData,
  type PairKernelData,
} from '../platform/additiveDistance.ts';
import { groupIdentical, singletonGroups, type IdenticalGroups } from './identical.ts';
import { distanceOf, type ProjectionInput } from '../platform/projectionInput.ts';
import type { Neighbours } from './knn.ts';
import { NeighbourHeaps } from './neighbourHeaps.ts';
import { neighbourListSteps } from './neighbourLists.ts';
import { defaultNnDescentOptions, nnDescentSteps, type NnDescentOptions } from './nnDescent.ts';
import { pivotTreeLeaves } from './pivotTrees.ts';
import { badOption } from '../base/errors.ts';

/** At most this many distinct objects are compared pair by pair rather than by NN-descent. */
export const DISTINCT_EXACT_LIMIT = 2000;
/** Lists of at least this many entries are searched whatever k. */
const MIN_SEARCHED = 20;

/**
 * k nearest neighbours of every object by NN-descent (nnDescent.ts) over the distinct objects:
 * identical objects (same codes, or bit-identical vectors) are grouped first — each is the other's
 * nearest neighbour (d = 0, up to rounding) and they share every other distance — and the search
 * runs on one representative per group with a fast kernel (categorical: packed codes or one
 * look-up per group of attributes, additive.ts; vectors: squared Euclidean). Each object's list is
 * then its group's other members followed by the neighbour groups' members, cut at k, with its
 * distances recomputed by the input's own d(i, j) and sorted (ties stay in that order, where the
 * exact search orders them by index). Seeded and deterministic.
 */
export function* approximateNeighbourSteps(
  input: ProjectionInput,
  k: number,
  random: Random,
  tuning: Partial<NnDescentOptions> = {},
  team: Team = currentTeam(),
): Steps<Neighbours> {
  const { n } = input;
  if (!Number.isInteger(k) || k < 1 || k >= n)
    throw badOption(`k must be a whole number from 1 to n − 1 = ${n - 1}, got ${k}`);
  const groups = identicalGroupsOf(input);
  const m = groups.count;
  // Groups searched per group: k, or more for a small k (NN-descent explores through the lists,
  // and lists of a few entries get stuck; the extra ones are cut off below).
  const K = Math.min(Math.max(k, MIN_SEARCHED), m - 1);
  // Group g's K nearest groups, nearest first (g·K …).
  let groupIndices: Int32Array = new Int32Array(0);
  let iterations = 0;
  let evaluations = 0;
  if (K > 0 && m <= DISTINCT_EXACT_LIMIT) {
    groupIndices = exactGroupNeighbours(m, K, kernelOf(input, groups.representative));
    evaluations = (m * (m - 1)) / 2;
  } else if (K > 0) {
    // Searched in an order that keeps near points near in memory (localityOrder).
    const local = localityOrder(input, groups.representative, random);
    const reps = local ? local.reps : groups.representative;
    // The helpers rebuild the kernel from its data, on shared memory.
    const data = kernelDataOf(input, reps);
    const kernel = data && shareKernelData(data, team);
    const graph = yield* scaledSteps(
      nnDescentSteps(
        m,
        kernel ? kernelFromData(kernel) : representativeDistance(input, reps),
        { ...defaultNnDescentOptions(m, K), ...tuning, K },
        random,
        { team, kernel },
      ),
      0,
      0.9,
      'NN-descent: ',
    );
    groupIndices = local ? inOriginalOrder(graph.indices, local.order, K) : graph.indices;
    iterations = graph.iterations;
    evaluations = graph.evaluations + (local ? local.evaluations : 0);
  }
  const { indices, distances } = yield* scaledSteps(
    neighbourListSteps(input, groups, groupIndices, K, k, team),
    0.9,
    1,
  );
  return {
    n,
    k,
    indices,
    distances,
    search: { method: 'nn-descent', distinct: m, iterations, evaluations },
  };
}

/** Identical objects: by their codes when the distance is additive, by their bits for vectors. */
export function identicalGroupsOf(input: ProjectionInput): IdenticalGroups {
  if (input.kind === 'vectors') {
    const { data } = input;
    const words = new Int32Array(data.buffer, data.byteOffset, data.length * 2);
    return groupIdentical(words, input.n, 2 * input.dims);
  }
  if (input.additive) return groupIdentical(input.additive.codes, input.n, input.additive.D);
  return singletonGroups(input.n);
}

/** A function increasing in d between the given objects (p, q index `reps`), as fast as it gets. */
function kernelOf(input: ProjectionInput, reps: Int32Array): (p: number, q: number) => number {
  const data = kernelDataOf(input, reps);
  return data ? kernelFromData(data) : representativeDistance(input, reps);
}

/**
 * The groups in the leaf order of one random two-pivot tree (pivotTrees.ts, leaves of 32): order[p]
 * is the group searched as p, reps[p] its representative. NN-descent reads the rows of a point's
 * neighbours and of their neighbours at random, and 100,000 16-D rows (12.8 MB) are far larger
 * than a core's cache; in leaf order a point's neighbours mostly sit near it, in rows already
 * read (measured on the 16-D mixture at 100,000 points, one thread, side by side: the search took
 * 9.0 s in this order, 0.4 s of it the tree, against 13.4 s in the rows' own order). Categorical
 * rows too: the graph's lists and hash sets (170 MB at 100,000 rows, K = 90) are read the same
 * way (CADO at 100,000 rows, 2 threads, bench:cado-neighbours, quiet, alternating: 24.8-24.9 s
 * against 27.3-28.2 s, CPU 0.87x; recall@90 over 100 rows 0.9801 against 0.9848, a different
 * graph). t-SNE orders its points so too (tsne.ts LOCALITY_MIN_POINTS).
 */
export function localityOrder(
  input: ProjectionInput,
  representative: Int32Array,
  random: Random,
): { order: Int32Array; reps: Int32Array; evaluations: number } {
  const m = representative.length;
  const kernel = kernelOf(input, representative);
  const tree = pivotTreeLeaves(m, kernel, 32, random);
  const reps = new Int32Array(m);
  for (let p = 0; p < m; p++) reps[p] = representative[tree.order[p] as number] as number;
  return { order: tree.order, reps, evaluations: tree.evaluations };
}

/** Lists of groups searched in `order` (p stands for order[p]) as lists of the groups themselves. */
function inOriginalOrder(indices: Int32Array, order: Int32Array, K: number): Int32Array {
  const out = new Int32Array(indices.length);
  for (let p = 0; p < order.length; p++) {
    const g = order[p] as number;
    for (let t = 0; t < K; t++) out[g * K + t] = order[indices[p * K + t] as number] as number;
  }
  return out;
}

/** The input's own d between representatives (when no kernel describes it). */
function representativeDistance(
  input: ProjectionInput,
  reps: Int32Array,
): (p: number, q: number) => number {
  const distance = distanceOf(input);
  return (p, q) => distance(reps[p] as number, reps[q] as number);
}

/**
 * The fast kernel between representatives as plain data (additive.ts), which a team's helpers can
 * rebuild; null when there is none (a distance known only as a function).
 */
function kernelDataOf(input: ProjectionInput, reps: Int32Array): PairKernelData | null {
  const m = reps.length;
  if (input.kind === 'vectors') {
    const { dims, data } = input;
    const rows = new Float64Array(m * dims);
    for (let p = 0; p < m; p++)
      rows.set(
        data.subarray((reps[p] as number) * dims, ((reps[p] as number) + 1) * dims),
        p * dims,
      );
    return vectorKernelData(rows, dims);
  }
  if (!input.additive) return null;
  const { D, codes } = input.additive;
  const repCodes = new Int32Array(m * D);
  for (let p = 0; p < m; p++)
    repCodes.set(codes.subarray((reps[p] as number) * D, ((reps[p] as number) + 1) * D), p * D);
  return pairKernelData(input.additive, repCodes, m);
}

/** The kernel's arrays where the team's helpers can read them. */
function shareKernelData(data: PairKernelData, team: Team): PairKernelData {
  if (data.type === 'packed') return { ...data, words: shareWith(team, data.words) };
  if (data.type === 'vectors') return { ...data, rows: shareWith(team, data.rows) };
  return {
    ...data,
    table: shareWith(team, data.table),
    start: shareWith(team, data.start),
    combos: shareWith(team, data.combos),
    cell: shareWith(team, data.cell),
  };
}

function exactGroupNeighbours(
  m: number,
  K: number,
  kernel: (p: number, q: number) => number,
): Int32Array {
  const heaps = new NeighbourHeaps(m, K);
  for (let p = 0; p < m; p++)
    for (let q = p + 1; q < m; q++) {
      const d = kernel(p, q);
      heaps.offer(p, q, d);
      heaps.offer(q, p, d);
    }
  const indices = new Int32Array(m * K);
  const values = new Float64Array(m * K);
  for (let p = 0; p < m; p++) heaps.drainSorted(p, indices, values, p * K);
  return indices;
}
