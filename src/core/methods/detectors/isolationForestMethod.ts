import { IFOREST_PARAMETERS } from './isolationForestParameters.ts';
import { averagePathLength, forestScoreSteps } from './isolationForest.ts';
import { growForestSteps } from './isolationForestTrees.ts';
import { walkForest } from './isolationForestTeam.ts';
import { currentTeam } from '../../parallel/ambient.ts';
import { defineDetector } from '../../platform/defineDetector.ts';

export const IFOREST_PAPER = 'Liu, Ting, Zhou, “Isolation forest”, ICDM 2008';

/** c(ψ), the average path length of an unbuilt tree on the forest's sub-samples. */
const normOf = (forest: { sampleSize: number }): number => averagePathLength(forest.sampleSize);

export const isolationForestMethod = defineDetector({
  id: 'iforest',
  title: 'Isolation forest',
  order: 12,
  team: 'its walks of every object down every tree, for the scores and the terms (isolationForestTeam.ts)',
  paper: IFOREST_PAPER,
  where: 'Algs. 1-3 and Eq. (2), on the one-hot encoding of the values',
  description: 'How quickly random splits on one-hot value columns isolate the object',
  parameters: IFOREST_PARAMETERS,
  supervision: 'unsupervised',
  scoreTitle: 'Isolation forest outlier score',
  // The model is the forest, grown once on the fit rows with the seed: the scores and the
  // terms walk the same trees.
  fit: ({ table, rows, options }) => growForestSteps(table, rows, options),
  score: (forest, rows, table) => forestScoreSteps(table, forest, rows),
  explain: (forest, rows, table) => walkForest(table, forest, rows, 'terms', currentTeam()),
  explanation: {
    title: 'Isolation forest: path-length reduction per split attribute',
    relation: 'sums-to-transform',
    relationText: (forest) =>
      `the terms sum to c(ψ) − E[h(x)], and the score is 2^(Σ/c(ψ) − 1) with c(ψ) = ${normOf(forest).toFixed(3)}`,
    definition:
      'for each tree, each split on x’s path credits its attribute with the shortening c(m) − 1 − c(m′) of x’s expected path, averaged over the trees',
    // isolationForestExplain.ts: the terms telescope to c(ψ) − E[h(x)]; with ψ = 1 nothing is
    // isolated and every score is 0.5.
    toScore: (forest, sum) => (normOf(forest) > 0 ? 2 ** (sum / normOf(forest) - 1) : 0.5),
  },
});

/** The isolation forest's role in the outlier experiments: trees grown on the fit rows with the task's seed. */
export const isolationForestDetector = isolationForestMethod.detector;

export { IFOREST_PARAMETERS };
