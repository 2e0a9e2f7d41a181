import { mkdtempSync, rmSync, createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { cellCountsSql, quoteIdentifier, quoteString } from '../../../core/data/counts/sql.ts';
import type { Counter } from '../duckdb.ts';
import { keyedPlan, tallyOfCellRows } from '../tally.ts';
import { DataError } from '../../../core/base/errors.ts';

/**
 * Counting in PostgreSQL (`counts FILE --engine postgres`): DuckDB reads the file and plans the
 * counts (which columns, how each cell becomes a value, numeric bins as shipped edges); the raw
 * cells are copied into a temporary table of text columns (COPY … FROM STDIN, CSV) and the
 * planned counts query runs there in PostgreSQL's dialect. The server trims, drops the
 * missing tokens and bins as the query says, so its counts are ours value by value.
 */
export function postgresCounter(url: string): Counter {
  return async (duckdb, plan, codes, valueOf) => {
    const dir = mkdtempSync(join(tmpdir(), 'coupled-postgres-'));
    const client = new pg.Client({ connectionString: url });
    try {
      // The raw cells as DuckDB read them: NULL as an empty field, an empty text as "".
      const csv = join(dir, 'rows.csv');
      await duckdb.run(
        `COPY (SELECT * FROM ${plan.source}) TO ${quoteString(csv)} (FORMAT csv, HEADER false)`,
      );
      await client.connect();
      const table = 'coupled_rows';
      await client.query(
        `CREATE TEMPORARY TABLE ${table} (${plan.columns
          .map((c) => `${quoteIdentifier(c, 'postgres')} text`)
          .join(', ')})`,
      );
      await pipeline(
        createReadStream(csv),
        client.query(copyFrom(`COPY ${table} FROM STDIN WITH (FORMAT csv)`)),
      );
      // One scan and one GROUP BY over numbered cells (cellCountsSql: UNNEST(ARRAY[…])): on
      // supermarket (23,000 pairs) 3 min 18 s as GROUPING SETS in batches of 3,000, the limit
      // being 4,096 sets a query.
      const result = await client.query<unknown[]>({
        text: cellCountsSql(keyedPlan({ ...plan, source: table }, codes), 'postgres'),
        rowMode: 'array',
      });
      return tallyOfCellRows(plan, codes, valueOf, result.rows);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new DataError(
        'engine',
        `PostgreSQL at ${redacted(url)} could not count: ${reason}`,
        {},
        { cause: error },
      );
    } finally {
      await client.end().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

/** A connection string without its password, for messages. */
export function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the server';
  }
}
