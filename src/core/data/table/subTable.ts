import type { CategoricalTable } from './types.ts';
import { badOption } from '../../base/errors.ts';

/**
 * The same rows with only some feature attributes (in the given order), value indices renumbered;
 * the class column and row identities are kept. Codes are shared, not copied.
 */
export function subTable(table: CategoricalTable, attributes: readonly number[]): CategoricalTable {
  let offset = 0;
  const kept = attributes.map((a) => {
    const attr = table.attributes[a];
    if (!attr)
      throw badOption(`attribute ${a} is not one of the table's ${table.attributes.length}`);
    const out = { ...attr, offset };
    offset += attr.labels.length;
    return out;
  });
  const valueAttribute = new Int32Array(offset);
  kept.forEach((attr, i) => valueAttribute.fill(i, attr.offset, attr.offset + attr.labels.length));
  return {
    nRows: table.nRows,
    attributes: kept,
    nValues: offset,
    valueAttribute,
    classColumn: table.classColumn,
    sourceRows: table.sourceRows,
    sourceLines: table.sourceLines,
  };
}
