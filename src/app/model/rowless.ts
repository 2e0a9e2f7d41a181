import { resolveCall } from '../../core/platform/calls.ts';
import { rowReaderOf } from '../../core/platform/run.ts';
import type { TableMeta } from '../../core/platform/session.ts';
import type { Call } from '../../core/platform/spec.ts';
import { VIEW_DRAWS } from './viewCalls.ts';
import type { ViewId } from './viewIds.ts';

/**
 * A counts file (what `npm run cli -- counts FILE --out counts.json|.parquet` writes) opened in
 * the explorer is a table known by its counts alone: every value-level view works on it, and a
 * view of objects — or of a method that reads each object's values — says in one line that it
 * needs the rows, with a button to open a sample of them (a CSV).
 */

/**
 * The one line a panel shows instead of a view that needs the rows; the button beside it
 * (components/NeedsRows.tsx) opens a sample of the rows. Short enough for one line in a panel
 * half the width of a 1280-pixel window.
 */
export const NEEDS_ROWS = 'This view needs the rows; a counts file has none.';

/** What the button beside that line opens, said on hover and to screen readers. */
export const SAMPLE_HINT =
  'Open a sample of the rows (npm run cli -- counts FILE --sample 1000 --out sample.csv writes one): the views of objects draw it';

/** The outlier ranking's line: its objects need the rows, its value scores show below it. */
export const RANKING_NEEDS_ROWS =
  'Ranking the objects needs the rows; a counts file has none. The value scores below read the counts.';

/** The one line of the compare layout, whose projections and outlier scores need the rows. */
export const COMPARE_NEEDS_ROWS =
  'Projections and outlier scores need the rows; a counts file has none.';

/**
 * True when a panel of this view, holding this call, needs the rows: the view draws objects, or
 * its call (or a call it cannot run without) reads each object's values. An invalid call is not
 * judged here (its view says why it is invalid).
 */
export function panelNeedsRows(view: ViewId, call: Call | null): boolean {
  if (VIEW_DRAWS[view] === 'objects') return true;
  if (call === null) return false;
  return rowsReason(call) !== null;
}

/**
 * Why a call does not apply to a table known by its counts alone — Run all marks it “not
 * applicable” with this — or null when it runs on the counts.
 */
export function rowsReason(call: Call): string | null {
  let reader;
  try {
    reader = rowReaderOf(resolveCall(call));
  } catch {
    return null;
  }
  return reader === null
    ? null
    : `${reader.title} needs the rows; a counts file has none — open a sample of the rows to run it.`;
}

/**
 * Run all's reasons for its calls: on a counts file, a call that reads the rows is “not
 * applicable” in the words the panels use (rowsReason), not the worker's words for the CLI;
 * any other reason (`reasons`, the worker's preconditions) stays as it is.
 */
export function rowlessReasons(
  meta: Pick<TableMeta, 'rowless'>,
  calls: readonly Call[],
  reasons: readonly (string | null)[],
): (string | null)[] {
  return calls.map((call, i) => (meta.rowless ? rowsReason(call) : null) ?? reasons[i] ?? null);
}
