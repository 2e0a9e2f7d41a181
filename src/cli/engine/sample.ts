import { createRandom, sampleOf } from '../../core/base/random.ts';
import { quoteIdentifier, quoteString } from '../../core/data/counts/sql.ts';
import { clickhouseIdentifier } from '../../core/data/counts/clickhouseSql.ts';
import {
  describeSource,
  duckdbError,
  openDuckdb,
  type EngineOptions,
  type ReadOptions,
} from './duckdb.ts';
import type { PrintDialect } from './dialects.ts';

/**
 * A seeded sample of a file's rows (`counts FILE --sample N`), for the views that need rows when
 * the explorer holds only counts: N of the file's data rows drawn uniformly without replacement
 * with the project's seeded generator, kept in file order. The rows are numbered 1 … total among
 * the data rows, so a query over a table whose row_no gives that order selects the same rows.
 */
export function sampleRowNumbers(total: number, n: number, seed: number): Int32Array {
  return sampleOf(
    Int32Array.from({ length: total }, (_, i) => i + 1),
    n,
    createRandom(seed),
  );
}

/** Writes the sample as CSV (header kept, cells as read); returns the rows drawn and the total. */
export async function writeSample(
  file: string,
  read: ReadOptions,
  n: number,
  seed: number,
  out: string,
  engine: EngineOptions = {},
): Promise<{ rows: number; total: number }> {
  const source = describeSource(file, read);
  const { connection, close } = await openDuckdb(engine);
  try {
    const total = await rowCount(connection, source.relation);
    const rows = sampleRowNumbers(total, n, seed);
    await connection.run('CREATE TEMP TABLE drawn (row_no BIGINT)');
    const appender = await connection.createAppender('drawn');
    for (const r of rows) {
      appender.appendBigInt(BigInt(r));
      appender.endRow();
    }
    appender.closeSync();
    await connection.run(
      `COPY (SELECT * EXCLUDE (sample_row_no) FROM (SELECT *, ROW_NUMBER() OVER () AS sample_row_no FROM ${source.relation}) AS numbered WHERE sample_row_no IN (SELECT row_no FROM drawn) ORDER BY sample_row_no) TO ${quoteString(out)} (FORMAT csv, HEADER true)`,
    );
    return { rows: rows.length, total };
  } catch (error) {
    throw duckdbError(error, file);
  } finally {
    close();
  }
}

async function rowCount(
  connection: Awaited<ReturnType<typeof openDuckdb>>['connection'],
  relation: string,
): Promise<number> {
  const counted = await connection.runAndReadAll(`SELECT COUNT(*) FROM ${relation}`);
  return Number(counted.getRows()[0]?.[0] ?? 0);
}

/** The number of data rows of a file, as DuckDB reads it. */
export async function countRows(
  file: string,
  read: ReadOptions,
  engine: EngineOptions = {},
): Promise<{ total: number }> {
  const source = describeSource(file, read);
  const { connection, close } = await openDuckdb(engine);
  try {
    return { total: await rowCount(connection, source.relation) };
  } catch (error) {
    throw duckdbError(error, file);
  } finally {
    close();
  }
}

/** The same sample as a query over a table of the rows whose `rowColumn` numbers them 1 … total. */
export function sampleSql(
  relation: string,
  rowColumn: string,
  rows: Int32Array,
  dialect: PrintDialect,
): string {
  const column =
    dialect === 'clickhouse'
      ? clickhouseIdentifier(rowColumn)
      : quoteIdentifier(rowColumn, dialect === 'spark' ? 'spark' : 'ansi');
  return `SELECT * FROM ${relation} WHERE ${column} IN (${Array.from(rows).join(', ')}) ORDER BY ${column}`;
}
