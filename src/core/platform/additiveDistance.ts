/**
 * Every categorical distance of the platform is additive over attributes: Hamming and its weighted
 * forms (Σ w_a·[x_a ≠ y_a]), the summed value tables (CADO, OFD, ADD, CASO's distance …), DILCA's
 * √Σ t² and a value-concatenation embedding's √Σ ‖v_a(x_a) − v_a(y_a)‖² are all
 *
 *     d(x, y) = g(Σ_a T_a[x_a, y_a]),   g = identity or √,
 *
 * with one m_a × m_a table per attribute. Described this way (next to the input's own d(i, j)), a
 * neighbour search can group identical objects by their codes and evaluate g⁻¹(d) with one look-up
 * per group of attributes (`pairKernel`).
 */
export interface AdditiveDistance {
  /** Attributes. */
  D: number;
  /** n × D local value codes (0 … m_a − 1), row-major. */
  codes: Int32Array;
  /** m_a × m_a per attribute, one after another from `tableStart[a]`. */
  tables: Float64Array;
  tableStart: Int32Array;
  /** m_a: values of each attribute. */
  width: Int32Array;
  /** true: d = √Σ; false: d = Σ. */
  root: boolean;
}

/** Σ_a w_a·[x_a ≠ y_a] as tables (0 on the diagonal, w_a elsewhere). */
export function mismatchTables(
  codes: Int32Array,
  width: Int32Array,
  weights: Float64Array,
): AdditiveDistance {
  const D = width.length;
  const tableStart = new Int32Array(D);
  let total = 0;
  for (let a = 0; a < D; a++) {
    tableStart[a] = total;
    total += (width[a] as number) ** 2;
  }
  const tables = new Float64Array(total);
  for (let a = 0; a < D; a++) {
    const m = width[a] as number;
    const w = weights[a] as number;
    for (let x = 0; x < m; x++)
      for (let y = 0; y < m; y++) if (x !== y) tables[(tableStart[a] as number) + x * m + y] = w;
  }
  return { D, codes, tables, tableStart, width, root: false };
}

/** Local codes (n × D) from global value indices (n × D) and each attribute's first value. */
export function localCodes(
  globalValues: Int32Array,
  D: number,
  firstValue: Int32Array,
): Int32Array {
  const out = new Int32Array(globalValues.length);
  for (let t = 0; t < globalValues.length; t++)
    out[t] = (globalValues[t] as number) - (firstValue[t % D] as number);
  return out;
}

/** Largest look-up table of one attribute group (entries): small enough to stay in cache. */
export const GROUP_TABLE_CELLS = 1024;

/**
 * g⁻¹(d) between m objects (given by their codes, m × D), as a function of (p, q), with one
 * look-up per group of consecutive attributes: a group's table holds Σ over its members of T_a
 * for every pair of the group's value combinations, so 20 attributes of 2-12 values cost about
 * 14 look-ups, not 20, and each object is G small combination numbers (2 bytes each) that stay
 * in cache. Values are increasing in d (the root is not taken) and equal Σ_a T_a up to the order
 * of the additions. Null when an attribute has more values than a combination number can hold.
 */
export function pairKernel(
  distance: AdditiveDistance,
  codes: Int32Array,
  m: number,
): ((p: number, q: number) => number) | null {
  const data = pairKernelData(distance, codes, m);
  return data && kernelFromData(data);
}

/**
 * A pair kernel as plain data (typed arrays and numbers), so that another thread can rebuild the
 * same function (kernelFromData): packed codes for a uniform mismatch, group tables otherwise,
 * or rows of vectors (squared Euclidean).
 */
export type PairKernelData =
  | { type: 'packed'; words: Int32Array; W: number }
  | {
      type: 'groups';
      table: Float64Array;
      start: Int32Array;
      combos: Int32Array;
      cell: Uint16Array;
      G: number;
    }
  | { type: 'vectors'; rows: Float64Array; dims: number };

export function kernelFromData(data: PairKernelData): (p: number, q: number) => number {
  if (data.type === 'packed') return packedMismatch(data.words, data.W);
  if (data.type === 'vectors') return squaredEuclidean(data.rows, data.dims);
  return groupSum(data);
}

/**
 * Σ over groups of table[row of p's combination + q's combination]. Callers ask d(p, q) for many
 * q in a row with the same p (a local join, a leaf, a scan), so the offsets of p's rows in the
 * group tables are kept from one call to the next: a look-up and an addition per group instead of
 * three look-ups, a multiplication and two additions (measured: 0.6 × the time a distance).
 */
function groupSum({
  table,
  start,
  combos,
  cell,
  G,
}: Extract<PairKernelData, { type: 'groups' }>): (p: number, q: number) => number {
  const rowOf = new Int32Array(G);
  let last = -1;
  return (p, q) => {
    if (p !== last) {
      const a = p * G;
      for (let g = 0; g < G; g++)
        rowOf[g] = (start[g] as number) + (cell[a + g] as number) * (combos[g] as number);
      last = p;
    }
    const b = q * G;
    let s = 0;
    for (let g = 0; g < G; g++)
      s += table[(rowOf[g] as number) + (cell[b + g] as number)] as number;
    return s;
  };
}

