import { classValueCounts, computeCounts, countSteps, type Counts } from '../data/counts/counts.ts';
import { denseCooccurrence } from '../data/counts/cooccurrence.ts';
import { countsTable, type CountsInput } from '../data/counts/countsTable.ts';
import {
  checkSize,
  decodeChunks,
  LATIN1_WARNING,
  NotUtf8Error,
  readHead,
  readingPlan,
  type ByteSource,
  type TextEncoding,
} from '../data/csv/bytes.ts';
import type { RawTable } from '../data/csv/rawTable.ts';
import { CancelledError, type ErrorInfo, badOption, internal } from '../base/errors.ts';
import { parseCsvChunks, type ParseHooks, type ParseOptions } from '../data/csv/parse.ts';
import { scaledSteps, type Steps } from '../base/jobs.ts';
import { ResultCache } from './cache.ts';
import { resolveCall } from './calls.ts';
import { checkCall, runCall } from './run.ts';
import type { Call, MethodOutput, ResolvedCall } from './spec.ts';
import { prepareTable, type PrepareOptions } from '../data/table/prepare.ts';
import { selectRows, type RowFilter } from '../data/table/rows.ts';
import type { CategoricalTable, TableSummary } from '../data/table/types.ts';

/** What a view needs to know about the modelled table (no per-row feature codes). */
export interface TableMeta {
  nRows: number;
  nValues: number;
  attributes: { name: string; labels: string[]; offset: number }[];
  valueAttribute: Int32Array;
  classColumn: { name: string; labels: string[]; codes: Int32Array } | null;
  /** The 1-based line of the file where each row starts (rows are named by it). */
  lines: Int32Array;
  /**
   * True for a table known by its counts alone (a counts file): `nRows` rows were counted but
   * none is here, so views of objects say they need the rows.
   */
  rowless?: true;
}

/** A value as the CLI's JSON and the exports name it: "Texture=blurry". */
export function valueKey(
  meta: Pick<TableMeta, 'attributes' | 'valueAttribute'>,
  g: number,
): string {
  const a = meta.attributes[meta.valueAttribute[g] ?? 0];
  return a ? `${a.name}=${a.labels[g - a.offset] ?? g}` : String(g);
}

/**
 * Everything a session holds about its data, to hand to another session: the parsed file, or
 * for a table known by its counts alone (no file rows: `raw` null) its counts.
 */
export interface TableSnapshot {
  raw: RawTable | null;
  table: CategoricalTable;
  summary: TableSummary;
  counts?: Counts;
}

export interface Loaded {
  summary: TableSummary;
  meta: TableMeta;
}

/** Counts in the form views use: plain typed arrays, dense co-occurrence when L is small. */
export interface CountsReport {
  nRows: number;
  valueCounts: Int32Array;
  /** L × L, row-major, diagonal = value counts; null when L > DENSE_LIMIT. */
  cooccurrence: Int32Array | null;
  entropy: Float64Array;
  mutualInformation: Float64Array;
  symmetricUncertainty: Float64Array;
  /** C × L counts of (class, value) over all rows (even for a subset); null without a class column. */
  classValueCounts: Int32Array | null;
}

export const DENSE_LIMIT = 2048;

/** A call that failed, by key, with its error (handed from one worker to another). */
export interface CallFailure {
  key: string;
  error: ErrorInfo;
}

export interface CountRequest {
  /** Count on the rows holding this value; the value domain stays the whole table's. */
  rowsWhere?: RowFilter | null;
}

/**
 * The core API as one object: it holds the parsed file and the modelled table between calls.
 * The worker exposes it through comlink; Vitest and the CLI use it directly.
 */
export class ExplorerSession {
  private raw: RawTable | null = null;
  private current: { table: CategoricalTable; summary: TableSummary } | null = null;
  /** Counts over all rows of the current table: computed once, shared by every method. */
  private fitted: { table: CategoricalTable; counts: Counts } | null = null;
  /** Results of calls on the current table (a new table gets a new cache). */
  private results: { table: CategoricalTable; cache: ResultCache } | null = null;

  constructor(private readonly cacheBytes = 512 * 1024 * 1024) {}

