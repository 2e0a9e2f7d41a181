import { describe, expect, it } from 'vitest';
import { tiedGroups } from '../../../src/app/views/tiedGroups.ts';

describe('tiedGroups: identical rows tied in score are one entry', () => {
  const codes = new Map<number, Int32Array>([
    [4, Int32Array.of(0, 1)],
    [9, Int32Array.of(0, 1)],
    [2, Int32Array.of(0, 1)],
    [7, Int32Array.of(1, 1)],
    [5, Int32Array.of(0, 1)],
  ]);
  const scores = [0, 0, 0.5, 0, 0.9, 0.5, 0, 0.5, 0, 0.9];

  it('groups consecutive rows with the same score and values, led by the first', () => {
    // Ranked: 4 and 9 (0.9, same values), 2 and 5 (0.5, same values) around 7 (0.5, other values).
    expect(tiedGroups([4, 9, 2, 7, 5], scores, codes)).toEqual([
      { rows: [4, 9], rank: 0 },
      { rows: [2], rank: 2 },
      { rows: [7], rank: 3 },
      { rows: [5], rank: 4 },
    ]);
  });

  it('keeps rows apart while their values are unknown, and rows of equal values but other scores', () => {
    expect(tiedGroups([4, 9], scores, new Map())).toHaveLength(2);
    expect(tiedGroups([9, 5], scores, codes)).toHaveLength(2);
  });
});