/** ‖x_p − x_q‖² between rows p and q of row-major vectors of `dims` entries. */
export function squaredRowDistance(rows: Float64Array, dims: number, p: number, q: number): number {
  let s = 0;
  const a = p * dims;
  const b = q * dims;
  for (let t = 0; t < dims; t++) {
    const x = (rows[a + t] as number) - (rows[b + t] as number);
    s += x * x;
  }
  return s;
}

function squaredEuclidean(rows: Float64Array, dims: number): (p: number, q: number) => number {
  return (p, q) => squaredRowDistance(rows, dims, p, q);
}

/** The data of `pairKernel`; null when an attribute has too many values for a group. */
export function pairKernelData(
  distance: AdditiveDistance,
  codes: Int32Array,
  m: number,
  maxCells = GROUP_TABLE_CELLS,
): PairKernelData | null {
  const { D, tables, tableStart, width } = distance;
  if (width.every((w) => w <= 256) && isUniformMismatch(distance))
    return packedMismatchData(codes, D, m);
  if (width.some((w) => w > MAX_COMBINATIONS)) return null;
  // Consecutive attributes while the group's table stays within GROUP_TABLE_CELLS.
  const groups: number[][] = [];
  let current: number[] = [];
  let combos = 1;
  for (let a = 0; a < D; a++) {
    const w = width[a] as number;
    if (current.length > 0 && (combos * w) ** 2 > maxCells) {
      groups.push(current);
      current = [];
      combos = 1;
    }
    current.push(a);
    combos *= w;
  }
  if (current.length > 0) groups.push(current);
  const G = groups.length;
  const combosOf = Int32Array.from(groups, (g) => g.reduce((p, a) => p * (width[a] as number), 1));
  const start = new Int32Array(G);
  let total = 0;
  combosOf.forEach((c, g) => {
    start[g] = total;
    total += c * c;
  });
  const table = new Float64Array(total);
  groups.forEach((members, g) => {
    const c = combosOf[g] as number;
    const base = start[g] as number;
    // Decode each combination (first member slowest) and add the members' entries.
    const x = new Int32Array(members.length);
    const y = new Int32Array(members.length);
    for (let u = 0; u < c; u++) {
      decode(u, members, width, x);
      for (let v = 0; v < c; v++) {
        decode(v, members, width, y);
        let s = 0;
        members.forEach((a, t) => {
          const w = width[a] as number;
          s += tables[
            (tableStart[a] as number) + (x[t] as number) * w + (y[t] as number)
          ] as number;
        });
        table[base + u * c + v] = s;
      }
    }
  });
  const cell = new Uint16Array(m * G);
  for (let p = 0; p < m; p++)
    groups.forEach((members, g) => {
      let u = 0;
      for (const a of members) u = u * (width[a] as number) + (codes[p * D + a] as number);
      cell[p * G + g] = u;
    });
  return { type: 'groups', table, start, combos: combosOf, cell, G };
}

/** m × dims vectors as kernel data (squared Euclidean). */
export function vectorKernelData(rows: Float64Array, dims: number): PairKernelData {
  return { type: 'vectors', rows, dims };
}

/**
 * Whether every table is w·[x ≠ y] with one w for all attributes (Hamming; also a one-hot
 * embedding, whose squared distance between two values is 2): then d is increasing in the
 * number of mismatches alone.
 */
function isUniformMismatch({ D, tables, tableStart, width }: AdditiveDistance): boolean {
  let w = Number.NaN;
  for (let a = 0; a < D; a++) {
    const m = width[a] as number;
    for (let x = 0; x < m; x++)
      for (let y = 0; y < m; y++) {
        const t = tables[(tableStart[a] as number) + x * m + y] as number;
        if (x === y) {
          if (t !== 0) return false;
        } else if (Number.isNaN(w)) w = t;
        else if (t !== w) return false;
      }
  }
  return !(w < 0);
}

/**
 * The number of mismatched attributes with codes packed four to a 32-bit word: per word, the
 * bytes of a ⊕ b that are zero are counted with a carry trick and a multiply (Hacker's Delight
 * 6-1: "find a zero byte"), so 20 attributes cost 5 word operations.
 */
function packedMismatchData(codes: Int32Array, D: number, m: number): PairKernelData {
  const W = Math.ceil(D / 4);
  const words = new Int32Array(m * W);
  for (let p = 0; p < m; p++)
    for (let a = 0; a < D; a++)
      words[p * W + (a >> 2)] =
        (words[p * W + (a >> 2)] as number) | ((codes[p * D + a] as number) << (8 * (a & 3)));
  return { type: 'packed', words, W };
}

function packedMismatch(words: Int32Array, W: number): (p: number, q: number) => number {
  return (p, q) => {
    const a = p * W;
    const b = q * W;
    let zeros = 0;
    for (let t = 0; t < W; t++) {
      const x = (words[a + t] as number) ^ (words[b + t] as number);
      // High bit of each byte set iff the byte is zero; then add the four bits up.
      const z = ~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x | 0x7f7f7f7f);
      zeros += Math.imul(z >>> 7, 0x01010101) >>> 24;
    }
    return 4 * W - zeros;
  };
}

/** A group's combinations are numbered in 16 bits. */
const MAX_COMBINATIONS = 65536;

function decode(u: number, members: number[], width: Int32Array, out: Int32Array): void {
  for (let t = members.length - 1; t >= 0; t--) {
    const w = width[members[t] as number] as number;
    out[t] = u % w;
    u = Math.floor(u / w);
  }
}
