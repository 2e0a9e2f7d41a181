import type { CategoricalTable } from './types.ts';

/**
 * Identical rows grouped once: categorical data repeats rows, and identical objects are at
 * distance 0 from each other and share their distances to everything else, so LOF, SAnDCat and
 * the neighbour searches handle each distinct object once with its multiplicity. Objects keep
 * the order of their first row.
 */
/** The distinct objects among some rows: codes attribute-major, and how many rows each is. */
export interface DistinctObjects {
  count: number;
  /** codes[a·count + j] = local code of object j in attribute a. */
  codes: Int32Array;
  weight: Int32Array;
  /** A row holding each object's values. */
  representative: Int32Array;
  /** Distinct object of each of the given rows. */
  ofRow: Int32Array;
  /** The distinct object holding a row's values (any row of the table), or −1. */
  find(row: number): number;
}

/** Groups identical rows by hashing their codes (open addressing, codes compared on a hit). */
export function distinctObjects(table: CategoricalTable, rows: Int32Array): DistinctObjects {
  const D = table.attributes.length;
  const columns = table.attributes.map((a) => a.codes);
  let size = 16;
  while (size < 2 * rows.length) size *= 2;
  const slots = new Int32Array(size).fill(-1);
  const hashOf = (row: number): number => {
    let h = 0x811c9dc5;
    for (let a = 0; a < D; a++)
      h = Math.imul(h ^ ((columns[a] as Int32Array)[row] as number), 0x01000193);
    return (h ^ (h >>> 15)) >>> 0;
  };
  const representative: number[] = [];
  const same = (row: number, j: number): boolean => {
    const other = representative[j] as number;
    for (let a = 0; a < D; a++) {
      const c = columns[a] as Int32Array;
      if (c[row] !== c[other]) return false;
    }
    return true;
  };
  const slotOf = (row: number): number => {
    let s = hashOf(row) & (size - 1);
    while ((slots[s] as number) >= 0 && !same(row, slots[s] as number)) s = (s + 1) & (size - 1);
    return s;
  };
  const ofRow = new Int32Array(rows.length);
  const weights: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as number;
    const s = slotOf(r);
    let j = slots[s] as number;
    if (j < 0) {
      j = representative.length;
      slots[s] = j;
      representative.push(r);
      weights.push(0);
    }
    weights[j] = (weights[j] as number) + 1;
    ofRow[i] = j;
  }
  const count = representative.length;
  const codes = new Int32Array(D * count);
  for (let a = 0; a < D; a++)
    for (let j = 0; j < count; j++)
      codes[a * count + j] = (columns[a] as Int32Array)[representative[j] as number] as number;
  return {
    count,
    codes,
    weight: Int32Array.from(weights),
    representative: Int32Array.from(representative),
    ofRow,
    find: (row) => slots[slotOf(row)] as number,
  };
}
