import { writeFileSync } from 'node:fs';
import { runToEnd } from '../core/jobs.ts';
import type { Call, MethodOutput } from '../core/platform/spec.ts';
import { text, type Args } from './args.ts';
import { rowOutput, writeRows } from './engine/rows.ts';
import { engineOptions, type LoadedTable } from './table.ts';
import { objectCsv, outputJson } from './json.ts';
import { withTeam } from './nodeTeam.ts';

/** Where a command's answer goes: stdout, or --out FILE. */
export interface Io {
  stdout(text: string): void;
  writeFile(path: string, text: string): void;
}

export const PROCESS_IO: Io = {
  stdout: (t) => process.stdout.write(t),
  writeFile: (path, t) => writeFileSync(path, t),
};

/** Prints [x, y] pairs on one line each instead of three. */
function compactPairs(json: string): string {
  return json.replace(/\[\n\s+(-?[\d.e+-]+),\n\s+(-?[\d.e+-]+)\n\s+\]/g, '[$1, $2]');
}

export function printJson(value: object, args: Args, io: Io): void {
  const out = text(args, 'out');
  const json = `${compactPairs(JSON.stringify(value, null, 2))}\n`;
  if (out) io.writeFile(out, json);
  else io.stdout(json);
}

/**
 * Runs a call and prints its output as JSON. With `--out FILE.csv` the first object-level
 * result (layout, partition or scores) goes to the file as `row,…` and the rest to stdout.
 */
export async function runAndPrint(
  { session, loaded, duckdb }: LoadedTable,
  call: Call,
  args: Args,
  io: Io,
  extra: (output: MethodOutput) => object = () => ({}),
): Promise<void> {
  const output = await withTeam(call, engineOptions(args).threads, () =>
    runToEnd(session.runSteps(call)),
  );
  const { summary } = loaded;
  const json = {
    ...outputJson(loaded.meta, output, { matrices: args.flags.has('matrices') }),
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
  const out = text(args, 'out');
  if (out?.toLowerCase().endsWith('.csv') && session.table.rowless) {
    // The rows are not here: a per-row look-up streamed by DuckDB from the file, if any.
    const rows = rowOutput(output, loaded.meta.valueAttribute, loaded.meta.attributes.length);
    if (!rows)
      throw new RangeError(`${call.method} has no per-object result that is a look-up of values`);
    if (!duckdb)
      throw new RangeError(
        'a counts file has no rows: per-object results need the data file (--engine duckdb streams them)',
      );
    await writeRows(duckdb, rows, out, engineOptions(args));
    delete json.results[rows.name];
    io.stdout(
      `${compactPairs(JSON.stringify({ ...json, csv: { file: out, result: rows.name, rows: 'row = position among the data rows (1-based)' } }, null, 2))}\n`,
    );
    return;
  }
  if (out?.toLowerCase().endsWith('.csv')) {
    const csv = objectCsv(output, loaded.meta.lines);
    if (!csv) throw new RangeError(`${call.method} has no per-object result to write as CSV`);
    io.writeFile(out, csv.text);
    delete json.results[csv.name];
    io.stdout(
      `${compactPairs(JSON.stringify({ ...json, csv: { file: out, result: csv.name } }, null, 2))}\n`,
    );
    return;
  }
  printJson(json, args, io);
}
