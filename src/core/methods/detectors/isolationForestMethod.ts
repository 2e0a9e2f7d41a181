import type { DetectorRole } from '../../platform/detection.ts';
import { allRows } from '../../data/table/rows.ts';
import { IFOREST_DEFAULTS, isolationForestSteps } from './isolationForest.ts';
import { scaledSteps } from '../../base/jobs.ts';
import { resolveOptions, SEED_BOUND, type ParameterSpec } from '../../base/parameters.ts';
import { defineMethod } from '../../platform/spec.ts';
import { explainable } from '../../platform/valueExplanations.ts';
import { isolationForestExplanationSteps } from './isolationForestExplain.ts';

export const IFOREST_PAPER = 'Liu, Ting, Zhou, “Isolation forest”, ICDM 2008';

/** The isolation forest's parameter table: the single source of its defaults and bounds. */
export const IFOREST_PARAMETERS = [
  {
    name: 'trees',
    symbol: 't',
    type: 'integer',
    default: IFOREST_DEFAULTS.trees,
    min: 1,
    max: 10_000,
    maxBecause: '100 × the paper’s 100; every tree is kept (2ψ nodes) and walked by every object',
    description: 'Number of isolation trees (the paper’s default: 100)',
  },
  {
    name: 'sampleSize',
    symbol: 'ψ',
    type: 'integer',
    default: IFOREST_DEFAULTS.sampleSize,
    min: 1,
    max: 4096,
    maxBecause:
      '16 × the paper’s 256, beyond which Liu et al. find no gain; each tree keeps 2ψ nodes',
    description:
      'Rows per tree’s sub-sample (the paper’s default: 256; lowered to the rows when fewer)',
  },
  {
    name: 'seed',
    type: 'integer',
    default: IFOREST_DEFAULTS.seed,
    ...SEED_BOUND,
    role: 'seed',
    description: 'Seed of the sub-samples and splits',
  },
] as const satisfies readonly ParameterSpec[];

/** The isolation forest as a detector: trees grown on the fit rows with the task's seed. */
export const isolationForestDetector: DetectorRole = {
  supervision: 'unsupervised',
  *score(task, options = {}) {
    const opts = resolveOptions(
      IFOREST_PARAMETERS,
      { ...options, seed: task.seed },
      'Isolation forest',
    );
    return yield* isolationForestSteps(task.table, task.fitRows, task.scoreRows, opts);
  },
};

export const isolationForestMethod = defineMethod({
  id: 'iforest',
  title: 'Isolation forest',
  role: 'method',
  order: 12,
  team: 'its walks of every object down every tree, for the scores and the terms (isolationForestTeam.ts)',
  paper: IFOREST_PAPER,
  where: 'Algs. 1-3 and Eq. (2), on the one-hot encoding of the values',
  description: 'How quickly random splits on one-hot value columns isolate the object',
  parameters: IFOREST_PARAMETERS,
  produces: ['object-scores', 'object-explanations'],
  detector: isolationForestDetector,
  *run(context, options) {
    const rows = allRows(context.table.nRows);
    const explained = explainable(context.table, 'Isolation forest', context.warn);
    // The scores, then (the same trees grown again) the explanations: about half the work each.
    const scores = yield* scaledSteps(
      isolationForestSteps(context.table, rows, rows, options),
      0,
      explained ? 0.5 : 1,
    );
    const explanations = explained
      ? yield* scaledSteps(isolationForestExplanationSteps(context.table, rows, options), 0.5, 1)
      : null;
    return {
      scores: {
        kind: 'object-scores',
        title: 'Isolation forest outlier score',
        n: context.table.nRows,
        scores,
        direction: 'higher-is-more-anomalous',
      },
      ...(explanations && { explanations }),
    };
  },
});
