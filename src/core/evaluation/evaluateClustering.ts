import { checkClasses } from './classPreconditions.ts';
import { featureCorrelationIndex, valueClusterIndex } from './indicators.ts';
import { interHeterogeneity, intraHeterogeneity } from './heterogeneity.ts';
import { paperNearMatch, paperRowFor, type PaperMatch } from './paperMatch.ts';
import { meanSd, scorePartition, type PartitionScores } from './partitions.ts';
import { scaledSteps, type Steps } from '../base/jobs.ts';
import { describeCall, seedParameter, withSeed } from '../platform/calls.ts';
import { clampK, partitionerFor, type Partitioner } from '../clustering/partition.ts';
import { spectralPartitionerFor } from '../clustering/spectralPartition.ts';
import { methodSpec } from '../platform/registry.ts';
import { pickResult, REPRESENTATION_KINDS } from '../platform/representation.ts';
import { AUTO, autoNumber, type OptionsOf, type ParameterSpec } from '../base/parameters.ts';
import { defineMethod, type MethodContext, type ResolvedCall } from '../platform/spec.ts';
import { createRandom } from '../base/random.ts';
import { CLUSTERS_PARAMETER, ITERATIONS_PARAMETER } from '../clustering/kmeansStep.ts';
import { CLUSTERING_PROTOCOLS, PROTOCOL_TITLES } from '../clustering/protocols.ts';
import { findResult, type Cell, type MethodFailure } from '../platform/results.ts';
import { failureRow, isolated, unlessAllFailed } from './isolated.ts';
import { EVALUATION_RUNS_PARAMETER, EVALUATION_SEED_PARAMETER } from './clustering.ts';
import { badOption } from '../base/errors.ts';

const CLUSTERING_PARAMETERS = [
  EVALUATION_RUNS_PARAMETER,
  EVALUATION_SEED_PARAMETER,
  CLUSTERS_PARAMETER,
  ITERATIONS_PARAMETER,
  {
    name: 'protocol',
    type: 'choice',
    default: 'ours',
    choices: CLUSTERING_PROTOCOLS,
    choiceTitles: PROTOCOL_TITLES,
    advanced: true,
    description:
      'How each run picks its partition: ours (one start), paper-zoo (the closest found to UNTIE’s Zoo row: best of 10 starts, Huang’s for k-modes) or cao (k-modes from Cao’s deterministic starts); results/zoo-protocol.md',
  },
  {
    name: 'algorithm',
    type: 'choice',
    default: 'auto',
    choices: ['auto', 'spectral', 'spectral-similarity'],
    choiceTitles: {
      auto: 'k-means (k-modes for a distance)',
      spectral: 'spectral (Laplacian eigenmaps + k-means)',
      'spectral-similarity': 'spectral on the method’s similarity (CASO)',
    },
    description:
      'How each representation is clustered: k-means / k-modes (Jian et al. 2019, Wang et al. 2015) or spectral clustering (coupled attribute similarity, Wang et al. 2015, Sec. VIII-B)',
  },
] as const satisfies readonly ParameterSpec[];

/**
 * The clustering protocol of Jian et al. 2019 and Jian et al. 2017 (Sec. 6) over any representations: k = the
 * number of classes, R runs, each one k-means++ start (k-modes on a distance-only method), and
 * F-score (Hungarian-matched macro F), NMI and accuracy as mean ± sd over the runs. As the
 * papers do, a method with randomness of its own (CDE's value clustering) is re-fitted for each
 * run with its own seed (the call's seed, +1, … +R−1); a deterministic one is fitted once.
 */
