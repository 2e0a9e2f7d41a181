import { describe, expect, it } from 'vitest';
import { shownObjects, toggled } from '../../../src/app/views/useRankedRows.ts';

// A ranking of rows 4, 7, 1, 9, 2: rows 7, 1 and 9 tie (ranks 1–3).
const groups = [
  { rows: [4], rank: 0 },
  { rows: [7, 1, 9], rank: 1 },
  { rows: [2], rank: 4 },
];

describe('the ranking’s lines, tied groups folded', () => {
  it('a closed group shows its leader alone, carrying the group', () => {
    expect(shownObjects(groups, new Set())).toEqual([
      { r: 4, rank: 0, group: null },
      { r: 7, rank: 1, group: [7, 1, 9] },
      { r: 2, rank: 4, group: null },
    ]);
  });

  it('an open group shows every row at its own rank, the group on its leader only', () => {
    expect(shownObjects(groups, new Set([7]))).toEqual([
      { r: 4, rank: 0, group: null },
      { r: 7, rank: 1, group: [7, 1, 9] },
      { r: 1, rank: 2, group: null },
      { r: 9, rank: 3, group: null },
      { r: 2, rank: 4, group: null },
    ]);
  });

  it('opening a row that leads no group changes nothing', () => {
    expect(shownObjects(groups, new Set([1, 4]))).toEqual(shownObjects(groups, new Set()));
  });

  it('a toggle opens a closed group and closes an open one, in a new set', () => {
    const none: ReadonlySet<number> = new Set();
    const open = toggled(none, 7);
    expect([...open]).toEqual([7]);
    expect(none.size).toBe(0);
    expect([...toggled(open, 7)]).toEqual([]);
    expect([...toggled(open, 2)].sort()).toEqual([2, 7]);
  });
});
