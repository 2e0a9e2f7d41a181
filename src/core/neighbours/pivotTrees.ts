import type { Random } from '../base/random.ts';

/**
 * Leaves of a random two-pivot tree: a node's points go to whichever of two random pivots a, b of
 * the node is nearer (ties by a coin), until a node holds at most `leafSize` points. Under the
 * Euclidean distance d(x, a) < d(x, b) is the side of the bisecting hyperplane of a and b — the
 * random-projection split of pynndescent's trees (Dong et al. 2011 start from a random graph;
 * pynndescent starts from such leaves) — and it needs nothing but d, so the same tree serves
 * every categorical distance. `dist` may be any increasing function of the distance.
 *
 * Returns the points in leaf order, the leaves' bounds (leaf t is order[bounds[t] … bounds[t+1]))
 * and the distances evaluated.
 */
export function pivotTreeLeaves(
  m: number,
  dist: (p: number, q: number) => number,
  leafSize: number,
  random: Random,
): { order: Int32Array; bounds: Int32Array; evaluations: number } {
  const order = Int32Array.from({ length: m }, (_, i) => i);
  const side = new Uint8Array(m);
  const scratch = new Int32Array(m);
  const toA = new Float64Array(m);
  const bounds: number[] = [0];
  let evaluations = 0;
  // Depth-first over [lo, hi) ranges, leaves emitted left to right.
  const stack: number[] = [0, m];
  while (stack.length > 0) {
    const hi = stack.pop() as number;
    const lo = stack.pop() as number;
    if (hi - lo <= leafSize) {
      bounds.push(hi);
      continue;
    }
    const mid = split(lo, hi);
    stack.push(mid, hi, lo, mid);
  }
  return { order, bounds: Int32Array.from(bounds), evaluations };

  /** Partitions order[lo, hi) by the nearer pivot; returns the first index of the right side. */
  function split(lo: number, hi: number): number {
    const a = order[lo + random.int(hi - lo)] as number;
    let b = order[lo + random.int(hi - lo - 1)] as number;
    if (b === a) b = order[hi - 1] as number;
    let left = 0;
    evaluations += 2 * (hi - lo);
    // d from one pivot to every point, then from the other (a kernel keeps its first argument's
    // look-ups from one call to the next: additiveDistance.ts).
    for (let t = lo; t < hi; t++) toA[t] = dist(a, order[t] as number);
    for (let t = lo; t < hi; t++) {
      const da = toA[t] as number;
      const db = dist(b, order[t] as number);
      const s = da < db ? 0 : da > db ? 1 : random.next() < 0.5 ? 0 : 1;
      side[t] = s;
      if (s === 0) left++;
    }
    // A split that leaves a side empty (all points equidistant) becomes a random halving.
    if (left === 0 || left === hi - lo) {
      left = (hi - lo) >> 1;
      for (let t = lo; t < hi; t++) side[t] = 0;
      for (let c = 0; c < hi - lo - left;) {
        const t = lo + random.int(hi - lo);
        if (side[t] === 0) {
          side[t] = 1;
          c++;
        }
      }
    }
    let l = lo;
    let r = lo + left;
    for (let t = lo; t < hi; t++) scratch[side[t] === 0 ? l++ : r++] = order[t] as number;
    order.set(scratch.subarray(lo, hi), lo);
    return lo + left;
  }
}
