import { scaledSteps, type Steps } from '../../base/jobs.ts';
import {
  resolveOptions,
  SEED_BOUND,
  type OptionsOf,
  type ParameterSpec,
} from '../../base/parameters.ts';
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
import { couplingSpacesResult } from './spaces.ts';
import {
  UNTIE_KERNELS_NAME,
  UNTIE_PAPER,
  UNTIE_SPACE_LIMIT,
  untieSpaceCells,
} from './untieShared.ts';
import { badOption } from '../../base/errors.ts';

/**
 * What results/untie-default.md decided, said where UNTIE is described (the spec, the training
 * view): generated there by the rule written before its runs (results/untieDefault.ts);
 * test/core/methods/untie/untieDefault.test.ts holds this text to the committed runs.
 */
export const UNTIE_LEARNING_VERDICT =
  '`untie` runs the paper’s learning by default: over 16 paired comparisons (8 Table 4 data sets × F-score and (ε,γ) area, Holm-corrected at 5 %), the paper’s learning is significantly better than ω = 1 in 8 (Zoo (ε,γ) area, DNAPromoter F-score, DNAPromoter (ε,γ) area, Housevotes F-score, Housevotes (ε,γ) area, Wisconsin (ε,γ) area, Breastcancer (ε,γ) area, DNAnominal (ε,γ) area) and significantly worse in 3 (Wisconsin F-score, Breastcancer F-score, DNAnominal F-score) (results/untie-default.md).';

/**
 * The learning as the paper runs it (Sec. 6.1.4: Adam, 1,000 iterations, batch 20), with our
 * centred loss: UNTIE's defaults (results/untie-default.md), what Table 4's “UNTIE” column is.
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
      'How ω is learned (Eq. (22)); results/untie-variants.md measures each against ω = 1',
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
    max: 2000,
    maxBecause:
      'n_c is lowered to the batch − 1 (a batch holds at most 2000 objects); each iteration computes n_c eigenvectors',
    description:
      'Eigenvectors in H (Eq. (17)); 0 = the number of classes (2 without a class column)',
  },
  {
    name: 'iterations',
    type: 'integer',
    default: UNTIE_PAPER_LEARNING.iterations,
    min: 0,
    max: 200_000,
    maxBecause:
      '200 × the paper’s 1,000; every progress report carries the loss so far, so the copies grow with the square of the iterations',
    description:
      'Adam iterations (the paper’s 1,000, results/untie-default.md); 0 = no heterogeneity learning, ω = 1 (UNTIE kernels, Alg. 1 without steps 4–11)',
  },
  {
    name: 'batch',
    type: 'integer',
    default: 20,
    min: 2,
    max: 2000,
    maxBecause:
      'each iteration solves the batch’s b × b eigenproblem, some 10¹⁰ operations at 2000',
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
    maxBecause:
      'Adam moves each weight by about the rate an iteration, and 10⁴ × the default 0.001 is far past a useful step',
    description: 'Adam learning rate',
  },
  {
    name: 'tolerance',
    symbol: 'δ',
    type: 'number',
    default: 0,
    min: 0,
    max: 1,
    maxBecause:
      'the loss Σωa / Σωt lies in [0, 1] (a ≤ t, ω ≥ 0), so it never changes by more than 1',
    advanced: true,
    description: 'Stop when the mean loss of 50 iterations changes by less than δ (0 = run all)',
  },
  {
    name: 'seed',
    type: 'integer',
    default: 0,
    min: 0,
    ...SEED_BOUND,
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
  if (table.attributes.length === 0) throw badOption('UNTIE needs at least one attribute');
  if (table.nRows < 2) throw badOption('UNTIE needs at least two objects');
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
  // Zhu et al. 2022, Table 4's “UNTIE”: the paper's learning (Sec. 6.1.4). Its “Couplings” is a
  // method of its own (couplingsMethod.ts); ω = 1 here (no iterations) is neither column.
  paperNames: [{ name: 'untie', options: UNTIE_PAPER_LEARNING }],
  // The board sets the learning beside no learning, whichever the default is.
  compared: [UNTIE_PAPER_LEARNING, { iterations: 0 }],
  settingTitles: [{ title: UNTIE_KERNELS_NAME, options: { iterations: 0 } }],
  role: 'method',
  order: 7.5,
  paper: UNTIE_PAPER,
  where: 'Secs. 4.2-4.5: Eqs. (1), (4), (7), (13), (18), (21), (22); Alg. 1',
  description:
    'Heterogeneous coupling learning: intra/inter coupling spaces in many kernels, their weights learned by kernel k-means at the paper’s settings (1,000 Adam iterations; iterations 0: UNTIE kernels, ω = 1, nothing learned)',
  // The training view shows the learning: the paper's, the defaults.
  trainingOptions: UNTIE_PAPER_LEARNING,
  parameters: UNTIE_PARAMETERS,
  produces: [
    'object-embedding',
    'object-similarity',
    'value-matrix',
    'kernel-weights',
    'coupling-spaces',
    'curves',
  ],
  needsRowsBecause: 'it learns its kernel-space weights from batches of objects',
  check(table, options) {
    const spaces = table.attributes.length * 2 * KERNEL_SETS[options.kernels].length;
    const weights = table.nValues * 2 * KERNEL_SETS[options.kernels].length;
    if (weights > 2_000_000)
      throw badOption(
        `UNTIE would learn ${weights.toLocaleString('en-US')} weights over ${spaces} kernel spaces; drop high-cardinality columns`,
      );
    const inter = untieSpaceCells(table);
    if (inter > UNTIE_SPACE_LIMIT)
      throw badOption(
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
    return yield* scaledSteps(
      untieResults(table, context.counts, model, model.tablesTo),
      model.resultsFrom,
      1,
    );
  },
});

/**
 * The representations from the learned weights, reporting progress: the value tables G_a (the
 * long part: a Gram product per kernel space), the vectors of Eq. (21), the value matrix.
 */
function* untieResults(
  table: CategoricalTable,
  counts: Counts,
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
      ? UNTIE_KERNELS_NAME
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
    spaces: couplingSpacesResult(counts.cooccurrence, table.nRows, spaces.coupling),
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
