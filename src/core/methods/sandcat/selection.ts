/**
 * The k best of a stream of (key, id) pairs by a bounded binary heap: the worst kept pair sits at
 * the top, so a candidate no better than it is rejected in O(1). "Better" is a smaller key; to
 * keep the largest keys, push −key. Ties go to the smaller id (the earlier tuple), so a
 * selection never depends on the heap's history.
 */
export class BestK {
  private readonly keys: Float64Array;
  private readonly ids: Int32Array;
  size = 0;

  constructor(readonly capacity: number) {
    this.keys = new Float64Array(capacity);
    this.ids = new Int32Array(capacity);
  }

  clear(): void {
    this.size = 0;
  }

  /** a is worse than b. */
  private worse(ka: number, ia: number, kb: number, ib: number): boolean {
    return ka > kb || (ka === kb && ia > ib);
  }

  push(key: number, id: number): void {
    if (this.capacity === 0) return;
    if (this.size < this.capacity) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.worse(key, id, this.keys[parent] as number, this.ids[parent] as number)) break;
        this.keys[i] = this.keys[parent] as number;
        this.ids[i] = this.ids[parent] as number;
        i = parent;
      }
      this.keys[i] = key;
      this.ids[i] = id;
      return;
    }
    if (!this.worse(this.keys[0] as number, this.ids[0] as number, key, id)) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.size) break;
      let child = left;
      const right = left + 1;
      if (
        right < this.size &&
        this.worse(
          this.keys[right] as number,
          this.ids[right] as number,
          this.keys[left] as number,
          this.ids[left] as number,
        )
      )
        child = right;
      if (!this.worse(this.keys[child] as number, this.ids[child] as number, key, id)) break;
      this.keys[i] = this.keys[child] as number;
      this.ids[i] = this.ids[child] as number;
      i = child;
    }
    this.keys[i] = key;
    this.ids[i] = id;
  }

  /** The worst kept pair [key, id] (the one a newcomer must beat once `capacity` are kept). */
  worst(): [number, number] {
    return [this.keys[0] as number, this.ids[0] as number];
  }

  /** The kept ids, best first. */
  sorted(): number[] {
    const order = Array.from({ length: this.size }, (_, i) => i).sort(
      (a, b) =>
        (this.keys[a] as number) - (this.keys[b] as number) ||
        (this.ids[a] as number) - (this.ids[b] as number),
    );
    return order.map((i) => this.ids[i] as number);
  }
}
