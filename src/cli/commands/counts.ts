import { runToEnd } from '../../core/base/jobs.ts';
import { cellKeys } from '../../core/data/counts/sql.ts';
import { countsQueryIn, dialectOf, DIALECT_NOTES, SQL_DIALECTS } from '../engine/dialects.ts';
import { countRows, sampleRowNumbers, sampleSql, writeSample } from '../engine/sample.ts';
import { SEED_BOUND } from '../../core/base/parameters.ts';
import { parseOptionsOf } from '../../core/data/table/preparation.ts';
import type { CountsReport, ExplorerSession, Loaded } from '../../core/platform/session.ts';
import { parseRowFilter } from '../../core/data/table/rows.ts';
import { fileArgument, refuseUnknown, text } from '../args.ts';
import { writeCountsParquet } from '../engine/countsFile.ts';
import { matrixRows } from '../json.ts';
import { printJson, type Io } from '../output.ts';
import { loadTable } from '../table.ts';
import type { Command } from './command.ts';
import { duckdbOptions, type CliRequest } from '../request.ts';
import { badOption, internal } from '../../core/base/errors.ts';

/**
 * `counts FILE`: value counts, co-occurrences, entropy and symmetric uncertainty — the counts
 * every value-level method reads (`--counts FILE` takes this output back). `--sql` prints the
 * query that computes them on a warehouse instead.
 */
export const countsCommand: Command = {
  name: 'counts',
  summary: 'value counts, co-occurrence, entropy, symmetric uncertainty (or --sql: the query)',
  usage: () =>
    `counts:   counts FILE [--rows-where COL=VALUE] [--out FILE.json|FILE.parquet]
          counts FILE --sql [--dialect ${SQL_DIALECTS.join('|')}] [--sql-table data] [--sql-form cells|grouping-sets]: the SQL
          computing the same counts on a table of the file's rows (duckdb: on the file itself; needs no --engine: the columns are
          profiled by DuckDB)
          counts FILE --sample N [--sample-seed 1] --out SAMPLE.csv: N of the file's rows drawn with the seed, in file
          order (for the views that need rows when the explorer holds counts); with --sql [--dialect …] [--sql-table data]
          [--row-column row_no]: the query selecting the same rows from a table whose row_no numbers the rows 1, 2 …`,
  async run(request: CliRequest, io: Io) {
    const file = fileArgument(request, this.usage());
    refuseUnknown(
      request.own,
      new Set(['rows-where', 'sql', 'dialect', 'sql-table', 'sql-form', 'sample', 'sample-seed']),
      this.usage(),
    );
    if (request.own.flags.has('sample')) {
      await sample(file, request, io);
      return;
    }
    if (request.own.flags.has('sample-seed')) throw badOption('--sample-seed goes with --sample');
    if (request.engine.table !== null && request.own.flags.has('sql'))
      throw badOption(
        '--sql prints the query for a FILE; a --table is counted where it is (counts --table T --engine …)',
      );
    const filter = text(request.own, 'rows-where');
    if (request.own.flags.has('sql')) {
      await printSqlOf(file, request, io);
      return;
    }
    for (const f of ['dialect', 'sql-table', 'sql-form'])
      if (request.own.flags.has(f)) throw badOption(`--${f} goes with --sql`);
    if (filter && request.engine.counts !== null)
      throw badOption('--rows-where needs the rows: a counts file has none');
    if (filter && request.engine.engine === 'duckdb')
      throw badOption('--rows-where is not available with --engine duckdb');
    const { session, loaded } = await loadTable(file, request);
    const rowsWhere = filter ? parseRowFilter(filter) : null;
    const report = runToEnd(session.countSteps({ rowsWhere }));
    const out = request.output.out ?? undefined;
    if (out?.toLowerCase().endsWith('.parquet')) {
      await writeParquet(session, loaded, out, request, filter !== undefined);
      io.stdout(`${JSON.stringify({ rows: report.nRows, out, format: 'parquet' })}\n`);
      return;
    }
    printJson(countsJson(loaded, report), request, io);
  },
};

/** The most rows a sample holds: the explorer keeps them in a tab. */
export const MAX_SAMPLE = 10_000_000;

/** `--sample N`: the seeded sample written as CSV, or the query selecting it. */
async function sample(file: string, request: CliRequest, io: Io): Promise<void> {
  const args = request.own;
  const n = whole(
    text(args, 'sample'),
    'sample',
    1,
    MAX_SAMPLE,
    'the explorer holds the rows in a tab',
  );
  const seed = whole(
    text(args, 'sample-seed') ?? '1',
    'sample-seed',
    0,
    SEED_BOUND.max,
    SEED_BOUND.maxBecause,
  );
  const read = parseOptionsOf(request.read);
  if (args.flags.has('sql')) {
    if (args.flags.has('sql-form')) throw badOption('--sql-form goes with the counts query');
    const { total } = await countRows(file, read, duckdbOptions(request.engine));
    const rows = sampleRowNumbers(total, n, seed);
    io.stdout(
      [
        `-- ${rows.length} of the ${total} rows of ${file}, drawn with seed ${seed} (as counts --sample writes them),`,
        `-- from a table of its rows whose ${request.engine.rowColumn ?? 'row_no'} numbers them 1, 2 … in file order.`,
        `${sampleSql(text(args, 'sql-table') ?? 'data', request.engine.rowColumn ?? 'row_no', rows, dialectOf(args))};`,
        '',
      ].join('\n'),
    );
    return;
  }
  for (const f of ['dialect', 'sql-table'])
    if (args.flags.has(f)) throw badOption(`--${f} goes with --sql`);
  if (request.engine.table !== null)
    throw badOption(
      '--sample --out writes rows of a FILE; for a --table, print the query with --sql',
    );
  const out = request.output.out;
  if (!out?.toLowerCase().endsWith('.csv'))
    throw badOption('--sample writes a CSV file: give --out SAMPLE.csv');
  const written = await writeSample(file, read, n, seed, out, duckdbOptions(request.engine));
  io.stdout(`${JSON.stringify({ ...written, seed, out })}\n`);
}

