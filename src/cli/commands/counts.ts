import { runToEnd } from '../../core/jobs.ts';
import type { CountsReport, Loaded } from '../../core/session.ts';
import { parseRowFilter } from '../../core/table/rows.ts';
import { fileArgument, refuseUnknown, text, type Args } from '../args.ts';
import { matrixRows } from '../json.ts';
import { printJson, type Io } from '../output.ts';
import { loadTable, TABLE_FLAGS } from '../table.ts';
import type { Command } from './command.ts';

/** `counts FILE`: value counts, co-occurrences, entropy and symmetric uncertainty. */
export const countsCommand: Command = {
  name: 'counts',
  summary: 'value counts, co-occurrence, entropy, symmetric uncertainty',
  usage: () => 'counts:   counts FILE [--rows-where COL=VALUE]',
  async run(args: Args, io: Io) {
    const file = fileArgument(args, this.usage());
    refuseUnknown(args, new Set([...TABLE_FLAGS, 'rows-where']), this.usage());
    const filter = text(args, 'rows-where');
    const { session, loaded } = await loadTable(file, args);
    const rowsWhere = filter ? parseRowFilter(filter) : null;
    printJson(countsJson(loaded, runToEnd(session.countSteps({ rowsWhere }))), args, io);
  },
};

function countsJson(loaded: Loaded, counts: CountsReport): object {
  const { meta } = loaded;
  const L = meta.nValues;
  const D = meta.attributes.length;
  const values = meta.attributes.flatMap((a) =>
    a.labels.map((label, k) => ({
      attribute: a.name,
      label,
      count: counts.valueCounts[a.offset + k] as number,
    })),
  );
  if (!counts.cooccurrence)
    throw new RangeError(`too many values (${L}) for a dense co-occurrence matrix`);
  return {
    rows: counts.nRows,
    values,
    cooccurrence: matrixRows(counts.cooccurrence, L, L),
    entropy: { attributes: meta.attributes.map((a) => a.name), bits: Array.from(counts.entropy) },
    su: {
      attributes: meta.attributes.map((a) => a.name),
      matrix: matrixRows(counts.symmetricUncertainty, D, D),
    },
  };
}
