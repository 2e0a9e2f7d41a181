/**
 * NN-descent's heavy steps split across a team (issue 15; team.ts), as pynndescent parallelises
 * them. Offers to the graph go through two steps:
 *
 *   1. pairs: task c finds chunk c's candidate pairs — the start's tree leaves (every pair in a
 *      leaf) or a block's local join (new × new, new × old) — and keeps an offer (p, q, d) when d
 *      is below p's farthest neighbour and one (q, p, d) when it is below q's. The graph is only
 *      read. The kept offers are sorted by point into buckets of 2^BUCKET_SHIFT points (stably)
 *      and copied into a slice of a shared pool.
 *   2. apply: task t of P makes the offers to the buckets it owns (a contiguous P-th of them),
 *      bucket by bucket, each bucket's offers in chunk order.
 *
 * A point's list depends only on the offers it receives and their order, and each point receives
 * the same offers in the same order whatever P and whoever runs which task, so the graph is
 * identical on any number of threads, one included. The bounds read in step 1 are those at the
 * start of the step (the sequential join reads them as they shrink), so a few more offers are
 * made, and turned away by the heap's own check. A chunk whose offers do not fit in the pool is
 * done again by the caller when its turn comes, pushing its offers at once — with bounds that are
 * tighter but still no tighter than the heap's at each push, so with the same outcome.
 *
 * The buckets keep the memory a step touches small: at 100,000 points and K = 90 the graph and its
 * hash sets take 170 MB, and offers made in chunk order each land anywhere in it (measured: the
 * apply step took half the search's time, and ran no faster on two threads than on one).
 *
 * Before each round, the candidates are sampled point by point (candidates.ts), each point from
 * its own random stream, in tasks of CHUNK points.
 */
import { serialTeam, type Team } from '../parallel/team.ts';
import { numbered, paramsOn, teamKernel } from '../parallel/teamKernel.ts';
import { kernelFromData, type PairKernelData } from '../platform/additiveDistance.ts';
import { CandidateSampler, Candidates, type CandidateArrays } from './candidates.ts';
import { GraphLists, type GraphArrays } from './graphLists.ts';
import { pivotTreeLeaves } from './pivotTrees.ts';
import { createRandom } from '../base/random.ts';

const KERNEL = teamKernel('nn-descent', (inputs: JoinInputs) => nnDescentKernel(inputs));
/**
 * Points a block of the local join by default: its kept offers are applied before the next block
 * (the graph is the same whatever the block; larger ones gather more offers per point in a bucket
 * — measured at 100,000 points: 16,384 took 0.6 × the time of 4,096).
 */
export const BLOCK = 16384;
/** Points a join or sampling task (a start task: leaves holding about as many). */
export const CHUNK = 256;
/**
 * Points a bucket of offers: their heaps and sets (about 1.7 kB a point at K = 90) stay within a
 * core's cache while the bucket's offers are made.
 */
const BUCKET_SHIFT = 9;
/**
 * Offers the shared pool holds per point of a block (a round's first blocks keep about 90 per
 * point on the bench's tables; later ones far fewer).
 */
export const POOL_PER_POINT = 256;
/**
 * params cells: the phase; the range of points (or leaves) a step covers; the sampling's round
 * and seed; the leaves a chunk; the pool's next free offer (claimed by Atomics.add); the chunks
 * whose offers an apply step makes (firstChunk … endChunk − 1); the tree whose leaves a leaves
 * step offers.
 */
const CELL = numbered(
  'phase',
  'from',
  'to',
  'round',
  'seed',
  'leavesPerChunk',
  'cursor',
  'firstChunk',
  'endChunk',
  'tree',
);
const PHASE = numbered('join', 'apply', 'sample', 'leaves', 'trees', 'reverseCount', 'reverseFill');

