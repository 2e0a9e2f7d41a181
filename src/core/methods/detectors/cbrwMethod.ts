import { CBRW_PARAMETERS } from './cbrwParameters.ts';
import { countSteps } from '../../data/counts/counts.ts';
import { scaledSteps } from '../../base/jobs.ts';
import { cbrwModelSteps, cbrwObjectScores } from './cbrw.ts';
import type { DetectorRole } from '../../platform/detection.ts';
import { resolveOptions } from '../../base/parameters.ts';
import { defineMethod } from '../../platform/spec.ts';
import { explainable, valueScoreExplanations } from '../../platform/valueExplanations.ts';

export const CBRW_PAPER =
  'Pang, Cao, Chen, Liu, “Outlier detection in complex categorical data by modelling the feature value couplings”, IJCAI 2016';

/** CBRW as a detector: the walk is fitted on the fit rows' counts; no randomness. */
export const cbrwDetector: DetectorRole = {
  supervision: 'unsupervised',
  *score(task, options = {}) {
    const opts = resolveOptions(CBRW_PARAMETERS, options, 'CBRW');
    const counts = yield* scaledSteps(countSteps(task.table, { rows: task.fitRows }), 0, 0.3);
    const model = yield* scaledSteps(cbrwModelSteps(task.table, counts, opts), 0.3, 1);
    return cbrwObjectScores(task.table, model, task.scoreRows);
  },
};

export const cbrwMethod = defineMethod({
  id: 'cbrw',
  title: 'CBRW',
  role: 'method',
  order: 9,
  paper: CBRW_PAPER,
  where: 'The CBRW model: value bias δ, biased transitions W, stationary π, feature weights, score',
  description: 'Coupled biased random walks: values visited often by a walk drawn to rare values',
  parameters: CBRW_PARAMETERS,
  produces: ['value-scores', 'attribute-impacts', 'object-scores', 'object-explanations'],
  detector: cbrwDetector,
  reads: 'counts',
  *run(context, options) {
    const model = yield* cbrwModelSteps(context.table, context.counts, options);
    if (!model.converged)
      context.warn(
        `CBRW stopped after ${model.iterations} iterations with a change of ${model.change.toExponential(2)} (tol ${options.tol})`,
      );
    return {
      valueScores: {
        kind: 'value-scores',
        title: 'CBRW value scores (stationary probability π)',
        scores: model.valueScores,
        direction: 'higher-is-more-anomalous',
        objectScore: { result: 'scores', weights: model.featureWeights },
      },
      featureWeights: {
        kind: 'attribute-impacts',
        title: 'CBRW feature weights',
        values: model.featureWeights,
      },
      ...(!context.table.rowless && {
        scores: {
          kind: 'object-scores',
          title: 'CBRW outlier score',
          n: context.table.nRows,
          scores: cbrwObjectScores(context.table, model),
          direction: 'higher-is-more-anomalous',
        },
      }),
      ...(explainable(context.table, 'CBRW', context.warn) && {
        explanations: valueScoreExplanations(
          context.table,
          'CBRW',
          model.valueScores,
          model.featureWeights,
          'w_f·π(x_f): the feature’s weight times the stationary probability of the object’s value (Pang et al. 2016)',
        ),
      }),
    };
  },
});

export { CBRW_PARAMETERS };
