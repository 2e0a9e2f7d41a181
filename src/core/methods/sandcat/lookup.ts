import type { ValueTables } from '../dilca/dilcaModel.ts';
import type { CategoricalTable } from '../../data/table/types.ts';

/**
 * For one object t, the DILCA distance of t's value to every value of the same attribute, laid
 * out by global value index: distance(t, d)² = Σ_a squared[d_a] (Eq. (2), Ienco et al. 2016 (DILCA/SAnDCat)), so an
 * object-to-object distance is D look-ups.
 */
export interface ValueLookup {
  /** m_a(t_a, v) for every global value v. */
  plain: Float64Array;
  /** m_a(t_a, v)² for every global value v. */
  squared: Float64Array;
}

export function createLookup(table: CategoricalTable): ValueLookup {
  return { plain: new Float64Array(table.nValues), squared: new Float64Array(table.nValues) };
}

/** Fills the look-up for the object whose global values are `values[start .. start + D)`. */
export function fillLookup(
  lookup: ValueLookup,
  table: CategoricalTable,
  model: ValueTables,
  values: Int32Array,
  start: number,
): void {
  const D = table.attributes.length;
  for (let a = 0; a < D; a++) {
    const attr = table.attributes[a] as { offset: number; labels: string[] };
    const m = attr.labels.length;
    const row = (model.tableStart[a] as number) + ((values[start + a] as number) - attr.offset) * m;
    for (let v = 0; v < m; v++) {
      const d = model.tables[row + v] as number;
      lookup.plain[attr.offset + v] = d;
      lookup.squared[attr.offset + v] = d * d;
    }
  }
}
