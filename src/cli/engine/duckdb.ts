import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import {
  tallyByCells,
  tallyByGroupingSets,
  tallyByPairs,
  type SqlValue,
  type Tally,
} from './tally.ts';
import Papa from 'papaparse';
import { allocateCooccurrence } from '../../core/data/counts/cooccurrence.ts';
import type { CountsFileTable } from './countsFile.ts';
import { knownPairs, sameCounts } from './knownCounts.ts';
import { countsOf, type Counts } from '../../core/data/counts/counts.ts';
import {
  codeCount,
  codeOfNumber,
  codeSql,
  quoteIdentifier,
  type CodeExpression,
  quoteString,
  type CountsSqlPlan,
  type ValueExpression,
} from '../../core/data/counts/sql.ts';
import { readingPlan } from '../../core/data/csv/bytes.ts';
import { DEFAULT_MISSING_TOKENS, uniqueHeaderNames } from '../../core/data/csv/rawTable.ts';
import { detectDelimiter, delimiterName, type Delimiter } from '../../core/data/csv/sniff.ts';
import { DataError, badOption, internal } from '../../core/base/errors.ts';
import { MAX_CATEGORICAL_VALUES, parseNumber } from '../../core/data/table/infer.ts';
import {
  columnSummaries,
  MISSING_LABEL,
  planTable,
  valueMapping,
  type Plan,
  type PrepareOptions,
  type ValueMapping,
} from '../../core/data/table/prepare.ts';
import type { CategoricalTable, ColumnKind, TableSummary } from '../../core/data/table/types.ts';
import type { ColumnProfile } from '../../core/data/csv/rawTable.ts';

/**
 * The CLI's out-of-core engine: DuckDB reads the CSV or Parquet file where it lies and computes
 * the shared counts in SQL (src/core/data/counts/sql.ts) — the file's rows never enter this process.
 * Three scans at most: the columns' dictionaries (labels in order of first appearance, counts,
 * missing cells), the kept rows' counts of numeric columns (only when rows are dropped and a
 * column is binned), and every value count and pair co-occurrence in one GROUPING SETS query.
 * Planning, binning and value order are the in-memory path's own functions (planTable,
 * valueMapping), so both engines give the same table of values and the same counts.
 */

/**
 * How the counts are taken: 'pairs' (default) — the kept rows' values as small integer codes in
 * a DuckDB table, then one GROUP BY per value and per feature pair (two integer columns each);
 * 'cells' — each row's values as codes, every value and
 * pair one integer key, one GROUP BY over the keys (UNNEST); 'grouping-sets' — GROUP BY GROUPING
 * SETS, one set per value and per pair (DuckDB keeps a hash table per set: megabytes each, so a
 * table of 35 attributes needs more than 1 GB). bench/duckdb.bench.ts measures both.
 */
export type CountsForm = 'pairs' | 'cells' | 'grouping-sets';

/**
 * Counts the planned query somewhere else than DuckDB (a database server: servers/postgres.ts):
 * DuckDB reads and profiles the file and plans the counts; this runs them on the raw rows.
 */
export type Counter = (
  connection: DuckDBConnection,
  plan: CountsSqlPlan,
  codes: readonly CodeExpression[],
  valueOf: (g: number, k: number) => SqlValue,
  /** Each grouped column's distinct texts (trimmed, not missing), in order of first appearance. */
  texts: readonly (readonly string[])[],
) => Promise<Tally>;

/**
 * The two scans of the raw rows besides the counts, run where the rows are: a server's table
 * (servers/) instead of the file read by DuckDB. Their answers are small (one row per distinct
 * cell of a column) and are taken on here as the file's are.
 */
export interface RawScan {
  /**
   * Scan 1: for each of these columns (by index) each distinct raw cell (null: SQL's NULL) with
   * its count and first row (the least row number; 0 when the rows have no order), and one row
   * (col −1) counting every row: rows of [col, raw, n, first_row].
   */
  dictionary(columns: readonly number[]): Promise<(readonly unknown[])[]>;
  /**
   * Scan 2: the same columns' distinct raw cells and counts over the kept rows: those whose
   * `required` columns hold none of their `missing` raw cells and no NULL. Rows [col, raw, n].
   */
  keptDictionary(
    columns: readonly number[],
    required: readonly { column: number; missing: readonly string[] }[],
  ): Promise<(readonly unknown[])[]>;
}

/** Loads the raw rows where a Counter counts them (a server), without counting them. */
export type Loader = (
  connection: DuckDBConnection,
  plan: CountsSqlPlan,
  codes: readonly CodeExpression[],
  texts: readonly (readonly string[])[],
) => Promise<void>;

