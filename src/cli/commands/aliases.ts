import { cdeMethod } from '../../core/methods/cure/cde.ts';
import { coshMethod } from '../../core/methods/cure/coshMethod.ts';
import { CURE_TABLE_1 } from '../../core/methods/cure/table1.ts';
import { casMethod } from '../../core/methods/cas/cas.ts';
import { dilcaMethod } from '../../core/methods/dilca/dilca.ts';
import { sandcatMethod } from '../../core/methods/sandcat/sandcat.ts';
import { cbrwMethod } from '../../core/methods/detectors/cbrwMethod.ts';
import { untieMethod } from '../../core/methods/untie/untie.ts';
import { evaluateClusteringStep } from '../../core/evaluation/evaluateClustering.ts';
import { evaluateDetectorsStep } from '../../core/evaluation/evaluateDetectors.ts';
import { epsGammaStep } from '../../core/evaluation/epsGammaStep.ts';
import { retrievalStep } from '../../core/evaluation/retrieval.ts';
import type { PrepareOptions } from '../../core/data/table/prepare.ts';
import { methodsProducing, projectionSteps } from '../../core/platform/registry.ts';
import { REPRESENTATION_KINDS } from '../../core/platform/representation.ts';
import type { MethodSpec } from '../../core/platform/spec.ts';
import { fileArgument, type Args } from '../args.ts';
import type { Io } from '../output.ts';
import { optionsUsage, type CliRequest } from '../request.ts';
import type { Command } from './command.ts';
import { runMethod } from './run.ts';

/**
 * The commands from before the registry, kept as thin aliases of `run`: each rewrites its
 * flags into `run`'s and prints exactly what `run` prints for that call. Their usage is
 * generated from the methods' parameter tables; none checks anything of its own.
 */

/** An old flag rewritten into run's flags: its value (or default) goes to every target. */
interface Rename {
  to: readonly string[];
  /** Read when the command runs (a list of the registry's methods is known only then). */
  default?: string | (() => string);
  /** What the old flag means, for the usage. */
  usage: string;
}

interface Alias {
  name: string;
  /** The method or step `run` is given. */
  of: MethodSpec;
  summary?: string;
  renames?: Readonly<Record<string, Rename>>;
  /** Table preparation this protocol reads unless the user's flags say otherwise. */
  prepare?: Partial<PrepareOptions>;
}

function aliasCommand(alias: Alias): Command {
  const renames = alias.renames ?? {};
  return {
    name: alias.name,
    summary:
      alias.summary ??
      `alias of \`run ${alias.of.id}\`${Object.keys(renames).length ? ' (flags renamed)' : ''}`,
    usage: () =>
      `${alias.name}: ${alias.name} FILE${Object.entries(renames)
        .map(([flag, r]) => ` [--${flag}: ${r.usage}]`)
        .join('')}${prepareUsage(alias.prepare)}\n${optionsUsage(alias.of.parameters)}`,
    run(request: CliRequest, io: Io) {
      const legacy = renamed(withPreparation(request, alias.prepare), renames);
      return runMethod(alias.of.id, fileArgument(request), legacy.request, io, legacy.optional);
    },
  };
}

function prepareUsage(prepare: Partial<PrepareOptions> | undefined): string {
  return prepare?.missing ? ` (missing values: --missing ${prepare.missing} unless given)` : '';
}

/** The protocol's preparation where the user gave none (a counts file has no rows to prepare). */
function withPreparation(
  request: CliRequest,
  prepare: Partial<PrepareOptions> | undefined,
): CliRequest {
  if (!prepare || request.engine.counts !== null) return request;
  const defaults = Object.fromEntries(
    Object.entries(prepare).filter(([name]) => !request.given.has(name)),
  );
  return { ...request, prepare: { ...request.prepare, ...defaults } };
}

/**
 * The same request with old flags renamed into run's: each `from` flag (or its default) is
 * copied to every target name not given; the targets are optional for the methods asked.
 */
