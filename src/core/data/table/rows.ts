import { DataError, badOption } from '../../base/errors.ts';
import type { CategoricalTable } from './types.ts';

export interface RowFilter {
  /** A feature or the class column. */
  column: string;
  /** A value label of that column. */
  value: string;
}

/** Parses “COL=VALUE” (the CLI's --rows-where); the first “=” separates them. */
export function parseRowFilter(text: string): RowFilter {
  const eq = text.indexOf('=');
  if (eq <= 0) throw badOption(`rows-where must look like COLUMN=VALUE, got “${text}”`);
  return { column: text.slice(0, eq), value: text.slice(eq + 1) };
}

/** Indices of the modelled rows whose column holds the value. */
export function selectRows(table: CategoricalTable, filter: RowFilter): Int32Array {
  const column =
    table.attributes.find((a) => a.name === filter.column) ??
    (table.classColumn?.name === filter.column ? table.classColumn : undefined);
  if (!column) {
    const names = [
      ...table.attributes.map((a) => a.name),
      ...(table.classColumn ? [table.classColumn.name] : []),
    ];
    throw new DataError(
      'unknown-column',
      `rows-where: “${filter.column}” is not a feature or the class (have: ${names.join(', ')}).`,
    );
  }
  const code = column.labels.indexOf(filter.value);
  if (code < 0)
    throw new DataError(
      'unknown-column',
      `rows-where: “${filter.value}” is not a value of “${filter.column}” (values: ${column.labels.join(', ')}).`,
    );
  const out: number[] = [];
  column.codes.forEach((c, r) => {
    if (c === code) out.push(r);
  });
  return Int32Array.from(out);
}

/** Every row index 0..n−1. */
export function allRows(n: number): Int32Array {
  return Int32Array.from({ length: n }, (_, i) => i);
}
