import { pacer, type Steps } from '../../base/jobs.ts';

/**
 * out += R·W·Rᵀ for the n rows R_i = A[start_i .. start_i + cols) of A and W = diag(w):
 * out[i, j] += Σ_h A[start_i + h]·w_h·A[start_j + h], n × n, both triangles. It is UNTIE's one
 * heavy product — a batch's block of S (Eq. (19)) and the value tables G_a = Σ_p K_p ω_p K_p
 * (Eq. (18)), both over a kernel's rows — so it is computed with care: rows are read where they
 * lie (no copies), only pairs i ≤ j, on 4 × 4 tiles of rows (16 running sums, each loaded number
 * used four times) over chunks of columns that stay in cache; the lower triangle gets the same sums.
 */
export function addWeightedGram(
  A: Float64Array,
  starts: Int32Array,
  n: number,
  w: Float64Array,
  cols: number,
  out: Float64Array,
): void {
  if (n < TILE) fewRows(A, starts, n, w, cols, out);
  else gramBand(A, starts, n, w, cols, out, 0, n);
}

/** Fewer rows than a tile (a batch meeting a two-value attribute): each pair's sum directly. */
function fewRows(
  A: Float64Array,
  starts: Int32Array,
  n: number,
  w: Float64Array,
  cols: number,
  out: Float64Array,
): void {
  for (let i = 0; i < n; i++)
    for (let j = i; j < n; j++) {
      const a = starts[i] as number;
      const b = starts[j] as number;
      let s = 0;
      for (let c = 0; c < cols; c++)
        s += (A[a + c] as number) * (w[c] as number) * (A[b + c] as number);
      add(out, n, i, j, s);
    }
}

/** The same, reporting progress by bands of rows (for the large value tables). */
export function* weightedGramSteps(
  A: Float64Array,
  starts: Int32Array,
  n: number,
  w: Float64Array,
  cols: number,
  out: Float64Array,
): Steps<void> {
  const pace = pacer(1 << 25);
  for (let u0 = 0; u0 < n; u0 += TILE) {
    const u1 = Math.min(n, u0 + TILE);
    gramBand(A, starts, n, w, cols, out, u0, u1);
    if (pace((n - u0) * TILE * cols)) {
      // Rows u0.. pair with every later row: the work done so far is the triangle above.
      const left = n - u1;
      yield { fraction: 1 - (left * left) / (n * n), message: `row ${u1} of ${n}` };
    }
  }
}

const TILE = 4;
const CHUNK = 256;
/** A tile's four rows over one chunk of columns, times the weights. */
const scaled = new Float64Array(TILE * CHUNK);

/**
 * Rows u0 ≤ u < u1 (u0 a multiple of TILE) against every row v ≥ u: per chunk of columns, the
 * tile's rows are weighted once into `scaled`, then met with every later tile.
 */
function gramBand(
  A: Float64Array,
  starts: Int32Array,
  n: number,
  w: Float64Array,
  cols: number,
  out: Float64Array,
  u0: number,
  u1: number,
): void {
  for (let c0 = 0; c0 < cols; c0 += CHUNK) {
    const len = Math.min(cols, c0 + CHUNK) - c0;
    for (let u = u0; u < u1; u += TILE) {
      for (let k = 0; k < TILE && u + k < n; k++) {
        const a = (starts[u + k] as number) + c0;
        const x = k * CHUNK;
        for (let c = 0; c < len; c++) scaled[x + c] = (A[a + c] as number) * (w[c0 + c] as number);
      }
      for (let v = u; v < n; v += TILE) {
        if (u + TILE <= n && v + TILE <= n) tile(A, starts, n, out, u, v, c0, len);
        else edge(A, starts, n, out, u, v, c0, len);
      }
    }
  }
}

/** A full 4 × 4 tile: the weighted rows u.. (in `scaled`) against rows v.. over one chunk. */
function tile(
  A: Float64Array,
  starts: Int32Array,
  n: number,
  out: Float64Array,
  u: number,
  v: number,
  c0: number,
  len: number,
): void {
  const b0 = (starts[v] as number) + c0;
  const b1 = (starts[v + 1] as number) + c0;
  const b2 = (starts[v + 2] as number) + c0;
  const b3 = (starts[v + 3] as number) + c0;
  let s00 = 0;
  let s01 = 0;
  let s02 = 0;
  let s03 = 0;
  let s10 = 0;
  let s11 = 0;
  let s12 = 0;
  let s13 = 0;
  let s20 = 0;
  let s21 = 0;
  let s22 = 0;
  let s23 = 0;
  let s30 = 0;
  let s31 = 0;
  let s32 = 0;
  let s33 = 0;
  for (let c = 0; c < len; c++) {
    const x0 = scaled[c] as number;
    const x1 = scaled[CHUNK + c] as number;
    const x2 = scaled[2 * CHUNK + c] as number;
    const x3 = scaled[3 * CHUNK + c] as number;
    const y0 = A[b0 + c] as number;
    const y1 = A[b1 + c] as number;
    const y2 = A[b2 + c] as number;
    const y3 = A[b3 + c] as number;
    s00 += x0 * y0;
    s01 += x0 * y1;
    s02 += x0 * y2;
    s03 += x0 * y3;
    s10 += x1 * y0;
    s11 += x1 * y1;
    s12 += x1 * y2;
    s13 += x1 * y3;
    s20 += x2 * y0;
    s21 += x2 * y1;
    s22 += x2 * y2;
    s23 += x2 * y3;
    s30 += x3 * y0;
    s31 += x3 * y1;
    s32 += x3 * y2;
    s33 += x3 * y3;
  }
  add(out, n, u, v, s00);
  add(out, n, u, v + 1, s01);
  add(out, n, u, v + 2, s02);
  add(out, n, u, v + 3, s03);
  add(out, n, u + 1, v, s10);
  add(out, n, u + 1, v + 1, s11);
  add(out, n, u + 1, v + 2, s12);
  add(out, n, u + 1, v + 3, s13);
  add(out, n, u + 2, v, s20);
  add(out, n, u + 2, v + 1, s21);
  add(out, n, u + 2, v + 2, s22);
  add(out, n, u + 2, v + 3, s23);
  add(out, n, u + 3, v, s30);
  add(out, n, u + 3, v + 1, s31);
  add(out, n, u + 3, v + 2, s32);
  add(out, n, u + 3, v + 3, s33);
}

/** A tile cut by the last rows, one sum at a time. */
function edge(
  A: Float64Array,
  starts: Int32Array,
  n: number,
  out: Float64Array,
  u: number,
  v: number,
  c0: number,
  len: number,
): void {
  for (let i = u; i < Math.min(n, u + TILE); i++)
    for (let j = Math.max(i, v); j < Math.min(n, v + TILE); j++) {
      const x = (i - u) * CHUNK;
      const b = (starts[j] as number) + c0;
      let s = 0;
      for (let c = 0; c < len; c++) s += (scaled[x + c] as number) * (A[b + c] as number);
      add(out, n, i, j, s);
    }
}

/**
 * Adds a pair's sum to out[i, j] and, across the diagonal, to out[j, i]. A tile on the diagonal
 * computes both (i, j) and (j, i) itself — the same products, so the same sum — and adds only
 * where i ≤ j, mirrored.
 */
function add(out: Float64Array, n: number, i: number, j: number, s: number): void {
  if (i > j) return;
  out[i * n + j] = (out[i * n + j] as number) + s;
  if (i !== j) out[j * n + i] = (out[j * n + i] as number) + s;
}
