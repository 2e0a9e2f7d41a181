import type { Counts } from '../../data/counts/counts.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { dilcaContext } from './context.ts';
import { dilcaDistances, modelImpact } from './distances.ts';

/** Per-attribute m × m value tables, one after another (attribute a starts at tableStart[a]). */
export interface ValueTables {
  tables: Float64Array;
  tableStart: Int32Array;
}

/** A DILCA distance model M = {M_X} (DILCA/SAnDCat, Ienco et al. 2016, Sec. III) with what it was learned from. */
export interface DilcaModel extends ValueTables {
  /** Context attributes of each feature attribute, in ranking order. */
  contexts: number[][];
  /** Attribute model impact of each attribute (Table II). */
  impact: Float64Array;
  /** D × D symmetric uncertainty over the fitting rows (the contexts' inputs). */
  su: Float64Array;
  /** Number of rows the model was learned from. */
  nRows: number;
  /** Attributes whose context is empty (distance 0 there). */
  emptyContexts: number[];
}

/**
 * Learns the DILCA model from counts over the fitting rows (e.g. the normal class); the value
 * domain stays the whole table's, so every pair of values has a distance.
 */
export function dilcaModel(table: CategoricalTable, counts: Counts): DilcaModel {
  const D = table.attributes.length;
  const c = counts.cooccurrence;
  const tableStart = new Int32Array(D);
  let cells = 0;
  for (let a = 0; a < D; a++) {
    tableStart[a] = cells;
    cells += (c.sizes[a] as number) ** 2;
  }
  const tables = new Float64Array(cells);
  const impact = new Float64Array(D);
  const contexts: number[][] = [];
  const emptyContexts: number[] = [];
  for (let a = 0; a < D; a++) {
    const context = dilcaContext(counts.symmetricUncertainty, D, a);
    contexts.push(context);
    if (context.length === 0) emptyContexts.push(a);
    const m = c.sizes[a] as number;
    const distances = dilcaDistances(c, a, context);
    tables.set(distances, tableStart[a] as number);
    impact[a] = modelImpact(distances, m);
  }
  return {
    contexts,
    tables,
    tableStart,
    impact,
    su: counts.symmetricUncertainty,
    nRows: counts.nRows,
    emptyContexts,
  };
}
