import { intervalOf } from '../table/discretise.ts';
import { internal } from '../../base/errors.ts';
/**
 * The shared counts as SQL: value counts per attribute and co-occurrence per attribute pair are
 * GROUP BY aggregates, computed in one scan with GROUPING SETS (SQL:1999; DuckDB, Spark SQL,
 * PostgreSQL, BigQuery, Snowflake …). The text is generated from the table's plan — which columns
 * are used, how each cell becomes a value (trimmed, missing tokens, numeric bins) and which rows
 * are kept — so a warehouse computes the same statistics the explorer counts in memory.
 * Pure text: the CLI's duckdb engine (src/cli/engine/) runs it; `counts --sql` prints it.
 */

/**
 * 'ansi': double-quoted names (DuckDB, Snowflake …); 'postgres': the same, with PostgreSQL's
 * DOUBLE PRECISION for DOUBLE; 'spark': backquoted names and backslash escapes.
 */
export type SqlDialect = 'ansi' | 'postgres' | 'spark';

/** The type a cell is cast to for a number. */
const doubleType = (dialect: SqlDialect): string =>
  dialect === 'postgres' ? 'DOUBLE PRECISION' : 'DOUBLE';

/** The characters JavaScript's String.prototype.trim() removes (the in-memory reader's rule). */
export const TRIMMED_CHARACTERS =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/** How a used column's cell becomes the value the counts group by. */
export type ValueExpression =
  /** The trimmed text (NULL when missing). */
  | { kind: 'label' }
  /** A number's interval among ascending cuts: 0 up to the first cut (x ≤ cut), … */
  | { kind: 'interval'; cuts: readonly number[] }
  /** The number itself (raw numeric categories: "1" and "1.0" are one value). */
  | { kind: 'number' };

export interface CountsSqlPlan {
  /** The relation the rows come from: a table name, or a table function (read_csv(…)). */
  source: string;
  /** Every column of the source, by its name there. */
  columns: readonly string[];
  /** Cells (trimmed) read as missing; the empty cell is always missing. */
  missingTokens: readonly string[];
  /** Columns (indices) a kept row must have non-missing: the used ones under missing 'drop'. */
  requireAll: readonly number[];
  /** The grouped columns (features, then the class), each with its value expression. */
  grouped: readonly { column: number; value: ValueExpression }[];
  /** Pairs of grouped columns (indices into `grouped`) whose co-occurrences are counted. */
  pairs: readonly (readonly [number, number])[];
}

export function quoteIdentifier(name: string, dialect: SqlDialect = 'ansi'): string {
  return dialect === 'spark'
    ? `\`${name.replaceAll('`', '``')}\``
    : `"${name.replaceAll('"', '""')}"`;
}

export function quoteString(text: string, dialect: SqlDialect = 'ansi'): string {
  // Spark reads backslash escapes in literals; ANSI SQL only doubles the quote.
  return dialect === 'spark'
    ? `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`
    : `'${text.replaceAll("'", "''")}'`;
}

/**
 * TRIMMED_CHARACTERS as an SQL expression on one line: CHR(n) concatenated (ANSI: DuckDB,
 * PostgreSQL, Oracle), or one literal with \uXXXX escapes (Spark, whose chr() is not Unicode).
 */
export function trimmedCharacters(dialect: SqlDialect): string {
  const codes = Array.from(TRIMMED_CHARACTERS, (ch) => ch.codePointAt(0) as number);
  if (dialect === 'spark')
    return `'${codes.map((c) => `\\u${c.toString(16).padStart(4, '0')}`).join('')}'`;
  return `(' ' || ${codes
    .filter((c) => c !== 32)
    .map((c) => `CHR(${c})`)
    .join(' || ')})`;
}

/** A double literal that reads back as exactly this number (approximate numeric literal). */
export function doubleLiteral(x: number): string {
  if (!Number.isFinite(x)) throw internal(`cannot write ${x} as an SQL number`);
  return x.toExponential();
}

/** Column i of the cleaned rows: c0, c1, … (names that never need quoting). */
export const cellName = (i: number): string => `c${i}`;
/** Grouped value i: v0, v1, … */
export const valueName = (i: number): string => `v${i}`;

