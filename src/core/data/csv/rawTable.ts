import { DataError } from '../../base/errors.ts';
import { delimiterName } from './sniff.ts';

/**
 * A column known by its dictionary alone — what inferring its kind and mapping its values read:
 * a parsed column (`RawColumn`, whose codes give `rows`) or a column profiled out of core (SQL).
 */
export interface ColumnProfile {
  name: string;
  /** Distinct non-missing labels in order of first appearance. */
  labels: string[];
  /** counts[k] = rows holding labels[k]. */
  counts: number[];
  /** Rows whose cell is missing. */
  missing: number;
  /** Rows of the file. */
  rows: number;
}

/** A parsed CSV before any modelling: every column dictionary-encoded, missing cells coded −1. */
export interface RawColumn extends ColumnProfile {
  /** One code per row: index into labels, or −1 for a missing cell. */
  codes: Int32Array;
}

export interface RawTable {
  nRows: number;
  columns: RawColumn[];
  /** 1-based line number in the file where each row starts. */
  lines: Int32Array;
  warnings: string[];
  delimiter: string;
  /** Ragged rows skipped at the user's request. */
  skippedRaggedRows: number;
}

export const DEFAULT_MISSING_TOKENS = ['', '?', 'NA', 'NaN', 'null'];
export const DEFAULT_MAX_CELLS = 100_000_000;

export interface BuilderOptions {
  delimiter: string;
  missingTokens?: readonly string[];
  skipRaggedRows?: boolean;
  /** Refuse tables with more cells than this (each cell costs 4 bytes once encoded). */
  maxCells?: number;
}

class GrowableInt32 {
  // Small at first: a file may have 100,000+ columns, each with its own array.
  data = new Int32Array(16);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

interface ColumnBuilder {
  name: string;
  dict: Map<string, number>;
  labels: string[];
  counts: number[];
  codes: GrowableInt32;
  missing: number;
}

/**
 * Receives rows (arrays of fields) in order, the first being the header, and encodes them column
 * by column. Feed it from any streaming parser; call finish() at the end.
 */
export class RawTableBuilder {
  private columns: ColumnBuilder[] | null = null;
  private readonly lines = new GrowableInt32();
  private readonly missing: Set<string>;
  private readonly warnings: string[] = [];
  private line = 1;
  private nRows = 0;
  private ragged = 0;
  private readonly raggedLines: number[] = [];
  private readonly maxCells: number;
  /** Rows with a malformed quote: counted, the first lines and the parser's messages kept. */
  private readonly quotes = {
    rows: 0,
    lines: [] as number[],
    lastRow: -1,
    messages: new Set<string>(),
  };
  /** Rows handed in so far (blank, ragged and header included) and where the last one starts. */
  private rowsSeen = 0;
  private lastRowLine = 0;

  constructor(private readonly options: BuilderOptions) {
    this.missing = new Set(options.missingTokens ?? DEFAULT_MISSING_TOKENS);
    this.maxCells = options.maxCells ?? DEFAULT_MAX_CELLS;
  }

  get rowCount(): number {
    return this.nRows;
  }

  addRows(rows: readonly string[][]): void {
    for (const row of rows) this.addRow(row);
  }

  addRow(fields: readonly string[]): void {
    const startLine = this.line;
    this.line += 1 + countNewlines(fields);
    this.rowsSeen++;
    this.lastRowLine = startLine;
    if (fields.length === 1 && (fields[0] ?? '').trim() === '') return; // blank line
    if (this.columns === null) {
      this.columns = this.makeColumns(fields);
      return;
    }
    const columns = this.columns;
    if (fields.length !== columns.length) {
      this.ragged++;
      if (this.raggedLines.length < 10) this.raggedLines.push(startLine);
      return;
    }
    if ((this.nRows + 1) * columns.length > this.maxCells) {
      throw new DataError(
        'too-large',
        `The file is too large: more than ${this.maxCells.toLocaleString('en-US')} cells ` +
          `(${columns.length} columns × ${this.nRows.toLocaleString('en-US')}+ rows). ` +
          `The limit keeps the explorer within the memory of a browser tab.`,
      );
    }
    for (let c = 0; c < columns.length; c++) {
      const col = columns[c] as ColumnBuilder;
      const value = (fields[c] as string).trim();
      if (this.missing.has(value)) {
        col.codes.push(-1);
        col.missing++;
        continue;
      }
      let code = col.dict.get(value);
      if (code === undefined) {
        code = col.labels.length;
        col.dict.set(value, code);
        col.labels.push(value);
        col.counts.push(0);
      }
      col.counts[code] = (col.counts[code] as number) + 1;
      col.codes.push(code);
    }
    this.lines.push(startLine);
    this.nRows++;
  }

  /**
   * A malformed quote in the row handed in last (the parser's message): O(1) each, reported once
   * with a count and the first lines however many rows have one.
   */
  quoteProblem(message: string): void {
    const q = this.quotes;
    if (q.messages.size < 4) q.messages.add(message);
    if (q.lastRow === this.rowsSeen) return;
    q.lastRow = this.rowsSeen;
    q.rows++;
    if (q.lines.length < SHOWN_LINES) q.lines.push(this.lastRowLine);
  }

