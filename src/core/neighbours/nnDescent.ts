import type { Steps } from '../base/jobs.ts';
import type { Random } from '../base/random.ts';
import { serialTeam, type Team } from '../parallel/team.ts';
import type { PairKernelData } from '../platform/additiveDistance.ts';
import { Candidates } from './candidates.ts';
import { GraphLists } from './graphLists.ts';
import { BLOCK, CHUNK, nnDescentTeam, POOL_PER_POINT } from './nnDescentJoin.ts';
import { badOption } from '../base/errors.ts';

/** The smallest block the join shrinks to when its offers overflow the pool. */
const MIN_BLOCK = 8 * CHUNK;

/**
 * Approximate k-nearest-neighbour graph by NN-descent (Dong, Charikar & Li 2011, "Efficient
 * k-nearest neighbor graph construction for generic similarity measures"): a neighbour of a
 * neighbour is likely a neighbour. Each round, every point's new and old neighbours — forward and
 * reverse, sampled down to `maxCandidates` (the paper's ρK) — are compared pairwise (new × new,
 * new × old: the local join) and each pair offered to both points' heaps; it stops when fewer
 * than δ·K·m entries changed in a round (the paper's early termination) or after `maxIterations`.
 * The start is the leaves of a few random two-pivot trees (pivotTrees.ts; pynndescent starts from
 * random-projection trees) topped up with random points. It needs only d(p, q) on demand.
 */
export interface NnDescentOptions {
  /** Neighbours per point (K ≤ m − 1). */
  K: number;
  /** Candidates joined per point and round (new and old each). */
  maxCandidates: number;
  /** Random two-pivot trees for the start (0: a random start). */
  trees: number;
  leafSize: number;
  /** Rounds run whatever δ says (a small K changes few entries per round yet gains from more). */
  minIterations: number;
  maxIterations: number;
  /** Stop when a round changes at most δ·K·m entries. */
  delta: number;
  /** Points a block of the join, and offers held per point of a block (nnDescentJoin.ts). */
  block: number;
  poolPerPoint: number;
}

export interface NnDescentGraph {
  m: number;
  K: number;
  /** m × K, nearest first (ties in no particular order). */
  indices: Int32Array;
  /** m × K, the values of `dist` rounded to 32-bit floats (the graph stores them so). */
  distances: Float64Array;
  iterations: number;
  /** Pairs whose distance was evaluated (tree splits and leaves, random start, joins). */
  evaluations: number;
}

/**
 * Chosen by measurement on generated categorical tables and Gaussian vectors (bench/neighbours
 * .bench.ts, scratch sweeps at 3,000-100,000 rows, k = 5-90): 20 candidates per round (Dong et al.
 * sample ρK; with K = 90 a fixed 20 keeps a round cheap, and 12 left CADO at recall 0.96 after
 * 7 rounds where 20 gave 0.986 after 5), a start from 8 trees of 32-point leaves, at least 3
 * rounds, then a stop once a round changes at most 2 % of the entries (the paper's δ = 0.001
 * doubled the rounds for the last 0.005 of recall).
 */
export function defaultNnDescentOptions(m: number, K: number): NnDescentOptions {
  return {
    K,
    maxCandidates: 20,
    trees: 8,
    leafSize: 32,
    minIterations: 3,
    maxIterations: 12,
    delta: 0.02,
    block: BLOCK,
    poolPerPoint: POOL_PER_POINT,
  };
}

/**
 * The local joins run on `team` when `kernel` describes `dist` as data its helpers can rebuild
 * (nnDescentJoin.ts); the graph is the same whatever the team.
 */
export function* nnDescentSteps(
  m: number,
  dist: (p: number, q: number) => number,
  options: NnDescentOptions,
  random: Random,
  parallel: { team: Team; kernel: PairKernelData | null } = { team: serialTeam, kernel: null },
): Steps<NnDescentGraph> {
  const { K, maxCandidates: C, trees, leafSize, minIterations, maxIterations, delta } = options;
  const { block, poolPerPoint } = options;
  if (!Number.isInteger(K) || K < 1 || K > m - 1)
    throw badOption(`NN-descent: K must be a whole number from 1 to m − 1 = ${m - 1}, got ${K}`);
  const team = parallel.kernel ? parallel.team : serialTeam;
  const heaps = new GraphLists(m, K, GraphLists.allocate(m, K, team.allocate));
  let evaluations = 0;
  const d = dist;

  const candidates = new Candidates(m, K, C, (length) => team.allocate(Int32Array, length));
  const steps = nnDescentTeam(heaps, candidates, d, parallel.kernel, team, {
    trees,
    leafSize,
    block,
    poolPerPoint,
  });
  const { newCount, oldCount } = candidates;
  let iterations = 0;
  try {
    // Start: every pair within each tree leaf, then random points until each heap is full.
    // The trees are built on the team, each from a seed of its own.
    evaluations += steps.trees(Int32Array.from({ length: trees }, () => random.int(0x7fffffff)));
    for (let t = 0; t < trees; t++) {
      evaluations += steps.leaves(t);
      yield { fraction: ((t + 1) / (trees + 1)) * 0.2, message: `start: tree ${t + 1}/${trees}` };
    }
    evaluations += fillRandomly(heaps, d, random);

    for (let it = 0; it < maxIterations; it++) {
      iterations++;
      steps.gatherReverse();
      steps.sample(it, random.int(0x7fffffff));
      let changes = 0;
      for (let i = 0; i < m; i++) {
        const nNew = newCount[i] as number;
        evaluations += (nNew * (nNew - 1)) / 2 + nNew * (oldCount[i] as number);
      }
      // A block whose offers overflowed the pool (its late chunks made by the caller alone, one
      // thread) halves the next; a block that fit doubles it back. The graph is the same
      // whatever the blocks (nnDescentJoin.ts).
      for (let from = 0, size = block; from < m;) {
        const to = Math.min(m, from + size);
        changes += steps.block(from, to);
        from = to;
        size = Math.min(block, steps.overflowed() > 0 ? Math.max(MIN_BLOCK, size >> 1) : 2 * size);
        yield {
          fraction: 0.2 + (0.8 * (it + to / m)) / maxIterations,
          message: `round ${it + 1}: ${to}/${m}`,
        };
      }
      if (it + 1 >= minIterations && changes <= delta * K * m) break;
    }
  } finally {
    steps.release();
  }
  const indices = new Int32Array(m * K);
  const distances = new Float64Array(m * K);
  heaps.drainSorted(indices, distances);
  return { m, K, indices, distances, iterations, evaluations };
}

/** Tops every heap up to K with random distinct points; returns the distances evaluated. */
function fillRandomly(
  heaps: GraphLists,
  d: (p: number, q: number) => number,
  random: Random,
): number {
  const { m, K } = heaps;
  let evaluations = 0;
  for (let p = 0; p < m; p++) {
    let misses = 0;
    while ((heaps.size[p] as number) < K && misses < 4 * K) {
      const q = random.int(m);
      if (q === p) misses++;
      else {
        evaluations++;
        if (heaps.push(p, q, Math.fround(d(p, q))) === 0) misses++;
      }
    }
    // Dense graphs (K close to m − 1): take the remaining points in order from a random start.
    for (let s = random.int(m), t = 0; (heaps.size[p] as number) < K && t < m; t++) {
      const q = (s + t) % m;
      if (q !== p) {
        evaluations++;
        heaps.push(p, q, Math.fround(d(p, q)));
      }
    }
  }
  return evaluations;
}
