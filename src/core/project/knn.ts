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

/** Below this many points every pair is compared; above it a vantage-point tree is searched. */
export const BRUTE_FORCE_LIMIT = 2000;

/**
 * Exact k-nearest neighbours under the input's distance: brute force for small n, otherwise a
 * vantage-point tree (Yianilos 1993), which needs only a metric, so distance-based methods
 * (Hamming, DILCA …) are served the same way as vectors.
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
  const heap = new NeighbourHeap(k);
  const search =
    n <= BRUTE_FORCE_LIMIT ? bruteForce(n, distance) : vantagePointSearch(n, distance, random);
  for (let i = 0; i < n; i++) {
    heap.clear();
    search(i, heap);
    heap.drainSorted(indices, distances, i * k);
    if ((i & 255) === 255) yield { fraction: i / n, message: `neighbours ${i + 1}/${n}` };
  }
  return { n, k, indices, distances };
}

type Search = (i: number, heap: NeighbourHeap) => void;

function bruteForce(n: number, distance: (i: number, j: number) => number): Search {
  return (i, heap) => {
    for (let j = 0; j < n; j++) if (j !== i) heap.offer(j, distance(i, j));
  };
}

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

  return (query, heap) => {
    const visit = (lo: number, hi: number): void => {
      if (hi <= lo) return;
      const vantage = order[lo] as number;
      const d = distance(query, vantage);
      if (vantage !== query) heap.offer(vantage, d);
      if (hi - lo === 1) return;
      const mid = (lo + 1 + hi) >>> 1;
      const r = radius[lo] as number;
      if (d < r) {
        if (d - heap.bound() <= r) visit(lo + 1, mid);
        if (d + heap.bound() >= r) visit(mid, hi);
      } else {
        if (d + heap.bound() >= r) visit(mid, hi);
        if (d - heap.bound() <= r) visit(lo + 1, mid);
      }
    };
    visit(0, n);
  };
}

/** A bounded max-heap keeping the k nearest (distance, index) pairs seen. */
class NeighbourHeap {
  private readonly index: Int32Array;
  private readonly dist: Float64Array;
  private size = 0;

  constructor(private readonly k: number) {
    this.index = new Int32Array(k);
    this.dist = new Float64Array(k);
  }

  clear(): void {
    this.size = 0;
  }

  /** Largest kept distance, or +∞ while fewer than k are kept. */
  bound(): number {
    return this.size < this.k ? Infinity : (this.dist[0] as number);
  }

  offer(j: number, d: number): void {
    if (this.size < this.k) {
      let c = this.size++;
      while (c > 0) {
        const p = (c - 1) >> 1;
        if (!this.after(d, j, p)) break;
        this.move(p, c);
        c = p;
      }
      this.put(c, j, d);
    } else if (this.before(d, j, 0)) this.siftDown(j, d);
  }

  /** Writes the kept pairs, nearest first, into the output arrays at offset. */
  drainSorted(indices: Int32Array, distances: Float64Array, offset: number): void {
    for (let t = this.size - 1; t >= 0; t--) {
      indices[offset + t] = this.index[0] as number;
      distances[offset + t] = this.dist[0] as number;
      const j = this.index[t] as number;
      const d = this.dist[t] as number;
      this.size = t;
      if (t > 0) this.siftDown(j, d);
    }
  }

  /** Puts (j, d) at the root and sifts it down. */
  private siftDown(j: number, d: number): void {
    let c = 0;
    for (;;) {
      const l = 2 * c + 1;
      if (l >= this.size) break;
      const r = l + 1;
      const big =
        r < this.size && this.after(this.dist[r] as number, this.index[r] as number, l) ? r : l;
      if (!this.before(d, j, big)) break;
      this.move(big, c);
      c = big;
    }
    this.put(c, j, d);
  }

  /** (d, j) ranks after slot p: farther, or as far with a larger index. */
  private after(d: number, j: number, p: number): boolean {
    const e = this.dist[p] as number;
    return d > e || (d === e && j > (this.index[p] as number));
  }

  private before(d: number, j: number, p: number): boolean {
    const e = this.dist[p] as number;
    return d < e || (d === e && j < (this.index[p] as number));
  }

  private put(c: number, j: number, d: number): void {
    this.index[c] = j;
    this.dist[c] = d;
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
