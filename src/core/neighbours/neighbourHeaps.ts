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
