import { describe, expect, it } from 'vitest';
import { MAX_NEIGHBOURS } from '../../../src/core/projection/neighboursStep.ts';
import { differences, neighboursK } from '../../../src/app/views/NeighboursView.tsx';
import { FOUR_META } from './fourRows.ts';

describe('the neighbours view', () => {
  it('takes a whole number of neighbours from 1 to the most allowed', () => {
    expect(neighboursK('1')).toBe(1);
    expect(neighboursK('25')).toBe(25);
    expect(neighboursK(String(MAX_NEIGHBOURS))).toBe(MAX_NEIGHBOURS);
    expect(neighboursK(String(MAX_NEIGHBOURS + 1))).toBeNull();
    expect(neighboursK('0')).toBeNull();
    expect(neighboursK('')).toBeNull();
    expect(neighboursK('2.5')).toBeNull();
    expect(neighboursK('ten')).toBeNull();
  });

  it('names where a neighbour differs from the object, with the neighbour’s value', () => {
    // The object (x, p) beside (y, p), (x, q) and (y, q).
    const own = Int32Array.from([0, 0]);
    expect(differences(FOUR_META, own, Int32Array.from([1, 0]))).toEqual(['a = y']);
    expect(differences(FOUR_META, own, Int32Array.from([0, 1]))).toEqual(['b = q']);
    expect(differences(FOUR_META, own, Int32Array.from([1, 1]))).toEqual(['a = y', 'b = q']);
    expect(differences(FOUR_META, own, own)).toEqual([]);
  });
});
