import { ZERO_PARAMETERS } from './zeroPlusPlusParameters.ts';
import { zeroMemberSteps, zeroScoreSteps } from './zeroPlusPlus.ts';
import { defineDetector } from '../../platform/defineDetector.ts';
import { zeroTerms } from './zeroPlusPlusExplain.ts';

export const ZERO_PAPER =
  'Pang, Ting, Albrecht, Jin, “ZERO++: Harnessing the power of zero appearances to detect anomalies in large-scale data sets”, JAIR 57, 2016';

export const zeroMethod = defineDetector({
  id: 'zero',
  title: 'ZERO++',
  order: 10,
  paper: ZERO_PAPER,
  where: 'The ZERO++ score: zero appearances over t members (ψ-row sub-sample, 2-feature subspace)',
  description: 'Share of small random sub-samples in which the object’s value pair never appears',
  parameters: ZERO_PARAMETERS,
  supervision: 'unsupervised',
  scoreTitle: 'ZERO++ outlier score',
  // The model is the t members: sub-samples of the fit rows drawn with the seed.
  fit: ({ table, rows, options }) => zeroMemberSteps(table, rows, options),
  score: (members, rows, table) => zeroScoreSteps(table, members, rows),
  explain: (members, rows, table) => zeroTerms(table, members, rows),
  work: { fit: 0, score: 1, explain: 1 },
  explanation: {
    title: 'ZERO++: zero appearances per attribute',
    relation: 'sums-to-score',
    relationText: 'the terms sum to the object’s score',
    definition:
      'each member whose sub-sample holds x’s value pair zero times gives 1/t to the attribute whose value it lacks (half each when both or neither are lacking)',
  },
});

/** ZERO++'s role in the outlier experiments: sub-samples drawn from the fit rows with the task's seed. */
export const zeroDetector = zeroMethod.detector;

export { ZERO_PARAMETERS };