interface JoinInputs {
  m: number;
  K: number;
  C: number;
  /** Null: the caller's distance is a function no other thread can rebuild (it works alone). */
  kernel: PairKernelData | null;
  graph: GraphArrays;
  candidates: CandidateArrays;
  /**
   * The start's trees, tree t built from seed treeSeeds[t] (task t of a trees step): its points
   * in leaf order at t·m, its leaves' bounds at t·(m + 1) (leaf l: order[bounds[l] …)), its
   * number of leaves and distances evaluated at treeInfo[2t], [2t + 1].
   */
  treeSeeds: Int32Array;
  treeOrders: Int32Array;
  treeBounds: Int32Array;
  treeInfo: Float64Array;
  leafSize: number;
  /** Offers (to p of q at 2u, 2u + 1; d at u), each chunk's in a slice of its own. */
  pool: Int32Array;
  poolDists: Float32Array;
  /**
   * Per chunk, where its bucket b starts in the pool (at c·(buckets + 1) + b); −1 at
   * c·(buckets + 1) when the chunk did not fit.
   */
  bucketStart: Int32Array;
  buckets: number;
  /** Largest number of offers one chunk may keep. */
  capacity: number;
  /** Apply tasks (the buckets' owners). */
  partitions: number;
  changes: Int32Array;
  params: Int32Array;
}

/** A thread's own scratch: one chunk's kept offers before they go to the pool. */
class ChunkOffers {
  readonly pairs: Int32Array;
  readonly dists: Float32Array;
  /** Offers kept per bucket, at b + 1. */
  readonly counts: Int32Array;
  length = 0;

  constructor(capacity: number, buckets: number) {
    this.pairs = new Int32Array(2 * capacity);
    this.dists = new Float32Array(capacity);
    this.counts = new Int32Array(buckets + 1);
  }

  /** Empties the scratch for the next chunk. */
  clear(): void {
    this.length = 0;
    this.counts.fill(0);
  }

  /** Keeps the offers of pair (p, q) at distance pq that may change p's or q's list. */
  keep(bound: Float32Array, p: number, q: number, pq: number): void {
    const { pairs, dists, counts } = this;
    let u = this.length;
    if (pq < (bound[p] as number)) {
      pairs[2 * u] = p;
      pairs[2 * u + 1] = q;
      dists[u++] = pq;
      const b = (p >> BUCKET_SHIFT) + 1;
      counts[b] = (counts[b] as number) + 1;
    }
    if (pq < (bound[q] as number)) {
      pairs[2 * u] = q;
      pairs[2 * u + 1] = p;
      dists[u++] = pq;
      const b = (q >> BUCKET_SHIFT) + 1;
      counts[b] = (counts[b] as number) + 1;
    }
    this.length = u;
  }
}

function nnDescentKernel(inputs: JoinInputs, dist?: (p: number, q: number) => number) {
  const { m, K, C } = inputs;
  const d = dist ?? kernelFromData(inputs.kernel as PairKernelData);
  const graph = new GraphLists(m, K, inputs.graph);
  const sampler = new CandidateSampler(inputs.candidates, m, K, C);
  const offers = new ChunkOffers(inputs.capacity, inputs.buckets);
  const reverse = new Candidates(m, K, C, inputs.candidates);
  /** Chunk c's kept offers, into this thread's scratch. */
  const find = (phase: number, c: number): void => {
    offers.clear();
    if (phase === PHASE.join) join(inputs, offers, graph.bound, d, c);
    else leaves(inputs, offers, graph.bound, d, c);
  };
  return {
    task(index: number) {
      const { params } = inputs;
      const phase = params[CELL.phase] as number;
      if (phase === PHASE.apply) apply(inputs, graph, index);
      else if (phase === PHASE.trees) tree(inputs, d, index);
      else if (phase === PHASE.reverseCount || phase === PHASE.reverseFill) {
        const [lo, hi] = owned(inputs, index);
        if (phase === PHASE.reverseCount) reverse.countReverse(graph, lo, hi);
        else reverse.fillReverse(graph, lo, hi);
      } else if (phase === PHASE.sample) {
        const from = index * CHUNK;
        const to = Math.min(m, from + CHUNK);
        const round = params[CELL.round] as number;
        const seed = params[CELL.seed] as number;
        for (let i = from; i < to; i++) sampler.sample(graph, i, round, seed);
      } else {
        find(phase, index);
        publish(inputs, offers, index);
      }
    },
    /** Chunk c of a `phase` step, found and offered at once (one that did not fit the pool). */
    direct(phase: number, c: number): number {
      find(phase, c);
      const { pairs, dists } = offers;
      let changes = 0;
      for (let u = 0; u < offers.length; u++)
        changes += graph.push(
          pairs[2 * u] as number,
          pairs[2 * u + 1] as number,
          dists[u] as number,
        );
      return changes;
    },
  };
}

