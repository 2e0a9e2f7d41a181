/**
 * The k-nearest-neighbour graph under construction (NN-descent): per point a bounded max-heap of
 * its K nearest points found so far, the farthest at the root, and a small hash set of the same
 * neighbours. Late in a search most offers are of pairs already linked; the set turns them away
 * after one probe, where a heap alone would scan all K slots and a sorted list would shift half
 * of them on every insertion.
 *
 * Memory is what costs here (a 100,000-point graph with K = 90 is far larger than the caches), so
 * an entry is 8 bytes in one buffer: its distance as a 32-bit float and its neighbour, stored as
 * ~neighbour (negative) while the entry is new since it was last joined. Distances offered must
 * be 32-bit floats already (Math.fround), so that comparisons agree with what is stored.
 */
/** The graph's buffers: plain, or shared with a team's helpers (nnDescentTeam.ts). */
export interface GraphArrays {
  entries: Int32Array;
  size: Int32Array;
  bound: Float32Array;
  set: Int32Array;
}

type Allocate = <K extends Int32ArrayConstructor | Float32ArrayConstructor>(
  kind: K,
  length: number,
) => InstanceType<K>;

const plain: Allocate = (kind, length) => new kind(length) as InstanceType<typeof kind>;

/** Slots of each point's hash set: a load of at most 0.7. */
function setSlots(K: number): number {
  let S = 4;
  while (S * 0.7 < K) S *= 2;
  return S;
}

export class GraphLists {
  /** Entry s of point p (s = p·K + t): distance at 2s, neighbour (or ~neighbour if new) at 2s + 1. */
  readonly entries: Int32Array;
  readonly dist: Float32Array;
  readonly size: Int32Array;
  /** Each point's farthest kept distance (+∞ while it holds fewer than K). */
  readonly bound: Float32Array;
  /** Per point, S slots of open addressing holding neighbour + 1 (0: empty). */
  private readonly set: Int32Array;
  private readonly S: number;

  constructor(
    readonly m: number,
    readonly K: number,
    arrays: GraphArrays = GraphLists.allocate(m, K, plain),
  ) {
    this.entries = arrays.entries;
    this.dist = new Float32Array(this.entries.buffer, this.entries.byteOffset, this.entries.length);
    this.size = arrays.size;
    this.bound = arrays.bound;
    this.S = setSlots(K);
    this.set = arrays.set;
  }

  /** Empty buffers for m points of K neighbours, from `allocate` (a team's, to share them). */
  static allocate(m: number, K: number, allocate: Allocate): GraphArrays {
    const bound = allocate(Float32Array, m);
    bound.fill(Infinity);
    return {
      entries: allocate(Int32Array, 2 * m * K),
      size: allocate(Int32Array, m),
      bound,
      set: allocate(Int32Array, m * setSlots(K)),
    };
  }

  get arrays(): GraphArrays {
    return { entries: this.entries, size: this.size, bound: this.bound, set: this.set };
  }

  /** Neighbour of entry s (s = p·K + t). */
  neighbour(s: number): number {
    const v = this.entries[2 * s + 1] as number;
    return v < 0 ? ~v : v;
  }

  isNew(s: number): boolean {
    return (this.entries[2 * s + 1] as number) < 0;
  }

  markOld(s: number): void {
    const v = this.entries[2 * s + 1] as number;
    if (v < 0) this.entries[2 * s + 1] = ~v;
  }

  /**
   * Offers q at distance d = d(p, q) (a 32-bit float) to p: kept, flagged new, if p holds fewer
   * than K or d is below p's farthest, and q is not already held. Returns 1 when p changed.
   */
  push(p: number, q: number, d: number): number {
    if (p === q || d >= (this.bound[p] as number) || this.has(p, q)) return 0;
    const K = this.K;
    const base = p * K;
    const size = this.size[p] as number;
    const { entries, dist } = this;
    let c: number;
    if (size < K) {
      this.size[p] = size + 1;
      c = size;
      while (c > 0) {
        const parent = (c - 1) >> 1;
        if ((dist[2 * (base + parent)] as number) >= d) break;
        this.move(base + parent, base + c);
        c = parent;
      }
    } else {
      this.remove(p, this.neighbour(base));
      // Replace the root (the farthest) and sift down.
      c = 0;
      for (;;) {
        const l = 2 * c + 1;
        if (l >= K) break;
        const dl = dist[2 * (base + l)] as number;
        const big = l + 1 < K && (dist[2 * (base + l + 1)] as number) > dl ? l + 1 : l;
        if ((dist[2 * (base + big)] as number) <= d) break;
        this.move(base + big, base + c);
        c = big;
      }
    }
    dist[2 * (base + c)] = d;
    entries[2 * (base + c) + 1] = ~q;
    if ((this.size[p] as number) === K) this.bound[p] = dist[2 * base] as number;
    this.add(p, q);
    return 1;
  }

  /** p's neighbours, nearest first, into rows of K (a heap sort of each heap; the graph ends). */
  drainSorted(indices: Int32Array, distances: Float64Array): void {
    const { K, dist } = this;
    for (let p = 0; p < this.m; p++) {
      const base = p * K;
      for (let size = this.size[p] as number; size > 0; size--) {
        // The root (the farthest left) goes last; the heap's last entry sifts down from the root.
        indices[base + size - 1] = this.neighbour(base);
        distances[base + size - 1] = dist[2 * base] as number;
        const last = base + size - 1;
        const d = dist[2 * last] as number;
        let c = 0;
        for (;;) {
          const l = 2 * c + 1;
          if (l >= size - 1) break;
          const dl = dist[2 * (base + l)] as number;
          const big = l + 1 < size - 1 && (dist[2 * (base + l + 1)] as number) > dl ? l + 1 : l;
          if ((dist[2 * (base + big)] as number) <= d) break;
          this.move(base + big, base + c);
          c = big;
        }
        this.move(last, base + c);
      }
      this.size[p] = 0;
    }
  }

  private move(from: number, to: number): void {
    this.entries[2 * to] = this.entries[2 * from] as number;
    this.entries[2 * to + 1] = this.entries[2 * from + 1] as number;
  }

  private home(p: number, q: number): number {
    return p * this.S + ((Math.imul(q, 0x9e3779b1) >>> 16) & (this.S - 1));
  }

  private has(p: number, q: number): boolean {
    const { set, S } = this;
    const end = (p + 1) * S;
    let s = this.home(p, q);
    for (;;) {
      const v = set[s] as number;
      if (v === 0) return false;
      if (v === q + 1) return true;
      s = s + 1 === end ? end - S : s + 1;
    }
  }

  private add(p: number, q: number): void {
    const { set, S } = this;
    const end = (p + 1) * S;
    let s = this.home(p, q);
    while (set[s] !== 0) s = s + 1 === end ? end - S : s + 1;
    set[s] = q + 1;
  }

  /** Removes q from p's set, moving later entries of its probe run back (no tombstones). */
  private remove(p: number, q: number): void {
    const { set, S } = this;
    const end = (p + 1) * S;
    let s = this.home(p, q);
    while (set[s] !== q + 1) s = s + 1 === end ? end - S : s + 1;
    let hole = s;
    for (;;) {
      s = s + 1 === end ? end - S : s + 1;
      const v = set[s] as number;
      if (v === 0) break;
      const h = this.home(p, v - 1);
      // v may fill the hole unless its home lies cyclically in (hole, s].
      const between = hole <= s ? h > hole && h <= s : h > hole || h <= s;
      if (!between) {
        set[hole] = v;
        hole = s;
      }
    }
    set[hole] = 0;
  }
}
