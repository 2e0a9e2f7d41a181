import type { Loaded } from '../../core/platform/session.ts';
import { fileArgument, refuseUnknown } from '../args.ts';
import { printJson, type Io } from '../output.ts';
import { loadTable } from '../table.ts';
import type { Command } from './command.ts';
import type { CliRequest } from '../request.ts';

/** `describe FILE`: rows, columns (kind, role, values, missing) and warnings. */
export const describeCommand: Command = {
  name: 'describe',
  summary: 'how the file is read: rows, columns, kinds, values, warnings',
  usage: () => 'describe: describe FILE',
  async run(request: CliRequest, io: Io) {
    const file = fileArgument(request, this.usage());
    refuseUnknown(request.own, new Set<string>(), this.usage());
    const { loaded } = await loadTable(file, request);
    printJson(describeJson(loaded), request, io);
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