  /**
   * Reads a file given as bytes under the one reading contract of csv/bytes.ts (size, binary
   * content, UTF-16, Windows-1252 when not UTF-8): the worker and the CLI both read through here,
   * so a file one refuses the other refuses with the same message.
   */
  async loadBytes(
    source: ByteSource,
    parseOptions: ParseOptions = {},
    prepareOptions: PrepareOptions = {},
    hooks: ParseHooks = {},
  ): Promise<Loaded> {
    checkSize(source.size);
    const plan = readingPlan(await readHead(source));
    const read = (encoding: TextEncoding, warning: string | null): Promise<Loaded> =>
      this.load(decodeChunks(source, encoding), parseOptions, prepareOptions, hooks, warning);
    try {
      return await read(plan.encoding, plan.warning);
    } catch (error) {
      // Invalid UTF-8 past the first bytes: the whole file is read again as Windows-1252.
      if (error instanceof NotUtf8Error) return read('windows-1252', LATIN1_WARNING);
      throw error;
    }
  }

  /** Reads CSV text (already decoded); `warning` (how it was decoded) joins the table's warnings. */
  async load(
    chunks: AsyncIterable<string> | Iterable<string>,
    parseOptions: ParseOptions = {},
    prepareOptions: PrepareOptions = {},
    hooks: ParseHooks = {},
    warning: string | null = null,
  ): Promise<Loaded> {
    const raw = await parseCsvChunks(chunks, parseOptions, hooks);
    if (warning) raw.warnings.unshift(warning);
    await hooks.pause?.();
    if (hooks.isCancelled?.()) throw new CancelledError('Loading was cancelled.');
    const prepared = prepareTable(raw, prepareOptions);
    this.raw = raw;
    this.current = prepared;
    return this.loaded();
  }

  /**
   * Takes a table known by its counts alone (an imported counts file, SQL counts of a file too
   * large to read here): the value-level methods run on it; the others are refused.
   */
  adoptCounts(table: CategoricalTable, counts: Counts, summary: TableSummary): Loaded {
    if (!table.rowless) throw internal('adoptCounts takes a table without rows');
    this.raw = null;
    this.current = { table, summary };
    this.fitted = { table, counts };
    return this.loaded();
  }

  /** Takes a counts file's counts (core/data/counts/countsFormats.ts), checked for consistency. */
  loadCounts(input: CountsInput): Loaded {
    const { table, counts, summary } = countsTable(input);
    return this.adoptCounts(table, counts, summary);
  }

  /** Models a table read elsewhere into raw columns (Parquet or Arrow through DuckDB-Wasm). */
  loadRaw(raw: RawTable, prepareOptions: PrepareOptions = {}): Loaded {
    const prepared = prepareTable(raw, prepareOptions);
    this.raw = raw;
    this.current = prepared;
    return this.loaded();
  }

  /** Re-models the already parsed file with other column options (no re-reading). */
  prepare(options: PrepareOptions): Loaded {
    if (!this.raw)
      throw badOption(
        this.current
          ? 'This table is known by its counts alone: it cannot be re-modelled.'
          : 'No file is loaded.',
      );
    this.current = prepareTable(this.raw, options);
    return this.loaded();
  }

  /** The parsed file and the modelled table, for another session (a pool's other workers). */
  snapshot(): TableSnapshot {
    const current = this.current;
    if (current?.table.rowless && this.fitted?.table === current.table)
      return { raw: null, ...current, counts: this.fitted.counts };
    if (!this.raw || !current) throw badOption('No file is loaded.');
    return { raw: this.raw, ...current };
  }

  /** Takes over another session's table (as its snapshot), dropping results of the old one. */
  adopt(snapshot: TableSnapshot): Loaded {
    if (snapshot.raw === null) {
      if (!snapshot.counts) throw internal('A table without rows comes with its counts.');
      return this.adoptCounts(snapshot.table, snapshot.counts, snapshot.summary);
    }
    this.raw = snapshot.raw;
    this.current = { table: snapshot.table, summary: snapshot.summary };
    return this.loaded();
  }

  get table(): CategoricalTable {
    if (!this.current) throw badOption('No file is loaded.');
    return this.current.table;
  }

  *countSteps(request: CountRequest = {}): Steps<CountsReport> {
    const table = this.table;
    if (table.rowless && !request.rowsWhere && this.fitted?.table === table)
      return countsReport(this.fitted.counts, null);
    const rows = request.rowsWhere ? selectRows(table, request.rowsWhere) : null;
    // Class × value counts stay on all rows: they split the summary's all-row value counts.
    return countsReport(yield* countSteps(table, { rows }), classValueCounts(table));
  }

