import { scaledSteps, type Steps } from '../../base/jobs.ts';
import { resolveOptions, type OptionsOf, type ParameterSpec } from '../../base/parameters.ts';
import { embeddingResult } from '../../platform/representation.ts';
import { defineMethod } from '../../platform/spec.ts';
import { blockMatrix } from '../../platform/valueTables.ts';
import type { Results } from '../../platform/results.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import type { Counts } from '../../data/counts/counts.ts';
import { kernelSpaceSteps, type KernelSpaces } from './kernelSpaces.ts';
import { KERNEL_SETS, kernelName } from './kernelFunctions.ts';
import { LEARNINGS, learnHeterogeneity, type LearningResult } from './learning.ts';
import { similarityTableSteps, spaceWeights, untieEmbedding } from './vectorRepresentation.ts';
import { workByShape, workOfSpaces } from './work.ts';

export const UNTIE_PAPER =
  'Zhu, Cao, Yin, Unsupervised heterogeneous coupling learning, TNNLS 2022 (UNTIE, Zhu et al. 2022)';

/**
 * What results/untie-variants.md found, said where the learning is shown (the training view's
 * notes): one sentence, no numbers (those are generated there; test/core/methods/untie/
 * variants.test.ts checks the sentence against its runs).
 */
export const UNTIE_LEARNING_VERDICT =
  'Heterogeneity learning is off by default: no learning variant tried clusters significantly better than Couplings (0 iterations) on every one of the bundled Zoo, Housevotes, Soybean and DNA tables, and each clusters significantly worse on at least one (results/untie-variants.md).';

/**
 * The learning as the paper runs it (Sec. 6.1.4: Adam, 1,000 iterations, batch 20), with our
 * centred loss: what the training view shows and the paper reproductions run (results/pins/).
 */
export const UNTIE_PAPER_LEARNING = {
  iterations: 1000,
  learning: 'centred',
  batch: 20,
} as const;

/** UNTIE's parameter table (paper defaults, Sec. 6.1.4). */
export const UNTIE_PARAMETERS = [
  {
    name: 'kernels',
    type: 'choice',
    default: 'default',
    choices: ['default', 'gaussian', 'polynomial'],
    choiceTitles: {
      default: '14: Gaussian σ 2^-5…2^5, polynomial d 1-3',
      gaussian: '11 Gaussian only',
      polynomial: '3 polynomial only',
    },
    description: 'Kernels mapping each coupling space to kernel spaces (Eq. (7), Table 6)',
  },
  {
    name: 'learning',
    type: 'choice',
    default: 'centred',
    choices: LEARNINGS,
    choiceTitles: {
      'trace-ratio': 'Tr(S(I − HHᵀ))/Tr(S) on the batch, Adam per value (until issue 31; drifts)',
      centred: 'the same on S centred, Σω·t̃ fixed (Eq. (22) as a linear program)',
      mkkm: 'multiple kernel k-means: β_p² per unit-variance space, Σβ = 1',
      full: 'centred, H from all objects (no batches)',
    },
    description:
      'How ω is learned (Eq. (22)); results/untie-variants.md measures each against Couplings',
  },
  {
    name: 'bandwidth',
    type: 'choice',
    default: 'absolute',
    choices: ['absolute', 'scaled'],
    choiceTitles: {
      absolute: 'σ in the coupling space’s units',
      scaled: 'σ relative to the space’s mean squared distance',
    },
    description: 'What the Gaussian widths σ = 2^-5…2^5 are relative to (Eq. (7))',
  },
  {
    name: 'normalise',
    type: 'boolean',
    default: true,
    description:
      'Scale each kernel to k(x, x) = 1, k(x, y)/√(k(x, x)·k(y, y)) (see core/methods/untie/kernelFunctions.ts)',
  },
  {
    name: 'clusters',
    symbol: 'n_c',
    type: 'integer',
    default: 0,
    min: 0,
    description:
      'Eigenvectors in H (Eq. (17)); 0 = the number of classes (2 without a class column)',
  },
  {
    name: 'iterations',
    type: 'integer',
    default: 0,
    min: 0,
    max: 1_000_000,
    description:
      'Adam iterations; 0 (the default, results/untie-variants.md) = no heterogeneity learning, the paper’s “Couplings”; the paper runs 1,000',
  },
  {
    name: 'batch',
    type: 'integer',
    default: 20,
    min: 2,
    max: 2000,
    description: 'Objects per mini-batch',
  },
  {
    name: 'learningRate',
    symbol: 'lr',
    type: 'number',
    default: 1e-3,
    min: 0,
    minExclusive: true,
    max: 10,
    description: 'Adam learning rate',
  },
  {
    name: 'tolerance',
    symbol: 'δ',
    type: 'number',
    default: 0,
    min: 0,
    advanced: true,
    description: 'Stop when the mean loss of 50 iterations changes by less than δ (0 = run all)',
  },
  {
    name: 'seed',
    type: 'integer',
    default: 0,
    min: 0,
    role: 'seed',
    description: 'Seed of the mini-batches',
  },
] as const satisfies readonly ParameterSpec[];