/** Step 1 of the local join for chunk c of the block: pairs nearer than either's farthest. */
function join(
  inputs: JoinInputs,
  offers: ChunkOffers,
  bound: Float32Array,
  d: (p: number, q: number) => number,
  c: number,
): void {
  const { C, params } = inputs;
  const { newLists, oldLists, newCount, oldCount } = inputs.candidates;
  const from = (params[CELL.from] as number) + c * CHUNK;
  const to = Math.min(params[CELL.to] as number, from + CHUNK);
  for (let i = from; i < to; i++) {
    const nNew = newCount[i] as number;
    const nOld = oldCount[i] as number;
    const base = i * C;
    for (let a = 0; a < nNew; a++) {
      const p = newLists[base + a] as number;
      for (let b = a + 1; b < nNew; b++) {
        const q = newLists[base + b] as number;
        offers.keep(bound, p, q, Math.fround(d(p, q)));
      }
      for (let b = 0; b < nOld; b++) {
        const q = oldLists[base + b] as number;
        if (q !== p) offers.keep(bound, p, q, Math.fround(d(p, q)));
      }
    }
  }
}

/** Tree t of the start, into its slices of the shared arrays. */
function tree(inputs: JoinInputs, d: (p: number, q: number) => number, t: number): void {
  const { m, leafSize } = inputs;
  const built = pivotTreeLeaves(m, d, leafSize, createRandom(inputs.treeSeeds[t] as number));
  inputs.treeOrders.set(built.order, t * m);
  inputs.treeBounds.set(built.bounds, t * (m + 1));
  inputs.treeInfo[2 * t] = built.bounds.length - 1;
  inputs.treeInfo[2 * t + 1] = built.evaluations;
}

/** Step 1 of the start for chunk c of a run of tree leaves: every pair within each leaf. */
function leaves(
  inputs: JoinInputs,
  offers: ChunkOffers,
  bound: Float32Array,
  d: (p: number, q: number) => number,
  c: number,
): void {
  const { m, params } = inputs;
  const t = params[CELL.tree] as number;
  const order = inputs.treeOrders.subarray(t * m, (t + 1) * m);
  const leafBounds = inputs.treeBounds.subarray(t * (m + 1), (t + 1) * (m + 1));
  const per = params[CELL.leavesPerChunk] as number;
  const from = (params[CELL.from] as number) + c * per;
  const to = Math.min(params[CELL.to] as number, from + per);
  for (let l = from; l < to; l++) {
    const lo = leafBounds[l] as number;
    const hi = leafBounds[l + 1] as number;
    for (let a = lo; a < hi; a++) {
      const p = order[a] as number;
      for (let b = a + 1; b < hi; b++) {
        const q = order[b] as number;
        offers.keep(bound, p, q, Math.fround(d(p, q)));
      }
    }
  }
}

/**
 * Chunk c's offers into a slice of the pool, sorted by bucket (stably), with where each bucket
 * starts; or, when the pool is full, chunk c marked as left to the caller.
 */
function publish(inputs: JoinInputs, offers: ChunkOffers, c: number): void {
  const { pool, poolDists, bucketStart, buckets, params } = inputs;
  const { pairs, dists, counts, length } = offers;
  const row = c * (buckets + 1);
  const base = Atomics.add(params, CELL.cursor, length);
  if (base + length > poolDists.length) {
    bucketStart[row] = -1;
    return;
  }
  // counts[b + 1]: the chunk's offers to bucket b (ChunkOffers.keep); now where each starts.
  counts[0] = base;
  for (let b = 0; b < buckets; b++)
    counts[b + 1] = (counts[b + 1] as number) + (counts[b] as number);
  bucketStart.set(counts, row);
  for (let u = 0; u < length; u++) {
    const p = pairs[2 * u] as number;
    const b = p >> BUCKET_SHIFT;
    const v = counts[b] as number;
    counts[b] = v + 1;
    pool[2 * v] = p;
    pool[2 * v + 1] = pairs[2 * u + 1] as number;
    poolDists[v] = dists[u] as number;
  }
}

/** The buckets owner t holds: first … end − 1 (a contiguous share of them). */
function ownedBuckets(inputs: JoinInputs, t: number): [number, number] {
  const { buckets, partitions } = inputs;
  return [Math.floor((t * buckets) / partitions), Math.floor(((t + 1) * buckets) / partitions)];
}

