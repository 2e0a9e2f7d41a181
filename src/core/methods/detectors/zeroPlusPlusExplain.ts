import type { ObjectExplanations } from '../../platform/results.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { zeroMembers, type ZeroMember, type ZeroOptions } from './zeroPlusPlus.ts';

/**
 * ZERO++'s score, (1/t) Σ_i 1[n_{D_i}(x_{S_i}) = 0], split between the two attributes of each
 * member's subspace S_i = {a, b}. A member where x's pair appears zero times gives 1/t:
 * - to a alone when x_a appears zero times in the sub-sample D_i but x_b does not (x_a is what
 *   is new), to b alone in the converse case;
 * - half to each when both values are new, or when both appear and only their combination is new.
 * The terms of an object sum to its score. The members are drawn again with the same seed, so
 * they are the scored members.
 */
export function zeroTerms(
  table: CategoricalTable,
  fitRows: Int32Array,
  options: ZeroOptions,
): Float64Array {
  const members = zeroMembers(table, fitRows, options);
  const n = table.nRows;
  const D = table.attributes.length;
  const terms = new Float64Array(n * D);
  const t = members.length;
  for (const { a, b, keys } of members as ZeroMember[]) {
    const ca = (table.attributes[a] as { codes: Int32Array }).codes;
    const B = table.attributes[b] as { codes: Int32Array; labels: string[] };
    const nb = B.labels.length;
    // The values of a and of b the sub-sample holds.
    const seenA = new Set<number>();
    const seenB = new Set<number>();
    const pairs = new Set<number>();
    for (const key of keys) {
      seenA.add(Math.floor(key / nb));
      seenB.add(key % nb);
      pairs.add(key);
    }
    for (let i = 0; i < n; i++) {
      const xa = ca[i] as number;
      const xb = B.codes[i] as number;
      if (pairs.has(xa * nb + xb)) continue;
      const newA = !seenA.has(xa);
      const newB = !seenB.has(xb);
      const shareA = a === b ? 1 : newA === newB ? 0.5 : newA ? 1 : 0;
      terms[i * D + a] = (terms[i * D + a] as number) + shareA / t;
      if (a !== b) terms[i * D + b] = (terms[i * D + b] as number) + (1 - shareA) / t;
    }
  }
  return terms;
}

/** The shared result: every row explained, members drawn from `fitRows`. */
export function zeroExplanations(
  table: CategoricalTable,
  fitRows: Int32Array,
  options: ZeroOptions,
): ObjectExplanations {
  return {
    kind: 'object-explanations',
    title: 'ZERO++: zero appearances per attribute',
    n: table.nRows,
    dims: table.attributes.length,
    values: zeroTerms(table, fitRows, options),
    relation: 'sums-to-score',
    relationText: 'the terms sum to the object’s score',
    definition:
      'each member whose sub-sample holds x’s value pair zero times gives 1/t to the attribute whose value it lacks (half each when both or neither are lacking)',
  };
}