  counts(request: CountRequest = {}): Counts {
    const table = this.table;
    const rows = request.rowsWhere ? selectRows(table, request.rowsWhere) : null;
    return computeCounts(table, { rows });
  }

  /** Counts over every row, as the methods fit them (cached until the table changes). */
  *fitCountSteps(table: CategoricalTable = this.table): Steps<Counts> {
    if (this.fitted?.table !== table) {
      const counts = yield* countSteps(table);
      this.fitted = { table, counts };
    }
    return this.fitted.counts;
  }

  /**
   * Runs any registered method or step on the current table, or serves it from the cache. A job
   * holds on to the table it started with, even if another file is loaded meanwhile.
   */
  *runSteps(call: Call | ResolvedCall): Steps<MethodOutput> {
    const table = this.table;
    const resolved = resolveCall(call);
    checkCall(table, resolved);
    // The first call on a table counts first: its progress takes the first tenth.
    const start = this.fitted?.table === table ? 0 : 0.1;
    const counts = yield* scaledSteps(this.fitCountSteps(table), 0, start);
    const cache = this.cacheOf(table);
    return yield* scaledSteps(runCall({ table, counts, cache }, resolved), start, 1);
  }

  /**
   * Outputs computed elsewhere (another worker) for this table, so they are not computed again,
   * and calls that failed elsewhere, by key with their message, so they are not run again.
   */
  provide(outputs: readonly MethodOutput[], failures: readonly CallFailure[] = []): void {
    const cache = this.cacheOf(this.table);
    for (const output of outputs) if (!cache.has(output.key)) cache.set(output);
    for (const f of failures) cache.setFailure(f.key, f.error);
  }

  /** Lets a call that failed run again (the user asked for it). */
  forgetFailure(key: string): void {
    this.cacheOf(this.table).forget(key);
  }

  /** How many times each method was computed on the current table (not served from the cache). */
  computedCounts(): Record<string, number> {
    return this.results ? Object.fromEntries(this.results.cache.computed) : {};
  }

  private cacheOf(table: CategoricalTable): ResultCache {
    if (this.results?.table !== table)
      this.results = { table, cache: new ResultCache(this.cacheBytes) };
    return this.results.cache;
  }

  /**
   * Rows holding any, all, or at least `mode` (a number) of the given values. A row holds one
   * value per attribute, so "all" is reached only by values of different attributes.
   */
  rowsHolding(values: ArrayLike<number>, mode: 'any' | 'all' | number = 'any'): Int32Array {
    const table = this.table;
    const wanted = new Uint8Array(table.nValues);
    for (let i = 0; i < values.length; i++) {
      const v = values[i] as number;
      if (!Number.isInteger(v) || v < 0 || v >= table.nValues)
        throw badOption(`value index ${v} is outside 0..${table.nValues - 1}`);
      wanted[v] = 1;
    }
    const need =
      mode === 'all' ? new Set(Array.from(values)).size : mode === 'any' ? 1 : Math.max(1, mode);
    const hits = new Int32Array(table.nRows);
    for (const attr of table.attributes)
      for (let r = 0; r < table.nRows; r++)
        if (wanted[attr.offset + (attr.codes[r] as number)]) hits[r] = (hits[r] as number) + 1;
    const out: number[] = [];
    if (values.length > 0)
      for (let r = 0; r < table.nRows; r++) if ((hits[r] as number) >= need) out.push(r);
    return Int32Array.from(out);
  }

