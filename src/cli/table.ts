import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import type { ByteSource } from '../core/data/csv/bytes.ts';
import { DataError, badOption } from '../core/base/errors.ts';
import { ExplorerSession, type Loaded } from '../core/platform/session.ts';
import {
  parseOptionsOf,
  PREPARE_PARAMETERS,
  prepareOptionsOf,
  READ_PARAMETERS,
} from '../core/data/table/preparation.ts';
import { kebab } from './callFlags.ts';
import { readCountsFile, type CountsFileTable } from './engine/countsFile.ts';
import { countServerTable, countWithDuckdb, type DuckdbTable } from './engine/duckdb.ts';
import { clickhouseEngine, type ClickhouseRows } from './engine/servers/clickhouse.ts';
import { clickhouseTargetOf, connectionOf } from './engine/servers/enginesFile.ts';
import { postgresEngine, type PostgresRows } from './engine/servers/postgres.ts';
import type { ServerEngine } from './engine/servers/serverEngine.ts';
import { duckdbOptions, type CliRequest } from './request.ts';

/** A command's table: the session holding it, and for the duckdb engine how to reach its rows. */
export interface LoadedTable {
  session: ExplorerSession;
  loaded: Loaded;
  /** Counted by DuckDB: the plan to read the file's rows again (per-row outputs). */
  duckdb?: DuckdbTable;
  /** With `keepServer`, the server that counted, still holding the rows: the caller closes it. */
  server?: HeldServer;
}

export type HeldServer =
  | { engine: 'postgres'; server: ServerEngine<PostgresRows> }
  | { engine: 'clickhouse'; server: ServerEngine<ClickhouseRows> };

/**
 * Reads the file named by the command into a session, with the request's table options: in
 * memory (the default), out of core by DuckDB (`--engine duckdb`: a table known by its counts),
 * or from a counts file (`--counts FILE`, no data file).
 */
export async function loadTable(
  file: string,
  request: CliRequest,
  {
    keepServer = false,
    known,
  }: {
    keepServer?: boolean;
    /** Counts made before of this file or --table: taken instead of counting (knownCounts.ts). */
    known?: CountsFileTable;
  } = {},
): Promise<LoadedTable> {
  const { engine } = request;
  if (engine.counts !== null) {
    if (file) throw badOption('give a data FILE or --counts FILE, not both');
    const ignored = [...READ_PARAMETERS, ...PREPARE_PARAMETERS]
      .map((p) => p.name)
      .filter((name) => request.given.has(name));
    if (ignored.length > 0)
      throw badOption(
        `${ignored.map((f) => `--${kebab(f)}`).join(', ')} cannot apply to a counts file: its columns and values were set when it was counted`,
      );
    const session = new ExplorerSession();
    const { table, counts, summary } = await readCountsFile(engine.counts, duckdbOptions(engine));
    return { session, loaded: session.adoptCounts(table, counts, summary) };
  }
  const read = parseOptionsOf(request.read);
  const prepare = prepareOptionsOf(request.prepare);
  if (engine.table !== null) return loadServerTable(file, request, keepServer, known);
  if (engine.engine !== 'memory') {
    const held = serverOf(request);
    let handedOver = false;
    try {
      const duckdb = await countWithDuckdb(file, read, prepare, {
        ...duckdbOptions(engine),
        ...(held && { counter: held.server.counter, loader: held.server.load }),
        ...(known && { known }),
      });
      const session = new ExplorerSession();
      const loaded = session.adoptCounts(duckdb.table, duckdb.counts, duckdb.summary);
      handedOver = keepServer && held !== undefined;
      return { session, loaded, duckdb, ...(handedOver && { server: held }) };
    } finally {
      if (!handedOver) await held?.server.close();
    }
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

/** A server engine of the request (the servers engines:start started, or --connect's). */
function serverOf(request: CliRequest): HeldServer | undefined {
  const { engine } = request;
  return engine.engine === 'postgres'
    ? { engine: 'postgres', server: postgresEngine(connectionOf('postgres', engine.connect)) }
    : engine.engine === 'clickhouse'
      ? { engine: 'clickhouse', server: clickhouseEngine(clickhouseTargetOf(engine.connect)) }
      : undefined;
}

/** `--table NAME`: a table already in the server, counted there (duckdb.ts countServerTable). */
async function loadServerTable(
  file: string,
  request: CliRequest,
  keepServer: boolean,
  known: CountsFileTable | undefined,
): Promise<LoadedTable> {
  const { engine } = request;
  if (file) throw badOption('give a data FILE or --table NAME, not both');
  const held = serverOf(request);
  if (!held)
    throw badOption('--table names a table in a server: give --engine postgres or clickhouse');
  let handedOver = false;
  try {
    const { columns, scan } = await held.server.attach(engine.table as string, engine.rowColumn);
    const duckdb = await countServerTable(
      engine.table as string,
      columns,
      parseOptionsOf(request.read),
      prepareOptionsOf(request.prepare),
      {
        ...duckdbOptions(engine),
        counter: held.server.counter,
        loader: held.server.load,
        scan,
        ...(known && { known }),
      },
    );
    const session = new ExplorerSession();
    const loaded = session.adoptCounts(duckdb.table, duckdb.counts, duckdb.summary);
    handedOver = keepServer;
    return { session, loaded, duckdb, ...(handedOver && { server: held }) };
  } finally {
    if (!handedOver) await held.server.close();
  }
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
