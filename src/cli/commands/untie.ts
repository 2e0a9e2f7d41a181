import { runToEnd } from '../../core/base/jobs.ts';
import { optionsUsage } from '../request.ts';
import { untieMethod } from '../../core/methods/untie/untie.ts';
import { UNTIE_PARAMETERS, untieSteps } from '../../core/methods/untie/untie.ts';
import { resolveOptions } from '../../core/base/parameters.ts';
import { refuseWithoutRows } from '../../core/platform/run.ts';
import type { CategoricalTable } from '../../core/data/table/types.ts';
import { kernelName } from '../../core/methods/untie/kernelFunctions.ts';
import type { CouplingSpace } from '../../core/methods/untie/spaces.ts';
import { spaceWeights } from '../../core/methods/untie/vectorRepresentation.ts';
import { fileArgument, has, refuseUnknown, text } from '../args.ts';
import { optionFlags } from '../callFlags.ts';
import { printJson } from '../output.ts';
import { loadTable } from '../table.ts';
import type { Command } from './command.ts';
import type { CliRequest } from '../request.ts';

const round = (x: number): number => Number(x.toPrecision(8));

/**
 * `untie FILE [--kernels default|gaussian|polynomial] [--iterations 1000 --batch 20 --lr 1e-3
 * --seed N] [--spaces]`: Zhu et al. 2022's learned kernel-space weights, the loss per iteration and the
 * vector dimension; with --spaces, every coupling space (Eqs. (1), (4)) with its value vectors and
 * the value each column stands for.
 */
export const untieCommand: Command = {
  name: untieMethod.id,
  summary:
    'UNTIE (UNTIE, Zhu et al. 2022): coupling spaces, learned kernel weights, loss per iteration',
  usage: () =>
    `${untieMethod.id}: ${untieMethod.id} FILE [--spaces: every coupling space with its value vectors] [--lr: --learning-rate]\n${optionsUsage(UNTIE_PARAMETERS)}`,
  async run(request: CliRequest, io) {
    const used = new Set(['spaces', 'lr']);
    const raw: Record<string, unknown> = {
      ...optionFlags(UNTIE_PARAMETERS, request.own, '', used),
    };
    const lr = text(request.own, 'lr');
    if (lr !== undefined) {
      if (raw.learningRate !== undefined)
        throw new RangeError('give --lr or --learning-rate, not both');
      raw.learningRate = Number(lr);
      if (!Number.isFinite(raw.learningRate))
        throw new RangeError(`--lr must be a number, got “${lr}”`);
    }
    refuseUnknown(request.own, used, this.usage());
    const options = resolveOptions(UNTIE_PARAMETERS, raw, untieMethod.id);
    const { session } = await loadTable(fileArgument(request, this.usage()), request);
    const table = session.table;
    refuseWithoutRows(table, untieMethod);
    untieMethod.check?.(table, options as never);
    const model = runToEnd(untieSteps(table, session.counts(), options));
    const weights = spaceWeights(model.spaces.spaces, model.learning.weights);
    const dims = model.spaces.spaces.reduce((sum, s) => sum + s.m, 0);
    printJson(
      {
        options: { ...options, clusters: model.clusters },
        ...(has(request.own, 'spaces') ? { spaces: spacesJson(table, model.spaces.coupling) } : {}),
        kernelWeights: model.spaces.spaces.map((s, p) => ({
          attribute: table.attributes[s.attribute]?.name,
          space: s.kind,
          kernel: kernelName(s.kernel),
          weight: round(weights[p] as number),
        })),
        loss: Array.from(model.learning.loss, round),
        iterations: model.learning.iterations,
        stopped: model.learning.stopped,
        dims,
      },
      request,
      io,
    );
  },
};

function spacesJson(table: CategoricalTable, coupling: readonly CouplingSpace[]) {
  const valueName = (g: number): string => {
    const attr = table.attributes[table.valueAttribute[g] as number];
    return `${attr?.name}=${attr?.labels[g - (attr?.offset ?? 0)]}`;
  };
  return coupling.map((space) => {
    const attr = table.attributes[space.attribute];
    const m = attr?.labels.length ?? 0;
    return {
      attribute: attr?.name,
      kind: space.kind,
      values: attr?.labels,
      columns:
        space.kind === 'intra'
          ? [`frequency of ${attr?.name}`]
          : Array.from(space.columns, valueName),
      vectors: Array.from({ length: m }, (_, v) =>
        Array.from(space.vectors.subarray(v * space.dims, (v + 1) * space.dims), round),
      ),
    };
  });
}
