import { runToEnd } from '../../core/base/jobs.ts';
import type { Curves, ResultTable } from '../../core/platform/results.ts';
import { fileArgument, list, refuseUnknown, text, type Args } from '../args.ts';
import { printJson } from '../output.ts';
import { loadTable, TABLE_FLAGS } from '../table.ts';
import type { Command } from './command.ts';
import { errorsJson } from '../failures.ts';

const DEFAULT_METHODS = 'cde,onehot,idf,hamming,caso,dilca';

async function runQuality(args: Args, method: 'eps-gamma' | 'retrieval', extra: string[]) {
  const used = new Set([...TABLE_FLAGS, 'methods', 'seed', 'sample', ...extra]);
  refuseUnknown(
    args,
    used,
    `${method} FILE --class COL [--methods ${DEFAULT_METHODS}] [--sample 1000] [--seed N]`,
  );
  const file = fileArgument(args);
  const methods = list(text(args, 'methods') ?? DEFAULT_METHODS).map((m) => ({ method: m }));
  const options: Record<string, unknown> = {};
  for (const flag of ['seed', 'sample']) {
    const v = text(args, flag);
    if (v !== undefined) options[flag] = Number(v);
  }
  const k = text(args, 'k');
  if (k !== undefined) options.ks = k;
  const { session } = await loadTable(file, args);
  const output = runToEnd(session.runSteps({ method, options, inputs: { methods } }));
  return {
    curves: output.results.curves as Curves,
    table: output.results.table as ResultTable,
    n: session.table.nRows,
    errors: errorsJson(output),
  };
}

/** `eps-gamma FILE --class COL --methods …` → `{curves: [{method, points: [[ε, γ] …]}], sample?}`. */
export const epsGammaCommand: Command = {
  name: 'eps-gamma',
  summary: '(ε,γ)-curves of representations against the class (UNTIE, Zhu et al. 2022, Sec. 6.3)',
  usage: () =>
    `eps-gamma: eps-gamma FILE --class COL [--methods ${DEFAULT_METHODS}] [--sample 1000] [--seed N]`,
  async run(args, io) {
    const { curves, table, n, errors } = await runQuality(args, 'eps-gamma', []);
    const note = curves.notes?.[0] ?? '';
    printJson(
      {
        curves: curves.series.map((s, i) => ({
          method: table.rows[i]?.method ?? s.name,
          title: s.name,
          points: Array.from(s.x, (x, i) => [x, Number((s.y[i] as number).toFixed(6))]),
        })),
        ...(/sample of/.test(note) && { sample: note }),
        objects: n,
        note,
        ...(errors.length > 0 && { errors }),
      },
      args,
      io,
    );
  },
};

/** `retrieval FILE --class COL --methods … --k 1,5,10` → `{results: [{method, precision: […]}]}`. */
export const retrievalCommand: Command = {
  name: 'retrieval',
  summary: 'precision@k of representations against the class (UNTIE, Zhu et al. 2022, Sec. 6.3.2)',
  usage: () =>
    `retrieval: retrieval FILE --class COL [--methods ${DEFAULT_METHODS}] [--k 1,5,10,20,50] [--sample 1000] [--seed N]`,
  async run(args, io) {
    const { curves, table, errors } = await runQuality(args, 'retrieval', ['k']);
    printJson(
      {
        k: Array.from(curves.series[0]?.x ?? []),
        results: curves.series.map((s, i) => ({
          method: table.rows[i]?.method ?? s.name,
          title: s.name,
          precision: Array.from(s.y, (p) => Number(p.toFixed(6))),
        })),
        note: curves.notes?.[0] ?? '',
        ...(errors.length > 0 && { errors }),
      },
      args,
      io,
    );
  },
};
