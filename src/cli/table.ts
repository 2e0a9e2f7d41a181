import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import type { Delimiter } from '../core/data/csv/sniff.ts';
import type { ByteSource } from '../core/data/csv/bytes.ts';
import { DataError } from '../core/base/errors.ts';
import { ExplorerSession, type Loaded } from '../core/platform/session.ts';
import type { Discretisation, MissingPolicy } from '../core/data/table/types.ts';
import { list, text, type Args } from './args.ts';
import { readCountsFile } from './engine/countsFile.ts';
import { countWithDuckdb, type DuckdbTable, type EngineOptions } from './engine/duckdb.ts';

/** The table options every data command takes. */
export const TABLE_FLAGS = [
  'engine',
  'counts',
  'memory-limit',
  'threads',
  'class',
  'drop',
  'include',
  'missing',
  'bins',
  'discretise',
  'delimiter',
  'skip-ragged',
  'missing-tokens',
  'out',
];

export const TABLE_USAGE = `table:    [--class COL] [--drop COL,COL] [--include COL,COL] [--missing drop|own|mode] [--bins N]
          [--discretise equal-frequency|equal-width|raw] [--delimiter auto|comma|semicolon|tab]
          [--skip-ragged] [--missing-tokens ?,NA,…] [--out FILE] [--threads N]: threads for
          t-SNE's gradient (default: the cores, at most 4; results do not depend on it) and DuckDB
          [--engine memory|duckdb [--memory-limit 1GB]]: duckdb counts a CSV or
          Parquet file out of core (value-level methods only; per-row CSV output streamed)
          [--counts FILE.json|FILE.parquet] instead of FILE: a counts file (value-level methods only)`;

const DELIMITERS: ReadonlyMap<string, Delimiter | 'auto'> = new Map([
  ['auto', 'auto'],
  ['comma', ','],
  [',', ','],
  ['semicolon', ';'],
  [';', ';'],
  ['tab', '\t'],
]);

/** A command's table: the session holding it, and for the duckdb engine how to reach its rows. */
export interface LoadedTable {
  session: ExplorerSession;
  loaded: Loaded;
  /** Counted by DuckDB: the plan to read the file's rows again (per-row outputs). */
  duckdb?: DuckdbTable;
}

/**
 * Reads the file named by the command into a session, with the table flags: in memory (the
 * default), out of core by DuckDB (`--engine duckdb`: a table known by its counts), or from a
 * counts file (`--counts FILE`, no data file).
 */
export async function loadTable(file: string, args: Args): Promise<LoadedTable> {
  const countsFile = text(args, 'counts');
  if (countsFile !== undefined) {
    if (file) throw new RangeError('give a data FILE or --counts FILE, not both');
    const ignored = TABLE_FLAGS.filter(
      (f) => !['counts', 'out', 'memory-limit', 'threads'].includes(f) && args.flags.has(f),
    );
    if (ignored.length > 0)
      throw new RangeError(
        `${ignored.map((f) => `--${f}`).join(', ')} cannot apply to a counts file: its columns and values were set when it was counted`,
      );
    const session = new ExplorerSession();
    const { table, counts, summary } = await readCountsFile(countsFile, engineOptions(args));
    return { session, loaded: session.adoptCounts(table, counts, summary) };
  }
  const engine = text(args, 'engine') ?? 'memory';
  if (engine !== 'memory' && engine !== 'duckdb')
    throw new RangeError(`--engine must be memory or duckdb, got “${engine}”`);
  if (engine === 'memory' && args.flags.has('memory-limit'))
    throw new RangeError('--memory-limit applies to --engine duckdb only');
  const binsText = text(args, 'bins') ?? '10';
  const bins = Number(binsText);
  if (!Number.isInteger(bins)) throw new RangeError(`--bins must be an integer, got “${binsText}”`);
  const delimiterText = text(args, 'delimiter') ?? 'auto';
  const delimiter = DELIMITERS.get(delimiterText);
  if (!delimiter)
    throw new RangeError(
      `--delimiter must be auto, comma, semicolon or tab, got “${delimiterText}”`,
    );
  const tokens = text(args, 'missing-tokens');
  const read = {
    delimiter,
    skipRaggedRows: args.flags.has('skip-ragged'),
    // An empty cell is always missing; the flag lists the other tokens.
    ...(tokens !== undefined ? { missingTokens: ['', ...list(tokens)] } : {}),
  };
  const prepare = {
    classColumn: text(args, 'class') ?? null,
    drop: list(text(args, 'drop')),
    include: list(text(args, 'include')),
    missing: (text(args, 'missing') ?? 'drop') as MissingPolicy,
    bins,
    discretisation: (text(args, 'discretise') ?? 'equal-frequency') as Discretisation,
  };
  if (engine === 'duckdb') {
    const duckdb = await countWithDuckdb(file, read, prepare, engineOptions(args));
    const session = new ExplorerSession();
    const loaded = session.adoptCounts(duckdb.table, duckdb.counts, duckdb.summary);
    return { session, loaded, duckdb };
  }
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new DataError('empty', `cannot read “${file}”: no such file`);
  }
  if (startsWith(file, 'PAR1'))
    throw new DataError(
      'binary',
      `“${file}” is a Parquet file: the in-memory engine reads CSV; count it with --engine duckdb`,
    );
  const session = new ExplorerSession();
  // The same reading contract as the browser's (core/data/csv/bytes.ts): bytes in, decoded there.
  const source: ByteSource = {
    size,
    stream: () => createReadStream(file, { highWaterMark: 1 << 20 }),
  };
  const loaded = await session.loadBytes(source, read, prepare, { sizeHint: size });
  return { session, loaded };
}

/** DuckDB's memory limit and threads (defaults 1GB and 2: this machine's 2 cores are shared). */
export function engineOptions(args: Args): EngineOptions {
  const threadsText = text(args, 'threads');
  const threads = threadsText === undefined ? undefined : Number(threadsText);
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1 && threads <= 64))
    throw new RangeError(`--threads must be an integer from 1 to 64, got “${threadsText}”`);
  const memoryLimit = text(args, 'memory-limit');
  if (memoryLimit !== undefined && !/^\d+(\.\d+)?\s*(KB|MB|GB|KiB|MiB|GiB)$/i.test(memoryLimit))
    throw new RangeError(
      `--memory-limit must be a size such as 512MB or 2GB, got “${memoryLimit}”`,
    );
  return { ...(threads ? { threads } : {}), ...(memoryLimit ? { memoryLimit } : {}) };
}

/** True when the file's first bytes are this (ASCII) signature. */
function startsWith(file: string, signature: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(signature.length);
    return (
      readSync(fd, head, 0, head.length, 0) === head.length && head.toString('latin1') === signature
    );
  } finally {
    closeSync(fd);
  }
}