/**
 * The cleaned rows: each used column as text, trimmed as the in-memory reader trims, NULL when
 * missing. With `rowNumber`, also row_no, the row's position in the source: `true` numbers the
 * rows as scanned (ROW_NUMBER() OVER () follows the scan order: DuckDB keeps a file's order; not
 * every engine does), a column name reads it from that column.
 */
export function cellsSql(
  plan: Pick<CountsSqlPlan, 'source' | 'columns' | 'missingTokens'>,
  used: readonly number[],
  dialect: SqlDialect,
  rowNumber: boolean | string = false,
): string {
  const trim = trimmedCharacters(dialect);
  const tokens = [...new Set(['', ...plan.missingTokens])].map((t) => quoteString(t, dialect));
  // TRIM with a set of characters is slow (DuckDB: ~1.5 s per column per million rows): a cell
  // whose first and last characters are printable ASCII is left as it is.
  const trimmed = used.map((i) => {
    const x = `CAST(${quoteIdentifier(plan.columns[i] as string, dialect)} AS ${dialect === 'spark' ? 'STRING' : 'VARCHAR'})`;
    const plain = (ch: string) => `${ch} BETWEEN 33 AND 126`;
    return `CASE WHEN ${plain(`ASCII(${x})`)} AND ${plain(`ASCII(RIGHT(${x}, 1))`)} THEN ${x} ELSE TRIM(BOTH ${trim} FROM ${x}) END AS ${cellName(i)}`;
  });
  const cleaned = used.map(
    (i) =>
      `CASE WHEN ${cellName(i)} IN (${tokens.join(', ')}) THEN NULL ELSE ${cellName(i)} END AS ${cellName(i)}`,
  );
  const inner =
    typeof rowNumber === 'string'
      ? [`${quoteIdentifier(rowNumber, dialect)} AS row_no`]
      : rowNumber
        ? ['ROW_NUMBER() OVER () AS row_no']
        : [];
  const outer = rowNumber ? ['row_no'] : [];
  return [
    `SELECT ${[...outer, ...cleaned].join(',\n       ')}`,
    `FROM (SELECT ${[...inner, ...trimmed].join(',\n             ')}`,
    `      FROM ${plan.source}) AS trimmed`,
  ].join('\n');
}

function valueSql(cell: string, value: ValueExpression, dialect: SqlDialect): string {
  if (value.kind === 'label') return cell;
  const x = `CAST(${cell} AS ${doubleType(dialect)})`;
  if (value.kind === 'number') return x;
  if (value.cuts.length === 0) return `CASE WHEN ${cell} IS NULL THEN NULL ELSE 0 END`;
  const whens = value.cuts.map((c, b) => `WHEN ${x} <= ${doubleLiteral(c)} THEN ${b}`);
  return `CASE WHEN ${cell} IS NULL THEN NULL ${whens.join(' ')} ELSE ${value.cuts.length} END`;
}

/**
 * The counts query: over the kept rows, each grouped column's value counts (its single set), each
 * pair's co-occurrence counts (its pair set) and the number of rows (the empty set), in one scan.
 * Output columns: g0 … (1 where the value is not grouped in this row's set: GROUPING), v0 …
 * (the values; NULL = missing in a set that groups it), n (the count).
 */
export function countsSql(plan: CountsSqlPlan, dialect: SqlDialect = 'ansi'): string {
  const used = [...new Set([...plan.requireAll, ...plan.grouped.map((g) => g.column)])].sort(
    (a, b) => a - b,
  );
  const where =
    plan.requireAll.length > 0
      ? `\nWHERE ${plan.requireAll.map((i) => `${cellName(i)} IS NOT NULL`).join(' AND ')}`
      : '';
  const values = plan.grouped.map(
    (g, i) => `${valueSql(cellName(g.column), g.value, dialect)} AS ${valueName(i)}`,
  );
  const sets = [
    ...plan.grouped.map((_, i) => `(${valueName(i)})`),
    ...plan.pairs.map(([a, b]) => `(${valueName(a)}, ${valueName(b)})`),
    '()',
  ];
  const indent = (text: string): string => text.replaceAll('\n', '\n  ');
  return [
    `SELECT ${plan.grouped.map((_, i) => `GROUPING(${valueName(i)}) AS g${i}`).join(', ')},`,
    `       ${plan.grouped.map((_, i) => valueName(i)).join(', ')},`,
    `       COUNT(*) AS n`,
    `FROM (`,
    `  SELECT ${values.join(',\n         ')}`,
    `  FROM (`,
    `    ${indent(indent(cellsSql(plan, used, dialect)))}`,
    `  ) AS cells${indent(where)}`,
    `) AS kept_values`,
    `GROUP BY GROUPING SETS (${sets.join(', ')})`,
  ].join('\n');
}

