import type { Cell, ResultTable } from '../../core/platform/results.ts';

/** An empty cell of a method that failed or does not apply: its row says why. */
export const EMPTY_CELL = 'no number where the method failed or does not apply (its row says why)';

export const isEmpty = (cell: Cell | undefined): boolean => cell === null || cell === undefined;

/**
 * The columns a result table shows — those where some row has a value — and the sentence saying
 * what an empty cell (—) means, or null when there is nothing to say. A column that declares why
 * its cells may be empty (“γ at ε = 0”) and is empty in every row is left out with that reason
 * said, so a table never drops it silently.
 */
export function shownColumns(table: ResultTable): {
  columns: ResultTable['columns'];
  emptyNote: string | null;
} {
  const columns = table.columns.filter((c) => table.rows.some((r) => !isEmpty(r[c.key])));
  const explained = columns.filter((c) => c.missing && table.rows.some((r) => isEmpty(r[c.key])));
  const omitted = table.columns.filter((c) => c.missing && !columns.includes(c));
  const failed = table.rows.some(
    (r) => typeof r.failed === 'string' || typeof r.notApplicable === 'string',
  );
  const reasons = [
    ...explained.map((c) => `— in ${c.title}: ${c.missing}`),
    ...(failed ? [`— elsewhere: ${EMPTY_CELL}`] : []),
    ...omitted.map((c) => `${c.title} is not shown: for every row, ${c.missing}`),
  ];
  return { columns, emptyNote: reasons.length > 0 ? `${reasons.join('; ')}.` : null };
}
