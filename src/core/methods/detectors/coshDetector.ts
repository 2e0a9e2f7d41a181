import { countSteps } from '../../data/counts/counts.ts';
import { scaledSteps } from '../../base/jobs.ts';
import { checkCouplingSize } from '../cure/cureShared.ts';
import { coshSteps } from '../cure/cosh.ts';
import type { Detector } from './detector.ts';

/** COSH (CURE, Jian et al. 2019, Alg. 2) as an unsupervised detector: fitted on the rows shown, scores others. */
export const coshDetector: Detector = {
  id: 'cosh',
  title: 'COSH',
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
