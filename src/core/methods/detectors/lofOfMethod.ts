import { LOF_PARAMETERS } from './lofOfParameters.ts';
import { allRows } from '../../data/table/rows.ts';
import { checkLofSize, lofOfSteps } from './lofOf.ts';
import { lofOfTermSteps } from './lofOfExplain.ts';
import { internal } from '../../base/errors.ts';
import type { Steps } from '../../base/jobs.ts';
import { distinctObjects } from '../../data/table/distinctObjects.ts';
import { defineDetector } from '../../platform/defineDetector.ts';

export const LOF_PAPER =
  'Breunig, Kriegel, Ng, Sander, “LOF: identifying density-based local outliers”, SIGMOD 2000; OF similarity of Boriah, Chandola, Kumar, SDM 2008';

export const lofOfMethod = defineDetector({
  id: 'lof-of',
  title: 'LOF (OF distance)',
  shortName: 'LOF',
  order: 11,
  team: 'its rows of distances: k-distances, densities and outlier factors (lofTeam.ts)',
  paper: LOF_PAPER,
  where: 'LOF Defs. 3-7 (with its k-distinct-distance for duplicates); OF of Boriah et al.',
  description: 'Local outlier factor: local density against the neighbours’, OF distance',
  parameters: LOF_PARAMETERS,
  supervision: 'unsupervised',
  scoreTitle: 'LOF (OF) outlier score',
  check(table) {
    checkLofSize(distinctObjects(table, allRows(table.nRows)).count);
  },
  // LOF keeps no model apart from its fit rows: the neighbourhoods of the fit objects and the
  // scored rows' are found in one team pass (lofTeam.ts), when scoring.
  // eslint-disable-next-line require-yield
  *fit({ rows, options }): Steps<{ fitRows: Int32Array; k: number }> {
    return { fitRows: rows, k: options.k };
  },
  score: ({ fitRows, k }, rows, table) => lofOfSteps(table, fitRows, rows, { k }),
  *explain({ fitRows, k }, rows, table) {
    // The terms are those of a fit on every row (the method's run), as lofOfTermSteps finds them.
    if (fitRows.length !== table.nRows || rows.length !== table.nRows)
      throw internal('LOF explains a fit on every row, every row scored');
    return yield* lofOfTermSteps(table, { k });
  },
  work: { fit: 0, score: 7, explain: 3 },
  explanation: {
    title: 'LOF (OF): what makes the neighbours far, per attribute',
    relation: 'indicative',
    relationText:
      'the terms sum to the mean OF distance to the object’s k-distance neighbours; LOF is the neighbours’ density over the object’s, so a larger sum means a sparser object, not a fixed score',
    definition:
      'the mean over the object’s LOF neighbours of attribute a’s part (1 − S_a)/D of the OF distance',
  },
});

/** LOF's role in the outlier experiments: neighbours among the fit rows; no randomness. */
export const lofOfDetector = lofOfMethod.detector;

export { LOF_PARAMETERS };