export const evaluateClusteringStep = defineMethod({
  id: 'evaluate-clustering',
  // CURE, Jian et al. 2019, Sec. 6.1: k = classes, 50 runs, seed 0.
  paperProtocol: { runs: 50, seed: 0, k: AUTO, algorithm: 'auto' },
  board: [
    {
      column: 'fscore',
      title: 'F-score',
      help: 'k-means (k-modes for a distance) with k = classes, matched to the classes (CURE, Jian et al. 2019)',
      paperColumn: 'paper',
    },
    { column: 'nmi', title: 'NMI', help: 'normalised mutual information of the same clusterings' },
    {
      column: 'accuracy',
      title: 'accuracy',
      help: 'share of objects in their class’s cluster (best matching)',
    },
  ],
  title: 'Clustering evaluation',
  role: 'step',
  order: 20,
  team: 'its k-means or k-modes assignment of objects to centres (clustering/assignTeam.ts)',
  paper: 'Jian et al. 2019 (CURE) Sec. 6.1 and Table 1; Jian et al. 2017 (CDE)',
  where: 'Sec. 6.1: k-means with k = classes, 50 runs; F-score, NMI, accuracy',
  description: 'F-score, NMI and accuracy of clustering each representation against the class',
  parameters: CLUSTERING_PARAMETERS,
  inputs: [
    {
      name: 'methods',
      many: true,
      accepts: REPRESENTATION_KINDS,
      description: 'the representations compared: any object embedding or object distance',
      fitsOption: 'runs',
    },
  ],
  produces: ['table', 'measures'],
  check(table) {
    checkClasses(table, 'the clustering evaluation');
  },
  *run(context, options, inputs) {
    const { table } = context;
    const classes = (table.classColumn as NonNullable<typeof table.classColumn>).codes;
    const k = autoNumber(options.k, () => new Set(classes).size);
    if (options.k === AUTO) context.automatic('k', k);
    const methods = inputs.methods as ResolvedCall[];
    if (methods.length === 0) throw badOption('choose at least one method to evaluate');
    const paper = paperRowFor(table.nRows, table.nValues);
    const rows: Record<string, Cell>[] = [];
    const notes: string[] = [];
    const failures: MethodFailure[] = [];
    for (const [m, ref] of methods.entries()) {
      const outcome = yield* isolated(
        context.table,
        ref,
        clusterOne(context, options, ref, { k, classes, paper, m, of: methods.length }),
      );
      if (outcome.ok) {
        rows.push(outcome.value.row);
        if (outcome.value.note) notes.push(outcome.value.note);
      } else {
        failures.push(outcome.failure);
        rows.push(failureRow(outcome.failure));
      }
    }
    unlessAllFailed(methods.length, failures);
    notes.unshift(
      options.algorithm !== 'auto'
        ? `k = ${k} classes of ${table.classColumn?.name}; spectral clustering: ${options.algorithm === 'spectral' ? "a Gaussian affinity of each representation's distance (width: its median)" : "the method's similarity / n as the affinity"}, the k leading eigenvectors of the normalised affinity, then ${options.runs} runs of one k-means++ start each, seed ${options.seed}`
        : `k = ${k} classes of ${table.classColumn?.name}; ${options.runs} runs, ${options.protocol === 'ours' ? 'one k-means++ start each' : `each the ${PROTOCOL_TITLES[options.protocol]}`} (k-modes for distance-only methods), seed ${options.seed}; deterministic methods are fitted once`,
    );
    const near =
      paper?.source === 'Jian et al. 2019 (CURE) Table 1'
        ? null
        : paperNearMatch(table.nRows, table.nValues);
    if (paper)
      notes.push(
        `This table has the shape of ${paper.data} in ${paper.source} (${paper.objects} objects, ${paper.values} values): its F-scores are beside ours${paper.source.startsWith('Zhu et al. 2022 (UNTIE)') ? ' (its UNTIE is untie with the paper’s learning, 1,000 iterations; ADD is its Ahmad)' : ''}.`,
      );
    if (near)
      notes.push(
        `Jian et al. 2019's Table 1 has ${near.data} with ${near.objects} objects and ${near.values} values; this table has ${table.nValues} values, so its F-scores are not shown beside ours (match its preprocessing: for Zoo, drop legs; --drop legs in the CLI).`,
      );
    return {
      table: {
        kind: 'table',
        title: 'Clustering evaluation',
        columns: [
          { key: 'title', title: 'representation' },
          { key: 'dims', title: 'dims' },
          { key: 'fits', title: 'fits' },
          { key: 'fscore', title: 'F-score' },
          { key: 'paper', title: 'paper F-score' },
          { key: 'gap', title: 'gap' },
          { key: 'nmi', title: 'NMI' },
          { key: 'accuracy', title: 'accuracy' },
          { key: 'seconds', title: 'fit s' },
        ],
        verdict: { key: 'fscore', measure: 'F-score' },
        rows,
        notes,
        ...(failures.length > 0 && { failures }),
      },
      indicators: {
        kind: 'measures',
        title: 'Data indicators (CURE, Jian et al. 2019, Eqs. 16-17, Zhu et al. 2022, Eqs. 23-25)',
        values: [
          { name: 'fci', title: 'FCI (Eq. 16)', value: featureCorrelationIndex(context.counts) },
          { name: 'paperFci', title: "FCI in the paper's Table 1", value: paper?.fci ?? null },
          { name: 'vci', title: 'VCI (Eq. 17)', value: valueClusterIndex(table) },
          {
            name: 'iIntra',
            title: 'I_intra (UNTIE, Zhu et al. 2022, Eqs. 23-24)',
            value: intraHeterogeneity(table),
          },
          {
            name: 'iInter',
            title: 'I_inter (UNTIE, Zhu et al. 2022, Eq. 25)',
            value: interHeterogeneity(table, context.counts),
          },
        ],
      },
    };
  },
});

