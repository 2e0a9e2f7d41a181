import { interpolateBlues, interpolateGreens } from 'd3';
import { describe, expect, it } from 'vitest';
import type { CountsReport } from '../../../src/core/platform/session.ts';
import { cellScale } from '../../../src/app/components/heatmap/cellColors.ts';
import { cooccurrenceColors } from '../../../src/app/views/CooccurrenceView.tsx';
import { FOUR_COUNTS, FOUR_META } from './fourRows.ts';

describe('the co-occurrence matrix’s colours', () => {
  const { color, legends, scales } = cooccurrenceColors(FOUR_META, FOUR_COUNTS);

  it('blues off the diagonal up to the largest pair count (2), greens on it up to the rows (4)', () => {
    expect(scales!.off.domain).toEqual([0, 2]);
    expect(scales!.diag.domain).toEqual([0, 4]);
    const blues = cellScale(interpolateBlues, [0, 2], 'sqrt');
    const greens = cellScale(interpolateGreens, [0, 4], 'sqrt');
    expect(color(1, 2)).toBe(blues.rgb(2)); // (y, p): 2 rows
    expect(color(0, 2)).toBe(blues.rgb(1)); // (x, p): 1 row
    expect(color(2, 2)).toBe(greens.rgb(3)); // p: 3 rows
    expect(color(1, 2)).not.toBe(color(0, 2));
  });

  it('one grey for two values of one attribute (they never meet)', () => {
    expect(color(0, 1)).toBe(color(2, 3));
    expect(color(0, 1)).not.toBe(color(1, 3)); // (y, q): 0 rows, the lightest blue
  });

  it('two legends, the counts in whole numbers', () => {
    expect(legends.map((l) => l.title)).toEqual(['rows together', 'value count (diagonal)']);
    expect(legends[0]!.format!(12345.4)).toBe('12,345');
  });

  it('no colours before the counts arrive', () => {
    const none = cooccurrenceColors(FOUR_META, null);
    expect(none.scales).toBeNull();
    expect(none.legends).toEqual([]);
    const dense = cooccurrenceColors(FOUR_META, {
      ...FOUR_COUNTS,
      cooccurrence: null,
    } as CountsReport);
    expect(dense.scales).toBeNull();
  });
});
