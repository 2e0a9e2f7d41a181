import type { Cell, ResultTable } from '../../core/platform/results.ts';

/** An empty cell of a method that failed or does not apply: its row says why. */
export const EMPTY_CELL = 'no number where the method failed or does not apply (its row says why)';

export const isEmpty = (cell: Cell | undefined): boolean => cell === null || cell === undefined;

/**
 * The columns a result table shows — every column that declares why a cell may be empty (so
 * “γ at ε = 0” is there on every table), and the others where some row has a value — and the
 * sentence saying what an empty cell (—) means, or null when none is shown.
 */
export function shownColumns(table: ResultTable): {
  columns: ResultTable['columns'];
  emptyNote: string | null;
} {
  const columns = table.columns.filter(
    (c) => c.missing !== undefined || table.rows.some((r) => !isEmpty(r[c.key])),
  );
  const explained = columns.filter((c) => c.missing && table.rows.some((r) => isEmpty(r[c.key])));
  const failed = table.rows.some(
    (r) => typeof r.failed === 'string' || typeof r.notApplicable === 'string',
  );
  const reasons = [
    ...explained.map((c) => `${c.title}: ${c.missing}`),
    ...(failed ? [EMPTY_CELL] : []),
  ];
  return { columns, emptyNote: reasons.length > 0 ? `— : ${reasons.join('; ')}.` : null };
}