export type UntieOptions = OptionsOf<typeof UNTIE_PARAMETERS>;

export interface UntieModel {
  options: UntieOptions;
  clusters: number;
  spaces: KernelSpaces;
  learning: LearningResult;
}

/** Coupling spaces → kernel spaces → heterogeneity learning (Alg. 1). */
export function* untieSteps(
  table: CategoricalTable,
  counts: Counts,
  raw: Partial<UntieOptions> = {},
): Steps<UntieModel> {
  return yield* modelSteps(table, counts, raw, false);
}

/**
 * The model, its progress shared among the phases by their products (untie/work.ts): the kernel
 * spaces, the learning, and — with `results` — the representations built after it, for which
 * the model's steps leave the end of the bar ([`resultsFrom`, 1]).
 */
function* modelSteps(
  table: CategoricalTable,
  counts: Counts,
  raw: Partial<UntieOptions>,
  results: boolean,
): Steps<UntieModel & { resultsFrom: number; tablesTo: number }> {
  const options = resolveOptions(UNTIE_PARAMETERS, raw, 'UNTIE');
  if (table.attributes.length === 0) throw new RangeError('UNTIE needs at least one attribute');
  if (table.nRows < 2) throw new RangeError('UNTIE needs at least two objects');
  const kernels = KERNEL_SETS[options.kernels];
  const classes = table.classColumn ? new Set(table.classColumn.codes).size : 2;
  const clusters = options.clusters || Math.max(2, classes);
  const batch = Math.min(options.batch, table.nRows);
  const sizes = table.attributes.map((a) => a.labels.length);
  const shape = workByShape(sizes, kernels, options.iterations, batch, clusters);
  const spacesTo =
    shape.spaces / (shape.spaces + shape.learning + (results ? shape.results : 0) || 1);
  yield { fraction: 0, message: 'coupling and kernel spaces…' };
  const spaces = yield* scaledSteps(
    kernelSpaceSteps(
      counts.cooccurrence,
      table.nRows,
      kernels,
      options.normalise,
      options.bandwidth,
    ),
    0,
    spacesTo,
  );
  const work = workOfSpaces(spaces, options.iterations, batch, clusters);
  const rest = work.learning + (results ? work.results : 0) || 1;
  const tablesTo = work.tables / (work.results || 1);
  const resultsFrom = spacesTo + ((1 - spacesTo) * work.learning) / rest;
  const learning = yield* scaledSteps(
    learnHeterogeneity(
      spaces,
      table.attributes.map((a) => a.codes),
      table.nRows,
      { ...options, clusters },
    ),
    spacesTo,
    resultsFrom,
  );
  return { options, clusters, spaces, learning, resultsFrom, tablesTo };
}

export const untieMethod = defineMethod({
  id: 'untie',
  title: 'UNTIE',
  // Fig. 7: t-SNE of the UNTIE vectors beside CDE's.
  shownBeside: 'cde',
  // Zhu et al. 2022, Table 4's “Couplings”: UNTIE without heterogeneity learning.
  // and with the paper's learning (Sec. 6.1.4) its “UNTIE”.
  paperNames: [
    { name: 'couplings', options: { iterations: 0 } },
    { name: 'untie', options: UNTIE_PAPER_LEARNING },
  ],
  role: 'method',
  order: 7.5,
  paper: UNTIE_PAPER,
  where: 'Secs. 4.2-4.5: Eqs. (1), (4), (7), (13), (18), (21), (22); Alg. 1',
  description:
    'Heterogeneous coupling learning: intra/inter coupling spaces in many kernels, weighted by kernel k-means. The learning is off by default (iterations 0): on the bundled tables no variant tried clusters better than without it, and each clusters worse on some (results/untie-variants.md)',
  // The training view shows the learning, so it runs the paper's.
  trainingOptions: UNTIE_PAPER_LEARNING,
  parameters: UNTIE_PARAMETERS,
  produces: ['object-embedding', 'object-similarity', 'value-matrix', 'kernel-weights', 'curves'],
  needsRowsBecause: 'it learns its kernel-space weights from batches of objects',
  check(table, options) {
    const spaces = table.attributes.length * 2 * KERNEL_SETS[options.kernels].length;
    const weights = table.nValues * 2 * KERNEL_SETS[options.kernels].length;
    if (weights > 2_000_000)
      throw new RangeError(
        `UNTIE would learn ${weights.toLocaleString('en-US')} weights over ${spaces} kernel spaces; drop high-cardinality columns`,
      );
    const inter = table.attributes.reduce(
      (s, a) => s + a.labels.length * (table.nValues - a.labels.length),
      0,
    );
    if (inter > 20_000_000)
      throw new RangeError(
        `UNTIE's inter-attribute coupling spaces would hold ${inter.toLocaleString('en-US')} numbers; drop high-cardinality columns`,
      );
  },
  *run(context, options) {
    const { table } = context;
    const model = yield* modelSteps(table, context.counts, options, true);
    if (options.clusters > 0 && model.clusters !== options.clusters)
      context.warn(`n_c lowered to ${model.clusters}`);
    if (options.clusters >= options.batch)
      context.warn(
        `H has at most batch − 1 = ${options.batch - 1} eigenvectors (n_c = ${options.clusters})`,
      );
    return yield* scaledSteps(untieResults(table, model, model.tablesTo), model.resultsFrom, 1);
  },
});

