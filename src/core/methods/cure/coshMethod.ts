import { scaledSteps } from '../../base/jobs.ts';
import { defineDetector } from '../../platform/defineDetector.ts';
import { CURE_PAPER, checkCouplingSize, cureValueResults } from './cureShared.ts';
import { COSH_PARAMETERS, coshSteps } from './cosh.ts';
import { valueScoreTerms } from '../../platform/valueExplanations.ts';

/** An object scores the sum of its values' scores (Jian et al. 2019, Eq. 15): weights of 1. */
const ones = (D: number): Float64Array => new Float64Array(D).fill(1);

/** COSH (CURE, Jian et al. 2019, Alg. 2) as an unsupervised detector: fitted on the rows shown, scores others. */
export const coshMethod = defineDetector({
  id: 'cosh',
  title: 'COSH',
  order: 2,
  paper: CURE_PAPER,
  where: 'Alg. 2, Eqs. (12)-(15)',
  description: 'Coupled outlier scores: value clusters of Mc and Mo at many granularities',
  parameters: COSH_PARAMETERS,
  reads: 'counts',
  check: (table) => checkCouplingSize(table, 'COSH'),
  supervision: 'unsupervised',
  scoreTitle: 'COSH outlier score',
  *fit({ table, options, counts }) {
    checkCouplingSize(table, 'COSH');
    const fitCounts = yield* scaledSteps(counts(), 0, 0.3);
    return yield* scaledSteps(coshSteps(table, fitCounts, options), 0.3, 1);
  },
  // coshSteps scores every row of the table, row by row, as the sum of its values' scores.
  score: (cosh, rows) => Float64Array.from(rows, (r) => cosh.objectScores[r] as number),
  explain: (cosh, rows, table) =>
    valueScoreTerms(table, cosh.valueScores, ones(table.attributes.length), rows),
  work: { fit: 8, score: 1, explain: 1 },
  explanation: {
    title: 'COSH: each value’s share of the score',
    relation: 'sums-to-score',
    relationText: 'the terms sum to the object’s score',
    definition:
      'the COSH score of the object’s value: the largest over granularities of its cluster’s outlying score (Jian et al. 2019, Eq. 15)',
  },
  alsoProduces: ['value-matrix', 'value-partitions', 'value-scores'],
  modelResults: (cosh, context) => ({
    // COSH keeps every cluster: small ones carry the outlying behaviour.
    ...cureValueResults(context, 'COSH', cosh.couplings, cosh.granularities, () => true),
    valueScores: {
      kind: 'value-scores',
      title: 'COSH value scores',
      scores: cosh.valueScores,
      direction: 'higher-is-more-anomalous',
      source: cosh.valueSource,
      sourceNames: cosh.granularities.map((g) => `${g.matrix} k=${g.k}`),
      // On a table without rows, that rule stands in for the per-row scores.
      objectScore: { result: 'scores', weights: ones(context.table.attributes.length) },
    },
  }),
});