export interface EngineOptions {
  form?: CountsForm;
  counter?: Counter;
  /**
   * Counts made before, taken instead of counting (knownCounts.ts); the rows are planned as
   * usual and `loader`, if any, holds them where they will be scored.
   */
  known?: CountsFileTable;
  loader?: Loader;
  /** Where the raw rows are scanned when they are not the file's (a server's table). */
  scan?: RawScan;
  /** DuckDB's memory_limit (its buffers; it spills to a temporary directory beyond). */
  memoryLimit?: string;
  threads?: number;
}

export interface ReadOptions {
  delimiter?: Delimiter | 'auto';
  missingTokens?: readonly string[];
  skipRaggedRows?: boolean;
}

/** A file counted by DuckDB: the table known by its counts, and how to read its rows again. */
export interface DuckdbTable {
  table: CategoricalTable;
  counts: Counts;
  summary: TableSummary;
  /** The counts query's plan (counts --sql prints it; per-row outputs reuse its values). */
  plan: CountsSqlPlan;
  /** Each grouped column's codes (the cell-key form of the counts query). */
  codes: CodeExpression[];
  /** Each grouped column's distinct texts (trimmed, not missing), in order of first appearance. */
  texts: string[][];
  /**
   * The kept rows again, each feature as its code (raw cells listed as in the counts): `from`
   * gives row_no (the row's position among the file's data rows) and the raw cells, `codes[a]`
   * the code of feature a, `valueOf[a][k]` the value (global index − offset) code k stands for.
   */
  coded: { from: string; codes: string[]; valueOf: number[][] };
}

/** Stage times on stderr when COUPLED_DUCKDB_TRACE is set (for the bench). */
export function trace(stage: string, since: number): number {
  const now = performance.now();
  if (process.env.COUPLED_DUCKDB_TRACE)
    process.stderr.write(`duckdb: ${stage} ${((now - since) / 1000).toFixed(2)} s\n`);
  return now;
}

/** Columns with more distinct values than this are not listed: excluded, or refused if used. */
export const PROFILE_VALUE_LIMIT = 100_000;

export async function openDuckdb(options: EngineOptions = {}): Promise<{
  connection: DuckDBConnection;
  close(): void;
}> {
  const spill = mkdtempSync(join(tmpdir(), 'coupled-duckdb-'));
  // A database file, not memory: the table of cells is stored compressed on disk, cached within
  // memory_limit.
  const instance = await DuckDBInstance.create(join(spill, 'work.duckdb'), {
    memory_limit: options.memoryLimit ?? '1GB',
    threads: String(options.threads ?? 2),
    temp_directory: spill,
    preserve_insertion_order: 'true',
  });
  const connection = await instance.connect();
  return {
    connection,
    close() {
      connection.closeSync();
      instance.closeSync();
      rmSync(spill, { recursive: true, force: true });
    },
  };
}

/**
 * Counts a table that is already in a server (`--table`): the server scans its rows
 * (`engine.scan`) and counts them (`engine.counter`); DuckDB here only plans, from the columns'
 * dictionaries. The rows never leave the server.
 */
export async function countServerTable(
  relation: string,
  columns: string[],
  read: ReadOptions,
  prepare: PrepareOptions,
  engine: EngineOptions & Required<Pick<EngineOptions, 'scan' | 'counter'>>,
): Promise<DuckdbTable> {
  const { connection, close } = await openDuckdb(engine);
  try {
    return await countSource(
      connection,
      { relation, columns, delimiter: '', warnings: [] },
      columns,
      read,
      prepare,
      engine,
    );
  } finally {
    close();
  }
}

/** Reads and counts a CSV or Parquet file out of core. */
export async function countWithDuckdb(
  file: string,
  read: ReadOptions,
  prepare: PrepareOptions,
  engine: EngineOptions = {},
): Promise<DuckdbTable> {
  const source = describeSource(file, read);
  const { connection, close } = await openDuckdb(engine);
  try {
    const columns = source.columns ?? (await parquetColumns(connection, source.relation));
    return await countSource(connection, source, columns, read, prepare, engine);
  } catch (error) {
    throw duckdbError(error, file);
  } finally {
    close();
  }
}

export interface Source {
  relation: string;
  /** Column names (CSV: ours, from the header; Parquet: read from the file). */
  columns: string[] | null;
  delimiter: string;
  warnings: string[];
}

const PARQUET_MAGIC = 'PAR1';

