import { describe, expect, it } from 'vitest';
import { blockSummary, layoutGroups } from '../../../src/app/model/blockSummary.ts';

describe('blockSummary', () => {
  // Values 0, 1 form group A, value 2 group B; NaN is a cell the method leaves undefined, and
  // the diagonal is left out (as the co-occurrence overview leaves out value counts).
  const m = [
    [1, 2, 3],
    [4, 5, Number.NaN],
    [7, 8, 9],
  ];
  const value = (i: number, j: number) => m[i]?.[j] ?? Number.NaN;
  const s = blockSummary([[0, 1], [2]], value, (i, j) => i === j);

  it('summarises each block by its mean and maximum, worked by hand', () => {
    // A × A: cells (0,1) = 2 and (1,0) = 4 → mean 3, max 4 at (1, 0).
    // A × B: (0,2) = 3 and (1,2) undefined → mean 3, max 3 at (0, 2).
    // B × A: (2,0) = 7 and (2,1) = 8 → mean 7.5, max 8 at (2, 1).
    // B × B: only the diagonal, left out → empty.
    expect([...s.mean].slice(0, 3)).toEqual([3, 3, 7.5]);
    expect(s.mean[3]).toBeNaN();
    expect([...s.max].slice(0, 3)).toEqual([4, 3, 8]);
    expect([...s.argmaxRow]).toEqual([1, 0, 2, -1]);
    expect([...s.argmaxCol]).toEqual([0, 2, 1, -1]);
    expect([...s.cells]).toEqual([2, 1, 2, 0]);
  });

  it('gives the range of the block means and maxima, empty blocks aside', () => {
    expect(s.meanRange).toEqual([3, 7.5]);
    expect(s.maxRange).toEqual([3, 8]);
    expect(blockSummary([[0]], () => Number.NaN).maxRange).toEqual([0, 0]);
  });

  it('reads the groups of a layout in display order', () => {
    const layout = {
      order: [4, 3, 0, 1, 2],
      groups: [
        { start: 0, end: 2 },
        { start: 2, end: 5 },
      ],
    };
    expect(layoutGroups(layout)).toEqual([
      [4, 3],
      [0, 1, 2],
    ]);
  });
});
