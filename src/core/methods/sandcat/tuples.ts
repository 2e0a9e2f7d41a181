import { distinctObjects } from '../../data/table/distinctObjects.ts';
import type { CategoricalTable } from '../../data/table/types.ts';

/**
 * The distinct objects among some rows (table/distinctObjects.ts) laid out for SAnDCat's scans:
 * each object's D global value indices side by side, so a distance is D look-ups in a row.
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
  const objects = distinctObjects(table, rows);
  const size = objects.count;
  const values = new Int32Array(size * D);
  table.attributes.forEach((attr, a) => {
    for (let j = 0; j < size; j++)
      values[j * D + a] = attr.offset + (objects.codes[a * size + j] as number);
  });
  return { size, values, multiplicity: objects.weight, tupleOfRow: objects.ofRow };
}
