import { describe, expect, it } from 'vitest';
import { valuesByRow } from '../../../src/app/views/useObjectValues.ts';

describe('valuesByRow: the worker’s rows × D codes, row by row', () => {
  it('splits the block in the order the rows were asked', () => {
    const map = valuesByRow([7, 2], Int32Array.from([1, 0, 3, 4, 5, 6]), 3);
    expect([...map.keys()]).toEqual([7, 2]);
    expect([...map.get(7)!]).toEqual([1, 0, 3]);
    expect([...map.get(2)!]).toEqual([4, 5, 6]);
  });

  it('gives each row a copy of its own', () => {
    const codes = Int32Array.from([1, 2]);
    const row = valuesByRow([0], codes, 2).get(0)!;
    codes[0] = 9;
    expect([...row]).toEqual([1, 2]);
  });
});
