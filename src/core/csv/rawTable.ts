import { DataError } from '../errors.ts';
import { delimiterName } from './sniff.ts';

/** A parsed CSV before any modelling: every column dictionary-encoded, missing cells coded −1. */
export interface RawColumn {
  name: string;
  /** Distinct non-missing labels in order of first appearance. */
  labels: string[];
  /** counts[k] = number of rows holding labels[k]. */
  counts: number[];
  /** One code per row: index into labels, or −1 for a missing cell. */
  codes: Int32Array;
  missing: number;
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
  data = new Int32Array(1024);
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

  /** Adds a warning from the parser (e.g. an unterminated quote). */
  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  finish(): RawTable {
    const columns = this.columns;
    if (columns === null) throw new DataError('empty', 'The file is empty: no header and no rows.');
    if (this.ragged > 0 && !this.options.skipRaggedRows) {
      const shown = this.raggedLines.join(', ');
      throw new DataError(
        'ragged',
        `${this.ragged.toLocaleString('en-US')} row${this.ragged === 1 ? '' : 's'} ` +
          `do not have ${columns.length} fields like the header (line${this.raggedLines.length === 1 ? '' : 's'} ` +
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

/** Empty names become “column N”, repeated names get “ (2)”, “ (3)”…, each with a warning. */
export function uniqueHeaderNames(header: readonly string[]): {
  names: string[];
  warnings: string[];
} {
  const warnings: string[] = [];
  const seen = new Set<string>();
  const names: string[] = [];
  header.forEach((raw, i) => {
    let name = (i === 0 ? raw.replace(/^\uFEFF/, '') : raw).trim();
    if (name === '') {
      name = `column ${i + 1}`;
      warnings.push(`Column ${i + 1} has no header name; it was named “${name}”.`);
    }
    if (seen.has(name)) {
      let k = 2;
      while (seen.has(`${name} (${k})`)) k++;
      const renamed = `${name} (${k})`;
      warnings.push(
        `Header name “${name}” appears more than once; column ${i + 1} was renamed “${renamed}”.`,
      );
      name = renamed;
    }
    seen.add(name);
    names.push(name);
  });
  return { names, warnings };
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
