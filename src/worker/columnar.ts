import * as duckdb from '@duckdb/duckdb-wasm';
import { tableFromIPC } from 'apache-arrow';
import duckdbWasm from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import duckdbWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import { RawTableBuilder, type RawTable } from '../core/data/csv/rawTable.ts';
import { DataError } from '../core/base/errors.ts';
import type { CountsInput } from '../core/data/counts/countsTable.ts';
import {
  countsInputOfLongRows,
  isLongCountsColumns,
  LONG_COUNTS_COLUMNS,
  type LongCountsRow,
} from '../core/data/counts/countsFormats.ts';
import type { ColumnarFormat } from './columnarFormat.ts';

/**
 * Parquet and Arrow files, read by DuckDB-Wasm — loaded only when such a file is dropped (this
 * module is imported dynamically), and served from the app's own origin (Vite emits the wasm and
 * DuckDB's worker as assets of the build: no CDN). Every column is cast to text by DuckDB and the
 * rows are fed to the CSV path's RawTableBuilder, so the table model — trimming, missing tokens,
 * value order, header names — is the CSV's own: a Parquet copy of a CSV gives the same summary.
 */
let database: Promise<duckdb.AsyncDuckDB> | null = null;

function open(): Promise<duckdb.AsyncDuckDB> {
  database ??= (async () => {
    const worker = new Worker(duckdbWorker);
    const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
    await db.instantiate(duckdbWasm);
    return db;
  })();
  return database;
}

/**
 * Reads a Parquet or Arrow IPC file into the raw table the CSV reader would make — or, when its
 * columns are a counts file's long form (kind, i, attribute, label, j, count: what `npm run cli
 * -- counts FILE --out counts.parquet` writes), into that file's counts.
 */
export async function readColumnar(
  file: Blob,
  format: ColumnarFormat,
  missingTokens: readonly string[] | undefined,
): Promise<{ raw: RawTable } | { counts: CountsInput }> {
  const db = await open();
  const connection = await db.connect();
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    let relation: string;
    if (format === 'parquet') {
      await db.registerFileBuffer('dropped.parquet', bytes);
      relation = "read_parquet('dropped.parquet')";
    } else {
      // Arrow IPC (file or stream format) read by Arrow JS, then handed to DuckDB as a table.
      await connection.insertArrowTable(tableFromIPC(bytes), { name: 'dropped_arrow' });
      relation = 'dropped_arrow';
    }
    const columns = (await connection.query(`DESCRIBE SELECT * FROM ${relation}`))
      .toArray()
      .map((row) => String((row as { column_name: string }).column_name));
    if (isLongCountsColumns(columns)) return { counts: await longCounts(connection, relation) };
    const select = columns.map((c) => `CAST("${c.replaceAll('"', '""')}" AS VARCHAR)`);
    const result = await connection.query(`SELECT ${select.join(', ')} FROM ${relation}`);
    const builder = new RawTableBuilder({ delimiter: ',', missingTokens });
    builder.addRow(columns);
    const vectors = columns.map((_, i) => result.getChildAt(i));
    for (let r = 0; r < result.numRows; r++)
      builder.addRow(vectors.map((v) => (v?.get(r) as string | null) ?? ''));
    return { raw: builder.finish() };
  } catch (error) {
    if (error instanceof DataError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new DataError(
      'binary',
      `This ${format === 'parquet' ? 'Parquet' : 'Arrow'} file could not be read: ${message.split('\n')[0]}`,
    );
  } finally {
    if (format === 'arrow') await connection.query('DROP TABLE IF EXISTS dropped_arrow');
    await connection.close();
    if (format === 'parquet') await db.dropFile('dropped.parquet');
  }
}

/**
 * A counts file in long form, its rows in the form's column order (whatever the file's), read by
 * the parser the CLI shares (core/data/counts/countsFormats.ts). Whole numbers come as DuckDB
 * typed them (an INTEGER as a number, a BIGINT as a BigInt; the parser takes either).
 */
async function longCounts(
  connection: duckdb.AsyncDuckDBConnection,
  relation: string,
): Promise<CountsInput> {
  const result = await connection.query(
    `SELECT ${LONG_COUNTS_COLUMNS.map((c) => `"${c}"`).join(', ')} FROM ${relation}`,
  );
  const vectors = LONG_COUNTS_COLUMNS.map((_, i) => result.getChildAt(i));
  function* rows(): Generator<LongCountsRow> {
    for (let r = 0; r < result.numRows; r++) {
      const [kind, i, attribute, label, j, count] = vectors.map((v) => v?.get(r) ?? null);
      yield [kind, i, attribute, label, j, count];
    }
  }
  return countsInputOfLongRows(rows());
}
