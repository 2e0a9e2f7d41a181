import { ZERO_PARAMETERS } from './zeroPlusPlusParameters.ts';
import type { DetectorRole } from '../../platform/detection.ts';
import { allRows } from '../../data/table/rows.ts';
import { zeroScoreSteps } from './zeroPlusPlus.ts';
import { resolveOptions } from '../../base/parameters.ts';
import { defineMethod } from '../../platform/spec.ts';
import { explainable } from '../../platform/valueExplanations.ts';
import { zeroExplanations } from './zeroPlusPlusExplain.ts';

export const ZERO_PAPER =
  'Pang, Ting, Albrecht, Jin, “ZERO++: Harnessing the power of zero appearances to detect anomalies in large-scale data sets”, JAIR 57, 2016';

/** ZERO++ as a detector: sub-samples drawn from the fit rows with the task's seed. */
export const zeroDetector: DetectorRole = {
  supervision: 'unsupervised',
  *score(task, options = {}) {
    const opts = resolveOptions(ZERO_PARAMETERS, { ...options, seed: task.seed }, 'ZERO++');
    return yield* zeroScoreSteps(task.table, task.fitRows, task.scoreRows, opts);
  },
};

export const zeroMethod = defineMethod({
  id: 'zero',
  title: 'ZERO++',
  role: 'method',
  order: 10,
  paper: ZERO_PAPER,
  where: 'The ZERO++ score: zero appearances over t members (ψ-row sub-sample, 2-feature subspace)',
  description: 'Share of small random sub-samples in which the object’s value pair never appears',
  parameters: ZERO_PARAMETERS,
  produces: ['object-scores', 'object-explanations'],
  detector: zeroDetector,
  *run(context, options) {
    const rows = allRows(context.table.nRows);
    const scores = yield* zeroScoreSteps(context.table, rows, rows, options);
    return {
      scores: {
        kind: 'object-scores',
        title: 'ZERO++ outlier score',
        n: context.table.nRows,
        scores,
        direction: 'higher-is-more-anomalous',
      },
      ...(explainable(context.table, 'ZERO++', context.warn) && {
        explanations: zeroExplanations(context.table, rows, options),
      }),
    };
  },
});

export { ZERO_PARAMETERS };
