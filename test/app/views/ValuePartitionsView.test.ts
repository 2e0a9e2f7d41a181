import { describe, expect, it } from 'vitest';
import { columnWidth } from '../../../src/app/views/ValuePartitionsView.tsx';

describe('value clusters: the width of a granularity’s column', () => {
  it('is 30 px while every column fits at that width', () => {
    expect(columnWidth(1000, 200, 16)).toBe(30);
    expect(columnWidth(0, 200, 16)).toBe(30);
  });

  it('narrows so that every column fits beside the labels', () => {
    // Soybean's 16 granularities in a 470 px region beside 180 px of labels.
    const w = columnWidth(470, 180, 16);
    expect(w).toBe(17);
    expect(180 + 16 * w + 8).toBeLessThanOrEqual(470);
  });

  it('stops at 14 px (the grid then scrolls sideways)', () => {
    expect(columnWidth(300, 200, 16)).toBe(14);
  });
});
