/**
 * NN-descent's heavy steps split across a team (issue 15; team.ts), as pynndescent parallelises
 * them. Offers to the graph go through two steps:
 *
 *   1. pairs: task c finds chunk c's candidate pairs — the start's tree leaves (every pair in a
 *      leaf) or a block's local join (new × new, new × old) — and keeps, in chunk c's own buffer,
 *      an offer (p, q, d) when d is below p's farthest neighbour and one (q, p, d) when it is
 *      below q's. The graph is only read.
 *   2. apply: task t of P makes the offers to the points it owns (a contiguous P-th of them),
 *      reading the chunks' buffers in order.
 *
 * Each point therefore receives the same offers in the same order whatever P and whoever runs
 * which task, so the graph is identical on any number of threads, one included. The bounds read
 * in step 1 are those at the start of the step (the sequential join reads them as they shrink),
 * so a few more pairs are offered, and turned away by the heap's own check. Before each round,
 * the candidates are sampled point by point (candidates.ts), each point from its own random
 * stream, in tasks of CHUNK points.
 */
import { registerKernel } from '../parallel/kernels.ts';
import { serialTeam, type Binding, type KernelInputs, type Team } from '../parallel/team.ts';
import { kernelFromData, type PairKernelData } from './additive.ts';
import { CandidateSampler, type Candidates, type CandidateArrays } from './candidates.ts';
import { GraphLists, type GraphArrays } from './graphLists.ts';

const KERNEL = 'nn-descent';
/** Points a block of the local join: its kept pairs are applied before the next block. */
export const BLOCK = 4096;
/** Points a join or sampling task. */
const CHUNK = 256;
/** Chunk buffers (a block's join, or a run of leaves). */
const CHUNKS = BLOCK / CHUNK;
/** params cells */
const PHASE = 0;
const FROM = 1;
const TO = 2;
const ROUND = 3;
const SEED = 4;
const LEAVES_PER_CHUNK = 5;
/** Phases */
const JOIN = 0;
const APPLY = 1;
const SAMPLE = 2;
const LEAVES = 3;

interface JoinInputs {
  m: number;
  K: number;
  C: number;
  /** Null: the caller's distance is a function no other thread can rebuild (it works alone). */
  kernel: PairKernelData | null;
  graph: GraphArrays;
  candidates: CandidateArrays;
  /** A tree's points in leaf order, and its leaves' bounds (leaf l: order[bounds[l] …)). */
  order: Int32Array;
  leafBounds: Int32Array;
  /** Per chunk, up to `capacity` offers: to p of q at 2u, 2u + 1 and d at u of its slice. */
  pairs: Int32Array;
  dists: Float32Array;
  kept: Int32Array;
  capacity: number;
  /** Apply tasks (the points' owners). */
  partitions: number;
  changes: Int32Array;
  params: Int32Array;
}

function nnDescentKernel(raw: KernelInputs, dist?: (p: number, q: number) => number) {
  const inputs = raw as unknown as JoinInputs;
  const { m, K, C } = inputs;
  const d = dist ?? kernelFromData(inputs.kernel as PairKernelData);
  const graph = new GraphLists(m, K, inputs.graph);
  const sampler = new CandidateSampler(inputs.candidates, m, K, C);
  return {
    task(index: number) {
      const { params } = inputs;
      const phase = params[PHASE];
      if (phase === JOIN) join(inputs, graph, d, index);
      else if (phase === LEAVES) leaves(inputs, graph, d, index);
      else if (phase === APPLY) apply(inputs, graph, index);
      else {
        const from = index * CHUNK;
        const to = Math.min(m, from + CHUNK);
        const round = params[ROUND] as number;
        const seed = params[SEED] as number;
        for (let i = from; i < to; i++) sampler.sample(graph, i, round, seed);
      }
    },
  };
}

registerKernel(KERNEL, (inputs) => nnDescentKernel(inputs));

/**
 * Keeps the offers of pair (p, q) at distance pq that may change p's or q's list (the bounds as
 * the step began), from slot u of the buffer; returns the next free slot.
 */
function keep(
  inputs: JoinInputs,
  bound: Float32Array,
  u: number,
  p: number,
  q: number,
  pq: number,
): number {
  const { pairs, dists } = inputs;
  if (pq < (bound[p] as number)) {
    pairs[2 * u] = p;
    pairs[2 * u + 1] = q;
    dists[u++] = pq;
  }
  if (pq < (bound[q] as number)) {
    pairs[2 * u] = q;
    pairs[2 * u + 1] = p;
    dists[u++] = pq;
  }
  return u;
}

/** Step 1 of the local join for chunk c of the block: pairs nearer than either's farthest. */
function join(
  inputs: JoinInputs,
  graph: GraphLists,
  d: (p: number, q: number) => number,
  c: number,
): void {
  const { C, capacity, params } = inputs;
  const { newLists, oldLists, newCount, oldCount } = inputs.candidates;
  const { bound } = graph;
  const from = (params[FROM] as number) + c * CHUNK;
  const to = Math.min(params[TO] as number, from + CHUNK);
  let u = c * capacity;
  for (let i = from; i < to; i++) {
    const nNew = newCount[i] as number;
    const nOld = oldCount[i] as number;
    const base = i * C;
    for (let a = 0; a < nNew; a++) {
      const p = newLists[base + a] as number;
      for (let b = a + 1; b < nNew; b++) {
        const q = newLists[base + b] as number;
        u = keep(inputs, bound, u, p, q, Math.fround(d(p, q)));
      }
      for (let b = 0; b < nOld; b++) {
        const q = oldLists[base + b] as number;
        if (q !== p) u = keep(inputs, bound, u, p, q, Math.fround(d(p, q)));
      }
    }
  }
  inputs.kept[c] = u - c * capacity;
}

