import { DataError } from '../../base/errors.ts';
import { countsInputOfJson, type CountsInput } from './countsTable.ts';

/**
 * The two forms of a counts file, read alike by the browser and the CLI: the `counts` command's
 * JSON ({rows, values, cooccurrence: L × L, …}), and the same counts in long form — a table
 * (Parquet) of one row per fact, `kind` saying which:
 *   kind 'rows'          count = rows counted ('total_rows', 'dropped_rows' when known)
 *   kind 'value'         i = global value index, attribute, label, count
 *   kind 'pair'          i, j = global values of two attributes, count (pairs never seen left out)
 * Whoever reads the file's bytes (DuckDB in Node or in the browser) hands the rows here.
 */

/** The columns of the long form, in the order `counts --out FILE.parquet` writes them. */
export const LONG_COUNTS_COLUMNS = ['kind', 'i', 'attribute', 'label', 'j', 'count'] as const;

/** One row of the long form: kind, i, attribute, label, j, count (as the reader gives them). */
export type LongCountsRow = readonly [
  kind: unknown,
  i: unknown,
  attribute: unknown,
  label: unknown,
  j: unknown,
  count: unknown,
];

/** True when a table's columns are exactly the long form's (any order, any case). */
export function isLongCountsColumns(columns: readonly string[]): boolean {
  const names = new Set(columns.map((c) => c.toLowerCase()));
  return (
    columns.length === LONG_COUNTS_COLUMNS.length && LONG_COUNTS_COLUMNS.every((c) => names.has(c))
  );
}

/** The long form's rows as counts input; a row that does not fit the form is refused. */
export function countsInputOfLongRows(rows: Iterable<LongCountsRow>): CountsInput {
  let total: number | null = null;
  const data: NonNullable<CountsInput['data']> = {};
  const values: { i: number; attribute: string; label: string; count: number }[] = [];
  const pairs: [number, number, number][] = [];
  let line = 0;
  for (const [kind, i, attribute, label, j, count] of rows) {
    line++;
    const n = whole(count);
    if (kind === 'rows') {
      if (total !== null && total !== n) throw longForm(`it has two rows of kind “rows”`);
      total = n;
    } else if (kind === 'total_rows') data.totalRows = n;
    else if (kind === 'dropped_rows') data.droppedRows = n;
    else if (kind === 'value') {
      if (typeof attribute !== 'string' || typeof label !== 'string')
        throw longForm(`its value row ${line} has no attribute name or no label`);
      values.push({ i: whole(i), attribute, label, count: n });
    } else if (kind === 'pair') pairs.push([whole(i), whole(j), n]);
    else throw longForm(`row ${line} is of an unknown kind “${String(kind)}”`);
  }
  if (total === null) throw longForm('it has no row of kind “rows” (the rows counted)');
  values.sort((a, b) => a.i - b.i);
  values.forEach((v, k) => {
    if (v.i !== k)
      throw longForm(
        Number.isNaN(v.i)
          ? 'a value row has no index i'
          : `value index ${k} is missing or listed twice`,
      );
  });
  return { rows: total, values, pairs, data };
}

/** A whole number as the reader gives it (a number, a BigInt, digits), else NaN. */
function whole(x: unknown): number {
  if (typeof x === 'number') return x;
  if (typeof x === 'bigint') return Number(x);
  if (typeof x === 'string' && /^-?\d+$/.test(x.trim())) return Number(x);
  return NaN;
}

function longForm(why: string): DataError {
  return new DataError(
    'bad-option',
    `This counts file is not in the long form (columns ${LONG_COUNTS_COLUMNS.join(', ')}): ${why}.`,
  );
}

/** A counts file's JSON is read whole: beyond this, the long form (Parquet) is the way. */
export const MAX_COUNTS_JSON_BYTES = 256 * 1024 * 1024;

/** True when a file's first characters look like JSON: an object, after any white space or BOM. */
export function startsLikeJsonObject(head: string): boolean {
  return /^\uFEFF?\s*\{/.test(head);
}

const COUNTS_JSON_IS =
  'a counts file is the JSON “npm run cli -- counts FILE --out counts.json” writes, with “rows”, “values” and “cooccurrence”';

/**
 * A file's text as the counts command's JSON. `named` is true when its name says JSON (.json):
 * then text that is not JSON is refused; otherwise null says “not JSON, read it as a table”.
 * JSON that is not a counts file, and counts that are not consistent, are refused in one line.
 */
export function countsInputOfJsonText(text: string, named: boolean): CountsInput | null {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    if (!named) return null;
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new DataError(
      'bad-option',
      `This .json file is not valid JSON (${why}): ${COUNTS_JSON_IS}.`,
    );
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw new DataError('bad-option', `This JSON file is not a counts file: ${COUNTS_JSON_IS}.`);
  const o = json as Record<string, unknown>;
  if (o.format === 'coupled-explorer-workspace')
    throw new DataError(
      'bad-option',
      'This is a saved workspace, not data: open it with Workspace → Open workspace… in the top bar.',
    );
  if (!('values' in o) || !('cooccurrence' in o))
    throw new DataError(
      'bad-option',
      `This JSON file is not a counts file: it has no ${'values' in o ? '“cooccurrence”' : '“values”'}; ${COUNTS_JSON_IS}.`,
    );
  return countsInputOfJson(json);
}
