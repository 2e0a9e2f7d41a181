import { countSteps } from '../../data/counts/counts.ts';
import { scaledSteps } from '../../base/jobs.ts';
import type { DetectorRole } from '../../platform/detection.ts';
import { defineMethod } from '../../platform/spec.ts';
import { CURE_PAPER, checkCouplingSize, cureValueResults } from './cureShared.ts';
import { COSH_PARAMETERS, coshSteps } from './cosh.ts';
import { explainable, valueScoreExplanations } from '../../platform/valueExplanations.ts';

/** COSH (CURE, Jian et al. 2019, Alg. 2) as an unsupervised detector: fitted on the rows shown, scores others. */
export const coshDetector: DetectorRole = {
  supervision: 'unsupervised',
  *score(task, options = {}) {
    checkCouplingSize(task.table, 'COSH');
    const counts = yield* scaledSteps(countSteps(task.table, { rows: task.fitRows }), 0, 0.3);
    const cosh = yield* scaledSteps(
      coshSteps(task.table, counts, { ...options, seed: task.seed }),
      0.3,
      1,
    );
    return Float64Array.from(task.scoreRows, (r) => cosh.objectScores[r] as number);
  },
};

export const coshMethod = defineMethod({
  id: 'cosh',
  title: 'COSH',
  role: 'method',
  order: 2,
  paper: CURE_PAPER,
  where: 'Alg. 2, Eqs. (12)-(15)',
  description: 'Coupled outlier scores: value clusters of Mc and Mo at many granularities',
  parameters: COSH_PARAMETERS,
  produces: [
    'value-matrix',
    'value-partitions',
    'value-scores',
    'object-scores',
    'object-explanations',
  ],
  detector: coshDetector,
  reads: 'counts',
  check: (table) => checkCouplingSize(table, 'COSH'),
  *run(context, options) {
    const cosh = yield* coshSteps(context.table, context.counts, options);
    return {
      // COSH keeps every cluster: small ones carry the outlying behaviour.
      ...cureValueResults(context, 'COSH', cosh.couplings, cosh.granularities, () => true),
      valueScores: {
        kind: 'value-scores',
        title: 'COSH value scores',
        scores: cosh.valueScores,
        direction: 'higher-is-more-anomalous',
        source: cosh.valueSource,
        sourceNames: cosh.granularities.map((g) => `${g.matrix} k=${g.k}`),
        objectScore: {
          result: 'scores',
          weights: new Float64Array(context.table.attributes.length).fill(1),
        },
      },
      // An object scores the sum of its values' scores: on a table without rows, that rule
      // stands in for the per-row scores (computed row by row where the rows are).
      ...(!context.table.rowless && {
        scores: {
          kind: 'object-scores',
          title: 'COSH outlier score',
          n: context.table.nRows,
          scores: cosh.objectScores,
          direction: 'higher-is-more-anomalous',
        },
      }),
      ...(explainable(context.table, 'COSH', context.warn) && {
        explanations: valueScoreExplanations(
          context.table,
          'COSH',
          cosh.valueScores,
          new Float64Array(context.table.attributes.length).fill(1),
          'the COSH score of the object’s value: the largest over granularities of its cluster’s outlying score (Jian et al. 2019, Eq. 15)',
        ),
      }),
    };
  },
});
