/**
 * The values of one coupling space grouped by identical vectors. Every kernel of the space
 * (Eq. (7)) compares vectors only, so values with the same vector have the same row and column in
 * K_p: K_p[u, v] = A[class(u), class(v)] with A the kernel between the d distinct vectors. A
 * column of high cardinality has many such values (in its intra space every value of the same
 * frequency, Eq. (1); in its inter space every value seen with the same other values, Eq. (4)),
 * so UNTIE works on d × d kernels instead of m × m — the same numbers, fewer of them.
 */
export interface ValueClasses {
  /** Number of distinct vectors d. */
  count: number;
  /** Class of each value, 0..d − 1 (classes numbered by first value). */
  of: Int32Array;
  /** The first value of each class. */
  first: Int32Array;
  /** The d distinct vectors, d × dims row-major. */
  vectors: Float64Array;
}

/** Groups the m vectors (m × dims, row-major) by equality, hashing their bits. */
export function valueClasses(vectors: Float64Array, m: number, dims: number): ValueClasses {
  const of = new Int32Array(m);
  const first: number[] = [];
  let size = 16;
  while (size < 2 * m) size *= 2;
  const slots = new Int32Array(size).fill(-1);
  const bits = new Int32Array(vectors.buffer, vectors.byteOffset, vectors.length * 2);
  const same = (u: number, v: number): boolean => {
    for (let t = 0; t < dims; t++)
      if (vectors[u * dims + t] !== vectors[v * dims + t]) return false;
    return true;
  };
  for (let u = 0; u < m; u++) {
    let h = 0x811c9dc5;
    // +0 and −0 are equal vectors and give equal kernels; hash them alike.
    for (let t = 2 * u * dims; t < 2 * (u + 1) * dims; t++)
      h = Math.imul(h ^ (vectors[t >> 1] === 0 ? 0 : (bits[t] as number)), 0x01000193);
    let s = (h ^ (h >>> 15)) & (size - 1);
    while ((slots[s] as number) >= 0 && !same(u, first[slots[s] as number] as number))
      s = (s + 1) & (size - 1);
    if ((slots[s] as number) < 0) {
      slots[s] = first.length;
      first.push(u);
    }
    of[u] = slots[s] as number;
  }
  const count = first.length;
  const distinct = new Float64Array(count * dims);
  first.forEach((u, c) => distinct.set(vectors.subarray(u * dims, (u + 1) * dims), c * dims));
  return { count, of, first: Int32Array.from(first), vectors: distinct };
}

/** W̃[h] = Σ_{x in class h} ω[start + x]: the weight of class h's shared kernel column. */
export function classWeights(
  classes: ValueClasses,
  weights: Float64Array,
  start: number,
  out: Float64Array,
): Float64Array {
  out.fill(0, 0, classes.count);
  const of = classes.of;
  for (let x = 0; x < of.length; x++) {
    const h = of[x] as number;
    out[h] = (out[h] as number) + (weights[start + x] as number);
  }
  return out;
}
