import { IFOREST_PARAMETERS } from './isolationForestParameters.ts';
import type { DetectorRole } from '../../platform/detection.ts';
import { allRows } from '../../data/table/rows.ts';
import { isolationForestSteps } from './isolationForest.ts';
import { scaledSteps } from '../../base/jobs.ts';
import { resolveOptions } from '../../base/parameters.ts';
import { defineMethod } from '../../platform/spec.ts';
import { explainable } from '../../platform/valueExplanations.ts';
import { isolationForestExplanationSteps } from './isolationForestExplain.ts';

export const IFOREST_PAPER = 'Liu, Ting, Zhou, “Isolation forest”, ICDM 2008';

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

export { IFOREST_PARAMETERS };
