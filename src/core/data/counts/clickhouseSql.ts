import {
  cellKeys,
  codeCount,
  TRIMMED_CHARACTERS,
  type CodeExpression,
  type CountsSqlPlan,
} from './sql.ts';

/**
 * The counts query in ClickHouse's SQL, down to the 18.16 Debian ships (no GROUPING SETS, no
 * TRIM(BOTH … FROM …), no CHR): one GROUP BY over numbered cells, `arrayJoin` giving each kept
 * row's cells, straight over the table, so that over a Distributed table every shard aggregates
 * its rows and the initiator merges the partial counts. Cells are trimmed as the in-memory reader
 * trims (a regular expression over TRIMMED_CHARACTERS), read as missing by the tokens, and coded
 * by exact look-up of their text: a label among the column's labels, a number's text among the
 * texts DuckDB found with their codes (the file's own cut points applied there), so no float
 * parsing of the server's decides a bin.
 */
export interface ClickhouseCountsPlan {
  /** The table holding the raw cells as String columns c0, c1 … (the source's columns, in order). */
  table: string;
  plan: Pick<CountsSqlPlan, 'missingTokens' | 'requireAll' | 'grouped' | 'pairs'>;
  /** Each grouped column's codes (CountsSqlPlan's: their count, the last = missing). */
  codes: readonly CodeExpression[];
  /** Each grouped column's non-missing texts (trimmed) and the code of each. */
  lookups: readonly { texts: readonly string[]; codes: readonly number[] }[];
}

/** A ClickHouse string literal: backslash and quote escaped. */
export function clickhouseString(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/** The trimmed set as a regular-expression class of \x{…} escapes (re2). */
const TRIM_CLASS = `[${Array.from(TRIMMED_CHARACTERS, (ch) => `\\x{${(ch.codePointAt(0) as number).toString(16)}}`).join('')}]`;

/**
 * The shared coding of the ClickHouse queries: each grouped column's code as an expression
 * (defining k{g}, and t{i} for a trimmed column, at first use: ClickHouse aliases hold
 * query-wide) and the kept rows' condition. `column(i)` names source column i (c0, c1 … in the
 * tables the CLI loads; the user's quoted names in a printed query).
 */
function clickhouseCoding(
  { plan, codes: columnCodes, lookups }: Omit<ClickhouseCountsPlan, 'table'>,
  column: (i: number) => string,
): { code: (g: number) => string; where: string[] } {
  const defined = new Set<number>();
  /** Column i trimmed, defined as t{i} at its first use. */
  const trimmed = (i: number): string => {
    if (defined.has(i)) return `t${i}`;
    defined.add(i);
    return `(replaceRegexpAll(${column(i)}, ${clickhouseString(`^${TRIM_CLASS}+|${TRIM_CLASS}+$`)}, '') AS t${i})`;
  };
  const code = (g: number): string => {
    const { texts, codes } = lookups[g] as ClickhouseCountsPlan['lookups'][number];
    const size = codeCount(columnCodes[g] as CodeExpression);
    const i = (plan.grouped[g] as { column: number }).column;
    const t = trimmed(i);
    if (texts.length === 0) return `toUInt64(${size - 1})`;
    const list = `[${texts.map(clickhouseString).join(', ')}]`;
    const at = `indexOf(${list}, ${t})`;
    return `(toUInt64(if(${at} = 0, ${size - 1}, arrayElement([${codes.join(', ')}], ${at}))) AS k${g})`;
  };
  const tokens = `[${[...new Set(['', ...plan.missingTokens])].map(clickhouseString).join(', ')}]`;
  // Defined here or in the SELECT list: ClickHouse resolves an alias wherever the query defines it.
  const where = plan.requireAll.map((i) => `NOT has(${tokens}, ${trimmed(i)})`);
  return { code, where };
}

/** A ClickHouse identifier: backquoted, backslash and backquote escaped. */
export function clickhouseIdentifier(name: string): string {
  return `\`${name.replaceAll('\\', '\\\\').replaceAll('`', '\\`')}\``;
}

export function clickhouseCellCountsSql(
  counts: ClickhouseCountsPlan,
  column: (i: number) => string = (i) => `c${i}`,
): string {
  const { table, plan, codes: columnCodes } = counts;
  const { code, where } = clickhouseCoding(counts, column);
  const keys = cellKeys(columnCodes, plan.pairs);
  const G = plan.grouped.length;
  const codesOf = plan.grouped.map((_, g) => code(g));
  const k = (g: number) => `k${g}`;
  const items = [
    'toUInt64(0)',
    ...plan.grouped.map((_, g) => `${keys.single[g]} + ${codesOf[g]}`),
    ...plan.pairs.map(
      ([a, b]) => `${keys.pair.get(a * G + b)} + ${k(a)} * ${keys.sizes[b]} + ${k(b)}`,
    ),
  ];
  return [
    `SELECT arrayJoin([${items.join(', ')}]) AS cell, count() AS n`,
    `FROM ${table}`,
    ...(where.length > 0 ? [`WHERE ${where.join(' AND ')}`] : []),
    `GROUP BY cell`,
  ].join('\n');
}

/** The kept rows' codes with their row number (row_no, k0 … k(F−1)), for scoreSql.ts. */
export function clickhouseCodedRowsSql(
  counts: ClickhouseCountsPlan,
  features: number,
  rowColumn: string,
  column: (i: number) => string = (i) => `c${i}`,
): string {
  const { code, where } = clickhouseCoding(counts, column);
  const ks = Array.from({ length: features }, (_, a) => code(a));
  return [
    `SELECT ${rowColumn} AS row_no, ${ks.join(',\n       ')}`,
    `FROM ${counts.table}`,
    ...(where.length > 0 ? [`WHERE ${where.join(' AND ')}`] : []),
  ].join('\n');
}