/** Step 1 of the start for chunk c of a run of tree leaves: every pair within each leaf. */
function leaves(
  inputs: JoinInputs,
  graph: GraphLists,
  d: (p: number, q: number) => number,
  c: number,
): void {
  const { order, leafBounds, capacity, params } = inputs;
  const { bound } = graph;
  const per = params[LEAVES_PER_CHUNK] as number;
  const from = (params[FROM] as number) + c * per;
  const to = Math.min(params[TO] as number, from + per);
  let u = c * capacity;
  for (let l = from; l < to; l++) {
    const lo = leafBounds[l] as number;
    const hi = leafBounds[l + 1] as number;
    for (let a = lo; a < hi; a++) {
      const p = order[a] as number;
      for (let b = a + 1; b < hi; b++) {
        const q = order[b] as number;
        u = keep(inputs, bound, u, p, q, Math.fround(d(p, q)));
      }
    }
  }
  inputs.kept[c] = u - c * capacity;
}

/** Step 2 for owner t: the kept pairs of the step's chunks, in order, offered to t's points. */
function apply(inputs: JoinInputs, graph: GraphLists, t: number): void {
  const { m, pairs, dists, kept, capacity, partitions, params } = inputs;
  const chunks = params[TO] as number;
  // t owns points lo … hi − 1.
  const lo = Math.ceil((t * m) / partitions);
  const hi = Math.ceil(((t + 1) * m) / partitions);
  let changes = 0;
  for (let c = 0; c < chunks; c++) {
    const end = c * capacity + (kept[c] as number);
    for (let u = c * capacity; u < end; u++) {
      const p = pairs[2 * u] as number;
      if (p >= lo && p < hi)
        changes += graph.push(p, pairs[2 * u + 1] as number, dists[u] as number);
    }
  }
  inputs.changes[t] = changes;
}

export interface NnDescentTeam {
  /** Offers every pair within each leaf of a tree (its points in leaf order and leaf bounds). */
  leaves(order: Int32Array, leafBounds: Int32Array): void;
  /** Samples every point's candidates for round `round` from `seed`. */
  sample(round: number, seed: number): void;
  /** Joins the candidates of points from … to − 1 (at most BLOCK); returns the entries changed. */
  block(from: number, to: number): number;
  release(): void;
}

/**
 * NN-descent's steps on `graph` and `candidates` (both allocated on `team`'s memory) on the team.
 * `dist` is the caller's own distance; `kernel` the same as data for the helpers (null: alone).
 */
export function nnDescentTeam(
  graph: GraphLists,
  candidates: Candidates,
  dist: (p: number, q: number) => number,
  kernel: PairKernelData | null,
  team: Team,
  leafSize: number,
): NnDescentTeam {
  const onTeam = kernel ? team : serialTeam;
  const { m, K } = graph;
  const C = candidates.C;
  // A chunk's buffer holds two offers for each pair of a join chunk, or of a leaf at least
  // (leaves hold at most leafSize points).
  const leafPairs = leafSize * (leafSize - 1);
  const capacity = Math.max(CHUNK * (C * (C - 1) + 2 * C * C), leafPairs);
  const leavesPerChunk = Math.max(1, Math.floor(capacity / Math.max(1, leafPairs)));
  const partitions = Math.max(1, Math.min(onTeam.size, 64));
  const inputs: JoinInputs = {
    m,
    K,
    C,
    kernel,
    graph: graph.arrays,
    candidates,
    order: onTeam.allocate(Int32Array, m),
    leafBounds: onTeam.allocate(Int32Array, m + 1),
    pairs: onTeam.allocate(Int32Array, 2 * CHUNKS * capacity),
    dists: onTeam.allocate(Float32Array, CHUNKS * capacity),
    kept: onTeam.allocate(Int32Array, CHUNKS),
    capacity,
    partitions,
    changes: onTeam.allocate(Int32Array, partitions),
    params: onTeam.allocate(Int32Array, 6),
  };
  const { params } = inputs;
  const local = nnDescentKernel(inputs as unknown as KernelInputs, dist);
  const binding: Binding = onTeam.bind(KERNEL, inputs as unknown as KernelInputs, local);
  /** Step 2 over the first `chunks` buffers; returns the entries changed. */
  const applyKept = (chunks: number): number => {
    params[PHASE] = APPLY;
    params[TO] = chunks;
    binding.run(partitions);
    let changes = 0;
    for (let t = 0; t < partitions; t++) changes += inputs.changes[t] as number;
    return changes;
  };
  return {
    leaves(order, leafBounds) {
      inputs.order.set(order);
      inputs.leafBounds.set(leafBounds);
      const count = leafBounds.length - 1;
      params[LEAVES_PER_CHUNK] = leavesPerChunk;
      for (let from = 0; from < count; from += CHUNKS * leavesPerChunk) {
        const to = Math.min(count, from + CHUNKS * leavesPerChunk);
        params[PHASE] = LEAVES;
        params[FROM] = from;
        params[TO] = to;
        const chunks = Math.ceil((to - from) / leavesPerChunk);
        binding.run(chunks);
        applyKept(chunks);
      }
    },
    sample(round, seed) {
      params[PHASE] = SAMPLE;
      params[ROUND] = round;
      params[SEED] = seed;
      binding.run(Math.ceil(m / CHUNK));
    },
    block(from, to) {
      params[PHASE] = JOIN;
      params[FROM] = from;
      params[TO] = to;
      const chunks = Math.ceil((to - from) / CHUNK);
      binding.run(chunks);
      return applyKept(chunks);
    },
    release: () => binding.release(),
  };
}