/** One row of the counts query, read: which grouped columns its set groups, their values, n. */
export interface CountsRow {
  /** Indices into `grouped` of the values this row's set groups (0, 1 or 2 of them). */
  set: number[];
  values: (string | number | null)[];
  n: number;
}

/** Reads a row of countsSql's output (g0 … g(k−1), v0 … v(k−1), n) given as an array. */
export function readCountsRow(row: readonly unknown[], k: number): CountsRow {
  const set: number[] = [];
  for (let i = 0; i < k; i++) if (Number(row[i]) === 0) set.push(i);
  const values = Array.from({ length: k }, (_, i) => {
    const v = row[k + i];
    return v === null || v === undefined ? null : typeof v === 'string' ? v : Number(v);
  });
  return { set, values, n: Number(row[2 * k]) };
}

/**
 * How a grouped column's value becomes a small code 0…size−1 (size − 1 = missing): its raw labels
 * in order, its intervals, or its distinct numbers. Codes let one integer key name a counted
 * cell, so every value count and pair co-occurrence is one GROUP BY over one column.
 */
export type CodeExpression =
  | { kind: 'label'; labels: readonly string[] }
  | { kind: 'interval'; cuts: readonly number[] }
  | { kind: 'number'; numbers: readonly number[] };

/** Codes of a column, missing included: its values + 1. */
export function codeCount(code: CodeExpression): number {
  return (
    (code.kind === 'label'
      ? code.labels.length
      : code.kind === 'interval'
        ? code.cuts.length + 1
        : code.numbers.length) + 1
  );
}

/**
 * Where each counted cell's key lies: key 0 counts the rows; grouped column g's code k is
 * single[g] + k; features a < b with codes k, l are pair[a·G + b] + k·size[b] + l.
 */
export interface CellKeys {
  sizes: number[];
  single: number[];
  pair: Map<number, number>;
  total: number;
}

export function cellKeys(
  codes: readonly CodeExpression[],
  pairs: CountsSqlPlan['pairs'],
): CellKeys {
  const sizes = codes.map(codeCount);
  let next = 1;
  const single = sizes.map((m) => {
    const at = next;
    next += m;
    return at;
  });
  const pair = new Map<number, number>();
  for (const [a, b] of pairs) {
    pair.set(a * codes.length + b, next);
    next += (sizes[a] as number) * (sizes[b] as number);
  }
  return { sizes, single, pair, total: next };
}

/** The code of a number in a numeric column's codes (−1: not one of its numbers). */
export function codeOfNumber(code: Exclude<CodeExpression, { kind: 'label' }>, x: number): number {
  return code.kind === 'interval' ? intervalOf(code.cuts, x) : code.numbers.indexOf(x);
}

/** The code of a cell (0…codeCount − 1, the last = missing) as an SQL expression. */
export function codeSql(cell: string, code: CodeExpression, dialect: SqlDialect = 'ansi'): string {
  const missing = codeCount(code) - 1;
  if (code.kind === 'label') {
    if (code.labels.length === 0) return String(missing);
    const whens = code.labels.map((l, k) => `WHEN ${quoteString(l, dialect)} THEN ${k}`);
    return `CASE ${cell} ${whens.join(' ')} ELSE ${missing} END`;
  }
  const x = `CAST(${cell} AS ${doubleType(dialect)})`;
  const whens =
    code.kind === 'interval'
      ? [
          ...code.cuts.map((c, b) => `WHEN ${x} <= ${doubleLiteral(c)} THEN ${b}`),
          `ELSE ${code.cuts.length}`,
        ]
      : [...code.numbers.map((v, k) => `WHEN ${x} = ${doubleLiteral(v)} THEN ${k}`), 'ELSE -1'];
  return `CASE WHEN ${cell} IS NULL THEN ${missing} ${whens.join(' ')} END`;
}

