import { appendFileSync, writeFileSync } from 'node:fs';
import { runToEnd } from '../core/base/jobs.ts';
import type { Call, MethodOutput } from '../core/platform/spec.ts';
import { rowOutput, writeRows } from './engine/rowOutputs.ts';
import type { LoadedTable } from './table.ts';
import { duckdbOptions, type CliRequest } from './request.ts';
import { objectCsv, outputJson } from './json.ts';
import { withTeam } from './nodeTeam.ts';
import { badOption } from '../core/base/errors.ts';

/**
 * Where a command's answer goes: stdout, or --out FILE. Answers are written in chunks of about a
 * megabyte (`appendFile` continues a file `writeFile` began), never as one string: V8 cannot hold
 * a string of more than about 512 MB, and a run's vectors or value tables can be larger.
 */
export interface Io {
  stdout(text: string): void;
  writeFile(path: string, text: string): void;
  /** Without it a file's chunks are joined and written at the end (tests' in-memory Io). */
  appendFile?(path: string, text: string): void;
}

export const PROCESS_IO: Io = {
  stdout: (t) => process.stdout.write(t),
  writeFile: (path, t) => writeFileSync(path, t),
  appendFile: (path, t) => appendFileSync(path, t),
};

/** Text written piece by piece to stdout or a file, passed on in chunks of about a megabyte. */
export interface TextSink {
  write(text: string): void;
  end(): void;
}

const CHUNK = 1 << 20;

export function textSink(io: Io, path?: string): TextSink {
  let buffer = '';
  let started = false;
  const parts: string[] = [];
  const flush = (): void => {
    if (path === undefined) io.stdout(buffer);
    else if (!io.appendFile) parts.push(buffer);
    else if (started) io.appendFile(path, buffer);
    else io.writeFile(path, buffer);
    started = true;
    buffer = '';
  };
  return {
    write(text) {
      buffer += text;
      if (buffer.length >= CHUNK) flush();
    },
    end() {
      if (buffer !== '' || !started) flush();
      if (path !== undefined && !io.appendFile) io.writeFile(path, parts.join(''));
    },
  };
}

/**
 * JSON as JSON.stringify(value, null, 2) writes it, streamed, except that an array of numbers —
 * a plain one or a typed array (which JSON.stringify would write as an object) — is written on
 * one line, `[1, 2, 3]`, so a matrix is one row per line.
 */
export function writeJson(value: unknown, sink: TextSink, indent = ''): void {
  const v = toJsonValue(value);
  if (v === null || typeof v !== 'object') {
    sink.write(v === undefined ? 'null' : scalar(v));
    return;
  }
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
    numberLine(v as unknown as ArrayLike<number>, sink);
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(v)) {
    if (v.length === 0) sink.write('[]');
    else if (v.every((x) => typeof x === 'number' || x === null)) numberLine(v, sink);
    else {
      sink.write('[');
      v.forEach((item, i) => {
        sink.write(`${i > 0 ? ',' : ''}\n${inner}`);
        writeJson(item, sink, inner);
      });
      sink.write(`\n${indent}]`);
    }
    return;
  }
  const entries = Object.entries(v).filter(([, x]) => toJsonValue(x) !== undefined);
  if (entries.length === 0) {
    sink.write('{}');
    return;
  }
  sink.write('{');
  entries.forEach(([key, x], i) => {
    sink.write(`${i > 0 ? ',' : ''}\n${inner}${JSON.stringify(key)}: `);
    writeJson(x, sink, inner);
  });
  sink.write(`\n${indent}}`);
}

/** What JSON.stringify would write for a value: undefined for none (functions, symbols). */
function toJsonValue(value: unknown): unknown {
  const v =
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
      ? (value as { toJSON(): unknown }).toJSON()
      : value;
  return typeof v === 'function' || typeof v === 'symbol' ? undefined : v;
}

function scalar(v: unknown): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  return JSON.stringify(v);
}

/** [a, b, c] on one line, written in pieces however long the array. */
function numberLine(values: ArrayLike<number | null>, sink: TextSink): void {
  let line = '[';
  for (let i = 0; i < values.length; i++) {
    const x = values[i];
    line +=
      (i > 0 ? ', ' : '') + (typeof x === 'number' && Number.isFinite(x) ? String(x) : 'null');
    if (line.length >= 1 << 16) {
      sink.write(line);
      line = '';
    }
  }
  sink.write(`${line}]`);
}

/** A command's JSON answer, streamed to --out FILE or stdout. */
export function printJson(value: object, request: Pick<CliRequest, 'output'>, io: Io): void {
  jsonTo(value, io, request.output.out ?? undefined);
}

/** JSON streamed to the file, or to stdout when there is none. */
function jsonTo(value: object, io: Io, path: string | undefined): void {
  const sink = textSink(io, path);
  writeJson(value, sink);
  sink.write('\n');
  sink.end();
}

/**
 * Runs a call and prints its output as JSON. With `--out FILE.csv` the first object-level
 * result (layout, partition or scores) goes to the file as `row,…` and the rest to stdout.
 */
export async function runAndPrint(
  { session, loaded, duckdb }: LoadedTable,
  call: Call,
  request: CliRequest,
  io: Io,
  extra: (output: MethodOutput) => object = () => ({}),
): Promise<void> {
  const output = await withTeam(call, request.engine.threads || undefined, () =>
    runToEnd(session.runSteps(call)),
  );
  const { summary } = loaded;
  const json = {
    ...outputJson(loaded.meta, output, { matrices: request.output.matrices }),
    // How many rows the method saw: the CLI keeps the papers' default (drop rows with a missing
    // cell) so published numbers stay stable, and says what that cost.
    data: {
      rows: summary.rows,
      droppedRows: summary.droppedRows,
      totalRows: summary.totalRows,
      missing: summary.missingPolicy,
    },
    ...extra(output),
  };
  const out = request.output.out ?? undefined;
  if (out?.toLowerCase().endsWith('.csv') && session.table.rowless) {
    // The rows are not here: a per-row look-up streamed by DuckDB from the file, if any.
    const rows = rowOutput(output, loaded.meta.valueAttribute, loaded.meta.attributes.length);
    if (!rows)
      throw badOption(`${call.method} has no per-object result that is a look-up of values`);
    if (!duckdb)
      throw badOption(
        'a counts file has no rows: per-object results need the data file (--engine duckdb streams them)',
      );
    await writeRows(duckdb, rows, out, duckdbOptions(request.engine));
    delete json.results[rows.name];
    const csv = {
      file: out,
      result: rows.name,
      rows: 'row = position among the data rows (1-based)',
    };
    jsonTo({ ...json, csv }, io, undefined);
    return;
  }
  if (out?.toLowerCase().endsWith('.csv')) {
    const csv = objectCsv(output, loaded.meta.lines);
    if (!csv) throw badOption(`${call.method} has no per-object result to write as CSV`);
    const sink = textSink(io, out);
    sink.write(`${csv.header}\n`);
    for (let i = 0; i < csv.n; i++) sink.write(`${csv.line(i)}\n`);
    sink.end();
    delete json.results[csv.name];
    jsonTo({ ...json, csv: { file: out, result: csv.name } }, io, undefined);
    return;
  }
  printJson(json, request, io);
}