  finish(): RawTable {
    const columns = this.columns;
    if (columns === null) throw new DataError('empty', 'The file is empty: no header and no rows.');
    if (this.ragged > 0 && !this.options.skipRaggedRows) {
      const shown = this.raggedLines.join(', ');
      throw new DataError(
        'ragged',
        `${this.ragged.toLocaleString('en-US')} ${this.ragged === 1 ? 'row does' : 'rows do'} ` +
          `not have ${columns.length} fields like the header (line${this.raggedLines.length === 1 ? '' : 's'} ` +
          `${shown}${this.ragged > this.raggedLines.length ? ', …' : ''}).`,
        { lines: [...this.raggedLines], count: this.ragged },
      );
    }
    if (this.nRows === 0) {
      throw new DataError(
        'header-only',
        `The file has a header (${columns.length} column${columns.length === 1 ? '' : 's'}) but no data rows.`,
      );
    }
    if (columns.length === 1) {
      throw new DataError(
        'single-column',
        `Only one column (“${columns[0]?.name}”) was found with the ${delimiterName(this.options.delimiter)} delimiter. ` +
          `Couplings need at least two categorical columns; if the file uses another delimiter, choose it.`,
      );
    }
    const warnings = [...this.warnings];
    const q = this.quotes;
    if (q.rows > 0) {
      const what = [...q.messages].join('; ');
      warnings.push(
        q.rows === 1
          ? `1 row has a malformed quote (line ${q.lines[0]}): ${what}.`
          : `${q.rows.toLocaleString('en-US')} rows have a malformed quote (first at lines ${q.lines.join(', ')}${q.rows > q.lines.length ? ', …' : ''}): ${what}.`,
      );
    }
    if (this.ragged > 0)
      warnings.push(
        `Skipped ${this.ragged} ragged row${this.ragged === 1 ? '' : 's'} (first at line ${this.raggedLines[0]}).`,
      );
    return {
      nRows: this.nRows,
      columns: columns.map((c) => ({
        name: c.name,
        labels: c.labels,
        counts: c.counts,
        codes: c.codes.toArray(),
        missing: c.missing,
        rows: this.nRows,
      })),
      lines: this.lines.toArray(),
      warnings,
      delimiter: this.options.delimiter,
      skippedRaggedRows: this.ragged,
    };
  }

  private makeColumns(header: readonly string[]): ColumnBuilder[] {
    const names = uniqueHeaderNames(header);
    for (const w of names.warnings) this.warnings.push(w);
    return names.names.map((name) => ({
      name,
      dict: new Map(),
      labels: [],
      counts: [],
      codes: new GrowableInt32(),
      missing: 0,
    }));
  }
}

/**
 * Empty names become “column N”; a repeated name gets “ (2)”, “ (3)”… skipping any name another
 * column already has. One warning per renamed name (with a count), however many columns: a
 * counter per name keeps it linear.
 */
export function uniqueHeaderNames(header: readonly string[]): {
  names: string[];
  warnings: string[];
} {
  const warnings: string[] = [];
  const unnamed: number[] = [];
  const trimmed = header.map((raw, i) => {
    const name = (i === 0 ? raw.replace(/^\uFEFF/, '') : raw).trim();
    if (name !== '') return name;
    unnamed.push(i + 1);
    return `column ${i + 1}`;
  });
  if (unnamed.length === 1)
    warnings.push(`Column ${unnamed[0]} has no header name; it was named “column ${unnamed[0]}”.`);
  else if (unnamed.length > 1)
    warnings.push(
      `${unnamed.length.toLocaleString('en-US')} columns have no header name (${listed(unnamed)}); each was named “column N” after its position.`,
    );
  const taken = new Set(trimmed);
  const seen = new Set<string>();
  const next = new Map<string, number>();
  const renamed = new Map<
    string,
    { columns: number[]; first: string; last: string; count: number }
  >();
  const names = trimmed.map((name, i) => {
    if (!seen.has(name)) {
      seen.add(name);
      return name;
    }
    let k = next.get(name) ?? 2;
    while (taken.has(`${name} (${k})`)) k++;
    next.set(name, k + 1);
    const fresh = `${name} (${k})`;
    taken.add(fresh);
    seen.add(fresh);
    const r = renamed.get(name);
    if (r) {
      r.count++;
      r.last = fresh;
      if (r.columns.length < 2) r.columns.push(i + 1);
      else r.columns[1] = i + 1;
    } else renamed.set(name, { columns: [i + 1], first: fresh, last: fresh, count: 1 });
    return fresh;
  });
  for (const [name, r] of renamed)
    warnings.push(
      r.count === 1
        ? `Header name “${name}” appears more than once; column ${r.columns[0]} was renamed “${r.first}”.`
        : `Header name “${name}” appears ${(r.count + 1).toLocaleString('en-US')} times; columns ${(r.columns[0] as number).toLocaleString('en-US')}–${(r.columns[1] as number).toLocaleString('en-US')} were renamed “${r.first}” … “${r.last}”.`,
    );
  return { names, warnings };
}

/** Lines or columns shown in a message before “…”. */
const SHOWN_LINES = 5;

/** The first few numbers of a list and “…” when there are more. */
function listed(xs: readonly number[]): string {
  const shown = xs.slice(0, SHOWN_LINES).map((x) => x.toLocaleString('en-US'));
  return `${shown.join(', ')}${xs.length > SHOWN_LINES ? ', …' : ''}`;
}

function countNewlines(fields: readonly string[]): number {
  let n = 0;
  for (const f of fields) {
    if (f.length === 0) continue;
    let i = f.indexOf('\n');
    while (i !== -1) {
      n++;
      i = f.indexOf('\n', i + 1);
    }
  }
  return n;
}