function whole(
  value: string | undefined,
  name: string,
  min: number,
  max: number,
  because: string,
): number {
  const x = Number(value);
  if (value === undefined || value.trim() === '' || !Number.isInteger(x) || x < min || x > max)
    throw badOption(
      `--${name} must be a whole number from ${min} to ${max.toLocaleString('en-US')} (${because}), got “${value ?? ''}”`,
    );
  return x;
}

async function writeParquet(
  session: ExplorerSession,
  loaded: Loaded,
  out: string,
  request: CliRequest,
  subset: boolean,
): Promise<void> {
  if (subset) throw badOption('--rows-where counts are written as JSON only');
  await writeCountsParquet(
    out,
    session.table,
    runToEnd(session.fitCountSteps()),
    loaded.summary,
    duckdbOptions(request.engine),
  );
}

async function printSqlOf(file: string, request: CliRequest, io: Io): Promise<void> {
  const dialect = dialectOf(request.own);
  const relation = text(request.own, 'sql-table') ?? 'data';
  const form = text(request.own, 'sql-form') ?? 'cells';
  if (form !== 'cells' && form !== 'grouping-sets')
    throw badOption(`--sql-form must be cells or grouping-sets, got “${form}”`);
  const { duckdb } = await loadTable(file, {
    ...request,
    engine: { ...request.engine, engine: 'duckdb' },
  });
  if (!duckdb) throw internal('the duckdb engine gave no plan');
  const { plan, codes } = duckdb;
  const sql = countsQueryIn(dialect, plan, codes, relation, form, duckdb.texts);
  const names = plan.grouped.map((g) => plan.columns[g.column] as string);
  const keys = cellKeys(codes, plan.pairs);
  const G = plan.grouped.length;
  const layout =
    form === 'cells'
      ? [
          `-- Output (cell, n): cell 0 counts the rows; value code k of vG is cell ${'single[G]'} + k with`,
          `-- single = [${keys.single.join(', ')}] (the last code of each column = missing); features`,
          `-- a < b with codes k, l are cell pair(a,b) + k·size(b) + l, sizes = [${keys.sizes.join(', ')}],`,
          `-- pair starts: ${[...keys.pair].map(([ab, s]) => `(${Math.floor(ab / G)},${ab % G})=${s}`).join(' ')}.`,
          `-- Codes: a column's labels in order of first appearance in the file, as in the CASEs.`,
        ]
      : [
          `-- Output: gK = 1 where vK is not grouped in that row's set; vK = NULL in a set grouping it = missing.`,
        ];
  io.stdout(
    [
      `-- The shared counts of ${file}: value counts, pair co-occurrences and the rows counted,`,
      dialect === 'duckdb'
        ? '-- in one scan of the file.'
        : `-- in one scan. ${relation}: a table of the file's rows with its columns as text, as read by the explorer (quotes removed).`,
      `-- v${0}…v${names.length - 1}: ${names.map((n, i) => `v${i} = ${n}`).join(', ')}.`,
      ...layout,
      `-- Numeric columns are binned by the cut points computed from this file (equal-frequency`,
      `-- by default): vK is then the interval number. Dialect: ${DIALECT_NOTES[dialect]}.`,
      `${sql};`,
      '',
    ].join('\n'),
  );
}

function countsJson(loaded: Loaded, counts: CountsReport): object {
  const { meta, summary } = loaded;
  const L = meta.nValues;
  const D = meta.attributes.length;
  const values = meta.attributes.flatMap((a) =>
    a.labels.map((label, k) => ({
      attribute: a.name,
      label,
      count: counts.valueCounts[a.offset + k] as number,
    })),
  );
  if (!counts.cooccurrence)
    throw badOption(`too many values (${L}) for a dense co-occurrence matrix`);
  return {
    rows: counts.nRows,
    values,
    cooccurrence: matrixRows(counts.cooccurrence, L, L),
    entropy: { attributes: meta.attributes.map((a) => a.name), bits: Array.from(counts.entropy) },
    su: {
      attributes: meta.attributes.map((a) => a.name),
      matrix: matrixRows(counts.symmetricUncertainty, D, D),
    },
    // How the rows were read: `--counts` carries it into a run's `data`.
    data: {
      rows: summary.rows,
      droppedRows: summary.droppedRows,
      totalRows: summary.totalRows,
      missing: summary.missingPolicy,
    },
  };
}
