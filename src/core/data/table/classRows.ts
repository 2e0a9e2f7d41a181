import { notApplicable, badOption } from '../../base/errors.ts';
import type { CategoricalTable } from './types.ts';

/** Which rows a model is fitted on: every row, the rows of one class, or those of every other. */
export interface ClassRowsChoice {
  /** A label of the class column, or null for every row. */
  label: string | null;
  /** 'equal': rows of that class; 'other': rows of every other class. */
  side: 'equal' | 'other';
}

function requireClass(table: CategoricalTable, what: string) {
  if (!table.classColumn) throw notApplicable(`${what} needs a class column`);
  return table.classColumn;
}

/** Code of a class label, with a message listing the labels when it is not one. */
export function classCode(table: CategoricalTable, label: string, what = 'this'): number {
  const cls = requireClass(table, what);
  const code = cls.labels.indexOf(label);
  if (code < 0)
    throw badOption(`“${label}” is not a value of ${cls.name} (${cls.labels.join(', ')})`);
  return code;
}

/** The rows chosen (ascending); throws when the choice selects none. */
export function classRows(
  table: CategoricalTable,
  choice: ClassRowsChoice,
  what = 'this',
): Int32Array {
  if (choice.label === null) return Int32Array.from({ length: table.nRows }, (_, i) => i);
  const code = classCode(table, choice.label, what);
  const codes = (table.classColumn as { codes: Int32Array }).codes;
  const keep = (c: number): boolean => (choice.side === 'equal' ? c === code : c !== code);
  const rows: number[] = [];
  for (let r = 0; r < table.nRows; r++) if (keep(codes[r] as number)) rows.push(r);
  if (rows.length === 0)
    throw badOption(
      choice.side === 'equal'
        ? `no row has ${table.classColumn?.name} = ${choice.label}`
        : `every row has ${table.classColumn?.name} = ${choice.label}: no other class to fit on`,
    );
  return Int32Array.from(rows);
}

/** The most frequent class label (ties: the first label), the papers' "normal" class. */
export function majorityClass(table: CategoricalTable, what = 'this'): string {
  const cls = requireClass(table, what);
  const counts = new Int32Array(cls.labels.length);
  for (const c of cls.codes) counts[c] = (counts[c] as number) + 1;
  let best = 0;
  for (let c = 1; c < counts.length; c++)
    if ((counts[c] as number) > (counts[best] as number)) best = c;
  return cls.labels[best] as string;
}

/**
 * Row indices from text ("12, 40,7"): 0-based indices into the table's rows, deduplicated and
 * ascending; a token that is not one of them is refused, naming it.
 */
export function parseRowList(text: string | null, nRows: number, what = 'rows'): Int32Array {
  if (text === null || text.trim() === '') return new Int32Array(0);
  const rows = new Set<number>();
  for (const token of text.split(',')) {
    const t = token.trim();
    if (t === '') continue;
    const r = Number(t);
    if (!/^\d+$/.test(t) || r >= nRows)
      throw badOption(`${what}: “${t}” is not a row index (0 to ${nRows - 1})`);
    rows.add(r);
  }
  return Int32Array.from([...rows].sort((a, b) => a - b));
}

/** The chosen rows with `extra` added (side 'equal') or taken out (side 'other'). */
export function withRows(rows: Int32Array, extra: Int32Array, add: boolean): Int32Array {
  if (extra.length === 0) return rows;
  const set = new Set(rows);
  for (const r of extra) {
    if (add) set.add(r);
    else set.delete(r);
  }
  return Int32Array.from([...set].sort((a, b) => a - b));
}
