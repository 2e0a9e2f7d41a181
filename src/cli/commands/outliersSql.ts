import { resolveCall } from '../../core/platform/calls.ts';
import { methodSpec } from '../../core/platform/registry.ts';
import { topOutliersSql, scoreDialect } from '../../core/data/counts/scoreSql.ts';
import type { Call } from '../../core/platform/spec.ts';
import { fileArgument, refuseUnknown, text } from '../args.ts';
import { optionFlags } from '../callFlags.ts';
import { codedRowsIn, dialectOf, DIALECT_NOTES, SQL_DIALECTS } from '../engine/dialects.ts';
import { readCountsFile, type CountsFileTable } from '../engine/countsFile.ts';
import { duckdbError, openDuckdb, trace } from '../engine/duckdb.ts';
import { clickhouseCodedRowsSql } from '../../core/data/counts/clickhouseSql.ts';
import { codedRowsSql } from '../../core/data/counts/sql.ts';
import {
  duckdbCodedRows,
  fileCodesAt,
  scoreModel,
  SQL_DETECTORS,
  topInMemory,
  topRowsOf,
  type TopRow,
} from '../engine/topOutliers.ts';
import { printJson, type Io } from '../output.ts';
import { duckdbOptions, type CliRequest } from '../request.ts';
import { loadTable, type LoadedTable } from '../table.ts';
import type { Command } from './command.ts';
import { badOption, internal } from '../../core/base/errors.ts';

/** The most rows a query returns: they are held, printed, and read back here. */
export const MAX_TOP = 100_000;

/**
 * `outliers-sql FILE --method cosh|cbrw|zero --top K`: the K most outlying rows, scored where
 * the rows live. With `--engine duckdb|postgres|clickhouse` the engine counts the file, the
 * detector is fitted on its counts (ZERO++: on its seeded sub-samples), and one query scores
 * every row there from per-value terms and returns the top K with their terms; `--engine memory`
 * (the default) runs the in-memory detector, the reference. `--sql` prints the query instead.
 */
export const outliersSqlCommand: Command = {
  name: 'outliers-sql',
  summary: 'the top-K outliers (COSH, CBRW, ZERO++) scored by one query where the rows live',
  usage: () =>
    `outliers-sql: outliers-sql FILE --method ${SQL_DETECTORS.join('|')} [--top 20] [--method.PARAM value …]
          [--engine memory|duckdb|postgres|clickhouse]: the top rows, their scores and each attribute's term
          (ties broken by row order; row = the row's number among the file's data rows, 1 = the first)
          … --engine duckdb|postgres|clickhouse --counts COUNTS.json: counts made before of the same file and
          options (counts FILE --engine E --out COUNTS.json) taken instead of counting again; refused if not its
          outliers-sql --table NAME --row-column COL --engine postgres|clickhouse --method …: the same on a table
          already in the server (row = its COL)
          outliers-sql FILE --method … --sql [--dialect ${SQL_DIALECTS.join('|')}] [--sql-table data] [--row-column row_no]:
          the query alone, over a table of the file's rows whose row_no column gives their order`,
  async run(request: CliRequest, io: Io) {
    const file = fileArgument(request, this.usage());
    const args = request.own;
    const method = text(args, 'method');
    if (method === undefined || !SQL_DETECTORS.includes(method))
      throw badOption(
        `outliers-sql needs --method ${SQL_DETECTORS.join(', ')}${method === undefined ? '' : `, got “${method}”`}`,
      );
    const top = topOf(text(args, 'top'));
    const used = new Set(['method', 'top', 'sql', 'dialect', 'sql-table']);
    const options = optionFlags(methodSpec(method).parameters, args, 'method.', used);
    refuseUnknown(args, used, this.usage());
    const call: Call = { method, options };
    resolveCall(call); // every option checked against its bounds before the file is read
    if (!args.flags.has('sql'))
      for (const f of ['dialect', 'sql-table'])
        if (args.flags.has(f)) throw badOption(`--${f} goes with --sql`);
    if (request.engine.table !== null && request.engine.rowColumn === null)
      throw badOption(
        'outliers-sql on a --table needs --row-column: ties and ZERO++’s sub-samples follow the rows’ order',
      );
    if (request.engine.table !== null && args.flags.has('sql'))
      throw badOption('--sql prints the query for a FILE; a --table is scored where it is');
    const counts = request.engine.counts;
    if (counts !== null && request.engine.engine === 'memory')
      throw badOption(
        '--counts spares an engine the counting of the rows it scores: give it with --engine duckdb, postgres or clickhouse (the in-memory detector counts as it reads)',
      );
    if (counts !== null && !file && request.engine.table === null)
      throw badOption(
        'outliers-sql scores rows: give the data FILE (or --table) with --counts, the counts made of it',
      );
    // Counts made before (counts FILE --engine E --out counts.json) stand in for counting again.
    const known =
      counts === null ? undefined : await readCountsFile(counts, duckdbOptions(request.engine));
    const own: CliRequest = { ...request, engine: { ...request.engine, counts: null } };
    if (args.flags.has('sql')) {
      io.stdout(await printedQuery(file, method, options, top, own, known));
      return;
    }
    const engine = request.engine.engine;
    const loaded = await loadTable(file, own, { keepServer: true, ...(known && { known }) });
    try {
      const rows =
        engine === 'memory'
          ? topInMemory(loaded.session, call, top)
          : await topOnEngine(loaded, method, options, top, request);
      printJson(
        {
          method,
          engine,
          rows: loaded.session.table.nRows,
          attributes: loaded.session.table.attributes.map((a) => a.name),
          top: rows,
        },
        request,
        io,
      );
    } finally {
      await loaded.server?.server.close();
    }
  },
};

