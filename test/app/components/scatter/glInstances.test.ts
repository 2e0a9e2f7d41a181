import { describe, expect, it } from 'vitest';
import { groupByColor } from '../../../../src/app/components/scatter/colorGroups.ts';
import {
  instanceColors,
  instanceMask,
  instanceOrigin,
  instancePositions,
  instanceStyle,
  OFF_CANVAS,
} from '../../../../src/app/components/scatter/glInstances.ts';
import { defaultRenderer } from '../../../../src/app/components/scatter/renderer.ts';
import { selectionDigest } from '../../../../src/app/components/scatter/selectionDigest.ts';

// Five points coloured red, blue, red, green, blue: the raster draws red (0, 2), blue (1, 4),
// then green (3) — the instances must come in that order.
const colors = ['#ff0000', '#0000ff', '#ff0000', '#00ff00', '#0000ff'];
const groups = groupByColor(5, (i) => colors[i] as string);
const points = Float64Array.from([10, 20, 11, 21, 12, 22, 13, 23, 14, 24]);

describe('the WebGL scatter instances, in the raster drawing order', () => {
  it('puts the points colour group by colour group, relative to the bounding box centre', () => {
    const [ox, oy] = instanceOrigin(points);
    expect([ox, oy]).toEqual([12, 22]);
    expect(Array.from(instancePositions(points, groups, ox, oy))).toEqual([
      -2, -2, 0, 0, -1, -1, 2, 2, 1, 1,
    ]);
  });

  it('keeps float32 precision relative to the layout, far from the origin', () => {
    // At 1e7, float32 steps are 1: absolute coordinates would merge these points.
    const far = Float64Array.from([1e7 + 0.25, 0, 1e7 + 0.5, 0]);
    const g = groupByColor(2, () => '#000000');
    const [ox, oy] = instanceOrigin(far);
    expect(Array.from(instancePositions(far, g, ox, oy))).toEqual([-0.125, 0, 0.125, 0]);
  });

  it('sends points that cannot be drawn off the canvas', () => {
    const bad = Float64Array.from([0, 0, Number.NaN, 1, 2, Infinity]);
    const g = groupByColor(3, () => '#000000');
    const [ox, oy] = instanceOrigin(bad);
    expect([ox, oy]).toEqual([0, 0]);
    expect(Array.from(instancePositions(bad, g, ox, oy))).toEqual([
      0,
      0,
      Math.fround(OFF_CANVAS),
      Math.fround(OFF_CANVAS),
      Math.fround(OFF_CANVAS),
      Math.fround(OFF_CANVAS),
    ]);
  });

  it('gives each instance its group colour, size in quarter steps, shape and emphasis', () => {
    expect(Array.from(instanceColors(groups))).toEqual([
      255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 255, 0, 255,
    ]);
    const sizes = Float32Array.from([1, 2.25, 1, 4, 1.5]);
    const shapes = Uint8Array.from([0, 1, 2, 3, 0]);
    expect(Array.from(instanceStyle(groups, sizes, shapes))).toEqual([
      4, 0, 4, 2, 9, 1, 6, 0, 16, 3,
    ]);
    expect(Array.from(instanceStyle(groups, null, null))).toEqual([4, 0, 4, 0, 4, 0, 4, 0, 4, 0]);
    expect(Array.from(instanceMask(groups, Uint8Array.from([0, 1, 0, 1, 0])))).toEqual([
      0, 0, 1, 0, 1,
    ]);
  });
});

describe('renderer and selection fingerprints', () => {
  it('draws on the CPU where there is no WebGL (Node: no document)', () => {
    expect(defaultRenderer()).toBe('cpu');
  });

  it('tells selections apart by their rows and order, not only their count', () => {
    expect(selectionDigest([1, 2, 3])).toBe(selectionDigest([1, 2, 3]));
    expect(selectionDigest([1, 2, 3])).not.toBe(selectionDigest([1, 2, 4]));
    expect(selectionDigest([1, 2, 3])).not.toBe(selectionDigest([3, 2, 1]));
    expect(selectionDigest([256])).not.toBe(selectionDigest([1]));
    expect(selectionDigest([]).startsWith('0:')).toBe(true);
    expect(selectionDigest([5, 6]).startsWith('2:')).toBe(true);
  });
});
