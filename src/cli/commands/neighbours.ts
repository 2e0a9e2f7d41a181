import { runToEnd } from '../../core/base/jobs.ts';
import { REPRESENTATION_KINDS } from '../../core/platform/representation.ts';
import { hasMethod, methodSpec, methodsProducing } from '../../core/platform/registry.ts';
import type { CategoricalTable } from '../../core/data/table/types.ts';
import type { Call } from '../../core/platform/spec.ts';
import { MAX_NEIGHBOURS, neighboursStep } from '../../core/projection/neighboursStep.ts';
import { fileArgument, refuseUnknown, text } from '../args.ts';
import { optionFlags } from '../callFlags.ts';
import { printJson, type Io } from '../output.ts';
import type { CliRequest } from '../request.ts';
import { loadTable } from '../table.ts';
import { withTeam } from '../nodeTeam.ts';
import type { Command } from './command.ts';
import { badOption, internal } from '../../core/base/errors.ts';

const representations = (): string[] => methodsProducing(REPRESENTATION_KINDS).map((s) => s.id);

/**
 * `neighbours FILE --method M --row LINE --k K`: the K objects nearest to the row starting on
 * file line LINE under method M's representation (the step neighboursStep, exact here: a fresh
 * process holds no NN-descent graph), each with its line, distance and the values where it
 * differs from the row.
 */
export const neighboursCommand: Command = {
  name: 'neighbours',
  summary: 'the k nearest objects of one row under a representation, with their differing values',
  usage: () =>
    `neighbours: neighbours FILE --method ${representations().join('|')} --row LINE [--k 10]
          [--method.PARAM value …] (LINE: the file line the row starts on; the header is line 1)`,
  async run(request: CliRequest, io: Io) {
    const file = fileArgument(request, this.usage());
    const args = request.own;
    const method = text(args, 'method');
    if (method === undefined) throw badOption(`neighbours needs --method METHOD`);
    if (!hasMethod(method) || !representations().includes(method))
      throw badOption(
        `--method: “${method}” is not a representation (${representations().join(', ')})`,
      );
    const line = whole(text(args, 'row'), 'row', 'the file line the row starts on');
    const k = whole(text(args, 'k') ?? '10', 'k', `from 1 to ${MAX_NEIGHBOURS}`);
    const used = new Set(['method', 'row', 'k']);
    const options = optionFlags(methodSpec(method).parameters, args, 'method.', used);
    refuseUnknown(args, used, this.usage());
    const { session } = await loadTable(file, request);
    const table = session.table;
    const row = rowOfLine(table, line);
    const call: Call = {
      method: neighboursStep.id,
      options: { row, k, search: 'exact' },
      inputs: { of: { method, options } },
    };
    // The step declares a team (its scan of every object): helpers as for `run`.
    const output = await withTeam(call, request.engine.threads || undefined, () =>
      runToEnd(session.runSteps(call)),
    );
    const found = output.results.neighbours;
    if (found?.kind !== 'table') throw internal('the neighbours step gave no table');
    printJson(
      {
        row: line,
        method,
        k,
        neighbours: found.rows.map((r) => ({
          line: r.line,
          distance: r.distance,
          differs: differences(table, row, r.row as number),
        })),
      },
      request,
      io,
    );
  },
};

function whole(value: string | undefined, name: string, what: string): number {
  if (value === undefined) throw badOption(`neighbours needs --${name} (${what})`);
  const x = Number(value);
  if (!Number.isInteger(x) || x < 1 || value.trim() === '')
    throw badOption(`--${name} must be a whole number (${what}), got “${value}”`);
  return x;
}

/** The row starting on file line `line`, or an error saying why there is none. */
export function rowOfLine(table: CategoricalTable, line: number): number {
  const row = table.sourceLines.indexOf(line);
  if (row >= 0) return row;
  const last = table.sourceLines[table.sourceLines.length - 1] ?? 1;
  throw badOption(
    line === 1
      ? '--row 1 is the header: rows start on line 2'
      : line > last
        ? `--row ${line} is past the last row (line ${last})`
        : `--row ${line} starts no row kept (a dropped row, or inside a quoted cell)`,
  );
}

/** The neighbour's values on the attributes where it differs from the row, by attribute name. */
export function differences(
  table: CategoricalTable,
  row: number,
  other: number,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const a of table.attributes) {
    const x = a.codes[other] as number;
    if (x !== a.codes[row]) out[a.name] = a.labels[x] ?? '';
  }
  return out;
}
