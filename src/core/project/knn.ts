import type { Steps } from '../jobs.ts';
import type { Random } from '../random.ts';
import { distanceOf, type ProjectionInput } from './input.ts';

/** Each point's k nearest other points, nearest first (ties broken by index). */
export interface Neighbours {
  n: number;
  k: number;
  /** n × k */
  indices: Int32Array;
  /** n × k, the input's distances (not squared). */
  distances: Float64Array;
}

/** Below this many points every pair is compared; above it a vantage-point tree may be searched. */
export const BRUTE_FORCE_LIMIT = 2000;
/** Vectors of more dimensions than this are scanned pair by pair rather than through a tree. */
export const TREE_DIMS_LIMIT = 20;

/**
 * Exact k-nearest neighbours under the input's distance. Low-dimensional vectors (the common case
 * at 10,000+ points) go through a vantage-point tree (Yianilos 1993). Distances between
 * categorical objects take few distinct values and have a high intrinsic dimension, so a metric
 * tree prunes nothing there (measured: 10,003 of 10,000 points evaluated per query); those, wide
 * vectors and small n scan every pair once, offering it to both points' heaps.
 */
export function* nearestNeighbourSteps(
  input: ProjectionInput,
  k: number,
  random: Random,
): Steps<Neighbours> {
  const { n } = input;
  if (!Number.isInteger(k) || k < 1 || k >= n)
    throw new RangeError(`k must be a whole number from 1 to n − 1 = ${n - 1}, got ${k}`);
  const distance = distanceOf(input);
  const indices = new Int32Array(n * k);
  const distances = new Float64Array(n * k);
  const useTree =
    n > BRUTE_FORCE_LIMIT && input.kind === 'vectors' && input.dims <= TREE_DIMS_LIMIT;
  if (!useTree) {
    const heaps = new NeighbourHeaps(n, k);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const d = distance(i, j);
        heaps.offer(i, j, d);
        heaps.offer(j, i, d);
      }
      heaps.drainSorted(i, indices, distances, i * k);
      // Rows are cheaper as i grows: report by pairs done.
      if ((i & 63) === 63) {
        const done = (i + 1) * (2 * n - i - 2);
        yield { fraction: done / (n * (n - 1)), message: `neighbours ${i + 1}/${n}` };
      }
    }
    return { n, k, indices, distances };
  }
  const heaps = new NeighbourHeaps(1, k);
  const search = vantagePointSearch(n, distance, random);
  for (let i = 0; i < n; i++) {
    search(i, heaps);
    heaps.drainSorted(0, indices, distances, i * k);
    if ((i & 255) === 255) yield { fraction: i / n, message: `neighbours ${i + 1}/${n}` };
  }
  return { n, k, indices, distances };
}

type Search = (i: number, heaps: NeighbourHeaps) => void;

/**
 * A vantage-point tree in flat arrays: node t covers order[lo..hi); its vantage point is
 * order[lo], points nearer than radius[t] are in the left half.
 */
function vantagePointSearch(
  n: number,
  distance: (i: number, j: number) => number,
  random: Random,
): Search {
  const order = Int32Array.from({ length: n }, (_, i) => i);
  const radius = new Float64Array(n);
  const scratch = new Float64Array(n);
  build(0, n);

  function build(lo: number, hi: number): void {
    if (hi - lo <= 1) return;
    const pick = lo + random.int(hi - lo);
    swap(order, lo, pick);
    const vantage = order[lo] as number;
    for (let t = lo + 1; t < hi; t++) scratch[t] = distance(vantage, order[t] as number);
    const mid = (lo + 1 + hi) >>> 1;
    select(lo + 1, hi, mid);
    radius[lo] = scratch[mid] as number;
    build(lo + 1, mid);
    build(mid, hi);
  }

  /** Quickselect on scratch (moving order alongside) so position m holds the m-th distance. */
  function select(lo: number, hi: number, m: number): void {
    let a = lo;
    let b = hi - 1;
    while (a < b) {
      const pivot = scratch[(a + b) >>> 1] as number;
      let i = a;
      let j = b;
      while (i <= j) {
        while ((scratch[i] as number) < pivot) i++;
        while ((scratch[j] as number) > pivot) j--;
        if (i <= j) {
          swap(scratch, i, j);
          swap(order, i, j);
          i++;
          j--;
        }
      }
      if (m <= j) b = j;
      else if (m >= i) a = i;
      else return;
    }
  }

  return (query, heaps) => {
    const visit = (lo: number, hi: number): void => {
      if (hi <= lo) return;
      const vantage = order[lo] as number;
      const d = distance(query, vantage);
      if (vantage !== query) heaps.offer(0, vantage, d);
      if (hi - lo === 1) return;
      const mid = (lo + 1 + hi) >>> 1;
      const r = radius[lo] as number;
      if (d < r) {
        if (d - heaps.bound(0) <= r) visit(lo + 1, mid);
        if (d + heaps.bound(0) >= r) visit(mid, hi);
      } else {
        if (d + heaps.bound(0) >= r) visit(mid, hi);
        if (d - heaps.bound(0) <= r) visit(lo + 1, mid);
      }
    };
    visit(0, n);
  };
}

