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

/** Each attribute's first global value and number of values, as plain arrays (for a team). */
export interface AttributeLayout {
  offsets: Int32Array;
  widths: Int32Array;
}

export function attributeLayout(table: CategoricalTable): AttributeLayout {
  return {
    offsets: Int32Array.from(table.attributes, (a) => a.offset),
    widths: Int32Array.from(table.attributes, (a) => a.labels.length),
  };
}

export function createLookup(table: { nValues: number }): ValueLookup {
  return { plain: new Float64Array(table.nValues), squared: new Float64Array(table.nValues) };
}

/** Fills the look-up for the object whose global values are `values[start .. start + D)`. */
export function fillLookup(
  lookup: ValueLookup,
  layout: AttributeLayout,
  model: ValueTables,
  values: Int32Array,
  start: number,
): void {
  const { offsets, widths } = layout;
  for (let a = 0; a < offsets.length; a++) {
    const offset = offsets[a] as number;
    const m = widths[a] as number;
    const row = (model.tableStart[a] as number) + ((values[start + a] as number) - offset) * m;
    for (let v = 0; v < m; v++) {
      const d = model.tables[row + v] as number;
      lookup.plain[offset + v] = d;
      lookup.squared[offset + v] = d * d;
    }
  }
}
