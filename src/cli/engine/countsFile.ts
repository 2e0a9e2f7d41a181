import { readFileSync, statSync } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import { pairCount } from '../../core/data/counts/cooccurrence.ts';
import type { Counts } from '../../core/data/counts/counts.ts';
import {
  countsInputOfJson,
  countsTable,
  type CountsInput,
} from '../../core/data/counts/countsTable.ts';
import { quoteString } from '../../core/data/counts/sql.ts';
import {
  countsInputOfLongRows,
  LONG_COUNTS_COLUMNS,
  type LongCountsRow,
} from '../../core/data/counts/countsFormats.ts';
import { DataError } from '../../core/base/errors.ts';
import type { CategoricalTable, MissingPolicy, TableSummary } from '../../core/data/table/types.ts';
import { duckdbError, openDuckdb, type EngineOptions } from './duckdb.ts';

/**
 * Counts files: the `counts` command's JSON, or the same counts as Parquet in long form — one
 * row per fact, `kind` saying which:
 *   kind 'rows'   count = rows counted       (and 'total_rows', 'dropped_rows' when known)
 *   kind 'value'  i = global value index, attribute, label, count
 *   kind 'pair'   i < j global values of two attributes, count (pairs that never co-occur left out)
 * A warehouse that ran `counts --sql` can write this table; `--counts FILE` reads either form.
 */

export type CountsFileTable = ReturnType<typeof countsTable>;

export async function readCountsFile(
  file: string,
  engine: EngineOptions = {},
): Promise<CountsFileTable> {
  let bytes: Buffer;
  try {
    if (!statSync(file).isFile()) throw new Error('not a file');
    bytes = readFileSync(file);
  } catch {
    throw new DataError('empty', `cannot read the counts file “${file}”: no such file`);
  }
  if (bytes.subarray(0, 4).toString('latin1') === 'PAR1')
    return countsTable(await parquetCounts(file, engine));
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf-8'));
  } catch {
    throw new DataError(
      'bad-option',
      `The counts file “${file}” is neither JSON (the counts command's output) nor Parquet.`,
    );
  }
  return countsTable(countsInputOfJson(json));
}

async function parquetCounts(file: string, engine: EngineOptions): Promise<CountsInput> {
  const { connection, close } = await openDuckdb(engine);
  try {
    const reader = await connection.runAndReadAll(
      `SELECT ${LONG_COUNTS_COLUMNS.join(', ')} FROM read_parquet(${quoteString(file)})`,
    );
    // The browser's parser of the long form (core), so both read a file the same way.
    return countsInputOfLongRows(reader.getRows() as unknown as LongCountsRow[]);
  } catch (error) {
    throw duckdbError(error, file);
  } finally {
    close();
  }
}

/** Writes the counts as Parquet in the long form above (through DuckDB). */
export async function writeCountsParquet(
  file: string,
  table: CategoricalTable,
  counts: Counts,
  summary: Pick<TableSummary, 'totalRows' | 'droppedRows' | 'missingPolicy'>,
  engine: EngineOptions = {},
): Promise<void> {
  const { connection, close } = await openDuckdb(engine);
  try {
    await connection.run(
      'CREATE TEMP TABLE counts (kind VARCHAR, i INTEGER, attribute VARCHAR, label VARCHAR, j INTEGER, count BIGINT)',
    );
    const appender = await connection.createAppender('counts');
    const add = (
      kind: string,
      i: number | null,
      attribute: string | null,
      label: string | null,
      j: number | null,
      count: number,
    ): void => {
      appender.appendVarchar(kind);
      if (i === null) appender.appendNull();
      else appender.appendInteger(i);
      if (attribute === null) appender.appendNull();
      else appender.appendVarchar(attribute);
      if (label === null) appender.appendNull();
      else appender.appendVarchar(label);
      if (j === null) appender.appendNull();
      else appender.appendInteger(j);
      appender.appendBigInt(BigInt(count));
      appender.endRow();
    };
    add('rows', null, null, null, null, counts.nRows);
    add('total_rows', null, null, null, null, summary.totalRows);
    add('dropped_rows', null, null, null, null, summary.droppedRows);
    const c = counts.cooccurrence;
    table.attributes.forEach((attr) =>
      attr.labels.forEach((label, k) =>
        add(
          'value',
          attr.offset + k,
          attr.name,
          label,
          null,
          c.valueCounts[attr.offset + k] as number,
        ),
      ),
    );
    const D = table.attributes.length;
    for (let a = 0; a < D; a++)
      for (let b = a + 1; b < D; b++) {
        const A = table.attributes[a] as CategoricalTable['attributes'][number];
        const B = table.attributes[b] as CategoricalTable['attributes'][number];
        for (let k = 0; k < A.labels.length; k++)
          for (let l = 0; l < B.labels.length; l++) {
            const n = pairCount(c, a, k, b, l);
            if (n > 0) add('pair', A.offset + k, null, null, B.offset + l, n);
          }
      }
    appender.closeSync();
    await copyTo(connection, 'counts', file);
  } finally {
    close();
  }
}

async function copyTo(connection: DuckDBConnection, relation: string, file: string): Promise<void> {
  await connection.run(`COPY (SELECT * FROM ${relation}) TO ${quoteString(file)} (FORMAT parquet)`);
}

export type { MissingPolicy };
