import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataError, badOption } from '../../../core/base/errors.ts';
import { trace, type Counter, type Loader, type RawScan } from '../duckdb.ts';

/**
 * A database server holding a file's rows for one command: `load` loads the raw cells (and
 * each row's number in the file), `counter` loads them and counts them there; `query` then runs a statement over the
 * same loaded rows (outliers-sql's scoring), built from how they were loaded; `close` drops them.
 */
export interface ServerEngine<Loaded> {
  /** Holds the rows without counting them (their counts known: outliers-sql --counts). */
  load: Loader;
  counter: Counter;
  query(build: (loaded: Loaded) => string): Promise<unknown[][]>;
  /**
   * Takes a table already in the server instead of a file (`--table`): its columns and the scans
   * of its rows; the counter then counts it where it is. `rowColumn` orders its rows (labels by
   * first appearance, ties, samples); without it labels are in text order.
   */
  attach(table: string, rowColumn: string | null): Promise<{ columns: string[]; scan: RawScan }>;
  /** The codes of the features k0 … k(D−1) of the kept rows at these positions (0 = the first). */
  codesAt(positions: readonly number[], features: number): Promise<Map<number, number[]>>;
  close(): Promise<void>;
}

/** A dotted table name (schema.table) as quoted parts. */
export function tableName(name: string, quote: (part: string) => string): string {
  if (name.trim() === '') throw badOption('--table needs a table name');
  return name
    .split('.')
    .map((part) => quote(part))
    .join('.');
}

/** Columns per dictionary scan (one GROUP BY over their cells). */
export const DICTIONARY_COLUMNS_PER_SCAN = 32;

/** A column name for the row number that none of the file's columns has. */
export function freeName(columns: readonly string[], name: string): string {
  const taken = new Set(columns);
  let out = name;
  while (taken.has(out)) out += '_';
  return out;
}

/** A server's failure as one line naming the server and what it could not do, the cause kept. */
export function serverFailure(server: string): (error: unknown, doing: string) => DataError {
  return (error, doing) => {
    const reason = error instanceof Error ? error.message : String(error);
    return new DataError('engine', `${server} could not ${doing}: ${reason}`, {}, { cause: error });
  };
}

/**
 * Loads a file's rows into a server by way of a temporary directory (where DuckDB writes the raw
 * cells as CSV), timed as the `server load` stage; a failure is the server's (`failed`), and the
 * directory is removed either way.
 */
export async function loadByTempDir<T>(
  server: string,
  failed: ReturnType<typeof serverFailure>,
  load: (dir: string) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `coupled-${server}-`));
  try {
    const clock = performance.now();
    const loaded = await load(dir);
    trace('server load', clock);
    return loaded;
  } catch (error) {
    throw failed(error, 'load the rows');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
