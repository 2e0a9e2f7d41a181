import { createRandom } from '../base/random.ts';
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
  /** Where each point's reverse list is being filled. */
  cursor: Int32Array;
}

/**
 * NN-descent's candidates for one round (Dong et al. 2011, Sec. 2.3): for each point, its new and
 * its old neighbours together with the points that list it (reverse neighbours), each list
 * without repeats and sampled down to C uniformly. A point's own new neighbours that made it into
 * its new candidates are flagged old: after this round they will have been joined.
 *
 * The reverse lists are gathered first (the points that list each point, flagged new or old as
 * in those lists: countReverse, startReverse, fillReverse, by ranges of points); then each
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
  readonly cursor: Int32Array;

  /**
   * `source` allocates the lists (a team's memory, for its helpers to read: nnDescentJoin.ts;
   * plain by default), or is the lists of an existing instance (a helper's view of them).
   */
  constructor(
    readonly m: number,
    readonly K: number,
    readonly C: number,
    source: ((length: number) => Int32Array) | CandidateArrays = (length) => new Int32Array(length),
  ) {
    const take = (length: number, name: keyof CandidateArrays): Int32Array =>
      typeof source === 'function' ? source(length) : source[name];
    this.newLists = take(m * C, 'newLists');
    this.oldLists = take(m * C, 'oldLists');
    this.newCount = take(m, 'newCount');
    this.oldCount = take(m, 'oldCount');
    this.revStart = take(m + 1, 'revStart');
    this.reverse = take(m * K, 'reverse');
    this.cursor = take(m, 'cursor');
  }

  /**
   * Step 1 of 3 (any range of targets on any thread): how many lists hold each point q of
   * lo … hi − 1, into revStart[q + 1].
   */
  countReverse(graph: GraphLists, lo: number, hi: number): void {
    const { m, K, revStart } = this;
    const { entries } = graph;
    revStart.fill(0, lo + 1, hi + 1);
    for (let s = 0; s < m * K; s++) {
      const v = entries[2 * s + 1] as number;
      const q = v < 0 ? ~v : v;
      if (q >= lo && q < hi) revStart[q + 1] = (revStart[q + 1] as number) + 1;
    }
  }

  /** Step 2 of 3 (one thread): the counts summed into where each point's reverse list starts. */
  startReverse(): void {
    const { m, revStart, cursor } = this;
    revStart[0] = 0;
    for (let q = 0; q < m; q++)
      revStart[q + 1] = (revStart[q + 1] as number) + (revStart[q] as number);
    cursor.set(revStart.subarray(0, m));
  }

  /** Step 3 of 3 (any range of targets): the reverse lists of lo … hi − 1, each in list order. */
  fillReverse(graph: GraphLists, lo: number, hi: number): void {
    const { m, K, cursor, reverse } = this;
    const { entries } = graph;
    for (let p = 0; p < m; p++)
      for (let s = p * K; s < (p + 1) * K; s++) {
        const v = entries[2 * s + 1] as number;
        const q = v < 0 ? ~v : v;
        if (q >= lo && q < hi) {
          const slot = cursor[q] as number;
          reverse[slot] = v < 0 ? ~p : p;
          cursor[q] = slot + 1;
        }
      }
  }
}

/** Samples points' candidates (each thread of a team has its own: the scratch is its own). */
export class CandidateSampler {
  /** seen[q] = i once q is among point i's candidates; where[q]: its slot, ~slot when old. */
  private readonly seen: Int32Array;
  private readonly where: Int32Array;
  private readonly chosen: Int32Array;
  private fresh: Int32Array;
  private old: Int32Array;
  private round = -1;

  constructor(
    private readonly lists: CandidateArrays,
    readonly m: number,
    readonly K: number,
    readonly C: number,
  ) {
    this.seen = new Int32Array(m);
    this.where = new Int32Array(m);
    this.chosen = new Int32Array(m);
    this.fresh = new Int32Array(2 * K);
    this.old = new Int32Array(2 * K);
  }

  /** Point i's new and old candidates in round `round`, from the round's `seed`. */
  sample(graph: GraphLists, i: number, round: number, seed: number): void {
    const { K, C, lists, chosen } = this;
    if (round !== this.round) {
      this.seen.fill(-1);
      chosen.fill(-1);
      this.round = round;
    }
    const need = K + (lists.revStart[i + 1] as number) - (lists.revStart[i] as number);
    if (this.fresh.length < need) {
      this.fresh = new Int32Array(2 * need);
      this.old = new Int32Array(2 * need);
    }
    const { fresh, old } = this;
    this.collect(graph, i);
    const random = createRandom((seed + Math.imul(i, 0x9e3779b9)) | 0);
    // New candidates first, then old: a uniform sample of C of each (partial Fisher–Yates).
    const take = sampleFront(fresh, this.nNew, C, random);
    for (let t = 0; t < take; t++) {
      lists.newLists[i * C + t] = fresh[t] as number;
      chosen[fresh[t] as number] = i;
    }
    lists.newCount[i] = take;
    const kept = sampleFront(old, this.nOld, C, random);
    for (let t = 0; t < kept; t++) lists.oldLists[i * C + t] = old[t] as number;
    lists.oldCount[i] = kept;
    for (let s = i * K; s < (i + 1) * K; s++)
      if (graph.isNew(s) && chosen[graph.neighbour(s)] === i) graph.markOld(s);
  }

  /** Candidates collected for the point being sampled: new ones, old ones. */
  private nNew = 0;
  private nOld = 0;

  /**
   * Collects i's forward and reverse neighbours once each, the new ones in `fresh` and the old in
   * `old` (one that is both counts as new), into nNew and nOld.
   */
  private collect(graph: GraphLists, i: number): void {
    const { K } = this;
    const { revStart, reverse } = this.lists;
    const { entries } = graph;
    this.nNew = 0;
    this.nOld = 0;
    for (let s = i * K; s < (i + 1) * K; s++) this.add(i, entries[2 * s + 1] as number);
    for (let s = revStart[i] as number; s < (revStart[i + 1] as number); s++)
      this.add(i, reverse[s] as number);
  }

  /** Adds neighbour v of i (~q when new) unless already there. */
  private add(i: number, v: number): void {
    const { seen, where, fresh, old } = this;
    const q = v < 0 ? ~v : v;
    if (seen[q] !== i) {
      seen[q] = i;
      if (v < 0) {
        where[q] = this.nNew;
        fresh[this.nNew++] = q;
      } else {
        where[q] = ~this.nOld;
        old[this.nOld++] = q;
      }
    } else if (v < 0 && (where[q] as number) < 0) {
      // Seen old before, new now: out of the old ones (the last takes its slot), into the new.
      const slot = ~(where[q] as number);
      const last = old[--this.nOld] as number;
      old[slot] = last;
      where[last] = ~slot;
      where[q] = this.nNew;
      fresh[this.nNew++] = q;
    }
  }
}

/** Moves a uniform sample of min(C, count) of pool's first `count` entries to its front. */
function sampleFront(
  pool: Int32Array,
  count: number,
  C: number,
  random: { int(n: number): number },
): number {
  const take = Math.min(C, count);
  for (let t = 0; t < take; t++) {
    const r = t + random.int(count - t);
    const x = pool[r] as number;
    pool[r] = pool[t] as number;
    pool[t] = x;
  }
  return take;
}
