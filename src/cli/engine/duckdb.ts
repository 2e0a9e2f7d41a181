import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import Papa from 'papaparse';
import { allocateCooccurrence } from '../../core/counts/cooccurrence.ts';
import { countsOf, type Counts } from '../../core/counts/counts.ts';
import {
  cellName,
  cellsSql,
  countsSql,
  quoteString,
  readCountsRow,
  type CountsSqlPlan,
  type ValueExpression,
} from '../../core/counts/sql.ts';
import { readingPlan } from '../../core/csv/bytes.ts';
import { DEFAULT_MISSING_TOKENS, uniqueHeaderNames } from '../../core/csv/rawTable.ts';
import { detectDelimiter, delimiterName, type Delimiter } from '../../core/csv/sniff.ts';
import { DataError } from '../../core/errors.ts';
import { MAX_CATEGORICAL_VALUES } from '../../core/table/infer.ts';
import {
  columnSummaries,
  planTable,
  valueMapping,
  type Plan,
  type PrepareOptions,
  type ValueMapping,
} from '../../core/table/prepare.ts';
import type {
  CategoricalTable,
  ColumnKind,
  ColumnProfile,
  TableSummary,
} from '../../core/table/types.ts';

/**
 * The CLI's out-of-core engine: DuckDB reads the CSV or Parquet file where it lies and computes
 * the shared counts in SQL (src/core/counts/sql.ts) — the file's rows never enter this process.
 * Three scans at most: the columns' dictionaries (labels in order of first appearance, counts,
 * missing cells), the kept rows' counts of numeric columns (only when rows are dropped and a
 * column is binned), and every value count and pair co-occurrence in one GROUPING SETS query.
 * Planning, binning and value order are the in-memory path's own functions (planTable,
 * valueMapping), so both engines give the same table of values and the same counts.
 */

export interface EngineOptions {
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
  /** Each feature's values as the counts query gives them (label, interval, number; null = missing) with their codes. */
  valueCodes: { value: string | number | null; code: number }[][];
}

/** Columns with more distinct values than this are not listed: excluded, or refused if used. */
export const PROFILE_VALUE_LIMIT = 100_000;