export function describeSource(file: string, read: ReadOptions): Source {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new DataError('empty', `cannot read “${file}”: no such file`);
  }
  if (size === 0) throw new DataError('empty', 'The file is empty.');
  const head = readBytes(file, 64 * 1024);
  const path = quoteString(file);
  if (new TextDecoder().decode(head.subarray(0, 4)) === PARQUET_MAGIC || /\.parquet$/i.test(file))
    return { relation: `read_parquet(${path})`, columns: null, delimiter: '', warnings: [] };
  const plan = readingPlan(head);
  if (plan.encoding !== 'utf-8' || plan.warning)
    throw new DataError(
      'bad-option',
      `The duckdb engine reads UTF-8 CSV only and this file is not (${plan.encoding}); read it with the in-memory engine, or save it as UTF-8.`,
    );
  let text = new TextDecoder('utf-8').decode(head).replace(/^\uFEFF/, '');
  // The last line of the head may be cut: keep whole lines.
  if (head.length === 64 * 1024) text = text.slice(0, Math.max(text.lastIndexOf('\n'), 0));
  const delimiter =
    read.delimiter === undefined || read.delimiter === 'auto'
      ? detectDelimiter(text)
      : read.delimiter;
  const header = Papa.parse<string[]>(text, { delimiter, preview: 1 }).data[0] ?? [];
  if (header.length === 0 || header.every((h) => h.trim() === ''))
    throw new DataError('empty', 'The file is empty: no header and no rows.');
  if (header.length === 1)
    throw new DataError(
      'single-column',
      `Only one column (“${header[0]?.trim()}”) was found with the ${delimiterName(delimiter)} delimiter. Couplings need at least two categorical columns; if the file uses another delimiter, choose it.`,
    );
  const { names, warnings } = uniqueHeaderNames(header);
  const columns = names.map((n) => `${quoteString(n)}: 'VARCHAR'`).join(', ');
  const relation =
    `read_csv(${path}, header = true, auto_detect = false, delim = ${quoteString(delimiter)}, ` +
    `quote = '"', escape = '"', strict_mode = true, null_padding = false, ` +
    `max_line_size = 16777216, columns = {${columns}}${read.skipRaggedRows ? ', ignore_errors = true' : ''})`;
  return { relation, columns: names, delimiter, warnings };
}

