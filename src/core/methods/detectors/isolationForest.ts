import { scaledSteps, type Steps } from '../../base/jobs.ts';
import { currentTeam } from '../../parallel/ambient.ts';
import type { Team } from '../../parallel/team.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import {
  averagePathLength,
  growForestSteps,
  growingShare,
  type IsolationForestOptions,
  type IsolationTree,
} from './isolationForestTrees.ts';
import { walkForest } from './isolationForestTeam.ts';

export {
  averagePathLength,
  growForest,
  growForestSteps,
  type IsolationForestOptions,
  type IsolationTree,
} from './isolationForestTrees.ts';

/**
 * Isolation forest (Liu, Ting, Zhou, ICDM 2008) on the one-hot encoding of the categorical
 * values, worked from the codes (the n × L one-hot matrix is never built).
 *
 * Each of `trees` isolation trees grows on a sub-sample of ψ fit rows drawn without replacement
 * (Alg. 1), to the height limit l = ⌈log₂ ψ⌉. A node splits on a random one-hot column that is
 * not constant in the node — on a 0/1 column a random threshold between min and max is exactly
 * "has value v or not" — drawn uniformly among the node's non-constant columns (an attribute
 * with m ≥ 2 values present in the node offers m columns); constant columns are skipped as
 * scikit-learn's isolation trees skip constant features. Left = the rows holding v. A node of
 * identical rows, or of one row, or at the height limit, is external (Alg. 2).
 *   h(x) = e + c(size)   path length: edges e to x's external node, plus the average path
 *                         length of an unbuilt tree on the rows left there (Alg. 3)
 *   c(n) = 2H(n − 1) − 2(n − 1)/n,  H(i) ≈ ln i + 0.5772156649;  c(2) = 1, c(n ≤ 1) = 0
 *   s(x, ψ) = 2^(−E[h(x)]/c(ψ))   (Eq. 2: higher = more anomalous; ≈ 0.5 or less = normal)
 * With ψ = 1 (a single fit row) nothing can be isolated: every score is 0.5.
 *
 * s(x) = 2^(−E[h(x)]/c(ψ)) for `scoreRows`, trees grown on the fit rows; the walks split across
 * `team` by chunks of objects (isolationForestTeam.ts: the same scores whatever the team).
 */
export function* isolationForestSteps(
  table: CategoricalTable,
  fitRows: Int32Array,
  scoreRows: Int32Array,
  options: IsolationForestOptions,
  team: Team = currentTeam(),
): Steps<Float64Array> {
  const grown = growingShare(table, fitRows, scoreRows, options);
  const forest = yield* scaledSteps(growForestSteps(table, fitRows, options), 0, grown);
  return yield* scaledSteps(forestScoreSteps(table, forest, scoreRows, team), grown, 1);
}

/** A grown forest: its trees and the sub-sample size ψ they grew on. */
export interface IsolationForest {
  trees: IsolationTree[];
  sampleSize: number;
}

/** s(x) = 2^(−E[h(x)]/c(ψ)) of `scoreRows` in a grown forest, the walks split across `team`. */
export function* forestScoreSteps(
  table: CategoricalTable,
  forest: IsolationForest,
  scoreRows: Int32Array,
  team: Team = currentTeam(),
): Steps<Float64Array> {
  const pathSum = yield* walkForest(table, forest, scoreRows, 'paths', team);
  const n = scoreRows.length;
  const trees = forest.trees.length;
  const norm = averagePathLength(forest.sampleSize);
  const scores = new Float64Array(n);
  for (let i = 0; i < n; i++)
    scores[i] = norm > 0 ? 2 ** (-(pathSum[i] as number) / trees / norm) : 0.5;
  return scores;
}
