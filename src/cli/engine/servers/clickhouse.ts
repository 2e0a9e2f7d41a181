import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import {
  clickhouseCellCountsSql,
  clickhouseCodedRowsSql,
  clickhouseIdentifier,
  clickhouseString,
  type ClickhouseCountsPlan,
} from '../../../core/data/counts/clickhouseSql.ts';
import { parseNumber } from '../../../core/data/table/infer.ts';
import {
  codeOfNumber,
  quoteIdentifier,
  quoteString,
  type CodeExpression,
} from '../../../core/data/counts/sql.ts';
import { trace, type Counter, type Loader, type RawScan } from '../duckdb.ts';
import { tallyOfCellRows } from '../tally.ts';
import {
  DICTIONARY_COLUMNS_PER_SCAN,
  freeName,
  loadByTempDir,
  serverFailure,
  tableName,
  type ServerEngine,
} from './serverEngine.ts';
import { badOption, internal } from '../../../core/base/errors.ts';

/** Where ClickHouse counts: its shards' HTTP addresses and the cluster they form. */
export interface ClickhouseTarget {
  shards: readonly string[];
  cluster: string | null;
}

/**
 * The rows ClickHouse holds: the counts plan over its table, how column i is read as text (c0,
 * c1 … of the loaded file; an attached table's own columns) and the rows' numbers, if any.
 */
export type ClickhouseRows = ClickhouseCountsPlan & {
  column: (i: number) => string;
  rowColumn: string | null;
};

/** The column of each row's number in the file (the raw cells are c0, c1 …). */
const ROW_COLUMN = 'coupled_row';

/**
 * Counting in ClickHouse (`counts FILE --engine clickhouse`): DuckDB reads the file and plans
 * the counts; the file's raw cells go to the shards, every other row to the next shard, as
 * String columns with each row's number in the file; with two shards a Distributed table over
 * the cluster spans them, and the counts query (core/data/counts/clickhouseSql.ts) runs on it:
 * each shard counts its rows and the first merges the partial counts. A numeric column's texts
 * are looked up with the codes the in-memory reader gives them, so the server's float parsing
 * never decides a bin. An attached table (`--table`) is counted where it is.
 */
export function clickhouseEngine(target: ClickhouseTarget): ServerEngine<ClickhouseRows> {
  const id = `coupled_${process.pid}_${Date.now()}`;
  const local = `${id}_local`;
  const shards = target.shards.map((s) => httpOf(s));
  const first = shards[0] as string;
  let loaded: ClickhouseRows | null = null;
  /** A table of the server's, counted where it is (attach). */
  let attached: { table: string; columns: string[]; rowColumn: string | null } | null = null;
  const failed = serverFailure(`ClickHouse at ${first}`);
  const load: Loader = async (duckdb, plan, codes, texts) => {
    const lookups = clickhouseLookups(codes, texts);
    if (attached) {
      const { table, columns, rowColumn } = attached;
      loaded = {
        table,
        plan,
        codes,
        lookups,
        column: (i) => cellText(columns[i] as string),
        rowColumn: rowColumn === null ? null : clickhouseIdentifier(rowColumn),
      };
      return;
    }
    const table = await loadByTempDir('clickhouse', failed, (dir) =>
      loadFile(duckdb, plan, { shards, local, id, dir, target }),
    );
    loaded = { table, plan, codes, lookups, column: (i) => `c${i}`, rowColumn: ROW_COLUMN };
  };
  const counter: Counter = async (duckdb, plan, codes, valueOf, texts) => {
    await load(duckdb, plan, codes, texts);
    const held = loaded as ClickhouseRows;
    const clock = performance.now();
    try {
      const text = await query(
        first,
        `${clickhouseCellCountsSql(held, held.column)}\nFORMAT TabSeparated`,
      );
      trace('server count', clock);
      return tallyOfCellRows(
        plan,
        codes,
        valueOf,
        tabSeparated(text).map((r) => r.map(Number)),
      );
    } catch (error) {
      throw failed(error, 'count');
    }
  };
  return {
    load,
    counter,
    async attach(table, rowColumn) {
      const relation = tableName(table, clickhouseIdentifier);
      let columns: string[];
      try {
        const described = JSON.parse(
          await query(first, `DESCRIBE TABLE ${relation} FORMAT JSONCompact`),
        ) as { data: string[][] };
        columns = described.data.map((row) => row[0] as string);
      } catch (error) {
        throw failed(error, `read the table ${table}`);
      }
      if (rowColumn !== null && !columns.includes(rowColumn))
        throw badOption(`--row-column: ${table} has no column “${rowColumn}”`);
      const own = columns.filter((c) => c !== rowColumn);
      attached = { table: relation, columns: own, rowColumn };
      return {
        columns: own,
        scan: clickhouseScan((sql) => query(first, sql), relation, own, rowColumn),
      };
    },
    async codesAt(positions, features) {
      if (!loaded) throw internal('ClickHouse holds no rows: count first');
      try {
        return await sampledCodes(first, loaded, positions, features);
      } catch (error) {
        if (error instanceof RangeError) throw error;
        throw failed(error, 'sample');
      }
    },
    async query(build) {
      if (!loaded) throw internal('ClickHouse holds no rows: count first');
      const clock = performance.now();
      try {
        return tabSeparated(await query(first, `${build(loaded)}\nFORMAT TabSeparated`));
      } catch (error) {
        throw failed(error, 'score');
      } finally {
        trace('server score', clock);
      }
    },
    async close() {
      await query(first, `DROP TABLE IF EXISTS ${id}_all`).catch(() => '');
      for (const shard of shards)
        await query(shard, `DROP TABLE IF EXISTS ${local}`).catch(() => '');
    },
  };
}