export async function openDuckdb(options: EngineOptions = {}): Promise<{
  connection: DuckDBConnection;
  close(): void;
}> {
  const spill = mkdtempSync(join(tmpdir(), 'coupled-duckdb-'));
  const instance = await DuckDBInstance.create(':memory:', {
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
    return await countSource(connection, source, columns, read, prepare);
  } catch (error) {
    throw duckdbError(error, file);
  } finally {
    close();
  }
}

interface Source {
  relation: string;
  /** Column names (CSV: ours, from the header; Parquet: read from the file). */
  columns: string[] | null;
  delimiter: string;
  warnings: string[];
}

const PARQUET_MAGIC = 'PAR1';

function describeSource(file: string, read: ReadOptions): Source {
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

/** A column's dictionary from the profile scan, with the SQL's view of its kind when too long. */
interface Profiled extends ColumnProfile {
  /** All distinct labels are listed (else only the first ones, and `kind` is SQL's). */
  complete: boolean;
  distinct: number;
  kind?: ColumnKind;
}

async function countSource(
  connection: DuckDBConnection,
  source: Source,
  names: string[],
  read: ReadOptions,
  prepare: PrepareOptions,
): Promise<DuckdbTable> {
  if ((prepare.missing ?? 'drop') === 'auto')
    throw new RangeError('the duckdb engine takes --missing drop, own or mode (not auto)');
  const missingTokens = read.missingTokens ?? DEFAULT_MISSING_TOKENS;
  const base = { source: source.relation, columns: names, missingTokens };
  const all = names.map((_, i) => i);
  const { profiles, rows } = await profile(connection, base, all);
  if (rows === 0)
    throw new DataError(
      'header-only',
      `The file has a header (${names.length} columns) but no data rows.`,
    );

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
  const requireAll =
    policy === 'drop'
      ? all.filter((i) => used.some((p) => p.raw === profiles[i] && p.raw.missing > 0))
      : [];
  const cls = plans.find((p) => p.role === 'class') ?? null;
  const grouped = [...features, ...(cls ? [cls] : [])];
  const indexOf = (p: Plan<Profiled>): number => profiles.indexOf(p.raw);

  // Numeric columns are binned before counting, from their counts over the kept rows.
  const numericMappings = new Map<Plan, ValueMapping>();
  const numeric = grouped.filter((p) => p.kind === 'numeric');
  if (numeric.length > 0) {
    const kept =
      requireAll.length > 0
        ? (await keptCounts(connection, { ...base, requireAll }, numeric.map(indexOf))).map(
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
  }
  const expression = (p: Plan<Profiled>): ValueExpression => {
    const numericMapping = numericMappings.get(p)?.numeric;
    if (!numericMapping) return { kind: 'label' };
    return numericMapping.cuts === null
      ? { kind: 'number' }
      : { kind: 'interval', cuts: numericMapping.cuts };
  };
  const plan: CountsSqlPlan = {
    ...base,
    requireAll,
    grouped: grouped.map((p) => ({ column: indexOf(p), value: expression(p) })),
    pairs: features.flatMap((_, a) =>
      features.slice(a + 1).map((__, j) => [a, a + 1 + j] as const),
    ),
  };
  const result = await connection.runAndReadAll(countsSql(plan));
  const k = grouped.length;
  const singles = grouped.map(() => new Map<string | number | null, number>());
  const pairRows: { a: number; b: number; va: unknown; vb: unknown; n: number }[] = [];
  let kept = 0;
  for (const raw of result.getRows()) {
    const row = readCountsRow(raw, k);
    if (row.set.length === 0) kept = row.n;
    else if (row.set.length === 1) {
      const i = row.set[0] as number;
      singles[i]?.set(row.values[i] ?? null, row.n);
    } else {
      const [a, b] = row.set as [number, number];
      pairRows.push({ a, b, va: row.values[a], vb: row.values[b], n: row.n });
    }
  }
  if (kept === 0)
    throw new DataError(
      'no-rows',
      'Every row has a missing cell in a used column, so none is left (missing: drop).',
    );

  // Final values of every grouped column, exactly as prepareTable maps them.
  const mappings = new Map<Plan, ValueMapping>();
  const codeOf: ((value: string | number | null) => number)[] = [];
  grouped.forEach((p, i) => {
    const counts = singles[i] as Map<string | number | null, number>;
    const numericMapping = numericMappings.get(p);
    let mapping: ValueMapping;
    if (numericMapping) mapping = numericMapping;
    else {
      const keptCounts = p.raw.labels.map((label) => counts.get(label) ?? 0);
      mapping = valueMapping(p, keptCounts, counts.get(null) ?? 0, opts);
    }
    mappings.set(p, mapping);
    const rawIndex = new Map(p.raw.labels.map((l, r) => [l, r]));
    const m = mapping;
    codeOf.push((value) => {
      if (value === null) return m.ofMissing;
      if (m.numeric)
        return typeof value === 'number' && m.numeric.cuts !== null
          ? (m.numeric.ofInterval[value] ?? -1)
          : (m.numeric.ofNumber.get(Number(value)) ?? -1);
      return m.ofRaw[rawIndex.get(String(value)) ?? -1] ?? -1;
    });
  });

  const attributes = features.map((p, a) => ({
    name: p.raw.name,
    labels: (mappings.get(p) as ValueMapping).labels,
    codes: new Int32Array(0),
    offset: 0,
    index: a,
  }));
  let offset = 0;
  for (const attr of attributes) {
    attr.offset = offset;
    offset += attr.labels.length;
  }
  const valueAttribute = new Int32Array(offset);
  attributes.forEach((a, i) => valueAttribute.fill(i, a.offset, a.offset + a.labels.length));
  const table: CategoricalTable = {
    nRows: kept,
    attributes: attributes.map(({ name, labels, codes, offset: o }) => ({
      name,
      labels,
      codes,
      offset: o,
    })),
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
  const c = allocateCooccurrence(table);
  const D = features.length;
  features.forEach((p, a) => {
    const m = mappings.get(p) as ValueMapping;
    m.counts.forEach((n, code) => (c.valueCounts[attributes[a]!.offset + code] = n));
  });
  for (const { a, b, va, vb, n } of pairRows) {
    const ka = codeOf[a]!(va as string | number | null);
    const kb = codeOf[b]!(vb as string | number | null);
    if (ka < 0 || kb < 0)
      throw new Error(`a counted value has no code (${String(va)}, ${String(vb)})`);
    const cell = (c.blockOffset[a * D + b] as number) + ka * (c.sizes[b] as number) + kb;
    c.data[cell] = (c.data[cell] as number) + n;
  }
  const dropped = rows - kept;
  const summaryWarnings = [...source.warnings, ...warnings];
  if (dropped > 0)
    summaryWarnings.push(
      `Dropped ${dropped.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} rows with a missing value (missing: drop).`,
    );
  const columns = columnSummaries(plans, mappings).map((s, i) => {
    const p = profiles[i] as Profiled;
    return p.complete ? s : { ...s, distinct: p.distinct, inferredKind: p.kind ?? s.inferredKind };
  });
  return {
    table,
    counts: countsOf(c, kept),
    summary: {
      rows: kept,
      totalRows: rows,
      droppedRows: dropped,
      missingPolicy: policy,
      classDetected: opts.classDetected,
      delimiter: source.delimiter,
      columns,
      warnings: summaryWarnings,
    },
    plan,
    valueCodes: features.map((_, a) =>
      [...(singles[a] as Map<string | number | null, number>).keys()].map((value) => ({
        value,
        code: codeOf[a]!(value),
      })),
    ),
  };
}

/** The number grammar of parseNumber (core/table/infer.ts) as a regular expression. */
const NUMBER_PATTERN = '[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?';

/**
 * Scan 1: every column's distinct labels (in order of first appearance), their counts and the
 * missing cells, over all rows. Columns with more than PROFILE_VALUE_LIMIT labels list only their
 * first ones; their kind is then decided here as inferKind would (identifier, numeric,
 * categorical).
 */
async function profile(
  connection: DuckDBConnection,
  base: Pick<CountsSqlPlan, 'source' | 'columns' | 'missingTokens'>,
  all: number[],
): Promise<{ profiles: Profiled[]; rows: number }> {
  const sets = all.map((i) => `(${cellName(i)})`);
  const which = `CASE ${all.map((i) => `WHEN GROUPING(${cellName(i)}) = 0 THEN ${i}`).join(' ')} ELSE -1 END`;
  const label = `COALESCE(${all.map((i) => cellName(i)).join(', ')})`;
  await connection.run(
    `CREATE OR REPLACE TEMP TABLE profile AS
SELECT ${which} AS col, ${label} AS label, COUNT(*) AS n, MIN(row_no) AS first_row
FROM (${cellsSql(base, all, 'ansi', true)}) AS cells
GROUP BY GROUPING SETS (${[...sets, '()'].join(', ')})`,
  );
  const stats = await connection.runAndReadAll(
    `SELECT col, COUNT(label) AS distinct_labels, COALESCE(SUM(CASE WHEN label IS NULL THEN n END), 0) AS missing,
       COALESCE(BOOL_AND(regexp_full_match(label, '${NUMBER_PATTERN}') AND isfinite(TRY_CAST(label AS DOUBLE))), true) AS numbers,
       COALESCE(BOOL_AND(regexp_full_match(label, '[+-]?[0-9]+')), true) AS integers
     FROM profile WHERE col >= 0 GROUP BY col ORDER BY col`,
  );
  const total = await connection.runAndReadAll(`SELECT n FROM profile WHERE col = -1`);
  const rows = Number(total.getRows()[0]?.[0] ?? 0);
  const byColumn = new Map(stats.getRows().map((r) => [Number(r[0]), r]));
  const big = [...byColumn].filter(([, r]) => Number(r[1]) > PROFILE_VALUE_LIMIT).map(([i]) => i);
  // Labels in order of first appearance; of a column too long to list, the first ones only.
  const listed = await connection.runAndReadAll(
    `SELECT col, label, n FROM (
       SELECT col, label, n, first_row, ROW_NUMBER() OVER (PARTITION BY col ORDER BY first_row) AS k
       FROM profile WHERE col >= 0 AND label IS NOT NULL) AS ranked
     WHERE k <= CASE WHEN col IN (${[-2, ...big].join(', ')}) THEN ${MAX_CATEGORICAL_VALUES + 1} ELSE ${PROFILE_VALUE_LIMIT} END
     ORDER BY col, first_row`,
  );
  const profiles: Profiled[] = base.columns.map((name, i) => {
    const s = byColumn.get(i);
    const distinct = Number(s?.[1] ?? 0);
    const missing = Number(s?.[2] ?? rows);
    const complete = distinct <= PROFILE_VALUE_LIMIT;
    const p: Profiled = { name, labels: [], counts: [], missing, rows, complete, distinct };
    if (!complete) {
      // inferKind's rules on the whole dictionary (core/table/infer.ts).
      const numbers = Boolean(s?.[3]);
      const present = rows - missing;
      p.kind =
        distinct === present && present >= 3 && !(numbers && !s?.[4])
          ? 'identifier'
          : numbers && distinct > 10
            ? 'numeric'
            : 'categorical';
    }
    return p;
  });
  for (const r of listed.getRows()) {
    const p = profiles[Number(r[0])] as Profiled;
    p.labels.push(String(r[1]));
    p.counts.push(Number(r[2]));
  }
  return { profiles, rows };
}

/** Scan 2: the kept rows' label counts and missing cells of the given columns. */
async function keptCounts(
  connection: DuckDBConnection,
  plan: Pick<CountsSqlPlan, 'source' | 'columns' | 'missingTokens' | 'requireAll'>,
  columns: number[],
): Promise<{ byLabel: Map<string, number>; missing: number }[]> {
  const used = [...new Set([...plan.requireAll, ...columns])].sort((a, b) => a - b);
  const which = `CASE ${columns.map((i) => `WHEN GROUPING(${cellName(i)}) = 0 THEN ${i}`).join(' ')} END`;
  const result = await connection.runAndReadAll(
    `SELECT ${which} AS col, COALESCE(${columns.map(cellName).join(', ')}) AS label, COUNT(*) AS n
FROM (${cellsSql(plan, used, 'ansi')}) AS cells
WHERE ${plan.requireAll.map((i) => `${cellName(i)} IS NOT NULL`).join(' AND ')}
GROUP BY GROUPING SETS (${columns.map((i) => `(${cellName(i)})`).join(', ')})`,
  );
  const out = columns.map(() => ({ byLabel: new Map<string, number>(), missing: 0 }));
  for (const r of result.getRows()) {
    const at = out[columns.indexOf(Number(r[0]))];
    if (!at) continue;
    if (r[1] === null) at.missing = Number(r[2]);
    else at.byLabel.set(String(r[1]), Number(r[2]));
  }
  return out;
}

/** DuckDB's errors as one line naming the file. */
export function duckdbError(error: unknown, file: string): Error {
  if (error instanceof DataError || error instanceof RangeError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split('\n')[0] ?? message;
  return new DataError('bad-option', `DuckDB could not read “${file}”: ${first}`);
}
