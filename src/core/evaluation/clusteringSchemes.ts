import { checkClasses } from './classPreconditions.ts';
import { evaluateClusteringStep } from './evaluateClustering.ts';
import { failureRow, isolated, unlessAllFailed } from './isolated.ts';
import { meanSd, scorePartition } from './partitions.ts';
import { scaledSteps, type Steps } from '../base/jobs.ts';
import { AUTO, SEED_BOUND, type OptionsOf, type ParameterSpec } from '../base/parameters.ts';
import { CLUSTERS_PARAMETER, RUNS_BOUND } from '../clustering/kmeansStep.ts';
import { ROCK_THETA } from '../methods/cas/rockStep.ts';
import { parseScheme, SCHEME_NAMES, schemeTitle } from '../methods/cas/schemes.ts';
import { resolveCall } from '../platform/calls.ts';
import { defineMethod, type MethodContext } from '../platform/spec.ts';
import type { Cell, MethodFailure } from '../platform/results.ts';
import { badOption, internal } from '../base/errors.ts';

const SCHEME_PARAMETERS = [
  {
    name: 'schemes',
    type: 'string',
    default: SCHEME_NAMES.join(','),
    subsetOf: SCHEME_NAMES,
    subsetTitles: Object.fromEntries(SCHEME_NAMES.map((n) => [n, schemeTitle(n)])),
    description: 'The schemes compared, comma-separated',
  },
  {
    name: 'runs',
    type: 'integer',
    default: 50,
    min: 1,
    ...RUNS_BOUND,
    description: 'Seeded runs of k-modes and spectral clustering (the paper: 50)',
  },
  {
    name: 'seed',
    type: 'integer',
    default: 0,
    ...SEED_BOUND,
    role: 'seed',
    description: 'Seed of the runs',
  },
  { ...ROCK_THETA, description: 'ROCK’s and CROCK’s neighbour threshold' },
  CLUSTERS_PARAMETER,
] as const satisfies readonly ParameterSpec[];

type SchemeOptions = Pick<OptionsOf<typeof SCHEME_PARAMETERS>, 'runs' | 'seed' | 'theta' | 'k'>;

/**
 * Wang et al. 2015's clustering schemes side by side (Sec. VIII-B, Tables IX-X): k-modes and
 * spectral clustering with each dissimilarity (SMD, OFD, ADD, CADO), spectral clustering on
 * CASO, ROCK and CROCK — each scheme run through the registry (the clustering evaluation, the
 * ROCK step), so its numbers are the app's. A scheme that fails on this table is a row with
 * its reason; the others complete.
 */
export const clusteringSchemesStep = defineMethod({
  id: 'clustering-schemes',
  title: 'Clustering schemes (Wang et al. 2015)',
  role: 'step',
  order: 21,
  team: 'the k-means and k-modes assignments of the evaluations it runs (clustering/assignTeam.ts)',
  paper: 'Wang et al. 2015, Coupled attribute similarity learning on categorical data (IEEE TNNLS)',
  where: 'Sec. VIII-B, Tables IX-X: k-modes, spectral clustering, ROCK and CROCK; AC, NMI, F',
  description: 'AC, NMI and F-score of every clustering scheme of the coupled-similarity paper',
  parameters: SCHEME_PARAMETERS,
  produces: ['table'],
  check(table) {
    checkClasses(table, 'the clustering schemes');
  },
  *run(context, options) {
    const names = schemeList(options.schemes);
    if (names.length === 0) throw badOption('choose at least one scheme');
    const rows: Record<string, Cell>[] = [];
    const failures: MethodFailure[] = [];
    for (const [i, name] of names.entries()) {
      const scheme = parseScheme(name);
      // The method the scheme stands on, whose preconditions name why it cannot run here.
      const ref = resolveCall({
        method: scheme.method,
        options: scheme.kind === 'step' ? scheme.options : {},
      });
      const outcome = yield* isolated(
        context.table,
        ref,
        scaledSteps(schemeRow(context, name, options), i / names.length, (i + 1) / names.length),
      );
      if (outcome.ok) rows.push(outcome.value);
      else {
        const failure = { ...outcome.failure, method: name, title: schemeTitle(name) };
        failures.push(failure);
        rows.push(failureRow(failure));
      }
    }
    unlessAllFailed(names.length, failures);
    return {
      table: {
        kind: 'table',
        title: 'Clustering schemes (coupled attribute similarity, Wang et al. 2015, Sec. VIII-B)',
        columns: [
          { key: 'title', title: 'scheme' },
          { key: 'accuracy', title: 'AC' },
          { key: 'nmi', title: 'NMI' },
          { key: 'fscore', title: 'F-score' },
          { key: 'clusters', title: 'clusters' },
        ],
        rows,
        notes: [
          `k = ${options.k === AUTO ? 'the number of classes' : options.k}; k-modes and spectral clustering: ${options.runs} seeded runs (seed ${options.seed}), mean ± sd; ROCK / CROCK: θ = ${options.theta}, deterministic (sd 0)`,
        ],
      },
    };
  },
});

function schemeList(text: string | null): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** One scheme's AC, NMI and F-score against the class column. */
function* schemeRow(
  context: MethodContext,
  name: string,
  options: SchemeOptions,
): Steps<Record<string, Cell>> {
  const scheme = parseScheme(name);
  if (scheme.kind === 'step') {
    const out = yield* context.require({
      method: scheme.method,
      options: { ...scheme.options, theta: options.theta, k: options.k },
    });
    const partition = out.results.partition;
    if (partition?.kind !== 'object-partition') throw internal(`${name} gave no partition`);
    const classes = (context.table.classColumn as { codes: Int32Array }).codes;
    const s = scorePartition(classes, partition.labels);
    return {
      method: name,
      title: partition.title,
      clusters: partition.k,
      accuracy: meanSd([s.accuracy]),
      nmi: meanSd([s.nmi]),
      fscore: meanSd([s.fscore]),
    };
  }
  const out = yield* context.require({
    method: evaluateClusteringStep.id,
    options: { runs: options.runs, seed: options.seed, k: options.k, algorithm: scheme.algorithm },
    inputs: { methods: [{ method: scheme.method }] },
  });
  const table = out.results.table;
  const row = (table?.kind === 'table' ? table.rows[0] : undefined) ?? {};
  if (typeof row.failed === 'string' || typeof row.notApplicable === 'string')
    throw badOption(String(row.failed ?? row.notApplicable));
  return {
    method: name,
    title: schemeTitle(name),
    clusters: null,
    accuracy: row.accuracy ?? null,
    nmi: row.nmi ?? null,
    fscore: row.fscore ?? null,
  };
}