/** The points owner t's buckets hold: lo … hi − 1. */
function owned(inputs: JoinInputs, t: number): [number, number] {
  const [first, end] = ownedBuckets(inputs, t);
  return [Math.min(inputs.m, first << BUCKET_SHIFT), Math.min(inputs.m, end << BUCKET_SHIFT)];
}

/** Step 2 for owner t: the offers of chunks firstChunk … endChunk − 1 to t’s buckets, in order. */
function apply(inputs: JoinInputs, graph: GraphLists, t: number): void {
  const { pool, poolDists, bucketStart, buckets, params } = inputs;
  const first = params[CELL.firstChunk] as number;
  const chunks = params[CELL.endChunk] as number;
  const stride = buckets + 1;
  let changes = 0;
  const [from, end] = ownedBuckets(inputs, t);
  for (let b = from; b < end; b++)
    for (let c = first; c < chunks; c++) {
      const row = c * stride;
      const to = bucketStart[row + b + 1] as number;
      for (let v = bucketStart[row + b] as number; v < to; v++)
        changes += graph.push(
          pool[2 * v] as number,
          pool[2 * v + 1] as number,
          poolDists[v] as number,
        );
    }
  inputs.changes[t] = changes;
}

export interface NnDescentTeam {
  /**
   * Builds the start's random two-pivot trees (pivotTrees.ts), tree t from seeds[t], one a
   * task; returns the distances evaluated.
   */
  trees(seeds: Int32Array): number;
  /** Offers every pair within each leaf of tree t; returns the pairs. */
  leaves(t: number): number;
  /** Every point's reverse neighbours (Candidates: count, start, fill), on the team. */
  gatherReverse(): void;
  /** Samples every point's candidates for round `round` from `seed`. */
  sample(round: number, seed: number): void;
  /** Joins the candidates of points from … to − 1 (at most `block`); returns the entries changed. */
  block(from: number, to: number): number;
  /** Chunks of the last block whose offers did not fit the pool, so the caller made them alone. */
  overflowed(): number;
  release(): void;
}

export interface JoinSizes {
  /** Trees of the start. */
  trees: number;
  /** Points of a tree leaf at most. */
  leafSize: number;
  /** Points a block of the join (BLOCK). */
  block: number;
  /** Offers the pool holds per point of a block (POOL_PER_POINT; tests make chunks overflow). */
  poolPerPoint: number;
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
  sizes: JoinSizes,
): NnDescentTeam {
  const { leafSize, block } = sizes;
  const onTeam = kernel ? team : serialTeam;
  const { m } = graph;
  const shape = joinShape(m, candidates.C, onTeam.size, leafSize, block);
  const { leavesPerChunk, buckets, partitions, chunksPerBlock } = shape;
  const inputs = joinInputs(graph, candidates, kernel, onTeam, sizes, shape);
  const { params, bucketStart } = inputs;
  const local = nnDescentKernel(inputs, dist);
  const binding = KERNEL.bind(onTeam, inputs, local);
  let overflowed = 0; // chunks of the last step that did not fit the pool (NnDescentTeam)
  /** Finds the offers of `chunks` chunks of a `phase` step, then makes them; returns the changes. */
  const step = (phase: number, chunks: number): number => {
    params[CELL.phase] = phase;
    params[CELL.cursor] = 0;
    binding.run(chunks);
    params[CELL.phase] = PHASE.apply;
    let changes = 0;
    const applyRun = (first: number, to: number): void => {
      if (first >= to) return;
      params[CELL.firstChunk] = first;
      params[CELL.endChunk] = to;
      binding.run(partitions);
      for (let t = 0; t < partitions; t++) changes += inputs.changes[t] as number;
    };
    // Runs of chunks in the pool, each chunk that did not fit done here between them.
    let first = 0;
    overflowed = 0;
    for (let c = 0; c < chunks; c++)
      if ((bucketStart[c * (buckets + 1)] as number) < 0) {
        overflowed++;
        applyRun(first, c);
        params[CELL.phase] = phase;
        changes += local.direct(phase, c);
        params[CELL.phase] = PHASE.apply;
        first = c + 1;
      }
    applyRun(first, chunks);
    return changes;
  };
  return {
    trees(seeds) {
      inputs.treeSeeds.set(seeds);
      params[CELL.phase] = PHASE.trees;
      binding.run(seeds.length);
      let evaluations = 0;
      for (let t = 0; t < seeds.length; t++) evaluations += inputs.treeInfo[2 * t + 1] as number;
      return evaluations;
    },
    leaves(t) {
      const count = inputs.treeInfo[2 * t] as number;
      const bounds = inputs.treeBounds.subarray(t * (m + 1), t * (m + 1) + count + 1);
      let pairs = 0;
      for (let l = 0; l < count; l++) {
        const size = (bounds[l + 1] as number) - (bounds[l] as number);
        pairs += (size * (size - 1)) / 2;
      }
      params[CELL.tree] = t;
      params[CELL.leavesPerChunk] = leavesPerChunk;
      for (let from = 0; from < count; from += chunksPerBlock * leavesPerChunk) {
        const to = Math.min(count, from + chunksPerBlock * leavesPerChunk);
        params[CELL.from] = from;
        params[CELL.to] = to;
        step(PHASE.leaves, Math.ceil((to - from) / leavesPerChunk));
      }
      return pairs;
    },
    gatherReverse() {
      params[CELL.phase] = PHASE.reverseCount;
      binding.run(partitions);
      candidates.startReverse();
      params[CELL.phase] = PHASE.reverseFill;
      binding.run(partitions);
    },
    sample(round, seed) {
      params[CELL.phase] = PHASE.sample;
      params[CELL.round] = round;
      params[CELL.seed] = seed;
      binding.run(Math.ceil(m / CHUNK));
    },
    block(from, to) {
      params[CELL.from] = from;
      params[CELL.to] = to;
      return step(PHASE.join, Math.ceil((to - from) / CHUNK));
    },
    overflowed: () => overflowed,
    release: () => binding.release(),
  };
}