function readBytes(file: string, n: number): Uint8Array {
  const fd = openSync(file, 'r');
  try {
    const buffer = new Uint8Array(n);
    const got = readSync(fd, buffer, 0, n, 0);
    return buffer.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

async function parquetColumns(connection: DuckDBConnection, relation: string): Promise<string[]> {
  const reader = await connection.runAndReadAll(`DESCRIBE SELECT * FROM ${relation}`);
  return reader.getRows().map((r) => String(r[0]));
}

/** The file as SQL reads it: its relation, column names and missing tokens. */
type RawSource = Pick<CountsSqlPlan, 'source' | 'columns' | 'missingTokens'>;

/** A column's dictionary from the profile scan, with the SQL's view of its kind when too long. */
interface Profiled extends ColumnProfile {
  /** All distinct labels are listed (else only the first ones, and `kind` is SQL's). */
  complete: boolean;
  distinct: number;
  kind?: ColumnKind;
  /** Each distinct raw cell (null: DuckDB's empty cell) → its label, or null when missing. */
  raws: Map<string | null, string | null>;
}

async function countSource(
  connection: DuckDBConnection,
  source: Source,
  names: string[],
  read: ReadOptions,
  prepare: PrepareOptions,
  engine: EngineOptions,
): Promise<DuckdbTable> {
  const form = engine.form ?? 'pairs';
  if ((prepare.missing ?? 'drop') === 'auto')
    throw badOption('the duckdb engine takes --missing drop, own or mode (not auto)');
  const missingTokens = read.missingTokens ?? DEFAULT_MISSING_TOKENS;
  const base = { source: source.relation, columns: names, missingTokens };
  let clock = performance.now();
  const { profiles, rows } = await profile(
    connection,
    base,
    names.map((_, i) => i),
    engine.scan,
  );
  clock = trace('profile', clock);
  if (rows === 0)
    throw new DataError(
      'header-only',
      `The file has a header (${names.length} columns) but no data rows.`,
    );
  const planned = plannedColumns(profiles, prepare);
  const { features, grouped, requireAll, indexOf } = planned;
  const numericMappings = await numericMappingsOf(connection, base, planned, engine.scan);
  const codes = grouped.map((p) => codeExpression(p, numericMappings));
  const sizes = codes.map(codeCount);
  // The SQL value a code stands for (as the GROUPING SETS form gives it).
  const valueOf = (g: number, k: number): SqlValue => {
    const code = codes[g] as CodeExpression;
    if (k === (sizes[g] as number) - 1) return null;
    return code.kind === 'label'
      ? (code.labels[k] as string)
      : code.kind === 'interval'
        ? k
        : (code.numbers[k] as number);
  };
  const plan: CountsSqlPlan = {
    ...base,
    requireAll,
    grouped: grouped.map((p) => ({
      column: indexOf(p),
      value: valueExpression(p, numericMappings),
    })),
    pairs: features.flatMap((_, a) =>
      features.slice(a + 1).map((__, j) => [a, a + 1 + j] as const),
    ),
  };
  const codedRows = `SELECT ${grouped
    .map(
      (p, g) =>
        `CAST(${rawCodeSql(p.raw, indexOf(p), codes[g] as CodeExpression)} AS ${codeType(sizes[g] as number)}) AS k${g}`,
    )
    .join(', ')} FROM ${rawRows(base, profiles, grouped.map(indexOf), requireAll)}`;
  const texts = grouped.map((p) => p.raw.labels);
  const { singles, pairRows, kept } = engine.known
    ? await takeKnown(connection, engine, planned, base, { plan, codes, texts }, (g, k) => {
        const m = numericMappings.get(grouped[g] as Plan);
        const value = valueOf(g, k);
        if (!m) return [value, value === null ? MISSING_LABEL : String(value)];
        return [value, m.labels[numericCode(m, value)] ?? null];
      })
    : engine.counter
      ? await engine.counter(connection, plan, codes, valueOf, texts)
      : form === 'pairs'
        ? await tallyByPairs(connection, codedRows, plan, valueOf)
        : form === 'grouping-sets'
          ? await tallyByGroupingSets(connection, plan)
          : await tallyByCells(connection, plan, codes, valueOf);
  trace(engine.known ? 'counts known' : 'counts', clock);
  if (kept === 0)
    throw new DataError(
      'no-rows',
      'Every row has a missing cell in a used column, so none is left (missing: drop).',
    );
  const { mappings, codeOf } = finalMappings(planned, singles, numericMappings);
  const table = rowlessTable(planned, mappings, kept);
  const dropped = rows - kept;
  const summaryWarnings = [...source.warnings, ...planned.warnings];
  if (dropped > 0)
    summaryWarnings.push(
      `Dropped ${dropped.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} rows with a missing value (missing: drop).`,
    );
  const columns = columnSummaries(planned.plans, mappings).map((s, i) => {
    const p = profiles[i] as Profiled;
    return p.complete ? s : { ...s, distinct: p.distinct, inferredKind: p.kind ?? s.inferredKind };
  });
  const made: DuckdbTable = {
    table,
    counts: countsOf(cooccurrenceOf(table, planned, mappings, pairRows, codeOf), kept),
    summary: {
      rows: kept,
      totalRows: rows,
      droppedRows: dropped,
      missingPolicy: planned.policy,
      classDetected: planned.opts.classDetected,
      delimiter: source.delimiter,
      columns,
      warnings: summaryWarnings,
    },
    plan,
    codes,
    texts,
    coded: {
      from: rawRows(base, profiles, features.map(indexOf), requireAll, true),
      codes: features.map((p, a) => rawCodeSql(p.raw, indexOf(p), codes[a] as CodeExpression)),
      valueOf: features.map((_, a) =>
        Array.from({ length: sizes[a] as number }, (__, k) => codeOf[a]!(valueOf(a, k))),
      ),
    },
  };
  if (engine.known) sameCounts(made, engine.known);
  return made;
}

/**
 * The tally of counts made before (knownCounts.ts), the rows held by the loader if any: each
 * grouped column's value counts over the kept rows from the dictionaries (the profile's, or one
 * scan of the kept rows' cells when rows are dropped), its pairs from the counts file.
 */
async function takeKnown(
  connection: DuckDBConnection,
  engine: EngineOptions,
  planned: Planned,
  base: RawSource,
  query: { plan: CountsSqlPlan; codes: readonly CodeExpression[]; texts: readonly string[][] },
  /** Grouped column g's code k: its SQL value and the label it becomes. */
  valueOf: (g: number, k: number) => readonly [SqlValue, string | null],
): Promise<Tally> {
  const { plan, codes, texts } = query;
  const { grouped, profiles, requireAll, indexOf } = planned;
  if (planned.policy === 'mode')
    throw badOption(
      '--counts cannot stand in for counting under --missing mode: a counts file adds each column’s missing cells to its mode, so the rows holding them are not known',
    );
  const kept =
    requireAll.length > 0
      ? await keptCounts(connection, base, profiles, requireAll, grouped.map(indexOf), engine.scan)
      : grouped.map((p) => ({
          byLabel: new Map(p.raw.labels.map((l, k) => [l, p.raw.counts[k] as number])),
          missing: p.raw.missing,
        }));
  const singles = grouped.map((_, g) => {
    const code = codes[g] as CodeExpression;
    const { byLabel, missing } = kept[g] as (typeof kept)[number];
    const counts = new Map<SqlValue, number>();
    const add = (value: SqlValue, n: number): void =>
      void (n > 0 && counts.set(value, (counts.get(value) ?? 0) + n));
    for (const [label, n] of byLabel)
      add(
        code.kind === 'label'
          ? label
          : valueOf(g, codeOfNumber(code, parseNumber(label) as number))[0],
        n,
      );
    add(null, missing);
    return counts;
  });
  const first = kept[0] as (typeof kept)[number];
  const rows = [...first.byLabel.values()].reduce((x, y) => x + y, first.missing);
  const pairRows = knownPairs(
    engine.known as CountsFileTable,
    plan.pairs,
    planned.features.map((p) => p.raw.name),
    (a) => Array.from({ length: codeCount(codes[a] as CodeExpression) }, (_, k) => valueOf(a, k)),
    { singles, rows },
  );
  // Checked against the file's dictionaries first: a server loads the rows of matching counts only.
  await engine.loader?.(connection, plan, codes, texts);
  return { singles, pairRows, kept: rows };
}

/** A numeric column's value code of a SQL value (an interval's number, or a number). */
function numericCode(m: ValueMapping, value: SqlValue): number {
  if (value === null || !m.numeric) return m.ofMissing;
  return typeof value === 'number' && m.numeric.cuts !== null
    ? (m.numeric.ofInterval[value] ?? -1)
    : (m.numeric.ofNumber.get(Number(value)) ?? -1);
}

/** The in-memory path's plan of the profiled columns (planTable), with the engine's limits. */
function plannedColumns(profiles: Profiled[], prepare: PrepareOptions) {
  const kinds: Record<string, ColumnKind> = Object.create(null);
  for (const p of profiles) if (p.kind) kinds[p.name] = p.kind;
  const { opts, plans, used, features, warnings } = planTable(profiles, {
    ...prepare,
    kinds: { ...kinds, ...prepare.kinds },
  });
  for (const p of used)
    if (!p.raw.complete)
      throw new DataError(
        'too-large',
        `Column “${p.raw.name}” has ${p.raw.distinct.toLocaleString('en-US')} distinct values: the duckdb engine models columns of up to ${PROFILE_VALUE_LIMIT.toLocaleString('en-US')}; --drop it (or bin it before).`,
      );
  const policy = opts.missing as 'drop' | 'own' | 'mode';
  // Under missing: drop, a row is kept when every used column with a missing cell has a value.
  const requireAll =
    policy === 'drop'
      ? profiles.flatMap((raw, i) =>
          used.some((p) => p.raw === raw && raw.missing > 0) ? [i] : [],
        )
      : [];
  const cls = plans.find((p) => p.role === 'class') ?? null;
  const grouped = [...features, ...(cls ? [cls] : [])];
  const indexOf = (p: Plan<Profiled>): number => profiles.indexOf(p.raw);
  return { profiles, opts, plans, features, warnings, policy, requireAll, cls, grouped, indexOf };
}

type Planned = ReturnType<typeof plannedColumns>;

/** Numeric columns are binned before counting, from their counts over the kept rows. */
async function numericMappingsOf(
  connection: DuckDBConnection,
  base: RawSource,
  planned: Planned,
  scan: RawScan | undefined,
): Promise<Map<Plan, ValueMapping>> {
  const { profiles, requireAll, indexOf, opts } = planned;
  const numericMappings = new Map<Plan, ValueMapping>();
  const numeric = planned.grouped.filter((p) => p.kind === 'numeric');
  if (numeric.length === 0) return numericMappings;
  const kept =
    requireAll.length > 0
      ? (await keptCounts(connection, base, profiles, requireAll, numeric.map(indexOf), scan)).map(
          (k, i) => ({
            counts: (numeric[i] as Plan<Profiled>).raw.labels.map((l) => k.byLabel.get(l) ?? 0),
            missing: k.missing,
          }),
        )
      : numeric.map((p) => ({ counts: p.raw.counts, missing: p.raw.missing }));
  numeric.forEach((p, i) => {
    const k = kept[i] as { counts: number[]; missing: number };
    numericMappings.set(p, valueMapping(p, k.counts, k.missing, opts));
  });
  return numericMappings;
}

/** What the SQL groups a column by: its label, its number, or its bin. */
function valueExpression(p: Plan, numericMappings: Map<Plan, ValueMapping>): ValueExpression {
  const numericMapping = numericMappings.get(p)?.numeric;
  if (!numericMapping) return { kind: 'label' };
  return numericMapping.cuts === null
    ? { kind: 'number' }
    : { kind: 'interval', cuts: numericMapping.cuts };
}

/** The small integer codes a column's values are counted as. */
function codeExpression(
  p: Plan<Profiled>,
  numericMappings: Map<Plan, ValueMapping>,
): CodeExpression {
  const numericMapping = numericMappings.get(p)?.numeric;
  if (!numericMapping) return { kind: 'label', labels: p.raw.labels };
  return numericMapping.cuts === null
    ? { kind: 'number', numbers: [...numericMapping.ofNumber.keys()].sort((x, y) => x - y) }
    : { kind: 'interval', cuts: numericMapping.cuts };
}

/** Final values of every grouped column, exactly as prepareTable maps them, and SQL value → code. */
function finalMappings(
  planned: Planned,
  singles: readonly Map<string | number | null, number>[],
  numericMappings: Map<Plan, ValueMapping>,
) {
  const mappings = new Map<Plan, ValueMapping>();
  const codeOf: ((value: string | number | null) => number)[] = [];
  planned.grouped.forEach((p, i) => {
    const counts = singles[i] as Map<string | number | null, number>;
    const m =
      numericMappings.get(p) ??
      valueMapping(
        p,
        p.raw.labels.map((label) => counts.get(label) ?? 0),
        counts.get(null) ?? 0,
        planned.opts,
      );
    mappings.set(p, m);
    const rawIndex = new Map(p.raw.labels.map((l, r) => [l, r]));
    codeOf.push((value) => {
      if (value === null) return m.ofMissing;
      if (m.numeric) return numericCode(m, value);
      return m.ofRaw[rawIndex.get(String(value)) ?? -1] ?? -1;
    });
  });
  return { mappings, codeOf };
}

/** The table of values the counts describe: attributes and class labels, no rows. */
function rowlessTable(
  planned: Planned,
  mappings: Map<Plan, ValueMapping>,
  kept: number,
): CategoricalTable {
  let offset = 0;
  const attributes = planned.features.map((p) => {
    const labels = (mappings.get(p) as ValueMapping).labels;
    const attribute = { name: p.raw.name, labels, codes: new Int32Array(0), offset };
    offset += labels.length;
    return attribute;
  });
  const valueAttribute = new Int32Array(offset);
  attributes.forEach((a, i) => valueAttribute.fill(i, a.offset, a.offset + a.labels.length));
  const { cls } = planned;
  return {
    nRows: kept,
    attributes,
    nValues: offset,
    valueAttribute,
    classColumn: cls
      ? {
          name: cls.raw.name,
          labels: (mappings.get(cls) as ValueMapping).labels,
          codes: new Int32Array(0),
        }
      : null,
    sourceRows: new Int32Array(0),
    sourceLines: new Int32Array(0),
    rowless: true,
  };
}

/** Value counts and pair co-occurrences from the tallies, in the in-memory layout. */
function cooccurrenceOf(
  table: CategoricalTable,
  planned: Planned,
  mappings: Map<Plan, ValueMapping>,
  pairRows: Awaited<ReturnType<typeof tallyByPairs>>['pairRows'],
  codeOf: readonly ((value: string | number | null) => number)[],
) {
  const c = allocateCooccurrence(table);
  const D = planned.features.length;
  planned.features.forEach((p, a) => {
    const m = mappings.get(p) as ValueMapping;
    m.counts.forEach((n, code) => (c.valueCounts[table.attributes[a]!.offset + code] = n));
  });
  for (const { a, b, va, vb, n } of pairRows) {
    const ka = codeOf[a]!(va as string | number | null);
    const kb = codeOf[b]!(vb as string | number | null);
    if (ka < 0 || kb < 0)
      throw internal(`a counted value has no code (${String(va)}, ${String(vb)})`);
    const cell = (c.blockOffset[a * D + b] as number) + ka * (c.sizes[b] as number) + kb;
    c.data[cell] = (c.data[cell] as number) + n;
  }
  return c;
}

/** The number grammar of parseNumber (core/data/table/infer.ts) as a regular expression. */
const NUMBER_PATTERN = '[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?';

/** Columns profiled by one scan (DuckDB keeps a hash table per grouping set). */
const PROFILE_COLUMNS_PER_SCAN = 32;

/** The file's cell as text, untouched: the reader's rules (trim, missing tokens) apply in JS. */
const rawCell = (columns: readonly string[], i: number): string =>
  `CAST(${quoteIdentifier(columns[i] as string)} AS VARCHAR)`;
const rawName = (i: number): string => `r${i}`;

/**
 * Scan 1: every column's distinct raw cells with their counts and first row, over all rows.
 * Each raw cell is then read in JS as the in-memory reader reads it (trimmed, missing tokens):
 * labels in order of first appearance, counts, missing cells. Grouping the raw text and cleaning
 * only the distinct cells is what makes this fast (cleaning every cell in SQL cost 0.5 µs). A
 * column with more than PROFILE_VALUE_LIMIT raw cells lists only its first ones; its kind is then
 * decided in SQL as inferKind would (identifier, numeric, categorical).
 */
async function profile(
  connection: DuckDBConnection,
  base: RawSource,
  all: number[],
  scan: RawScan | undefined,
): Promise<{ profiles: Profiled[]; rows: number }> {
  await connection.run(
    'CREATE TEMP TABLE profile (col INTEGER, raw VARCHAR, n BIGINT, first_row BIGINT)',
  );
  if (scan) {
    // The server's dictionaries, taken on here: the rest of the profile is the file's.
    const appender = await connection.createAppender('profile');
    for (const [col, raw, n, first] of await scan.dictionary(all)) {
      appender.appendInteger(Number(col));
      if (raw === null || raw === undefined) appender.appendNull();
      else appender.appendVarchar(String(raw));
      appender.appendBigInt(BigInt(String(n)));
      appender.appendBigInt(BigInt(String(first ?? 0)));
      appender.endRow();
    }
    appender.closeSync();
  }
  for (let start = 0; !scan && start < all.length; start += PROFILE_COLUMNS_PER_SCAN) {
    const batch = all.slice(start, start + PROFILE_COLUMNS_PER_SCAN);
    const which = `CASE ${batch.map((i) => `WHEN GROUPING(${rawName(i)}) = 0 THEN ${i}`).join(' ')} ELSE -1 END`;
    await connection.run(
      `INSERT INTO profile
SELECT ${which}, COALESCE(${batch.map(rawName).join(', ')}), COUNT(*), MIN(row_no)
FROM (SELECT ROW_NUMBER() OVER () AS row_no, ${batch.map((i) => `${rawCell(base.columns, i)} AS ${rawName(i)}`).join(', ')}
      FROM ${base.source}) AS raw_cells
GROUP BY GROUPING SETS (${[...batch.map((i) => `(${rawName(i)})`), ...(start === 0 ? ['()'] : [])].join(', ')})`,
    );
  }
  const rows = Number(
    (await connection.runAndReadAll('SELECT n FROM profile WHERE col = -1')).getRows()[0]?.[0] ?? 0,
  );
  const stats = await connection.runAndReadAll(
    `SELECT col, COUNT(raw) AS distinct_cells,
       COALESCE(BOOL_AND(regexp_full_match(trim(raw), '${NUMBER_PATTERN}') AND isfinite(TRY_CAST(trim(raw) AS DOUBLE))), true) AS numbers,
       COALESCE(BOOL_AND(regexp_full_match(trim(raw), '[+-]?[0-9]+')), true) AS integers,
       COALESCE(SUM(CASE WHEN raw IS NULL THEN n END), 0) AS nulls
     FROM profile WHERE col >= 0 GROUP BY col ORDER BY col`,
  );
  const byColumn = new Map(stats.getRows().map((r) => [Number(r[0]), r]));
  const big = [...byColumn].filter(([, r]) => Number(r[1]) > PROFILE_VALUE_LIMIT).map(([i]) => i);
  const listed = await connection.runAndReadAll(
    `SELECT col, raw, n FROM (
       SELECT col, raw, n, first_row, ROW_NUMBER() OVER (PARTITION BY col ORDER BY first_row, raw) AS k
       FROM profile WHERE col >= 0 AND raw IS NOT NULL) AS ranked
     WHERE k <= CASE WHEN col IN (${[-2, ...big].join(', ')}) THEN ${MAX_CATEGORICAL_VALUES + 1} ELSE ${PROFILE_VALUE_LIMIT} END
     ORDER BY col, first_row, raw`,
  );
  const tokens = new Set(['', ...base.missingTokens]);
  const profiles: Profiled[] = base.columns.map((name, i) => {
    const s = byColumn.get(i);
    const distinct = Number(s?.[1] ?? 0);
    const complete = distinct <= PROFILE_VALUE_LIMIT;
    const nulls = Number(s?.[4] ?? rows);
    const p: Profiled = {
      name,
      labels: [],
      counts: [],
      missing: nulls,
      rows,
      complete,
      distinct,
      raws: new Map([[null, null]]),
    };
    if (!complete) {
      // inferKind's rules on the whole dictionary (core/data/table/infer.ts).
      const numbers = Boolean(s?.[2]);
      const present = rows - nulls;
      p.kind =
        distinct === present && present >= 3 && !(numbers && !s?.[3])
          ? 'identifier'
          : numbers && distinct > 10
            ? 'numeric'
            : 'categorical';
    }
    return p;
  });
  const labelIndex = profiles.map(() => new Map<string, number>());
  // Rows come in order of first appearance, so labels do too (as RawTableBuilder lists them).
  for (const r of listed.getRows()) {
    const i = Number(r[0]);
    const p = profiles[i] as Profiled;
    const raw = String(r[1]);
    const n = Number(r[2]);
    const label = raw.trim();
    if (tokens.has(label)) {
      p.raws.set(raw, null);
      p.missing += n;
      continue;
    }
    p.raws.set(raw, label);
    const index = labelIndex[i] as Map<string, number>;
    const k = index.get(label);
    if (k === undefined) {
      index.set(label, p.labels.length);
      p.labels.push(label);
      p.counts.push(n);
    } else p.counts[k] = (p.counts[k] as number) + n;
  }
  return { profiles, rows };
}

/** SQL: this column's cell is not missing (under the reader's rules). */
function presentSql(p: Profiled, i: number): string {
  const missing = missingRaws(p);
  const name = rawName(i);
  return missing.length === 0
    ? `${name} IS NOT NULL`
    : `${name} IS NOT NULL AND ${name} NOT IN (${missing.map((raw) => quoteString(raw)).join(', ')})`;
}

/** The raw cells of the given columns, over the rows where every required column is present. */
function rawRows(
  base: Pick<CountsSqlPlan, 'source' | 'columns'>,
  profiles: readonly Profiled[],
  columns: readonly number[],
  requireAll: readonly number[],
  rowNumber = false,
): string {
  const used = [...new Set([...requireAll, ...columns])].sort((a, b) => a - b);
  const where =
    requireAll.length > 0
      ? ` WHERE ${requireAll.map((i) => presentSql(profiles[i] as Profiled, i)).join(' AND ')}`
      : '';
  const cells = used.map((i) => `${rawCell(base.columns, i)} AS ${rawName(i)}`);
  if (rowNumber) cells.unshift('ROW_NUMBER() OVER () AS row_no');
  return `(SELECT * FROM (SELECT ${cells.join(', ')} FROM ${base.source}) AS raw_cells${where}) AS kept_cells`;
}

/** Scan 2: the kept rows' label counts and missing cells of the given columns. */
async function keptCounts(
  connection: DuckDBConnection,
  base: Pick<CountsSqlPlan, 'source' | 'columns'>,
  profiles: readonly Profiled[],
  requireAll: readonly number[],
  columns: number[],
  scan: RawScan | undefined,
): Promise<{ byLabel: Map<string, number>; missing: number }[]> {
  const rows = scan
    ? await scan.keptDictionary(
        columns,
        requireAll.map((i) => ({ column: i, missing: missingRaws(profiles[i] as Profiled) })),
      )
    : await keptDictionaryHere(connection, base, profiles, requireAll, columns);
  const out = columns.map(() => ({ byLabel: new Map<string, number>(), missing: 0 }));
  for (const r of rows) {
    const col = Number(r[0]);
    const at = out[columns.indexOf(col)];
    if (!at) continue;
    const raw = r[1] === null || r[1] === undefined ? null : String(r[1]);
    const label = (profiles[col] as Profiled).raws.get(raw) ?? null;
    const n = Number(r[2]);
    if (label === null) at.missing += n;
    else at.byLabel.set(label, (at.byLabel.get(label) ?? 0) + n);
  }
  return out;
}

/** A column's raw cells that read as missing (besides NULL). */
function missingRaws(p: Profiled): string[] {
  return [...p.raws].flatMap(([raw, label]) => (raw !== null && label === null ? [raw] : []));
}

/** Scan 2 by DuckDB over the file. */
async function keptDictionaryHere(
  connection: DuckDBConnection,
  base: Pick<CountsSqlPlan, 'source' | 'columns'>,
  profiles: readonly Profiled[],
  requireAll: readonly number[],
  columns: number[],
): Promise<(readonly unknown[])[]> {
  const result = await connection.runAndReadAll(
    `SELECT ${`CASE ${columns.map((i) => `WHEN GROUPING(${rawName(i)}) = 0 THEN ${i}`).join(' ')} END`} AS col,
       COALESCE(${columns.map(rawName).join(', ')}) AS raw, COUNT(*) AS n
FROM ${rawRows(base, profiles, columns, requireAll)}
GROUP BY GROUPING SETS (${columns.map((i) => `(${rawName(i)})`).join(', ')})`,
  );
  return result.getRows();
}

/** The narrowest integer type for codes 0…n − 1 (narrow keys aggregate fastest). */
function codeType(n: number): string {
  return n <= 255 ? 'UTINYINT' : n <= 65535 ? 'USMALLINT' : 'INTEGER';
}

/** Above this many distinct raw cells a numeric column is coded by casting, not by listing. */
const LISTED_CODES = 2000;

/** SQL: the code of a grouped column's raw cell (the CodeExpression's codes; last = missing). */
function rawCodeSql(p: Profiled, i: number, code: CodeExpression): string {
  const missing = codeCount(code) - 1;
  const name = rawName(i);
  const codeOfLabel = (label: string): number =>
    code.kind === 'label'
      ? code.labels.indexOf(label)
      : codeOfNumber(code, parseNumber(label) as number);
  const listedRaws = [...p.raws].filter(([raw, label]) => raw !== null && label !== null);
  if (code.kind === 'label' || listedRaws.length <= LISTED_CODES) {
    const labelCode = new Map<string, number>();
    if (code.kind === 'label') code.labels.forEach((l, k) => labelCode.set(l, k));
    const whens = listedRaws.map(([raw, label]) => {
      const k =
        code.kind === 'label'
          ? (labelCode.get(label as string) ?? -1)
          : codeOfLabel(label as string);
      return `WHEN ${quoteString(raw as string)} THEN ${k}`;
    });
    return whens.length === 0
      ? String(missing)
      : `CASE ${name} ${whens.join(' ')} ELSE ${missing} END`;
  }
  return `CASE WHEN NOT (${presentSql(p, i)}) THEN ${missing} ELSE ${codeSql(`trim(${name})`, code)} END`;
}

/** DuckDB's errors as one line naming the file. */
export function duckdbError(error: unknown, file: string): Error {
  if (error instanceof DataError || error instanceof RangeError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split('\n')[0] ?? message;
  return new DataError('bad-option', `DuckDB could not read “${file}”: ${first}`);
}
