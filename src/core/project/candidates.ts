import { createRandom } from '../random.ts';
import type { GraphLists } from './graphLists.ts';

/** The lists a round's candidates live in: plain, or shared with a team (nnDescentJoin.ts). */
export interface CandidateArrays {
  newLists: Int32Array;
  oldLists: Int32Array;
  newCount: Int32Array;
  oldCount: Int32Array;
  /** Reverse neighbours in compressed rows (neighbour, or ~neighbour when new). */
  revStart: Int32Array;
  reverse: Int32Array;
}

/**
 * NN-descent's candidates for one round (Dong et al. 2011, Sec. 2.3): for each point, its new and
 * its old neighbours together with the points that list it (reverse neighbours), each list
 * without repeats and sampled down to C uniformly. A point's own new neighbours that made it into
 * its new candidates are flagged old: after this round they will have been joined.
 *
 * The reverse lists are gathered first (`gatherReverse`, one pass over the graph); then each
 * point is sampled on its own (`CandidateSampler`), from a random stream of its own — seeded by
 * the round's seed and the point — so that points can be sampled by any thread in any order with
 * the same outcome.
 */
export class Candidates implements CandidateArrays {
  readonly newLists: Int32Array;
  readonly oldLists: Int32Array;
  readonly newCount: Int32Array;
  readonly oldCount: Int32Array;
  readonly revStart: Int32Array;
  readonly reverse: Int32Array;
  private readonly fill: Int32Array;

  /** `allocate` makes the lists a team's helpers read (nnDescentJoin.ts); plain by default. */
  constructor(
    readonly m: number,
    readonly K: number,
    readonly C: number,
    allocate: (length: number) => Int32Array = (length) => new Int32Array(length),
  ) {
    this.newLists = allocate(m * C);
    this.oldLists = allocate(m * C);
    this.newCount = allocate(m);
    this.oldCount = allocate(m);
    this.revStart = allocate(m + 1);
    this.reverse = allocate(m * K);
    this.fill = new Int32Array(m);
  }

  /** Every point's reverse neighbours, flagged new or old as in the lists that hold them. */
  gatherReverse(graph: GraphLists): void {
    const { m, K, revStart, fill, reverse } = this;
    const { entries } = graph;
    revStart.fill(0);
    for (let s = 0; s < m * K; s++) {
      const q = graph.neighbour(s) + 1;
      revStart[q] = (revStart[q] as number) + 1;
    }
    for (let q = 0; q < m; q++)
      revStart[q + 1] = (revStart[q + 1] as number) + (revStart[q] as number);
    fill.set(revStart.subarray(0, m));
    for (let p = 0; p < m; p++)
      for (let s = p * K; s < (p + 1) * K; s++) {
        const v = entries[2 * s + 1] as number;
        const q = v < 0 ? ~v : v;
        const slot = fill[q] as number;
        reverse[slot] = v < 0 ? ~p : p;
        fill[q] = slot + 1;
      }
  }
}

/** Samples points' candidates (each thread of a team has its own: the scratch is its own). */
export class CandidateSampler {
  private readonly seen: Int32Array;
  private readonly chosen: Int32Array;
  private pool: Int32Array;
  private round = -1;

  constructor(
    private readonly lists: CandidateArrays,
    readonly m: number,
    readonly K: number,
    readonly C: number,
  ) {
    this.seen = new Int32Array(m);
    this.chosen = new Int32Array(m);
    this.pool = new Int32Array(4 * K);
  }

  /** Point i's new and old candidates in round `round`, from the round's `seed`. */
  sample(graph: GraphLists, i: number, round: number, seed: number): void {
    const { K, C, lists, chosen } = this;
    if (round !== this.round) {
      this.seen.fill(-1);
      chosen.fill(-1);
      this.round = round;
    }
    const random = createRandom((seed + Math.imul(i, 0x9e3779b9)) | 0);
    const need = K + (lists.revStart[i + 1] as number) - (lists.revStart[i] as number);
    if (this.pool.length < need) this.pool = new Int32Array(2 * need);
    // New candidates first, so a point both new and old here counts as new.
    const take = this.collect(graph, i, true, random);
    lists.newLists.set(this.pool.subarray(0, take), i * C);
    lists.newCount[i] = take;
    for (let t = 0; t < take; t++) chosen[this.pool[t] as number] = i;
    const old = this.collect(graph, i, false, random);
    lists.oldLists.set(this.pool.subarray(0, old), i * C);
    lists.oldCount[i] = old;
    for (let s = i * K; s < (i + 1) * K; s++)
      if (graph.isNew(s) && chosen[graph.neighbour(s)] === i) graph.markOld(s);
  }

  /** Collects i's new (or old) forward and reverse neighbours once each; samples C to the front. */
  private collect(
    graph: GraphLists,
    i: number,
    fresh: boolean,
    random: { int(n: number): number },
  ): number {
    const { K, C, seen, pool } = this;
    const { revStart, reverse } = this.lists;
    const { entries } = graph;
    let count = 0;
    for (let s = i * K; s < (i + 1) * K; s++) {
      const v = entries[2 * s + 1] as number;
      if (v < 0 !== fresh) continue;
      const q = v < 0 ? ~v : v;
      if (seen[q] !== i) {
        seen[q] = i;
        pool[count++] = q;
      }
    }
    for (let s = revStart[i] as number; s < (revStart[i + 1] as number); s++) {
      const v = reverse[s] as number;
      if (v < 0 !== fresh) continue;
      const q = v < 0 ? ~v : v;
      if (seen[q] !== i) {
        seen[q] = i;
        pool[count++] = q;
      }
    }
    // A uniform sample of C (partial Fisher–Yates).
    const take = Math.min(C, count);
    for (let t = 0; t < take; t++) {
      const r = t + random.int(count - t);
      const x = pool[r] as number;
      pool[r] = pool[t] as number;
      pool[t] = x;
    }
    return take;
  }
}
