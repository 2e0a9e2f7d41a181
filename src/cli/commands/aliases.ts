import { runToEnd } from '../../core/base/jobs.ts';
import { cdeMethod } from '../../core/methods/cure/cde.ts';
import { coshMethod } from '../../core/methods/cure/coshMethod.ts';
import { CURE_TABLE_1 } from '../../core/methods/cure/table1.ts';
import { isSchemeName } from '../../core/methods/cas/schemes.ts';
import { evaluateClusteringStep } from '../../core/evaluation/evaluateClustering.ts';
import { evaluateOutliersStep } from '../../core/evaluation/evaluateOutliers.ts';
import { methodsProducing, projectionSteps } from '../../core/platform/registry.ts';
import { REPRESENTATION_KINDS } from '../../core/platform/representation.ts';
import type { MethodSpec } from '../../core/platform/spec.ts';
import { fileArgument, list, refuseUnknown, text, type Args } from '../args.ts';
import { callFromFlags } from '../callFlags.ts';
import { printJson, runAndPrint, type Io } from '../output.ts';
import { optionsUsage, type CliRequest } from '../request.ts';
import { loadTable } from '../table.ts';
import { evaluateSchemes } from './clusteringNames.ts';
import type { Command } from './command.ts';
import { runMethod } from './run.ts';

/**
 * The commands from before the registry, kept as thin aliases of `run`: each rewrites its
 * flags into a call and prints exactly what `run` prints for it. Their usage is generated from
 * the methods' parameter tables.
 */

/** `NAME FILE [--PARAM value …]` for a method, from its parameter table. */
function methodUsage(spec: MethodSpec, extra = ''): string {
  return `${spec.id}: ${spec.id} FILE${extra}\n${optionsUsage(spec.parameters)}`;
}

/** `cde FILE …` is `run cde FILE …`. */
export const cdeCommand: Command = {
  name: cdeMethod.id,
  summary: `alias of \`run ${cdeMethod.id}\``,
  usage: () => methodUsage(cdeMethod),
  run: (request, io) => runMethod(cdeMethod.id, fileArgument(request), request, io),
};

/** `cosh FILE …` is `run cosh FILE …`, plus the AUC of an outlier class. */
export const coshCommand: Command = {
  name: coshMethod.id,
  summary: `alias of \`run ${coshMethod.id}\`, with --outlier-class the AUC (run ${evaluateOutliersStep.id})`,
  usage: () => methodUsage(coshMethod, ' [--outlier-class LABEL]'),
  async run(request: CliRequest, io: Io) {
    const file = fileArgument(request);
    const outlierClass = text(request.own, 'outlier-class');
    const used = new Set(['outlier-class']);
    const call = callFromFlags(coshMethod.id, request.own, used);
    refuseUnknown(request.own, used, this.usage());
    const loaded = await loadTable(file, request);
    const { session } = loaded;
    await runAndPrint(loaded, call, request, io, () => {
      if (outlierClass === undefined) return {};
      const evaluation = runToEnd(
        session.runSteps({
          method: evaluateOutliersStep.id,
          options: { outlierClass },
          inputs: { methods: [call] },
        }),
      );
      const table = evaluation.results.table;
      const auc = table?.kind === 'table' ? table.rows[0]?.auc : null;
      return { auc, outlierClass };
    });
  },
};

/** The methods of Jian et al. 2019 (CURE) Table 1, the clustering evaluation's default here. */
const TABLE_1_METHODS = Object.keys(CURE_TABLE_1[0]?.fscore ?? {}).join(',');

