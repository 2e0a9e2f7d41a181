import type { CategoricalTable } from '../table/types.ts';
import { badOption } from '../../base/errors.ts';

/**
 * Pairwise value co-occurrence counts, stored as one block per attribute pair a < b
 * (|V_a| × |V_b| cells, row-major), so memory is Σ_{a<b} |V_a||V_b| rather than L².
 * Within one attribute two different values never co-occur; the diagonal is the value count.
 * A plain object (no class) so it crosses the worker boundary by structured clone / transfer.
 */
export interface Cooccurrence {
  nValues: number;
  /** Number of values per attribute. */
  sizes: Int32Array;
  /** Global index of each attribute's first value. */
  offsets: Int32Array;
  /** blockOffset[a·D + b] (a < b) = start of block (a, b) in data. */
  blockOffset: Float64Array;
  data: Int32Array;
  /** Count of each global value over the counted rows (the diagonal). */
  valueCounts: Int32Array;
  /** Attribute of each global value. */
  valueAttribute: Int32Array;
}

export function allocateCooccurrence(table: CategoricalTable): Cooccurrence {
  const D = table.attributes.length;
  const sizes = Int32Array.from(table.attributes, (a) => a.labels.length);
  const offsets = Int32Array.from(table.attributes, (a) => a.offset);
  const blockOffset = new Float64Array(D * D).fill(-1);
  let total = 0;
  for (let a = 0; a < D; a++)
    for (let b = a + 1; b < D; b++) {
      blockOffset[a * D + b] = total;
      total += (sizes[a] as number) * (sizes[b] as number);
    }
  if (total > 2 ** 28)
    throw badOption(
      `co-occurrence needs ${total.toLocaleString('en-US')} cells (limit 268,435,456); exclude or bin columns with many values`,
    );
  return {
    nValues: table.nValues,
    sizes,
    offsets,
    blockOffset,
    data: new Int32Array(total),
    valueCounts: new Int32Array(table.nValues),
    valueAttribute: table.valueAttribute,
  };
}

/** Adds the co-occurrences of attribute pair (a, b) over the given rows (all rows when null). */
export function countPair(
  c: Cooccurrence,
  table: CategoricalTable,
  a: number,
  b: number,
  rows: Int32Array | null,
): void {
  const D = c.sizes.length;
  const ca = (table.attributes[a] as { codes: Int32Array }).codes;
  const cb = (table.attributes[b] as { codes: Int32Array }).codes;
  const nb = c.sizes[b] as number;
  // `| 0`: blockOffset is a Float64Array, and a double offset makes every cell index a double,
  // which halves the speed of this loop in V8; block offsets are below 2^28 (allocateCooccurrence).
  const off = (c.blockOffset[a * D + b] as number) | 0;
  const data = c.data;
  if (rows === null) {
    const n = ca.length;
    for (let r = 0; r < n; r++) {
      const cell = off + (ca[r] as number) * nb + (cb[r] as number);
      data[cell] = (data[cell] as number) + 1;
    }
  } else {
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as number;
      const cell = off + (ca[r] as number) * nb + (cb[r] as number);
      data[cell] = (data[cell] as number) + 1;
    }
  }
}

export function countValues(
  c: Cooccurrence,
  table: CategoricalTable,
  rows: Int32Array | null,
): void {
  table.attributes.forEach((attr, a) => {
    const base = c.offsets[a] as number;
    const codes = attr.codes;
    const vc = c.valueCounts;
    const add = (v: number): void => {
      vc[v] = (vc[v] as number) + 1;
    };
    if (rows === null) for (let r = 0; r < codes.length; r++) add(base + (codes[r] as number));
    else for (let i = 0; i < rows.length; i++) add(base + (codes[rows[i] as number] as number));
  });
}

/** Count of rows holding both global values i and j (the value count when i = j). */
export function cooccurrenceAt(c: Cooccurrence, i: number, j: number): number {
  if (i === j) return c.valueCounts[i] as number;
  let a = c.valueAttribute[i] as number;
  let b = c.valueAttribute[j] as number;
  if (a === b) return 0;
  let li = i - (c.offsets[a] as number);
  let lj = j - (c.offsets[b] as number);
  if (a > b) {
    [a, b] = [b, a];
    [li, lj] = [lj, li];
  }
  const D = c.sizes.length;
  return c.data[(c.blockOffset[a * D + b] as number) + li * (c.sizes[b] as number) + lj] as number;
}

/** Count of (value k of attribute a, value l of attribute b), a ≠ b, in local codes. */
export function pairCount(c: Cooccurrence, a: number, k: number, b: number, l: number): number {
  const D = c.sizes.length;
  if (a < b)
    return c.data[(c.blockOffset[a * D + b] as number) + k * (c.sizes[b] as number) + l] as number;
  return c.data[(c.blockOffset[b * D + a] as number) + l * (c.sizes[a] as number) + k] as number;
}

/** The full symmetric L × L matrix (diagonal = value counts); for views and small L. */
export function denseCooccurrence(c: Cooccurrence): Int32Array {
  const L = c.nValues;
  const D = c.sizes.length;
  const out = new Int32Array(L * L);
  for (let v = 0; v < L; v++) out[v * L + v] = c.valueCounts[v] as number;
  for (let a = 0; a < D; a++)
    for (let b = a + 1; b < D; b++) {
      const na = c.sizes[a] as number;
      const nb = c.sizes[b] as number;
      const oa = c.offsets[a] as number;
      const ob = c.offsets[b] as number;
      const off = c.blockOffset[a * D + b] as number;
      for (let k = 0; k < na; k++)
        for (let l = 0; l < nb; l++) {
          const n = c.data[off + k * nb + l] as number;
          out[(oa + k) * L + ob + l] = n;
          out[(ob + l) * L + oa + k] = n;
        }
    }
  return out;
}