/**
 * The counts query in one scan and one GROUP BY: each kept row's values become codes, each
 * value and each pair of features one integer key (cellKeys), and the keys are counted. Output:
 * (cell, n). UNNEST(ARRAY[…]) in ANSI SQL (DuckDB, PostgreSQL, Trino, BigQuery); Spark writes
 * LATERAL VIEW explode(array(…)). Measured against GROUPING SETS in bench/duckdb.bench.ts.
 */
export function cellCountsSql(
  plan: Omit<CountsSqlPlan, 'grouped'> & {
    grouped: readonly { column: number; code: CodeExpression }[];
  },
  dialect: SqlDialect = 'ansi',
): string {
  const keys = cellKeys(
    plan.grouped.map((g) => g.code),
    plan.pairs,
  );
  const used = [...new Set([...plan.requireAll, ...plan.grouped.map((g) => g.column)])].sort(
    (a, b) => a - b,
  );
  const where =
    plan.requireAll.length > 0
      ? `\n    WHERE ${plan.requireAll.map((i) => `${cellName(i)} IS NOT NULL`).join(' AND ')}`
      : '';
  const codes = plan.grouped.map(
    (g, i) => `${codeSql(cellName(g.column), g.code, dialect)} AS k${i}`,
  );
  const G = plan.grouped.length;
  const items = [
    '0',
    ...plan.grouped.map((_, i) => `${keys.single[i]} + k${i}`),
    ...plan.pairs.map(([a, b]) => `${keys.pair.get(a * G + b)} + k${a} * ${keys.sizes[b]} + k${b}`),
  ];
  const indent = (text: string): string => text.replaceAll('\n', '\n    ');
  const coded = [
    `  SELECT ${codes.join(',\n         ')}`,
    `  FROM (`,
    `    ${indent(cellsSql(plan, used, dialect))}`,
    `  ) AS cells${where}${optimisationFence(dialect)}`,
  ].join('\n');
  const list = items.join(', ');
  return dialect === 'spark'
    ? [
        `SELECT cell, COUNT(*) AS n`,
        `FROM (`,
        coded,
        `) AS coded`,
        `LATERAL VIEW explode(array(${list})) t AS cell`,
        `GROUP BY cell`,
      ].join('\n')
    : [
        `SELECT cell, COUNT(*) AS n`,
        `FROM (`,
        coded,
        `) AS coded`,
        `CROSS JOIN UNNEST(ARRAY[${list}]) AS t(cell)`,
        `GROUP BY cell`,
      ].join('\n');
}

/**
 * The kept rows' codes with their row number (row_no, k0 … k(F−1) for the first F grouped
 * columns, the features): what the scoring query of outliers-sql reads (scoreSql.ts).
 */
export function codedRowsSql(
  plan: CountsSqlPlan,
  codes: readonly CodeExpression[],
  features: number,
  dialect: SqlDialect,
  rowNumber: true | string,
): string {
  const grouped = plan.grouped.slice(0, features);
  const used = [...new Set([...plan.requireAll, ...grouped.map((g) => g.column)])].sort(
    (a, b) => a - b,
  );
  const where =
    plan.requireAll.length > 0
      ? `\nWHERE ${plan.requireAll.map((i) => `${cellName(i)} IS NOT NULL`).join(' AND ')}`
      : '';
  const ks = grouped.map(
    (g, a) => `${codeSql(cellName(g.column), codes[a] as CodeExpression, dialect)} AS k${a}`,
  );
  return [
    `SELECT row_no, ${ks.join(',\n       ')}`,
    `FROM (`,
    `  ${cellsSql(plan, used, dialect, rowNumber).replaceAll('\n', '\n  ')}`,
    `) AS cells${where}${optimisationFence(dialect)}`,
  ].join('\n');
}

/**
 * PostgreSQL flattens a subquery into the query reading it, so each code's CASE chain was copied
 * into every item that reads it (211 UNNEST items: 1,600 CASEs for 60 written; 98 s against
 * 11 s on 100,000 rows). OFFSET 0 keeps the coded rows a subquery computed once.
 */
function optimisationFence(dialect: SqlDialect): string {
  return dialect === 'postgres' ? '\n    OFFSET 0' : '';
}
