import type { Random } from '../random.ts';
import type { GraphLists } from './graphLists.ts';

/**
 * NN-descent's candidates for one round (Dong et al. 2011, Sec. 2.3): for each point, its new and
 * its old neighbours together with the points that list it (reverse neighbours), each list
 * without repeats and sampled down to C uniformly. A point's own new neighbours that made it into
 * its new candidates are flagged old: after this round they will have been joined.
 */
export class Candidates {
  readonly newLists: Int32Array;
  readonly oldLists: Int32Array;
  readonly newCount: Int32Array;
  readonly oldCount: Int32Array;
  // Reverse neighbours in compressed rows (neighbour, or ~neighbour when new), reused each round.
  private readonly revStart: Int32Array;
  private readonly fill: Int32Array;
  private readonly reverse: Int32Array;
  private readonly seen: Int32Array;
  private readonly chosen: Int32Array;
  private pool: Int32Array;

  constructor(
    readonly m: number,
    readonly K: number,
    readonly C: number,
  ) {
    this.newLists = new Int32Array(m * C);
    this.oldLists = new Int32Array(m * C);
    this.newCount = new Int32Array(m);
    this.oldCount = new Int32Array(m);
    this.revStart = new Int32Array(m + 1);
    this.fill = new Int32Array(m);
    this.reverse = new Int32Array(m * K);
    this.seen = new Int32Array(m);
    this.chosen = new Int32Array(m);
    this.pool = new Int32Array(4 * K);
  }

  build(graph: GraphLists, random: Random): void {
    const { m, K, C, revStart, fill, reverse, seen, chosen } = this;
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
    seen.fill(-1);
    chosen.fill(-1);
    for (let i = 0; i < m; i++) {
      const need = K + (revStart[i + 1] as number) - (revStart[i] as number);
      if (this.pool.length < need) this.pool = new Int32Array(2 * need);
      // New candidates first, so a point both new and old here counts as new.
      const take = this.sample(graph, i, true, random);
      this.newLists.set(this.pool.subarray(0, take), i * C);
      this.newCount[i] = take;
      for (let t = 0; t < take; t++) chosen[this.pool[t] as number] = i;
      const old = this.sample(graph, i, false, random);
      this.oldLists.set(this.pool.subarray(0, old), i * C);
      this.oldCount[i] = old;
      for (let s = i * K; s < (i + 1) * K; s++)
        if (graph.isNew(s) && chosen[graph.neighbour(s)] === i) graph.markOld(s);
    }
  }

  /** Collects i's new (or old) forward and reverse neighbours once each; samples C to the front. */
  private sample(graph: GraphLists, i: number, fresh: boolean, random: Random): number {
    const { K, C, revStart, reverse, seen, pool } = this;
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
