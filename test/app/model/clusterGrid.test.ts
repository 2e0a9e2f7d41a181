import { describe, expect, it } from 'vitest';
import { CLUSTER_PALETTE, clusterColours, gridRows } from '../../../src/app/model/clusterGrid.ts';
import { createRandom } from '../../../src/core/base/random.ts';

const partition = (labels: number[], kept: number[]) => ({
  name: 'Mc k=3',
  k: kept.length,
  labels: Int32Array.from(labels),
  kept: Uint8Array.from(kept),
});

describe('the value-cluster grid at real size', () => {
  it('groups the rows by one granularity’s clusters: kept ones largest first, then removed', () => {
    // Values 0…5 in clusters 2, 0, 2, 1, 0, 2; cluster 1 is one the method does not use.
    const { rows, groups } = gridRows([0, 1, 2, 3, 4, 5], partition([2, 0, 2, 1, 0, 2], [1, 0, 1]));
    expect(rows).toEqual([0, 2, 5, 1, 4, 3]);
    expect(groups).toEqual([
      { cluster: 2, start: 0, size: 3, kept: true },
      { cluster: 0, start: 3, size: 2, kept: true },
      { cluster: 1, start: 5, size: 1, kept: false },
    ]);
    expect(gridRows([0, 1, 2], null)).toEqual({ rows: [0, 1, 2], groups: [] });
  });

  it('never gives two clusters that touch in the column one colour, and never black', () => {
    const random = createRandom(48);
    for (const k of [3, 12, 28, 60]) {
      const labels = Array.from({ length: 228 }, () => random.int(k));
      const rows = labels.map((_, v) => v);
      const colours = clusterColours(rows, labels);
      for (let r = 1; r < rows.length; r++) {
        const [a, b] = [labels[r - 1] as number, labels[r] as number];
        if (a !== b)
          expect(colours.get(a), `k = ${k}, rows ${r - 1}, ${r}`).not.toBe(colours.get(b));
      }
      for (const c of colours.values()) expect(c).not.toBe('#000000');
    }
    expect(CLUSTER_PALETTE).not.toContain('#000000');
  });
});