/**
 * Bounded max-heaps, one per query h, each keeping the k nearest (distance, index) pairs seen, in
 * flat shared arrays (heap h occupies slots h·k … h·k + k − 1).
 */
export class NeighbourHeaps {
  private readonly index: Int32Array;
  private readonly dist: Float64Array;
  private readonly size: Int32Array;

  constructor(
    count: number,
    private readonly k: number,
  ) {
    this.index = new Int32Array(count * k);
    this.dist = new Float64Array(count * k);
    this.size = new Int32Array(count);
  }

  /** Largest kept distance of heap h, or +∞ while it holds fewer than k. */
  bound(h: number): number {
    return (this.size[h] as number) < this.k ? Infinity : (this.dist[h * this.k] as number);
  }

  offer(h: number, j: number, d: number): void {
    const base = h * this.k;
    const size = this.size[h] as number;
    if (size < this.k) {
      this.size[h] = size + 1;
      let c = size;
      while (c > 0) {
        const p = (c - 1) >> 1;
        if (!this.after(d, j, base + p)) break;
        this.move(base + p, base + c);
        c = p;
      }
      this.put(base + c, j, d);
    } else if (this.before(d, j, base)) this.siftDown(base, size, j, d);
  }

  /** Empties heap h into the output arrays at offset, nearest first. */
  drainSorted(h: number, indices: Int32Array, distances: Float64Array, offset: number): void {
    const base = h * this.k;
    for (let t = (this.size[h] as number) - 1; t >= 0; t--) {
      indices[offset + t] = this.index[base] as number;
      distances[offset + t] = this.dist[base] as number;
      const j = this.index[base + t] as number;
      const d = this.dist[base + t] as number;
      if (t > 0) this.siftDown(base, t, j, d);
    }
    this.size[h] = 0;
  }

  /** Puts (j, d) at the root of the heap at base holding `size` pairs and sifts it down. */
  private siftDown(base: number, size: number, j: number, d: number): void {
    let c = 0;
    for (;;) {
      const l = 2 * c + 1;
      if (l >= size) break;
      const r = l + 1;
      const big =
        r < size &&
        this.after(this.dist[base + r] as number, this.index[base + r] as number, base + l)
          ? r
          : l;
      if (!this.before(d, j, base + big)) break;
      this.move(base + big, base + c);
      c = big;
    }
    this.put(base + c, j, d);
  }

  /** (d, j) ranks after slot s: farther, or as far with a larger index. */
  private after(d: number, j: number, s: number): boolean {
    const e = this.dist[s] as number;
    return d > e || (d === e && j > (this.index[s] as number));
  }

  private before(d: number, j: number, s: number): boolean {
    const e = this.dist[s] as number;
    return d < e || (d === e && j < (this.index[s] as number));
  }

  private put(s: number, j: number, d: number): void {
    this.index[s] = j;
    this.dist[s] = d;
  }

  private move(from: number, to: number): void {
    this.index[to] = this.index[from] as number;
    this.dist[to] = this.dist[from] as number;
  }
}

function swap(a: Int32Array | Float64Array, i: number, j: number): void {
  const t = a[i] as number;
  a[i] = a[j] as number;
  a[j] = t;
}
