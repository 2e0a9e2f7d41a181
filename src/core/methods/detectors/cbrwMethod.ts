import { CBRW_PARAMETERS } from './cbrwParameters.ts';
import { scaledSteps } from '../../base/jobs.ts';
import { cbrwModelSteps, cbrwObjectScores } from './cbrw.ts';
import { defineDetector } from '../../platform/defineDetector.ts';
import { valueScoreTerms } from '../../platform/valueExplanations.ts';

export const CBRW_PAPER =
  'Pang, Cao, Chen, Liu, “Outlier detection in complex categorical data by modelling the feature value couplings”, IJCAI 2016';

export const cbrwMethod = defineDetector({
  id: 'cbrw',
  title: 'CBRW',
  order: 9,
  paper: CBRW_PAPER,
  where: 'The CBRW model: value bias δ, biased transitions W, stationary π, feature weights, score',
  description: 'Coupled biased random walks: values visited often by a walk drawn to rare values',
  parameters: CBRW_PARAMETERS,
  reads: 'counts',
  supervision: 'unsupervised',
  scoreTitle: 'CBRW outlier score',
  // The walk is fitted on the fit rows' counts (the shared counts in a run); no randomness.
  *fit({ table, options, counts }) {
    const fitCounts = yield* scaledSteps(counts(), 0, 0.3);
    return yield* scaledSteps(cbrwModelSteps(table, fitCounts, options), 0.3, 1);
  },
  score: (model, rows, table) => cbrwObjectScores(table, model, rows),
  explain: (model, rows, table) =>
    valueScoreTerms(table, model.valueScores, model.featureWeights, rows),
  work: { fit: 8, score: 1, explain: 1 },
  explanation: {
    title: 'CBRW: each value’s share of the score',
    relation: 'sums-to-score',
    relationText: 'the terms sum to the object’s score',
    definition:
      'w_f·π(x_f): the feature’s weight times the stationary probability of the object’s value (Pang et al. 2016)',
  },
  alsoProduces: ['value-scores', 'attribute-impacts'],
  modelResults(model, context, options) {
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
    };
  },
});

/** CBRW's role in the outlier experiments: the walk fitted on the fit rows' counts. */
export const cbrwDetector = cbrwMethod.detector;

export { CBRW_PARAMETERS };