/**
 * The representations from the learned weights, reporting progress: the value tables G_a (the
 * long part: a Gram product per kernel space), the vectors of Eq. (21), the value matrix.
 */
function* untieResults(
  table: CategoricalTable,
  model: UntieModel,
  tablesTo: number,
): Steps<Results> {
  const { spaces, learning, options, clusters } = model;
  const weights = learning.weights;
  const { tables, tableStart } = yield* scaledSteps(
    similarityTableSteps(
      spaces,
      table.attributes.map((a) => a.labels.length),
      weights,
    ),
    0,
    tablesTo,
  );
  yield { fraction: tablesTo, message: 'vectors (Eq. (21))…' };
  const embedding = untieEmbedding(table, spaces, weights);
  const kernels = KERNEL_SETS[options.kernels].map(kernelName);
  const training =
    options.iterations === 0
      ? 'no heterogeneity learning (ω = 1): the paper’s “Couplings”'
      : `${options.learning} learning: ${learning.iterations} ${options.learning === 'mkkm' ? 'closed-form' : 'Adam'} iterations (${learning.stopped === 'converged' ? `converged, δ = ${options.tolerance}` : 'all run'}), ${options.learning === 'full' ? 'all objects' : `batch ${Math.min(options.batch, table.nRows)}`}, lr ${options.learningRate}, n_c = ${clusters}, seed ${options.seed}`;
  const matrix = blockMatrix(table, tables, tableStart, {
    title: 'UNTIE value similarity',
    meaning: 'similarity',
    formula: 'Σ_p K_p[x]ᵀ ω_p K_p[y] over the attribute’s kernel spaces',
    notes: ['G_a of Eq. (18): s(o_i, o_j) = Σ_a G_a(v_ia, v_ja)'],
  });
  return {
    embedding: embeddingResult(embedding, 'UNTIE vectors (Eq. 21)', [training]),
    similarity: {
      kind: 'object-similarity',
      title: 'UNTIE similarity s(o_i, o_j) (Eq. 18)',
      n: table.nRows,
      tables,
      tableStart,
      notes: ['Σ_p K_p,iᵀ ω_p K_p,j, evaluated as Σ_a G_a(v_ia, v_ja)'],
    },
    ...(matrix ? { values: matrix } : {}),
    kernelWeights: {
      kind: 'kernel-weights',
      title: 'Learned kernel-space weights',
      spaces: spaces.spaces.map((s) => ({
        attribute: table.attributes[s.attribute]?.name ?? String(s.attribute),
        space: s.kind,
        kernel: kernelName(s.kernel),
      })),
      weights: spaceWeights(spaces.spaces, weights),
      kernels,
      notes: [
        training,
        'weight of a space: the mean of ω_p over its values (1 before learning)',
        UNTIE_LEARNING_VERDICT,
      ],
    },
    loss: {
      kind: 'curves',
      title: 'Training loss',
      xLabel: 'iteration',
      yLabel:
        options.learning === 'trace-ratio'
          ? 'Tr(S(I − HHᵀ)) / Tr(S) on the batch'
          : 'Tr(S̃(I − HHᵀ)) / Tr(S̃), S̃ = S centred',
      series: [
        {
          name: 'loss',
          x: Float64Array.from(learning.loss, (_, i) => i + 1),
          y: learning.loss,
        },
      ],
      notes: [
        'Eq. (22) divided by Tr(S), the loss the weights minimise (see core/methods/untie/learning.ts)',
      ],
    },
  };
}

/** Resolved options (for the CLI and tests). */
export function untieOptions(raw: Record<string, unknown> = {}): UntieOptions {
  return resolveOptions(UNTIE_PARAMETERS, raw, 'UNTIE');
}
