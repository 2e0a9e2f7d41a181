import {
  clickhouseCellCountsSql,
  clickhouseCodedRowsSql,
  clickhouseIdentifier,
} from '../../core/data/counts/clickhouseSql.ts';
import {
  cellCountsSql,
  codedRowsSql,
  countsSql,
  type CodeExpression,
  type CountsSqlPlan,
  type SqlDialect,
} from '../../core/data/counts/sql.ts';
import { text, type Args } from '../args.ts';
import { cellText, clickhouseLookups } from './servers/clickhouse.ts';
import { keyedPlan } from './tally.ts';
import { badOption } from '../../core/base/errors.ts';

/**
 * The dialects a printed query is written in (`counts --sql`, `outliers-sql --sql`): one per
 * engine the project runs, and two generic ones. DuckDB's reads the file itself (read_csv); the
 * others read a table of the file's rows (`--sql-table`, the columns as text).
 */
export const SQL_DIALECTS = ['duckdb', 'postgres', 'clickhouse', 'spark', 'ansi'] as const;
export type PrintDialect = (typeof SQL_DIALECTS)[number];

export function dialectOf(args: Args): PrintDialect {
  const given = text(args, 'dialect') ?? 'ansi';
  if (!(SQL_DIALECTS as readonly string[]).includes(given))
    throw badOption(`--dialect must be ${SQL_DIALECTS.join(', ')}; got “${given}”`);
  return given as PrintDialect;
}

/** What each dialect's text is: for the comment heading a printed query. */
export const DIALECT_NOTES: Record<PrintDialect, string> = {
  duckdb: 'DuckDB, reading the file itself',
  postgres: 'PostgreSQL (double-quoted names, DOUBLE PRECISION)',
  clickhouse:
    'ClickHouse from 18.16 on (backquoted names; codes by look-up of each text, numbers with the codes DuckDB gave them)',
  spark: 'Spark SQL (backquoted names)',
  ansi: 'ANSI SQL (double-quoted names; DuckDB, PostgreSQL, Snowflake, Spark with spark.sql.ansi.doubleQuotedIdentifiers)',
};

/** A planned query's source for a dialect: the file for DuckDB, else the named table. */
export function planIn(plan: CountsSqlPlan, dialect: PrintDialect, relation: string) {
  return dialect === 'duckdb' ? plan : { ...plan, source: relation };
}

/** The counts query in a dialect (the cell form; 'grouping-sets' where the dialect has it). */
export function countsQueryIn(
  dialect: PrintDialect,
  plan: CountsSqlPlan,
  codes: readonly CodeExpression[],
  relation: string,
  form: 'cells' | 'grouping-sets',
  texts: readonly (readonly string[])[],
): string {
  if (dialect === 'clickhouse') {
    if (form !== 'cells') throw badOption('--sql-form grouping-sets has no ClickHouse form');
    const lookups = clickhouseLookups(codes, texts);
    return clickhouseCellCountsSql({ table: relation, plan, codes, lookups }, (i) =>
      cellText(plan.columns[i] as string),
    );
  }
  const sqlDialect: SqlDialect = dialect === 'duckdb' ? 'ansi' : dialect;
  const source = planIn(plan, dialect, relation);
  return form === 'cells'
    ? cellCountsSql(keyedPlan(source, codes), sqlDialect)
    : countsSql(source, sqlDialect);
}

/** The kept rows' codes and row numbers (row_no, k0 …) in a dialect, for the scoring query. */
export function codedRowsIn(
  dialect: PrintDialect,
  plan: CountsSqlPlan,
  codes: readonly CodeExpression[],
  features: number,
  relation: string,
  rowColumn: string,
  texts: readonly (readonly string[])[],
): string {
  if (dialect === 'clickhouse') {
    const lookups = clickhouseLookups(codes, texts);
    return clickhouseCodedRowsSql(
      { table: relation, plan, codes, lookups },
      features,
      clickhouseIdentifier(rowColumn),
      (i) => cellText(plan.columns[i] as string),
    );
  }
  return dialect === 'duckdb'
    ? codedRowsSql(plan, codes, features, 'ansi', true)
    : codedRowsSql(planIn(plan, dialect, relation), codes, features, dialect, rowColumn);
}
