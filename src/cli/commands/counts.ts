import { runToEnd } from '../../core/base/jobs.ts';
import {
  cellCountsSql,
  cellKeys,
  countsSql,
  type CodeExpression,
  type SqlDialect,
} from '../../core/data/counts/sql.ts';
import type { CountsReport, ExplorerSession, Loaded } from '../../core/platform/session.ts';
import { parseRowFilter } from '../../core/data/table/rows.ts';
import { fileArgument, refuseUnknown, text } from '../args.ts';
import { writeCountsParquet } from '../engine/countsFile.ts';
import { matrixRows } from '../json.ts';
import { printJson, type Io } from '../output.ts';
import { loadTable } from '../table.ts';
import type { Command } from './command.ts';
import { duckdbOptions, type CliRequest } from '../request.ts';

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
          counts FILE --sql [--dialect ansi|spark] [--sql-table data] [--sql-form cells|grouping-sets]: the SQL computing the same
          counts on a table of the file's rows (needs no --engine: the columns are profiled by DuckDB)`,
  async run(request: CliRequest, io: Io) {
    const file = fileArgument(request, this.usage());
    refuseUnknown(
      request.own,
      new Set(['rows-where', 'sql', 'dialect', 'sql-table', 'sql-form']),
      this.usage(),
    );
    const filter = text(request.own, 'rows-where');
    if (request.own.flags.has('sql')) {
      await printSqlOf(file, request, io);
      return;
    }
    for (const f of ['dialect', 'sql-table', 'sql-form'])
      if (request.own.flags.has(f)) throw new RangeError(`--${f} goes with --sql`);
    if (filter && request.engine.counts !== null)
      throw new RangeError('--rows-where needs the rows: a counts file has none');
    if (filter && request.engine.engine === 'duckdb')
      throw new RangeError('--rows-where is not available with --engine duckdb');
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

async function writeParquet(
  session: ExplorerSession,
  loaded: Loaded,
  out: string,
  request: CliRequest,
  subset: boolean,
): Promise<void> {
  if (subset) throw new RangeError('--rows-where counts are written as JSON only');
  await writeCountsParquet(
    out,
    session.table,
    runToEnd(session.fitCountSteps()),
    loaded.summary,
    duckdbOptions(request.engine),
  );
}

async function printSqlOf(file: string, request: CliRequest, io: Io): Promise<void> {
  const dialect = (text(request.own, 'dialect') ?? 'ansi') as SqlDialect;
  if (dialect !== 'ansi' && dialect !== 'spark')
    throw new RangeError(`--dialect must be ansi or spark, got “${String(dialect)}”`);
  const relation = text(request.own, 'sql-table') ?? 'data';
  const { duckdb } = await loadTable(file, {
    ...request,
    engine: { ...request.engine, engine: 'duckdb' },
  });
  if (!duckdb) throw new Error('the duckdb engine gave no plan');
  const plan = duckdb.plan;
  const names = plan.grouped.map((g) => plan.columns[g.column] as string);
  const form = text(request.own, 'sql-form') ?? 'cells';
  if (form !== 'cells' && form !== 'grouping-sets')
    throw new RangeError(`--sql-form must be cells or grouping-sets, got “${form}”`);
  const sql =
    form === 'cells'
      ? cellCountsSql(
          {
            ...plan,
            source: relation,
            grouped: plan.grouped.map((g, i) => ({
              ...g,
              code: duckdb.codes[i] as CodeExpression,
            })),
          },
          dialect,
        )
      : countsSql({ ...plan, source: relation }, dialect);
  const keys = cellKeys(duckdb.codes, plan.pairs);
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
      `-- in one scan. ${relation}: a table of the`,
      `-- file's rows with its columns as text, as read by the explorer (quotes removed).`,
      `-- v${0}…v${names.length - 1}: ${names.map((n, i) => `v${i} = ${n}`).join(', ')}.`,
      ...layout,
      `-- Numeric columns are binned by the cut points computed from this file (equal-frequency`,
      `-- by default): vK is then the interval number. Dialect: ${dialect === 'ansi' ? 'ANSI SQL (double-quoted names; DuckDB, PostgreSQL, Snowflake, Spark with spark.sql.ansi.doubleQuotedIdentifiers)' : 'Spark SQL (backquoted names)'}.`,
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
    throw new RangeError(`too many values (${L}) for a dense co-occurrence matrix`);
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
