import type { ObjectExplanations } from '../../platform/results.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import {
  averagePathLength,
  growForest,
  type IsolationForestOptions,
  type IsolationTree,
} from './isolationForest.ts';

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
 * The trees are grown again with the same seed, so they are the scored trees.
 */
export function isolationForestTerms(
  table: CategoricalTable,
  fitRows: Int32Array,
  options: IsolationForestOptions,
): { terms: Float64Array; norm: number } {
  const { trees, sampleSize } = growForest(table, fitRows, options);
  const n = table.nRows;
  const D = table.attributes.length;
  const terms = new Float64Array(n * D);
  const codes = table.attributes.map((a) => a.codes);
  const c = Float64Array.from({ length: sampleSize + 1 }, (_, m) => averagePathLength(m));
  for (const tree of trees) {
    const { attribute, code, left, right, size } = tree as IsolationTree;
    for (let i = 0; i < n; i++) {
      let node = 0;
      for (let a = attribute[0] as number; a >= 0; a = attribute[node] as number) {
        const child =
          ((codes[a] as Int32Array)[i] as number) === (code[node] as number)
            ? (left[node] as number)
            : (right[node] as number);
        const reduction =
          (c[size[node] as number] as number) - 1 - (c[size[child] as number] as number);
        terms[i * D + a] = (terms[i * D + a] as number) + reduction;
        node = child;
      }
    }
  }
  for (let j = 0; j < terms.length; j++) terms[j] = (terms[j] as number) / trees.length;
  return { terms, norm: averagePathLength(sampleSize) };
}

/** The shared result: every row explained, trees grown on `fitRows`. */
export function isolationForestExplanations(
  table: CategoricalTable,
  fitRows: Int32Array,
  options: IsolationForestOptions,
): ObjectExplanations {
  const { terms, norm } = isolationForestTerms(table, fitRows, options);
  return {
    kind: 'object-explanations',
    title: 'Isolation forest: path-length reduction per split attribute',
    n: table.nRows,
    dims: table.attributes.length,
    values: terms,
    relation: 'sums-to-transform',
    relationText: `the terms sum to c(ψ) − E[h(x)], and the score is 2^(Σ/c(ψ) − 1) with c(ψ) = ${norm.toFixed(3)}`,
    definition:
      'for each tree, each split on x’s path credits its attribute with the shortening c(m) − 1 − c(m′) of x’s expected path, averaged over the trees',
  };
}