/** ClickHouse's TabSeparated answer as rows of texts (numbers and codes only: no escapes). */
function tabSeparated(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
}

/**
 * Each grouped column's texts and their codes, for the look-up that codes a cell in ClickHouse:
 * a label column's labels; a number column's distinct texts, each coded as the in-memory reader
 * codes it (parseNumber, then its bin), so no float parsing of the server's decides a bin.
 */
export function clickhouseLookups(
  codes: readonly CodeExpression[],
  texts: readonly (readonly string[])[],
): ClickhouseCountsPlan['lookups'] {
  return codes.map((code, g) => {
    if (code.kind === 'label') return { texts: code.labels, codes: code.labels.map((_, k) => k) };
    const own = texts[g] ?? [];
    return { texts: own, codes: own.map((t) => codeOfNumber(code, parseNumber(t) as number)) };
  });
}

/** clickhouse://host:port (its HTTP port) as the HTTP address. */
function httpOf(url: string): string {
  return url.replace(/^clickhouse:\/\//, 'http://').replace(/\/+$/, '');
}

/** One statement over ClickHouse's HTTP interface (with a file's bytes as its data); its answer as text. */
async function query(server: string, sql: string, dataFile?: string): Promise<string> {
  // A query of every pair's cells of a wide table passes ClickHouse's default 256 KiB.
  const settings =
    'max_query_size=1073741824&max_ast_elements=100000000&max_expanded_ast_elements=100000000';
  const address = dataFile
    ? `${server}/?${settings}&query=${encodeURIComponent(sql)}`
    : `${server}/?${settings}`;
  const response = await fetch(address, {
    method: 'POST',
    body: dataFile ? (Readable.toWeb(createReadStream(dataFile)) as ReadableStream) : sql,
    ...(dataFile && { duplex: 'half' }),
  } as RequestInit);
  const text = await response.text();
  if (!response.ok)
    throw new Error(
      text.split('\n')[0]?.replace(/, e\.what\(\) = .*$/, '') ?? `HTTP ${response.status}`,
    );
  return text;
}

/** A table's column as text: NULL read as the empty cell (missing). */
export const cellText = (name: string): string =>
  `ifNull(toString(${clickhouseIdentifier(name)}), '')`;

/** The scans of a table's rows in ClickHouse (arrayJoin of (column, cell) pairs: no GROUPING SETS). */
function clickhouseScan(
  run: (sql: string) => Promise<string>,
  relation: string,
  columns: readonly string[],
  rowColumn: string | null,
): RawScan {
  const pairs = (batch: readonly number[]): string =>
    `arrayJoin([${batch.map((i) => `(toInt32(${i}), toNullable(toString(${clickhouseIdentifier(columns[i] as string)})))`).join(', ')}])`;
  const json = async (sql: string): Promise<unknown[][]> =>
    (JSON.parse(await run(`${sql}\nFORMAT JSONCompact`)) as { data: unknown[][] }).data;
  const order = rowColumn === null ? 'toUInt64(0)' : clickhouseIdentifier(rowColumn);
  return {
    async dictionary(all) {
      const [[total] = [0]] = await json(`SELECT count() FROM ${relation}`);
      const out: unknown[][] = [[-1, null, total, 0]];
      for (let start = 0; start < all.length; start += DICTIONARY_COLUMNS_PER_SCAN) {
        const batch = all.slice(start, start + DICTIONARY_COLUMNS_PER_SCAN);
        out.push(
          ...(await json(
            `SELECT tupleElement(pair, 1) AS col, tupleElement(pair, 2) AS raw, count() AS n, min(row_no) AS first_row
FROM (SELECT ${pairs(batch)} AS pair, ${order} AS row_no FROM ${relation})
GROUP BY col, raw`,
          )),
        );
      }
      return out;
    },
    async keptDictionary(batch, required) {
      const kept = required.map(({ column, missing }) => {
        const x = `toString(${clickhouseIdentifier(columns[column] as string)})`;
        return missing.length === 0
          ? `isNotNull(${x})`
          : `isNotNull(${x}) AND NOT has([${missing.map(clickhouseString).join(', ')}], assumeNotNull(${x}))`;
      });
      return json(
        `SELECT tupleElement(pair, 1) AS col, tupleElement(pair, 2) AS raw, count() AS n
FROM (SELECT ${pairs(batch)} AS pair FROM ${relation}${kept.length > 0 ? ` WHERE ${kept.join(' AND ')}` : ''})
GROUP BY col, raw`,
      );
    },
  };
}

/** The file's raw cells put on the shards (every other row to the next), and the table over them. */
async function loadFile(
  duckdb: Parameters<Counter>[0],
  plan: Parameters<Counter>[1],
  where: { shards: string[]; local: string; id: string; dir: string; target: ClickhouseTarget },
): Promise<string> {
  const { shards, local, id, dir, target } = where;
  const columns = [...plan.columns.map((_, i) => `c${i} String`), `${ROW_COLUMN} UInt64`];
  const names = plan.columns.map((c) => quoteIdentifier(c)).join(', ');
  const row = quoteIdentifier(freeName(plan.columns, ROW_COLUMN));
  for (const [s, shard] of shards.entries()) {
    const csv = join(dir, `shard-${s}.csv`);
    await duckdb.run(
      `COPY (SELECT ${names}, ${row} FROM (SELECT *, ROW_NUMBER() OVER () AS ${row} FROM ${plan.source}) WHERE ${row} % ${shards.length} = ${s}) TO ${quoteString(csv)} (FORMAT csv, HEADER false)`,
    );
    await query(
      shard,
      `CREATE TABLE ${local} (${columns.join(', ')}) ENGINE = MergeTree ORDER BY tuple()`,
    );
    // Streamed from disk: a shard's rows are never held here whole.
    if (statSync(csv).size > 0) await query(shard, `INSERT INTO ${local} FORMAT CSV`, csv);
  }
  if (shards.length < 2 || !target.cluster) return local;
  await query(
    shards[0] as string,
    `CREATE TABLE ${id}_all AS ${local} ENGINE = Distributed(${target.cluster}, default, ${local})`,
  );
  return `${id}_all`;
}

/**
 * The codes of the kept rows at these positions (0 = the first in row order). No window
 * functions in 18.16: the kept rows' numbers sorted in one array, read at the positions, then
 * those rows' codes.
 */
async function sampledCodes(
  server: string,
  loaded: ClickhouseRows,
  positions: readonly number[],
  features: number,
): Promise<Map<number, number[]>> {
  if (loaded.rowColumn === null)
    throw badOption('sampling rows of a server table needs --row-column (their order)');
  const coded = clickhouseCodedRowsSql(loaded, features, loaded.rowColumn, loaded.column);
  const [numbers] = tabSeparated(
    await query(
      server,
      `SELECT arrayMap(p -> arrayElement(numbers, p + 1), [${positions.join(', ')}]) FROM (SELECT arraySort(groupArray(row_no)) AS numbers FROM (${coded}))\nFORMAT TabSeparated`,
    ),
  );
  const rowNumbers = JSON.parse(numbers?.[0] ?? '[]') as number[];
  const found = tabSeparated(
    await query(
      server,
      `SELECT row_no, ${Array.from({ length: features }, (_, a) => `k${a}`).join(', ')} FROM (${coded}) WHERE row_no IN (${rowNumbers.join(', ')})\nFORMAT TabSeparated`,
    ),
  );
  const byRow = new Map(found.map((r) => [Number(r[0]), r.slice(1).map(Number)]));
  return new Map(positions.map((p, i) => [p, byRow.get(rowNumbers[i] as number) as number[]]));
}
