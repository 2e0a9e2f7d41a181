import type { CategoricalTable } from '../../data/table/types.ts';
import type { ZeroMember } from './zeroPlusPlus.ts';

/**
 * ZERO++'s score, (1/t) Σ_i 1[n_{D_i}(x_{S_i}) = 0], split between the two attributes of each
 * member's subspace S_i = {a, b}. A member where x's pair appears zero times gives 1/t:
 * - to a alone when x_a appears zero times in the sub-sample D_i but x_b does not (x_a is what
 *   is new), to b alone in the converse case;
 * - half to each when both values are new, or when both appear and only their combination is new.
 * The terms of an object sum to its score: they are the scored members'. rows.length × D.
 */
export function zeroTerms(
  table: CategoricalTable,
  members: readonly ZeroMember[],
  rows: Int32Array,
): Float64Array {
  const n = rows.length;
  const D = table.attributes.length;
  const terms = new Float64Array(n * D);
  const t = members.length;
  for (const { a, b, keys } of members) {
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
      const r = rows[i] as number;
      const xa = ca[r] as number;
      const xb = B.codes[r] as number;
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
