import type { CategoricalTable } from '../table/types.ts';

/**
 * Distinct objects among some rows: categorical data repeats rows, and identical objects are at
 * distance 0 with the same distances to everything, so each distinct value tuple is handled once
 * with its multiplicity. Tuples keep the order of their first row.
 */
export interface DistinctTuples {
  /** Number of distinct tuples. */
  size: number;
  /** Global value index of each tuple's value per attribute (size × D). */
  values: Int32Array;
  /** How many of the rows hold each tuple. */
  multiplicity: Int32Array;
  /** The tuple of each of the given rows (same order as the rows). */
  tupleOfRow: Int32Array;
}

export function distinctTuples(table: CategoricalTable, rows: Int32Array): DistinctTuples {
  const D = table.attributes.length;
  const ids = new Map<string, number>();
  const values: number[] = [];
  const multiplicity: number[] = [];
  const tupleOfRow = new Int32Array(rows.length);
  const key = new Array<number>(D);
  rows.forEach((r, i) => {
    for (let a = 0; a < D; a++) {
      const attr = table.attributes[a] as { codes: Int32Array; offset: number };
      key[a] = attr.offset + (attr.codes[r] as number);
    }
    const k = key.join(',');
    let id = ids.get(k);
    if (id === undefined) {
      id = multiplicity.length;
      ids.set(k, id);
      values.push(...key);
      multiplicity.push(0);
    }
    multiplicity[id] = (multiplicity[id] as number) + 1;
    tupleOfRow[i] = id;
  });
  return {
    size: multiplicity.length,
    values: Int32Array.from(values),
    multiplicity: Int32Array.from(multiplicity),
    tupleOfRow,
  };
}
