import type { TableMeta } from '../../core/platform/session.ts';

/**
 * Rows are named by the line of the user's file where they start (the header is line 1), never
 * by their place among the rows kept: after rows with missing cells are dropped, "row 5638" of
 * the kept rows can be line 7,983 of the file.
 */
export const ROW_NUMBERING = 'rows are named by their line in the file (the header is line 1)';

export function lineOf(meta: Pick<TableMeta, 'lines'>, i: number): number {
  return meta.lines[i] ?? i + 2;
}

/** "line 7,983" */
export function rowName(meta: Pick<TableMeta, 'lines'>, i: number): string {
  return `line ${lineOf(meta, i).toLocaleString('en-US')}`;
}
