import { runToEnd } from '../../core/base/jobs.ts';
import type { Curves, ResultTable } from '../../core/platform/results.ts';
import { fileArgument, refuseUnknown } from '../args.ts';
import { callFromFlags } from '../callFlags.ts';
import { methodsProducing } from '../../core/platform/registry.ts';
import type { InputSpec, MethodSpec } from '../../core/platform/spec.ts';
import { epsGammaStep } from '../../core/evaluation/epsGammaStep.ts';
import { retrievalStep } from '../../core/evaluation/retrieval.ts';
import { optionsUsage, type CliRequest } from '../request.ts';
import { printJson } from '../output.ts';
import { loadTable } from '../table.ts';
import type { Command } from './command.ts';
import { errorsJson } from '../failures.ts';

/**
 * A quality step (the (ε,γ)-curves or precision@k) over representations: its call read from its
 * own parameter table (`run`'s flags); `--methods` defaults to every representation it takes,
 * and `--k` is precision@k's `--ks`.
 */
async function runQuality(request: CliRequest, step: MethodSpec) {
  const input = step.inputs?.find((i) => i.many) as InputSpec;
  const own = new Map(request.own.flags);
  if (!own.has(input.name))
    own.set(
      input.name,
      methodsProducing(input.accepts)
        .map((s) => s.id)
        .join(','),
    );
  if (own.has('k') && !own.has('ks')) {
    own.set('ks', own.get('k') as string);
    own.delete('k');
  }
  const used = new Set<string>();
  const call = callFromFlags(step.id, { ...request.own, flags: own }, used);
  refuseUnknown({ ...request.own, flags: own }, used, qualityUsage(step));
  const { session } = await loadTable(fileArgument(request), request);
  const output = runToEnd(session.runSteps(call));
  return {
    curves: output.results.curves as Curves,
    table: output.results.table as ResultTable,
    n: session.table.nRows,
    errors: errorsJson(output),
  };
}

function qualityUsage(step: MethodSpec): string {
  return `${step.id}: ${step.id} FILE --class COL [--methods METHOD,…: every representation]\n${optionsUsage(step.parameters)}`;
}

/** `eps-gamma FILE --class COL --methods …` → `{curves: [{method, points: [[ε, γ] …]}], sample?}`. */
export const epsGammaCommand: Command = {
  name: epsGammaStep.id,
  summary: '(ε,γ)-curves of representations against the class (UNTIE, Zhu et al. 2022, Sec. 6.3)',
  usage: () => qualityUsage(epsGammaStep),
  async run(request, io) {
    const { curves, table, n, errors } = await runQuality(request, epsGammaStep);
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
      request,
      io,
    );
  },
};

/** `retrieval FILE --class COL --methods … --k 1,5,10` → `{results: [{method, precision: […]}]}`. */
export const retrievalCommand: Command = {
  name: retrievalStep.id,
  summary: 'precision@k of representations against the class (UNTIE, Zhu et al. 2022, Sec. 6.3.2)',
  usage: () => qualityUsage(retrievalStep),
  async run(request, io) {
    const { curves, table, errors } = await runQuality(request, retrievalStep);
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
      request,
      io,
    );
  },
};