/** The rows' order, which ties and samples follow. */
function ordered(rowColumn: string | null): string {
  if (rowColumn === null) throw badOption('outliers-sql on a table needs --row-column');
  return rowColumn;
}

function topOf(value: string | undefined): number {
  if (value === undefined) return 20;
  const k = Number(value);
  if (value.trim() === '' || !Number.isInteger(k) || k < 1 || k > MAX_TOP)
    throw badOption(
      `--top must be a whole number from 1 to ${MAX_TOP.toLocaleString('en-US')} (the rows returned are held and printed), got “${value}”`,
    );
  return k;
}

/** Counts on the engine, fits the model on them, and scores there. */
async function topOnEngine(
  loaded: LoadedTable,
  method: string,
  options: Record<string, unknown>,
  top: number,
  request: CliRequest,
): Promise<TopRow[]> {
  const { session, duckdb, server } = loaded;
  if (!duckdb) throw internal('the engine gave no plan');
  const engine = duckdbOptions(request.engine);
  const D = session.table.attributes.length;
  // ZERO++'s sub-samples are read where the rows are.
  const model = await scoreModel(
    method,
    options,
    session,
    duckdb,
    server ? (positions) => server.server.codesAt(positions, D) : fileCodesAt(duckdb, engine),
  );
  let rows: unknown[][];
  if (server?.engine === 'postgres')
    rows = await server.server.query((held) =>
      topOutliersSql(
        codedRowsSql(held.plan, held.codes, D, 'postgres', ordered(held.rowColumn)),
        D,
        model,
        top,
        scoreDialect('postgres'),
      ),
    );
  else if (server?.engine === 'clickhouse')
    rows = await server.server.query((held) =>
      topOutliersSql(
        clickhouseCodedRowsSql(held, D, ordered(held.rowColumn), held.column),
        D,
        model,
        top,
        scoreDialect('clickhouse'),
      ),
    );
  else {
    const sql = topOutliersSql(duckdbCodedRows(duckdb), D, model, top, scoreDialect('duckdb'));
    const { connection, close } = await openDuckdb(engine);
    const clock = performance.now();
    try {
      rows = (await connection.runAndReadAll(sql)).getRows();
    } catch (error) {
      throw duckdbError(error, 'the file');
    } finally {
      trace('score', clock);
      close();
    }
  }
  return topRowsOf(rows, session.table, duckdb.coded.valueOf);
}

/** The scoring query in a dialect, with the model fitted on DuckDB's counts of the file. */
async function printedQuery(
  file: string,
  method: string,
  options: Record<string, unknown>,
  top: number,
  request: CliRequest,
  known: CountsFileTable | undefined,
): Promise<string> {
  const dialect = dialectOf(request.own);
  const relation = text(request.own, 'sql-table') ?? 'data';
  const rowColumn = request.engine.rowColumn ?? 'row_no';
  const loaded = await loadTable(
    file,
    { ...request, engine: { ...request.engine, engine: 'duckdb' } },
    { ...(known && { known }) },
  );
  const { session, duckdb } = loaded;
  if (!duckdb) throw internal('the duckdb engine gave no plan');
  const engine = duckdbOptions(request.engine);
  const model = await scoreModel(method, options, session, duckdb, fileCodesAt(duckdb, engine));
  const D = session.table.attributes.length;
  const coded = codedRowsIn(
    dialect,
    duckdb.plan,
    duckdb.codes,
    D,
    relation,
    rowColumn,
    duckdb.texts,
  );
  const sql = topOutliersSql(coded, D, model, top, scoreDialect(dialect));
  const names = session.table.attributes.map((a, i) => `k${i} = ${a.name}`);
  return [
    `-- The top ${top} outliers of ${file} by ${methodSpec(method).title}, scored row by row from`,
    model.kind === 'sum'
      ? '-- per-value terms computed from the counts (the terms of each feature, added in order).'
      : `-- ZERO++'s ${model.members.length} members (their sub-samples' value pairs, drawn with the seed).`,
    dialect === 'duckdb'
      ? '-- The query reads the file itself; row_no = the row among its data rows.'
      : `-- ${relation}: a table of the file's rows, columns as text; ${rowColumn} gives their order.`,
    `-- Output: row_no, score, ${names.join(', ')} (codes: labels in order of first appearance), t0 … (terms).`,
    `-- Ties are broken by row order. Dialect: ${DIALECT_NOTES[dialect]}.`,
    `${sql};`,
    '',
  ].join('\n');
}
