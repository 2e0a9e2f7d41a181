import { describe, expect, it } from 'vitest';
import { denseGeometry } from '../../../src/core/clustering/denseGeometry.ts';
import { kmeans } from '../../../src/core/clustering/kmeans.ts';
import { nearestCentroid, tieBound } from '../../../src/core/clustering/nearestCentre.ts';

// The origin and two points with the same coordinates in another order: their squared distances
// from the origin are the same three squares, so equal in exact arithmetic, but summed in another
// order they round apart (0.11 and 0.11000000000000001).
const p = [0.1, 0.1, 0.3];
const q = [0.3, 0.1, 0.1];
const rows = Float64Array.from([0, 0, 0, ...p, ...q]);
const squared = (v: number[]): number => v.reduce((s, x) => s + x * x, 0);

describe('nearestCentroid: ties within round-off go to the lowest-numbered centre', () => {
  it('the example really rounds apart, and within the tie bound', () => {
    expect(squared(q)).toBeGreaterThan(squared(p));
    expect(squared(q)).toBeLessThanOrEqual(tieBound(squared(p)));
  });

  for (const bound of [true, false])
    for (const [first, second] of [
      [1, 2],
      [2, 1],
    ] as const)
      it(`${bound ? 'bounded' : 'plain'} scan, centres on objects ${first} and ${second}: centre 0`, () => {
        const g = denseGeometry(rows, 3, 3, { bound });
        g.setCentroidToObject(0, first);
        g.setCentroidToObject(1, second);
        g.beginAssign(2);
        for (const previous of [-1, 0, 1]) {
          const [arg, d] = nearestCentroid(g, 0, 2, previous);
          expect(arg).toBe(0);
          expect(d).toBe(squared(first === 1 ? p : q));
        }
      });

  it('a distance beyond the tie bound is still nearer: (0.1, 0.1, 0.3) against (0.1, 0.1, 0.3001)', () => {
    const data = Float64Array.from([0, 0, 0, 0.1, 0.1, 0.3001, ...p]);
    const g = denseGeometry(data, 3, 3);
    g.setCentroidToObject(0, 1);
    g.setCentroidToObject(1, 2);
    g.beginAssign(2);
    expect(nearestCentroid(g, 0, 2, -1)[0]).toBe(1);
    expect(nearestCentroid(g, 0, 2, 0)[0]).toBe(1);
  });

  it('k-means gives the same partition when the columns are permuted (the same distances, rounded otherwise)', () => {
    const objects = [[0, 0, 0], p, q, [0.2, 0.2, 0.2]];
    const permuted = objects.map(([x, y, z]) => [z as number, x as number, y as number]);
    // The precondition: the origin's tie leans one way in one form and not in the other.
    expect(squared(q)).toBeGreaterThan(squared(p));
    expect(squared(permuted[2] as number[])).toBe(squared(permuted[1] as number[]));
    const run = (rows: number[][]) =>
      kmeans(denseGeometry(Float64Array.from(rows.flat()), 4, 3), { k: 2 }, undefined, [2, 1]);
    const [a, b] = [run(objects), run(permuted)];
    expect(Array.from(b.labels)).toEqual(Array.from(a.labels));
    expect(a.labels[0]).toBe(0);
  });
});
