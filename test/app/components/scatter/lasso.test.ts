import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../../src/core/base/random.ts';
import {
  pointInPolygon,
  selectInBox,
  selectInPolygon,
} from '../../../../src/app/components/scatter/lasso.ts';

describe('scatter lasso and box', () => {
  it('point in a convex polygon (a triangle)', () => {
    const tri = [0, 0, 10, 0, 0, 10];
    expect(pointInPolygon(1, 1, tri)).toBe(true);
    expect(pointInPolygon(4, 4, tri)).toBe(true);
    expect(pointInPolygon(6, 6, tri)).toBe(false);
    expect(pointInPolygon(-1, 1, tri)).toBe(false);
    expect(pointInPolygon(1, 11, tri)).toBe(false);
  });

  it('point in a concave U-shaped polygon: the notch is outside', () => {
    // A U: two arms x ∈ [0, 1] and [2, 3] rising to y = 3 from a base y ∈ [0, 1].
    const u = [0, 0, 3, 0, 3, 3, 2, 3, 2, 1, 1, 1, 1, 3, 0, 3];
    expect(pointInPolygon(0.5, 2, u)).toBe(true); // left arm
    expect(pointInPolygon(2.5, 2, u)).toBe(true); // right arm
    expect(pointInPolygon(1.5, 0.5, u)).toBe(true); // base
    expect(pointInPolygon(1.5, 2, u)).toBe(false); // the notch between the arms
    expect(pointInPolygon(1.5, 3.5, u)).toBe(false);
    expect(pointInPolygon(4, 2, u)).toBe(false);
  });

  it('selects the points inside a polygon, ascending, matching pointInPolygon', () => {
    const u = [0, 0, 3, 0, 3, 3, 2, 3, 2, 1, 1, 1, 1, 3, 0, 3];
    const random = createRandom(7);
    const n = 2000;
    const points = new Float64Array(2 * n);
    for (let i = 0; i < 2 * n; i++) points[i] = random.next() * 4 - 0.5;
    const inside = selectInPolygon(points, u);
    const expected: number[] = [];
    for (let i = 0; i < n; i++)
      if (pointInPolygon(points[2 * i] as number, points[2 * i + 1] as number, u)) expected.push(i);
    expect(inside).toEqual(expected);
    // The U covers 7 of the 16 unit squares of the 4 × 4 sample area.
    expect(inside.length / n).toBeGreaterThan(0.35);
    expect(inside.length / n).toBeLessThan(0.53);
    expect(selectInPolygon(points, [0, 0, 1, 1])).toEqual([]);
  });

  it('box selection takes corners in either order and includes the edges', () => {
    const points = Float64Array.from([0, 0, 1, 1, 2, 2, 3, 3, 1, 3, NaN, 1]);
    expect(selectInBox(points, 1, 1, 2, 3)).toEqual([1, 2, 4]);
    expect(selectInBox(points, 2, 3, 1, 1)).toEqual([1, 2, 4]);
    expect(selectInBox(points, 5, 5, 6, 6)).toEqual([]);
  });
});
