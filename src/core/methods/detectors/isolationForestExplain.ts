import type { CategoricalTable } from '../../data/table/types.ts';
import { runToEnd, scaledSteps, type Steps } from '../../base/jobs.ts';
import { currentTeam } from '../../parallel/ambient.ts';
import type { Team } from '../../parallel/team.ts';
import {
  averagePathLength,
  growForestSteps,
  growingShare,
  type IsolationForestOptions,
} from './isolationForestTrees.ts';
import { walkForest } from './isolationForestTeam.ts';

/**
 * Path-length contributions per split attribute, in the spirit of the depth-based isolation
 * forest attributions (DIFFI, Carletti et al. 2023): how much each attribute's splits shortened
 * the object's path below an average tree's.
 *
 * The rule. In a tree, the expected remaining path length at a node of m sample rows is c(m)
 * (unbuilt tree). A split at a node of m rows sending x to a child of m' rows replaces c(m) by
 * 1 + c(m'); its reduction c(m) − 1 − c(m') is credited to the node's split attribute (negative
 * when x stays with most rows). Along x's path from the root (ψ rows) to its external node these
 * reductions telescope:
 *   Σ_nodes (c(m) − 1 − c(m')) = c(ψ) − (e + c(size)) = c(ψ) − h(x).
 * Averaged over the trees, an object's terms sum to c(ψ) − E[h(x)], and its score is
 * s(x) = 2^(−E[h(x)]/c(ψ)) = 2^(Σ_a term_a / c(ψ) − 1): a larger sum, a larger score.
 * The walks split across `team` by chunks of objects (isolationForestTeam.ts).
 */
export function isolationForestTerms(
  table: CategoricalTable,
  fitRows: Int32Array,
  options: IsolationForestOptions,
  team: Team = currentTeam(),
): { terms: Float64Array; norm: number } {
  return runToEnd(isolationForestTermSteps(table, fitRows, options, team));
}

/** isolationForestTerms as steps: the trees grown, then every row walked down them. */
export function* isolationForestTermSteps(
  table: CategoricalTable,
  fitRows: Int32Array,
  options: IsolationForestOptions,
  team: Team = currentTeam(),
): Steps<{ terms: Float64Array; norm: number }> {
  const rows = Int32Array.from({ length: table.nRows }, (_, i) => i);
  const grown = growingShare(table, fitRows, rows, options);
  const forest = yield* scaledSteps(growForestSteps(table, fitRows, options), 0, grown);
  const terms = yield* scaledSteps(walkForest(table, forest, rows, 'terms', team), grown, 1);
  return { terms, norm: averagePathLength(forest.sampleSize) };
}
