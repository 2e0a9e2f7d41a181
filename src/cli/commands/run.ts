import { resolveCall } from '../../core/platform/calls.ts';
import { allSpecs, methodSpec } from '../../core/platform/registry.ts';
import { refuseUnknown } from '../args.ts';
import { callFromFlags, kebab } from '../callFlags.ts';
import { runAndPrint, type Io } from '../output.ts';
import type { CliRequest } from '../request.ts';
import { loadTable } from '../table.ts';
import type { Command } from './command.ts';
import { badOption } from '../../core/base/errors.ts';

/** `run METHOD FILE [--param value …]`: any registered method or step, flags from its table. */
export const runCommand: Command = {
  name: 'run',
  summary: 'run any method or step of the registry (see `methods`)',
  usage: () => `run:      run METHOD FILE [--PARAM value …] [--matrices] [--out FILE.json|FILE.csv]
          a step's inputs: --INPUT METHOD[,METHOD] [--INPUT.PARAM value] (e.g. run tsne FILE --of cde --of.alpha 30)
${allSpecs()
  .map(
    (s) =>
      `          ${s.id}: ${[
        ...(s.inputs ?? []).map((i) => `--${i.name} METHOD${i.many ? '[,METHOD…]' : ''}`),
        ...s.parameters.map(
          (p) => `[--${kebab(p.name)} ${p.default === null ? '…' : String(p.default)}]`,
        ),
      ].join(' ')}`,
  )
  .join('\n')}`,
  async run(request: CliRequest, io: Io) {
    const [method, file = request.engine.counts !== null ? '' : undefined] = request.positionals;
    if (!method || file === undefined)
      throw badOption(`expected a method and a CSV file\n${this.usage()}`);
    await runMethod(method, file, request, io);
  },
};

/** Runs one registered method on a file and prints its output (also the named commands' core). */
export async function runMethod(
  method: string,
  file: string,
  request: CliRequest,
  io: Io,
  optionalFlags: readonly string[] = [],
): Promise<void> {
  methodSpec(method); // an unknown method is named before the file is read
  const used = new Set(optionalFlags);
  const call = callFromFlags(method, request.own, used);
  refuseUnknown(request.own, used, runCommand.usage());
  resolveCall(call); // every option checked against its bounds before the file is read
  await runAndPrint(await loadTable(file, request), call, request, io);
}
