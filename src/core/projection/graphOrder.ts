/**
 * An order of a sparse graph's vertices in which neighbours sit close together: breadth-first from
 * vertex 0 (then from the first vertex not reached, for each further component), each vertex's
 * neighbours taken in its list's order — Cuthill & McKee's (1969) bandwidth-reducing order
 * without their sorting by degree. The t-SNE attraction (parallelGradient.ts) reads the layout in
 * this order, so one row's neighbours are read from a small stretch of memory that stays in cache
 * from one row to the next, instead of from anywhere in the layout.
 */
export function breadthFirstOrder(rowStart: Int32Array, columns: Int32Array, n: number): Int32Array {
  const order = new Int32Array(n);
  const seen = new Uint8Array(n);
  let head = 0;
  let tail = 0;
  for (let root = 0; root < n; root++) {
    if (seen[root]) continue;
    seen[root] = 1;
    order[tail++] = root;
    while (head < tail) {
      const v = order[head++] as number;
      for (let s = rowStart[v] as number, end = rowStart[v + 1] as number; s < end; s++) {
        const u = columns[s] as number;
        if (!seen[u]) {
          seen[u] = 1;
          order[tail++] = u;
        }
      }
    }
  }
  return order;
}