/** `evaluate-clustering FILE --methods a,b …` is `run evaluate-clustering FILE --methods a,b …`. */
export const evaluateClusteringCommand: Command = {
  name: evaluateClusteringStep.id,
  summary: `alias of \`run ${evaluateClusteringStep.id}\` (CDE’s α, β, orientation and seed apply to the methods)`,
  usage: () =>
    `${methodUsage(evaluateClusteringStep, ` --class COL [--methods ${TABLE_1_METHODS}]`)}
          Wang et al. 2015's schemes: --methods kmodes-smd,kmodes-ofd,kmodes-add,kmodes-cado,spectral-smd,…,spectral-cado,rock,crock [--theta 0.5] [--runs 50] [--k 0]`,
  async run(request: CliRequest, io: Io) {
    const names = list(text(request.own, 'methods'));
    if (names.some(isSchemeName)) {
      const used = new Set(['methods', 'runs', 'seed', 'theta', 'k']);
      refuseUnknown(request.own, used, this.usage());
      const number = (flag: string, fallback: number): number => {
        const t = text(request.own, flag);
        const v = t === undefined ? fallback : Number(t);
        if (!Number.isFinite(v)) throw new RangeError(`--${flag} must be a number, got “${t}”`);
        return v;
      };
      const { session } = await loadTable(fileArgument(request), request);
      const table = evaluateSchemes(session, names, {
        runs: number('runs', 50),
        seed: number('seed', 0),
        theta: number('theta', 0.5),
        k: number('k', 0),
      });
      printJson({ method: evaluateClusteringStep.id, results: { table } }, request, io);
      return;
    }
    const legacy = renamed(request, {
      methods: { to: ['methods'], default: TABLE_1_METHODS },
      alpha: { to: ['methods.alpha'] },
      beta: { to: ['methods.beta'] },
      orientation: { to: ['methods.orientation'] },
      seed: { to: ['seed', 'methods.seed'] },
    });
    return runMethod(
      evaluateClusteringStep.id,
      fileArgument(request),
      legacy.request,
      io,
      legacy.optional,
    );
  },
};

/** `project FILE --representation R --projection P …` is `run P FILE --of R …`. */
export const projectCommand: Command = {
  name: 'project',
  summary: 'alias of `run PROJECTION --of REPRESENTATION` (PROJECTION: a projection step)',
  usage: () =>
    `project:  project FILE [--representation ${representations().join('|')}] [--projection ${projections().join('|')}] [--no-quality]
          and the projection's options (see run)`,
  run(request: CliRequest, io: Io) {
    const [firstRepresentation] = representations();
    const representation = text(request.own, 'representation') ?? firstRepresentation;
    if (representation === undefined || !representations().includes(representation))
      throw new RangeError(
        `unknown representation “${representation}” (${representations().join(', ')})`,
      );
    const projection = text(request.own, 'projection') ?? projections()[0];
    if (projection === undefined || !projections().includes(projection))
      throw new RangeError(`unknown projection “${projection}” (${projections().join(', ')})`);
    const legacy = renamed(request, {
      representation: { to: ['of'], default: representation },
      projection: { to: [] },
      seed: { to: ['seed', 'of.seed'] },
      alpha: { to: ['of.alpha'] },
      beta: { to: ['of.beta'] },
      orientation: { to: ['of.orientation'] },
      mds: { to: ['method'] },
      'no-quality': { to: [] },
    });
    if (request.own.flags.has('no-quality')) legacy.request.own.flags.set('quality', 'false');
    return runMethod(projection, fileArgument(request), legacy.request, io, legacy.optional);
  },
};

function representations(): string[] {
  return methodsProducing(REPRESENTATION_KINDS).map((s) => s.id);
}

function projections(): string[] {
  return projectionSteps().map((s) => s.id);
}

/**
 * The same request with legacy flags renamed into run's flags: each `from` flag (or its
 * default) is copied to every target name; the targets are optional for the methods asked.
 */
function renamed(
  request: CliRequest,
  mapping: Record<string, { to: string[]; default?: string }>,
): { request: CliRequest; optional: string[] } {
  const given = request.own.flags;
  const flags = new Map(given);
  const optional: string[] = [];
  for (const [from, { to, default: fallback }] of Object.entries(mapping)) {
    const value = given.get(from) ?? fallback;
    flags.delete(from);
    if (value === undefined) continue;
    for (const name of to) {
      if (!flags.has(name)) flags.set(name, value);
      optional.push(name);
    }
  }
  const own: Args = { positionals: request.own.positionals, flags };
  return { request: { ...request, own }, optional };
}
