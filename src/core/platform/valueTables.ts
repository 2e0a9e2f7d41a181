import { OutOfRangeError } from '../base/errors.ts';
import { ROUND_OFF, snapNonNegative } from '../base/roundOff.ts';
import { finiteRange, type ValueMatrix, type ValueTableDistance } from './results.ts';
import type { CategoricalTable } from '../data/table/types.ts';

/**
 * Methods whose results are per-attribute m_a × m_a value tables (DILCA, CAS, OFD, ADD …): the
 * tables shown as one heatmap matrix, and as an object distance evaluated on demand.
 */

/** Above this many values the L × L view matrices are not built (the tables are kept). */
export const BLOCK_MATRIX_LIMIT = 2000;

/**
 * One attribute-blocked table set (m_j × m_j per attribute) as an L × L value matrix for the
 * shared heatmap; values of different attributes are not compared (NaN, drawn blank).
 */
export function blockMatrix(
  table: CategoricalTable,
  tables: Float64Array,
  tableStart: Int32Array,
  spec: Pick<ValueMatrix, 'title' | 'meaning' | 'formula' | 'notes' | 'terms'>,
): ValueMatrix | null {
  const L = table.nValues;
  if (L > BLOCK_MATRIX_LIMIT) return null;
  const data = new Float64Array(L * L).fill(Number.NaN);
  table.attributes.forEach((attr, j) => {
    const m = attr.labels.length;
    const start = tableStart[j] as number;
    for (let x = 0; x < m; x++)
      for (let y = 0; y < m; y++)
        data[(attr.offset + x) * L + attr.offset + y] = tables[start + x * m + y] as number;
  });
  return {
    kind: 'value-matrix',
    size: L,
    data,
    range: finiteRange(data),
    scale: 'linear',
    ...spec,
  };
}

/**
 * Per-attribute value tables combined over attributes — summed (CADO, OFD, ADD) or as √Σ t²
 * (DILCA, Eq. (2) of Ienco et al. 2016 (DILCA/SAnDCat)) — as an object distance evaluated on demand.
 */
export function tableDistance(
  table: CategoricalTable,
  tables: Float64Array,
  tableStart: Int32Array,
  combine: ValueTableDistance['combine'],
  title: string,
  notes: string[],
): ValueTableDistance {
  cleanDistanceTables(table, tables, tableStart, title);
  return {
    kind: 'object-distance',
    title,
    form: 'value-tables',
    n: table.nRows,
    tables,
    tableStart,
    combine,
    notes,
  };
}

/** Per-attribute value tables summed over attributes: an object distance on demand. */
export function summedDistance(
  table: CategoricalTable,
  tables: Float64Array,
  tableStart: Int32Array,
  title: string,
  notes: string[],
): ValueTableDistance {
  return tableDistance(table, tables, tableStart, 'sum', title, notes);
}

/**
 * The value tables of a distance, checked where the distance is made: every entry finite and
 * ≥ 0, every value at distance 0 from itself. Round-off (within ROUND_OFF) is snapped in place;
 * anything else fails, naming the method, the attribute, the two values and the number — so an
 * object distance built from the tables (a sum, or √Σ t²) is ≥ 0 and finite by construction.
 */
export function cleanDistanceTables(
  table: CategoricalTable,
  tables: Float64Array,
  tableStart: Int32Array,
  title: string,
): void {
  table.attributes.forEach((attr, j) => {
    const m = attr.labels.length;
    const start = tableStart[j] as number;
    for (let x = 0; x < m; x++)
      for (let y = 0; y < m; y++) {
        const at = start + x * m + y;
        const t = tables[at] as number;
        const clean = x === y && Math.abs(t) <= ROUND_OFF ? 0 : snapNonNegative(t);
        if (!(clean >= 0 && clean < Infinity) || (x === y && clean !== 0))
          throw new OutOfRangeError(
            `${title}: the distance between ${attr.name} = “${attr.labels[x]}” and “${attr.labels[y]}” is ${t}; ${x === y ? 'a value must be at distance 0 from itself' : 'a distance must be finite and ≥ 0'} (round-off up to ${ROUND_OFF} is snapped)`,
          );
        tables[at] = clean;
      }
  });
}
