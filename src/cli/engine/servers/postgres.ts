import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  cellCountsSql,
  codedRowsSql,
  quoteIdentifier,
  quoteString,
  type CodeExpression,
  type CountsSqlPlan,
} from '../../../core/data/counts/sql.ts';
import { trace, type Counter, type Loader, type RawScan } from '../duckdb.ts';
import { keyedPlan, tallyOfCellRows } from '../tally.ts';
import {
  DICTIONARY_COLUMNS_PER_SCAN,
  freeName,
  loadByTempDir,
  serverFailure,
  tableName,
  type ServerEngine,
} from './serverEngine.ts';
import { badOption, internal } from '../../../core/base/errors.ts';

/** The rows PostgreSQL holds: the plan over its table, and the column of the rows' numbers. */
export interface PostgresRows {
  plan: CountsSqlPlan;
  codes: readonly CodeExpression[];
  rowColumn: string | null;
}

/**
 * Counting in PostgreSQL (`counts FILE --engine postgres`): DuckDB reads the file and plans the
 * counts (which columns, how each cell becomes a value, numeric bins as shipped edges); the raw
 * cells are copied into a temporary table of text columns (COPY … FROM STDIN, CSV), with each
 * row's number in the file, and the planned counts query runs there in PostgreSQL's dialect. The
 * server trims, drops the missing tokens and bins as the query says, so its counts are ours value
 * by value.
 */
