import { LOF_PARAMETERS } from './lofOfParameters.ts';
import type { DetectorRole } from '../../platform/detection.ts';
import { allRows } from '../../data/table/rows.ts';
import { checkLofSize, lofOfSteps } from './lofOf.ts';
import { lofOfExplanationSteps } from './lofOfExplain.ts';
import { scaledSteps } from '../../base/jobs.ts';
import { distinctObjects } from '../../data/table/distinctObjects.ts';
import { resolveOptions } from '../../base/parameters.ts';
import { defineMethod } from '../../platform/spec.ts';
import { explainable } from '../../platform/valueExplanations.ts';

export const LOF_PAPER =
  'Breunig, Kriegel, Ng, Sander, “LOF: identifying density-based local outliers”, SIGMOD 2000; OF similarity of Boriah, Chandola, Kumar, SDM 2008';

/** LOF as a detector: neighbours among the fit rows; no randomness. */
export const lofOfDetector: DetectorRole = {
  supervision: 'unsupervised',
  *score(task, options = {}) {
    const opts = resolveOptions(LOF_PARAMETERS, options, 'LOF');
    return yield* lofOfSteps(task.table, task.fitRows, task.scoreRows, opts);
  },
};

export const lofOfMethod = defineMethod({
  id: 'lof-of',
  title: 'LOF (OF distance)',
  role: 'method',
  order: 11,
  team: 'its rows of distances: k-distances, densities and outlier factors (lofTeam.ts)',
  paper: LOF_PAPER,
  where: 'LOF Defs. 3-7 (with its k-distinct-distance for duplicates); OF of Boriah et al.',
  description: 'Local outlier factor: local density against the neighbours’, OF distance',
  parameters: LOF_PARAMETERS,
  produces: ['object-scores', 'object-explanations'],
  detector: lofOfDetector,
  check(table) {
    checkLofSize(distinctObjects(table, allRows(table.nRows)).count);
  },
  *run(context, options) {
    const rows = allRows(context.table.nRows);
    const scores = yield* scaledSteps(lofOfSteps(context.table, rows, rows, options), 0, 0.7);
    const explanations = explainable(context.table, 'LOF', context.warn)
      ? yield* scaledSteps(lofOfExplanationSteps(context.table, options), 0.7, 1)
      : null;
    return {
      ...(explanations && { explanations }),
      scores: {
        kind: 'object-scores',
        title: 'LOF (OF) outlier score',
        n: context.table.nRows,
        scores,
        direction: 'higher-is-more-anomalous',
      },
    };
  },
});

export { LOF_PARAMETERS };