/** One representation's runs of the protocol: its row of the table and its note. */
function* clusterOne(
  context: MethodContext,
  options: OptionsOf<typeof CLUSTERING_PARAMETERS>,
  ref: ResolvedCall,
  at: { k: number; classes: Int32Array; paper: PaperMatch | null; m: number; of: number },
): Steps<{ row: Record<string, Cell>; note: string | null }> {
  const { table } = context;
  const { k, classes, paper, m, of } = at;
  const seedName = seedParameter(ref.method);
  const firstSeed = seedName === null ? 0 : (ref.options[seedName] as number);
  const title = describeCall(ref);
  const rng = createRandom(options.seed);
  const scores: PartitionScores[] = [];
  let partitioner: Partitioner | null = null;
  let kUsed = k;
  let fitSeconds = 0;
  let dims: number | null = null;
  for (let r = 0; r < options.runs; r++) {
    const progress = (m + r / options.runs) / of;
    if (partitioner === null || seedName !== null) {
      const call = seedName === null ? ref : withSeed(ref, firstSeed + r);
      const output = yield* scaledSteps(context.require(call), progress, progress);
      const representation = pickResult(output, call, REPRESENTATION_KINDS);
      fitSeconds += output.seconds;
      dims = representation.kind === 'object-embedding' ? representation.dims : null;
      const similarity =
        options.algorithm === 'spectral-similarity'
          ? (findResult(output.results, 'object-similarity')?.result ?? null)
          : null;
      if (options.algorithm === 'spectral-similarity' && similarity === null)
        throw badOption(
          `${title} has no object similarity to cluster on (CAS has one: CASO); use spectral on its distance`,
        );
      partitioner =
        options.algorithm === 'auto'
          ? partitionerFor(representation, table, context.objectValues(), options.protocol)
          : spectralPartitionerFor(
              representation,
              table,
              context.counts,
              context.objectValues(),
              similarity,
            );
      const clamped = clampK(k, partitioner, `${title} (seed ${firstSeed + r})`);
      clamped.warnings.forEach(context.warn);
      kUsed = clamped.k;
    }
    scores.push(scorePartition(classes, partitioner.run(kUsed, rng, options.maxIterations).labels));
    yield {
      fraction: (m + (r + 1) / options.runs) / of,
      message: `${title}: run ${r + 1} of ${options.runs}…`,
    };
  }
  const fscore = meanSd(scores.map((s) => s.fscore));
  const key = paperKey(ref, seedName);
  const paperF = paper ? paperFscore(paper.fscore, key) : null;
  // A call the paper reports under another name (ADD: Table 4's Ahmad).
  const called =
    paperF !== null && key !== null && key !== ref.method
      ? `; its paper column is the paper's “${key.charAt(0).toUpperCase()}${key.slice(1)}” row`
      : '';
  const note =
    seedName === null
      ? called
        ? `${title}${called}`
        : null
      : `${title}: each of the ${options.runs} runs re-fits ${methodSpec(ref.method).title} with its own seed (${firstSeed}–${firstSeed + options.runs - 1}) before one ${partitioner?.algorithm} start${called}`;
  const row: Record<string, Cell> = {
    method: ref.method,
    title,
    dims,
    fits: seedName === null ? 1 : options.runs,
    fscore,
    paper: paperF,
    gap: paperF === null ? null : fscore.mean - paperF,
    nmi: meanSd(scores.map((s) => s.nmi)),
    accuracy: meanSd(scores.map((s) => s.accuracy)),
    seconds: fitSeconds / (seedName === null ? 1 : options.runs),
  };
  return { row, note };
}

/**
 * The paper's column for a call: a variant its spec names (`paperNames`: UNTIE with the paper's
 * learning is Zhu et al. 2022's “UNTIE”) when that variant's settings hold and no other differs
 * from the defaults; else its method at default settings (any seed), unless a named variant
 * already claims the method's own column (UNTIE's defaults are not the paper's run); null for
 * other settings.
 */
function paperKey(ref: ResolvedCall, seedName: string | null): string | null {
  const spec = methodSpec(ref.method);
  const differing = spec.parameters.filter(
    (p) => p.name !== seedName && ref.options[p.name] !== p.default,
  );
  const variant = spec.paperNames?.find(
    (v) =>
      Object.entries(v.options).every(([name, value]) => ref.options[name] === value) &&
      differing.every((p) => p.name in v.options),
  );
  if (variant) return variant.name;
  if (spec.paperNames?.some((v) => v.name === ref.method)) return null;
  return differing.length === 0 ? ref.method : null;
}

function paperFscore(row: Readonly<Record<string, number>>, key: string | null): number | null {
  return key !== null && Object.prototype.hasOwnProperty.call(row, key)
    ? (row[key] as number)
    : null;
}