export function postgresEngine(url: string): ServerEngine<PostgresRows> {
  const client = new pg.Client({ connectionString: url });
  let loaded: PostgresRows | null = null;
  let connected = false;
  /** The table the file's rows were copied into (dropped on close). */
  let table: string | null = null;
  /** A table of the server's, counted where it is (attach). */
  let attached: { rowColumn: string | null } | null = null;
  const connect = async (): Promise<void> => {
    if (connected) return;
    await client.connect();
    connected = true;
  };
  const rows = async (text: string): Promise<unknown[][]> =>
    (await client.query<unknown[]>({ text, rowMode: 'array' })).rows;
  const failed = serverFailure(`PostgreSQL at ${redacted(url)}`);
  const load: Loader = async (duckdb, plan, codes) => {
    if (attached) {
      loaded = { plan, codes, rowColumn: attached.rowColumn };
      return;
    }
    const name = `coupled_rows_${process.pid}_${Date.now()}`;
    const rowColumn = await loadByTempDir('postgres', failed, async (dir) => {
      await connect();
      table = name;
      return loadFile(client, duckdb, plan, name, dir);
    });
    loaded = { plan: { ...plan, source: name }, codes, rowColumn };
  };
  const counter: Counter = async (duckdb, plan, codes, valueOf, texts) => {
    await load(duckdb, plan, codes, texts);
    const held = loaded as PostgresRows;
    const clock = performance.now();
    try {
      // One scan and one GROUP BY over numbered cells (cellCountsSql: UNNEST(ARRAY[…])): on
      // supermarket (23,000 pairs) 3 min 18 s as GROUPING SETS in batches of 3,000, the limit
      // being 4,096 sets a query.
      const counted = await rows(cellCountsSql(keyedPlan(held.plan, codes), 'postgres'));
      trace('server count', clock);
      return tallyOfCellRows(plan, codes, valueOf, counted);
    } catch (error) {
      throw failed(error, 'count');
    }
  };
  return {
    load,
    counter,
    async attach(table, rowColumn) {
      try {
        await connect();
        const relation = tableName(table, (part) => quoteIdentifier(part, 'postgres'));
        const fields = (await client.query(`SELECT * FROM ${relation} LIMIT 0`)).fields;
        const columns = fields.map((f) => f.name).filter((name) => name !== rowColumn);
        if (rowColumn !== null && !fields.some((f) => f.name === rowColumn))
          throw badOption(`--row-column: ${table} has no column “${rowColumn}”`);
        attached = { rowColumn };
        return { columns, scan: postgresScan(rows, relation, columns, rowColumn) };
      } catch (error) {
        if (error instanceof RangeError) throw error;
        throw failed(error, `read the table ${table}`);
      }
    },
    async codesAt(positions, features) {
      if (!loaded) throw internal('PostgreSQL holds no rows: count first');
      if (loaded.rowColumn === null)
        throw badOption('sampling rows of a server table needs --row-column (their order)');
      const coded = codedRowsSql(loaded.plan, loaded.codes, features, 'postgres', loaded.rowColumn);
      try {
        const found = await rows(
          `SELECT position, ${Array.from({ length: features }, (_, a) => `k${a}`).join(', ')} FROM (SELECT ROW_NUMBER() OVER (ORDER BY row_no) - 1 AS position, * FROM (${coded}) AS coded) AS numbered WHERE position IN (${positions.join(', ')})`,
        );
        return new Map(found.map((r) => [Number(r[0]), r.slice(1).map(Number)]));
      } catch (error) {
        throw failed(error, 'sample');
      }
    },
    async query(build) {
      if (!loaded) throw internal('PostgreSQL holds no rows: count first');
      const clock = performance.now();
      try {
        return await rows(build(loaded));
      } catch (error) {
        throw failed(error, 'score');
      } finally {
        trace('server score', clock);
      }
    },
    async close() {
      if (!connected) return;
      if (table) await client.query(`DROP TABLE IF EXISTS ${table}`).catch(() => {});
      await client.end().catch(() => {});
    },
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

/** A column's cell as text (its type's own text; NULL stays NULL). */
const asText = (column: string): string => `CAST(${quoteIdentifier(column, 'postgres')} AS text)`;

/** The scans of a table's rows in PostgreSQL (GROUPING SETS, one set per column). */
function postgresScan(
  rows: (text: string) => Promise<unknown[][]>,
  relation: string,
  columns: readonly string[],
  rowColumn: string | null,
): RawScan {
  const r = (i: number): string => `r${i}`;
  const which = (batch: readonly number[]): string =>
    `CASE ${batch.map((i) => `WHEN GROUPING(${r(i)}) = 0 THEN ${i}`).join(' ')} ELSE -1 END`;
  const cells = (batch: readonly number[]): string =>
    batch.map((i) => `${asText(columns[i] as string)} AS ${r(i)}`).join(', ');
  const order = rowColumn === null ? '0' : quoteIdentifier(rowColumn, 'postgres');
  return {
    async dictionary(all) {
      const out: unknown[][] = [];
      for (let start = 0; start < all.length; start += DICTIONARY_COLUMNS_PER_SCAN) {
        const batch = all.slice(start, start + DICTIONARY_COLUMNS_PER_SCAN);
        const sets = [...batch.map((i) => `(${r(i)})`), ...(start === 0 ? ['()'] : [])];
        out.push(
          ...(await rows(
            `SELECT ${which(batch)}, COALESCE(${batch.map(r).join(', ')}), COUNT(*), MIN(row_no)
FROM (SELECT ${order} AS row_no, ${cells(batch)} FROM ${relation}) AS raw_cells
GROUP BY GROUPING SETS (${sets.join(', ')})`,
          )),
        );
      }
      return out;
    },
    async keptDictionary(batch, required) {
      const kept = required.map(({ column, missing }) => {
        const x = asText(columns[column] as string);
        return missing.length === 0
          ? `${x} IS NOT NULL`
          : `${x} IS NOT NULL AND ${x} NOT IN (${missing.map((m) => quoteString(m, 'postgres')).join(', ')})`;
      });
      return rows(
        `SELECT ${which(batch)}, COALESCE(${batch.map(r).join(', ')}), COUNT(*)
FROM (SELECT ${cells(batch)} FROM ${relation}${kept.length > 0 ? ` WHERE ${kept.join(' AND ')}` : ''}) AS kept_cells
GROUP BY GROUPING SETS (${batch.map((i) => `(${r(i)})`).join(', ')})`,
      );
    },
  };
}

/**
 * The file's raw cells, as DuckDB read them (NULL as an empty field, an empty text as ""), with
 * each row's number, copied into a new table; returns the row number's column. UNLOGGED, not
 * TEMPORARY: PostgreSQL scans a temporary table in one process only.
 */
async function loadFile(
  client: pg.Client,
  duckdb: Parameters<Counter>[0],
  plan: CountsSqlPlan,
  table: string,
  dir: string,
): Promise<string> {
  const rowColumn = freeName(plan.columns, 'coupled_row');
  const csv = join(dir, 'rows.csv');
  await duckdb.run(
    `COPY (SELECT *, ROW_NUMBER() OVER () AS ${quoteIdentifier(rowColumn)} FROM ${plan.source}) TO ${quoteString(csv)} (FORMAT csv, HEADER false)`,
  );
  await client.query(
    `CREATE UNLOGGED TABLE ${table} (${[
      ...plan.columns.map((c) => `${quoteIdentifier(c, 'postgres')} text`),
      `${quoteIdentifier(rowColumn, 'postgres')} bigint`,
    ].join(', ')})`,
  );
  await pipeline(
    createReadStream(csv),
    client.query(copyFrom(`COPY ${table} FROM STDIN WITH (FORMAT csv)`)),
  );
  // Its size known, the planner splits the scan between parallel workers.
  await client.query(`ANALYZE ${table}`);
  return rowColumn;
}
