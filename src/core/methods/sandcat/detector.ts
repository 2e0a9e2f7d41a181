import { countSteps } from '../../data/counts/counts.ts';
import { dilcaModel } from '../dilca/dilcaModel.ts';
import { scaledSteps } from '../../base/jobs.ts';
import { SANDCAT_PARAMETERS } from './sandcatParameters.ts';
import type { DetectorRole } from '../../platform/detection.ts';
import { resolveOptions } from '../../base/parameters.ts';
import { sandcatScoreSteps } from './score.ts';

/** SAnDCat as the outlier experiments run it: DILCA on the training rows, OS of the tested rows. */
export const sandcatDetector: DetectorRole = {
  supervision: 'semi-supervised',
  experimentOptions: ['heuristic', 'k'],
  *score(task, options = {}) {
    const opts = resolveOptions(SANDCAT_PARAMETERS, options, 'SAnDCat');
    const counts = yield* scaledSteps(countSteps(task.table, { rows: task.fitRows }), 0, 0.2);
    const model = dilcaModel(task.table, counts);
    const scoring = yield* scaledSteps(
      sandcatScoreSteps(task.table, model, task.fitRows, task.scoreRows, {
        heuristic: opts.heuristic,
        k: Math.min(opts.k, task.fitRows.length),
        seed: task.seed,
      }),
      0.2,
      1,
    );
    return scoring.scores;
  },
};
