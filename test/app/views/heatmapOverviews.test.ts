import { describe, expect, it } from 'vitest';
import type { CellScale } from '../../../src/app/components/heatmap/cellColors.ts';
import type { HeatmapLayout } from '../../../src/app/model/heatmap.ts';
import { cooccurrenceOverview } from '../../../src/app/views/heatmapOverviews.ts';
import { FOUR_COUNTS, FOUR_META } from './fourRows.ts';

/** A scale whose colour is the number itself, to read what a cell was coloured by. */
const identity = { rgb: (x: number) => x } as unknown as CellScale;
const diag = { rgb: (x: number) => -x } as unknown as CellScale;
const layout: HeatmapLayout = {
  order: [0, 1, 2, 3],
  labels: ['x', 'y', 'p', 'q'],
  groups: [
    { label: 'a', start: 0, end: 2 },
    { label: 'b', start: 2, end: 4 },
  ],
};

describe('the co-occurrence heatmap’s overview by attribute pair', () => {
  const hovered: (number[] | null)[] = [];
  const overview = cooccurrenceOverview(
    FOUR_META,
    FOUR_COUNTS,
    layout,
    { off: identity, diag },
    (a) => hovered.push(a),
  );

  it('colours a pair’s cell by its most frequent value pair, a diagonal cell by its most frequent value', () => {
    // a × b: (x, p) 1, (x, q) 1, (y, p) 2, (y, q) 0: the block's maximum is 2.
    expect(overview.color(0, 1)).toBe(2);
    expect(overview.color(1, 0)).toBe(2);
    // a × a: x and y 2 rows each; b × b: p 3 rows (on the diagonal's scale).
    expect(overview.color(0, 0)).toBe(-2);
    expect(overview.color(1, 1)).toBe(-3);
  });

  it('names the most frequent pair, its rows and share, and the block’s mean', () => {
    expect(overview.tooltip(0, 1)).toEqual([
      'a × b: 4 value pairs',
      'Most frequent pair: a = y & b = p, 2 rows (p = 0.500)',
      'Mean over the block: 1.0 rows',
      'Click to see the pairs',
    ]);
    expect(overview.tooltip(1, 1)).toEqual([
      'b: 2 values',
      'Most frequent: b = p, 3 of 4 rows (p = 0.750)',
      'Click to see its values',
    ]);
  });

  it('hovering a cell names its attributes (one on the diagonal)', () => {
    overview.onHover!([0, 1]);
    overview.onHover!([1, 1]);
    overview.onHover!(null);
    expect(hovered).toEqual([[0, 1], [1], null]);
  });
});
