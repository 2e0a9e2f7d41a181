import { allSpecs, methodSpec } from '../../core/platform/registry.ts';
import { refuseUnknown, type Args } from '../args.ts';
import { callFromFlags, kebab } from '../callFlags.ts';
import { runAndPrint, type Io } from '../output.ts';
import { loadTable, TABLE_FLAGS, TABLE_USAGE } from '../table.ts';
import type { Command } from './command.ts';

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
  async run(args: Args, io: Io) {
    const [, method, file = args.flags.has('counts') ? '' : undefined] = args.positionals;
    if (!method || file === undefined)
      throw new RangeError(`expected a method and a CSV file\n${this.usage()}`);
    await runMethod(method, file, args, io);
  },
};

/** Runs one registered method on a file and prints its output (also the legacy commands' core). */
export async function runMethod(
  method: string,
  file: string,
  args: Args,
  io: Io,
  optionalFlags: readonly string[] = [],
): Promise<void> {
  methodSpec(method); // an unknown method is named before the file is read
  const used = new Set([...TABLE_FLAGS, 'matrices', ...optionalFlags]);
  const call = callFromFlags(method, args, used);
  refuseUnknown(args, used, `${TABLE_USAGE}\n${runCommand.usage()}`);
  await runAndPrint(await loadTable(file, args), call, args, io);
}