/** How a join's work is cut: chunks, leaves per chunk, buckets and partitions of the offers. */
interface JoinShape {
  leavesPerChunk: number;
  /** Offers a chunk may keep. */
  capacity: number;
  buckets: number;
  partitions: number;
  chunksPerBlock: number;
}

function joinShape(
  m: number,
  C: number,
  teamSize: number,
  leafSize: number,
  block: number,
): JoinShape {
  // A chunk keeps at most two offers for each pair of a join chunk, or of its leaves.
  const leafPairs = leafSize * (leafSize - 1);
  const leavesPerChunk = Math.max(1, Math.floor(CHUNK / leafSize));
  const capacity = Math.max(CHUNK * (C * (C - 1) + 2 * C * C), leavesPerChunk * leafPairs);
  const buckets = (m >> BUCKET_SHIFT) + 1;
  const partitions = Math.max(1, Math.min(teamSize, 64, buckets));
  const chunksPerBlock = Math.ceil(Math.min(m, block) / CHUNK);
  return { leavesPerChunk, capacity, buckets, partitions, chunksPerBlock };
}

/** The kernel's data, allocated on the team's memory (or the caller's, alone). */
function joinInputs(
  graph: GraphLists,
  candidates: Candidates,
  kernel: PairKernelData | null,
  onTeam: Team,
  { trees, leafSize, block, poolPerPoint }: JoinSizes,
  { capacity, buckets, partitions, chunksPerBlock }: JoinShape,
): JoinInputs {
  const { m, K } = graph;
  return {
    m,
    K,
    C: candidates.C,
    kernel,
    graph: graph.arrays,
    candidates,
    treeSeeds: onTeam.allocate(Int32Array, trees),
    treeOrders: onTeam.allocate(Int32Array, trees * m),
    treeBounds: onTeam.allocate(Int32Array, trees * (m + 1)),
    treeInfo: onTeam.allocate(Float64Array, 2 * trees),
    leafSize,
    pool: onTeam.allocate(Int32Array, 2 * Math.min(m, block) * poolPerPoint),
    poolDists: onTeam.allocate(Float32Array, Math.min(m, block) * poolPerPoint),
    bucketStart: onTeam.allocate(Int32Array, chunksPerBlock * (buckets + 1)),
    buckets,
    capacity,
    partitions,
    changes: onTeam.allocate(Int32Array, partitions),
    params: paramsOn(onTeam, Int32Array, CELL),
  };
}
