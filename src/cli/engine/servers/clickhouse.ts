import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataError } from '../../../core/base/errors.ts';
import { clickhouseCellCountsSql } from '../../../core/data/counts/clickhouseSql.ts';
import {
  cellName,
  cellsSql,
  codeSql,
  quoteIdentifier,
  quoteString,
  type CodeExpression,
} from '../../../core/data/counts/sql.ts';
import type { Counter } from '../duckdb.ts';
import { tallyOfCellRows } from '../tally.ts';

/** Where ClickHouse counts: its shards' HTTP addresses and the cluster they form. */
export interface ClickhouseTarget {
  shards: readonly string[];
  cluster: string | null;
}

/**
 * Counting in ClickHouse (`counts FILE --engine clickhouse`): DuckDB reads the file and plans
 * the counts; the file's raw cells go to the shards, every other row to the next shard, as
 * String columns; with two shards a Distributed table over the cluster spans them, and the
 * counts query (core/data/counts/clickhouseSql.ts) runs on it: each shard counts its rows and
 * the first merges the partial counts. A numeric column's texts are looked up with the codes
 * DuckDB gave them, so the server's float parsing never decides a bin.
 */
export function clickhouseCounter(target: ClickhouseTarget): Counter {
  return async (duckdb, plan, codes, valueOf) => {
    const dir = mkdtempSync(join(tmpdir(), 'coupled-clickhouse-'));
    const id = `coupled_${process.pid}_${Date.now()}`;
    const local = `${id}_local`;
    const shards = target.shards.map((s) => httpOf(s));
    const first = shards[0] as string;
    try {
      const columns = plan.columns.map((_, i) => `c${i} String`).join(', ');
      const names = plan.columns.map((c) => quoteIdentifier(c)).join(', ');
      for (const [s, shard] of shards.entries()) {
        const csv = join(dir, `shard-${s}.csv`);
        await duckdb.run(
          `COPY (SELECT ${names} FROM (SELECT *, ROW_NUMBER() OVER () AS coupled_row FROM ${plan.source}) WHERE coupled_row % ${shards.length} = ${s}) TO ${quoteString(csv)} (FORMAT csv, HEADER false)`,
        );
        await query(
          shard,
          `CREATE TABLE ${local} (${columns}) ENGINE = MergeTree ORDER BY tuple()`,
        );
        const rows = readFileSync(csv);
        if (rows.length > 0)
          await query(shard, `INSERT INTO ${local} FORMAT CSV`, new Blob([rows]));
      }
      const table = shards.length > 1 && target.cluster ? `${id}_all` : local;
      if (table !== local)
        await query(
          first,
          `CREATE TABLE ${table} AS ${local} ENGINE = Distributed(${target.cluster}, default, ${local})`,
        );
      const lookups = await Promise.all(
        codes.map(async (code, g) => {
          if (code.kind === 'label')
            return { texts: code.labels, codes: code.labels.map((_, k) => k) };
          return numberTexts(duckdb, plan, (plan.grouped[g] as { column: number }).column, code);
        }),
      );
      const text = await query(
        first,
        `${clickhouseCellCountsSql({ table, plan, codes, lookups })}\nFORMAT TabSeparated`,
      );
      const rows = text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => line.split('\t').map(Number));
      return tallyOfCellRows(plan, codes, valueOf, rows);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new DataError(
        'engine',
        `ClickHouse at ${first} could not count: ${reason}`,
        {},
        { cause: error },
      );
    } finally {
      await query(first, `DROP TABLE IF EXISTS ${id}_all`).catch(() => '');
      for (const shard of shards)
        await query(shard, `DROP TABLE IF EXISTS ${local}`).catch(() => '');
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

/** A number column's texts (trimmed, not missing) and the code DuckDB gives each. */
async function numberTexts(
  duckdb: Parameters<Counter>[0],
  plan: Parameters<Counter>[1],
  column: number,
  code: CodeExpression,
): Promise<{ texts: string[]; codes: number[] }> {
  const cell = cellName(column);
  const result = await duckdb.runAndReadAll(
    `SELECT DISTINCT ${cell}, ${codeSql(cell, code)} FROM (${cellsSql(plan, [column], 'ansi')}) AS cells WHERE ${cell} IS NOT NULL`,
  );
  const rows = result.getRows();
  return { texts: rows.map((r) => String(r[0])), codes: rows.map((r) => Number(r[1])) };
}

/** clickhouse://host:port (its HTTP port) as the HTTP address. */
function httpOf(url: string): string {
  return url.replace(/^clickhouse:\/\//, 'http://').replace(/\/+$/, '');
}

/** One statement over ClickHouse's HTTP interface; its answer as text. */
async function query(server: string, sql: string, body?: Blob): Promise<string> {
  // A query of every pair's cells of a wide table passes ClickHouse's default 256 KiB.
  const settings =
    'max_query_size=1073741824&max_ast_elements=100000000&max_expanded_ast_elements=100000000';
  const address = body
    ? `${server}/?${settings}&query=${encodeURIComponent(sql)}`
    : `${server}/?${settings}`;
  const response = await fetch(address, { method: 'POST', body: body ?? sql });
  const text = await response.text();
  if (!response.ok)
    throw new Error(
      text.split('\n')[0]?.replace(/, e\.what\(\) = .*$/, '') ?? `HTTP ${response.status}`,
    );
  return text;
}