  /**
   * How many of the given rows hold each value (length L, by global value index): with the
   * number of rows, each value's share of a selection of objects.
   */
  valueCountsOf(rows: ArrayLike<number>): Int32Array {
    const table = this.table;
    const counts = new Int32Array(table.nValues);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as number;
      if (!Number.isInteger(r) || r < 0 || r >= table.nRows)
        throw badOption(`row index ${r} is outside 0..${table.nRows - 1}`);
      for (const attr of table.attributes) {
        const v = attr.offset + (attr.codes[r] as number);
        counts[v] = (counts[v] as number) + 1;
      }
    }
    return counts;
  }

  /**
   * The co-occurrence counts among the given rows (a selection): L × L, row-major, each pair of
   * values' rows together, each value's count on the diagonal — the counts' `cooccurrence` of
   * that subset. D² additions a row, in the worker: 100,000 rows of 20 attributes take tens of
   * milliseconds. Refused past DENSE_LIMIT values, where the whole table's matrix is not kept
   * either.
   */
  cooccurrenceOf(rows: ArrayLike<number>): Int32Array {
    const table = this.table;
    const L = table.nValues;
    if (L > DENSE_LIMIT)
      throw badOption(`${L} values are too many for a co-occurrence matrix (${DENSE_LIMIT})`);
    const out = new Int32Array(L * L);
    const values = new Int32Array(table.attributes.length);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as number;
      if (!Number.isInteger(r) || r < 0 || r >= table.nRows)
        throw badOption(`row index ${r} is outside 0..${table.nRows - 1}`);
      table.attributes.forEach((attr, a) => (values[a] = attr.offset + (attr.codes[r] as number)));
      for (const u of values)
        for (const v of values) out[u * L + v] = (out[u * L + v] as number) + 1;
    }
    return out;
  }

  /**
   * Objects found by text: the row on a given line of the file ("42"), or rows any of whose
   * cells — features, the class and the excluded columns (an identifier such as zoo's animal
   * name) — contains the text, ignoring case. The first `limit` rows with the cell that matched.
   */
  searchRows(
    text: string,
    limit = 50,
  ): { total: number; rows: { row: number; column: string; cell: string }[] } {
    const { table } = this.current ?? {};
    const raw = this.raw;
    const query = text.trim().toLowerCase();
    if (!table || !raw || query === '') return { total: 0, rows: [] };
    const hits: { row: number; column: string; cell: string }[] = [];
    let total = 0;
    if (/^\d+$/.test(query)) {
      const line = Number(query);
      for (let r = 0; r < table.nRows; r++)
        if (table.sourceLines[r] === line) {
          total++;
          hits.push({ row: r, column: 'line', cell: query });
        }
      return { total, rows: hits };
    }
    // Per column, the labels that contain the text; then each kept row's cells looked up.
    const matching = raw.columns
      .map((column) => ({
        column,
        labels: new Set(
          column.labels.flatMap((label, k) => (label.toLowerCase().includes(query) ? [k] : [])),
        ),
      }))
      .filter((m) => m.labels.size > 0);
    for (let r = 0; r < table.nRows; r++) {
      const source = table.sourceRows[r] as number;
      const found = matching.find((m) => m.labels.has(m.column.codes[source] as number));
      if (!found) continue;
      total++;
      if (hits.length < limit)
        hits.push({
          row: r,
          column: found.column.name,
          cell: found.column.labels[found.column.codes[source] as number] ?? '',
        });
    }
    return { total, rows: hits };
  }

  /** The feature values (local codes, |rows| × D row-major) of the given rows. */
  objectRows(rows: ArrayLike<number>): Int32Array {
    const table = this.table;
    const D = table.attributes.length;
    const out = new Int32Array(rows.length * D);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as number;
      if (!Number.isInteger(r) || r < 0 || r >= table.nRows)
        throw badOption(`row index ${r} is outside 0..${table.nRows - 1}`);
      table.attributes.forEach((attr, a) => {
        out[i * D + a] = attr.codes[r] as number;
      });
    }
    return out;
  }

  /** A copy of one attribute's codes (local to the attribute) for every row. */
  attributeCodes(attribute: number): Int32Array {
    const attr = this.table.attributes[attribute];
    if (!attr)
      throw badOption(`attribute ${attribute} is outside 0..${this.table.attributes.length - 1}`);
    return attr.codes.slice();
  }

  private loaded(): Loaded {
    const { table, summary } = this.current as { table: CategoricalTable; summary: TableSummary };
    return { summary, meta: tableMeta(table) };
  }
}

export function tableMeta(table: CategoricalTable): TableMeta {
  return {
    nRows: table.nRows,
    nValues: table.nValues,
    attributes: table.attributes.map((a) => ({ name: a.name, labels: a.labels, offset: a.offset })),
    valueAttribute: table.valueAttribute,
    classColumn: table.classColumn,
    lines: table.sourceLines,
    ...(table.rowless && { rowless: true as const }),
  };
}

export function countsReport(counts: Counts, byClass: Int32Array | null = null): CountsReport {
  const c = counts.cooccurrence;
  return {
    nRows: counts.nRows,
    valueCounts: c.valueCounts,
    cooccurrence: c.nValues <= DENSE_LIMIT ? denseCooccurrence(c) : null,
    entropy: counts.entropy,
    mutualInformation: counts.mutualInformation,
    symmetricUncertainty: counts.symmetricUncertainty,
    classValueCounts: byClass,
  };
}
