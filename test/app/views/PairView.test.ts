import { describe, expect, it } from 'vitest';
import type { ObjectDistance, ObjectSimilarity } from '../../../src/core/platform/results.ts';
import { pairTerms } from '../../../src/app/views/PairView.tsx';
import { FOUR_META } from './fourRows.ts';

// Rows (x, p) and (y, p) of fourRows.ts: codes (0, 0) and (1, 0).
const codes: [Int32Array, Int32Array] = [Int32Array.from([0, 0]), Int32Array.from([1, 0])];
/** a's table then b's, each 2 × 2 row-major: a (x,y) = 3, b (p,p) = 0.5. */
const tables = Float64Array.from([0, 3, 3, 0, 0.5, 2, 2, 0]);
const tableStart = Int32Array.from([0, 4]);

describe('pairTerms: two objects compared attribute by attribute', () => {
  it('a mismatch distance: an attribute’s weight where the values differ', () => {
    const d = { form: 'mismatch', weights: Float64Array.from([2, 5]) } as ObjectDistance;
    const { terms, total, euclidean } = pairTerms(FOUR_META, codes, d, null);
    expect(terms).toEqual([
      { name: 'a', x: 'x', y: 'y', term: 2, s: null },
      { name: 'b', x: 'p', y: 'p', term: 0, s: null },
    ]);
    expect(total).toBe(2);
    expect(euclidean).toBe(false);
  });

  it('value tables summed: the table’s entry for the two values, the sum', () => {
    const d = { form: 'value-tables', tables, tableStart, combine: 'sum' } as ObjectDistance;
    const { terms, total } = pairTerms(FOUR_META, codes, d, null);
    expect(terms.map((t) => t.term)).toEqual([3, 0.5]);
    expect(total).toBe(3.5);
  });

  it('value tables combined as Euclidean: the root of the sum of squares, √(9 + 0.25)', () => {
    const d = { form: 'value-tables', tables, tableStart, combine: 'euclidean' } as ObjectDistance;
    const { total, euclidean } = pairTerms(FOUR_META, codes, d, null);
    expect(total).toBe(Math.sqrt(9.25));
    expect(euclidean).toBe(true);
  });

  it('a similarity’s terms beside the distance, and their sum (CASO)', () => {
    const d = { form: 'mismatch', weights: Float64Array.from([1, 1]) } as ObjectDistance;
    const s = {
      tables: Float64Array.from([1, 0.25, 0.25, 1, 1, 0.5, 0.5, 1]),
      tableStart,
    } as unknown as ObjectSimilarity;
    const { terms, caso } = pairTerms(FOUR_META, codes, d, s);
    expect(terms.map((t) => t.s)).toEqual([0.25, 1]);
    expect(caso).toBe(1.25);
  });
});
