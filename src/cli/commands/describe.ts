import type { Loaded } from '../../core/platform/session.ts';
import { fileArgument, refuseUnknown, type Args } from '../args.ts';
import { printJson, type Io } from '../output.ts';
import { loadTable, TABLE_FLAGS } from '../table.ts';
import type { Command } from './command.ts';

/** `describe FILE`: rows, columns (kind, role, values, missing) and warnings. */
export const describeCommand: Command = {
  name: 'describe',
  summary: 'how the file is read: rows, columns, kinds, values, warnings',
  usage: () => 'describe: describe FILE',
  async run(args: Args, io: Io) {
    const file = fileArgument(args, this.usage());
    refuseUnknown(args, new Set(TABLE_FLAGS), this.usage());
    const { loaded } = await loadTable(file, args);
    printJson(describeJson(loaded), args, io);
  },
};

function describeJson(loaded: Loaded): object {
  const s = loaded.summary;
  return {
    rows: s.rows,
    totalRows: s.totalRows,
    droppedRows: s.droppedRows,
    missingPolicy: s.missingPolicy,
    columns: s.columns.map((c) => ({
      name: c.name,
      kind: c.kind,
      role: c.role,
      ...(c.reason ? { reason: c.reason } : {}),
      distinct: c.distinct,
      values: c.values,
      ...(c.valuesTruncated ? { valuesTruncated: true } : {}),
      missing: c.missing,
    })),
    warnings: s.warnings,
  };
}