function renamed(
  request: CliRequest,
  mapping: Readonly<Record<string, Rename>>,
): { request: CliRequest; optional: string[] } {
  const given = request.own.flags;
  const flags = new Map(given);
  const optional: string[] = [];
  for (const [from, { to, default: fallback }] of Object.entries(mapping)) {
    const value = given.get(from) ?? (typeof fallback === 'function' ? fallback() : fallback);
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

/** The methods of Jian et al. 2019 (CURE) Table 1, the clustering evaluation's default here. */
const TABLE_1_METHODS = Object.keys(CURE_TABLE_1[0]?.fscore ?? {}).join(',');

/** CDE's options, given bare, apply to the representations an evaluation compares. */
const CDE_OPTIONS_OF = (input: string): Record<string, Rename> =>
  Object.fromEntries(
    ['alpha', 'beta', 'orientation'].map((name) => [
      name,
      { to: [`${input}.${name}`], usage: `--${input}.${name}` },
    ]),
  );

/** Ienco et al. 2016 (DILCA/SAnDCat), Sec. V: the protocol reads missing values as the mode. */
const PROTOCOL_PREPARATION: Partial<PrepareOptions> = { missing: 'mode' };

export const ALIAS_COMMANDS: readonly Command[] = [
  aliasCommand({ name: cdeMethod.id, of: cdeMethod }),
  aliasCommand({ name: coshMethod.id, of: coshMethod }),
  aliasCommand({ name: casMethod.id, of: casMethod }),
  aliasCommand({ name: dilcaMethod.id, of: dilcaMethod }),
  aliasCommand({ name: cbrwMethod.id, of: cbrwMethod }),
  aliasCommand({
    name: untieMethod.id,
    of: untieMethod,
    renames: { lr: { to: ['learning-rate'], usage: 'same as --learning-rate' } },
  }),
  aliasCommand({
    name: evaluateClusteringStep.id,
    of: evaluateClusteringStep,
    summary: `alias of \`run ${evaluateClusteringStep.id}\` (CDE’s α, β, orientation and seed apply to the methods)`,
    renames: {
      methods: {
        to: ['methods'],
        default: TABLE_1_METHODS,
        usage: `${TABLE_1_METHODS} unless given`,
      },
      ...CDE_OPTIONS_OF('methods'),
      seed: { to: ['seed', 'methods.seed'], usage: 'also --methods.seed' },
    },
  }),
  ...[epsGammaStep, retrievalStep].map((step) =>
    aliasCommand({
      name: step.id,
      of: step,
      renames: {
        methods: {
          to: ['methods'],
          default: () => representations().join(','),
          usage: 'every representation unless given',
        },
        ...(step === retrievalStep && { k: { to: ['ks'], usage: 'same as --ks' } }),
      },
    }),
  ),
  aliasCommand({
    name: sandcatMethod.id,
    of: evaluateDetectorsStep,
    summary: `SAnDCat under Ienco et al. 2016's protocol (Table IV): alias of \`run ${evaluateDetectorsStep.id} --detectors ${sandcatMethod.id} --missing mode\``,
    renames: {
      detectors: { to: ['detectors'], default: sandcatMethod.id, usage: 'sandcat unless given' },
    },
    prepare: PROTOCOL_PREPARATION,
  }),
  aliasCommand({
    name: 'outliers',
    of: evaluateDetectorsStep,
    summary: `every detector on the same splits of Ienco et al. 2016's protocol: alias of \`run ${evaluateDetectorsStep.id} --missing mode\``,
    renames: { methods: { to: ['detectors'], usage: 'same as --detectors' } },
    prepare: PROTOCOL_PREPARATION,
  }),
];

function representations(): string[] {
  return methodsProducing(REPRESENTATION_KINDS).map((s) => s.id);
}

function projections(): string[] {
  return projectionSteps().map((s) => s.id);
}

/** `project FILE --representation R --projection P …` is `run P FILE --of R …`. */
export const projectCommand: Command = {
  name: 'project',
  summary: 'alias of `run PROJECTION --of REPRESENTATION` (PROJECTION: a projection step)',
  usage: () =>
    `project:  project FILE [--representation ${representations().join('|')}] [--projection ${projections().join('|')}] [--no-quality]
          and the projection's options (see run)`,
  run(request: CliRequest, io: Io) {
    const projection = String(request.own.flags.get('projection') ?? projections()[0]);
    const legacy = renamed(request, {
      representation: { to: ['of'], default: representations()[0], usage: '--of' },
      projection: { to: [], usage: 'the step run' },
      seed: { to: ['seed', 'of.seed'], usage: 'also --of.seed' },
      ...CDE_OPTIONS_OF('of'),
      mds: { to: ['method'], usage: '--method' },
      'no-quality': { to: [], usage: '--quality false' },
    });
    if (request.own.flags.has('no-quality')) legacy.request.own.flags.set('quality', 'false');
    return runMethod(projection, fileArgument(request), legacy.request, io, legacy.optional);
  },
};
