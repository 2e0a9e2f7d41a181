import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../../src/core/base/random.ts';
import { buildSpatialIndex } from '../../../../src/app/components/scatter/spatialIndex.ts';

function randomPoints(seed: number, n: number, clustered = false): Float64Array {
  const random = createRandom(seed);
  const points = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    // Clustered: most points in a small blob, so the grid's cells are very uneven.
    const s = clustered && i % 10 !== 0 ? 0.05 : 1;
    points[2 * i] = 100 * s * random.next();
    points[2 * i + 1] = -20 + 40 * s * random.next();
  }
  return points;
}

function bruteForce(
  points: Float64Array,
  x: number,
  y: number,
  maxDist: number,
  sx: number,
  sy: number,
): number {
  let best = -1;
  let bestD = maxDist * maxDist;
  for (let i = 0; i < points.length / 2; i++) {
    const dx = sx * ((points[2 * i] as number) - x);
    const dy = sy * ((points[2 * i + 1] as number) - y);
    const d = dx * dx + dy * dy;
    if (d < bestD || (d === bestD && (best < 0 || i < best))) [best, bestD] = [i, d];
  }
  return best;
}

describe('scatter spatial index', () => {
  for (const clustered of [false, true]) {
    it(`nearest point within a radius agrees with brute force (${clustered ? 'clustered' : 'uniform'})`, () => {
      const points = randomPoints(clustered ? 2 : 1, 3000, clustered);
      const index = buildSpatialIndex(points);
      const random = createRandom(99);
      let found = 0;
      for (let q = 0; q < 2000; q++) {
        const x = -10 + 120 * random.next();
        const y = -30 + 60 * random.next();
        // Screen scales per axis as a 'fill' fit and a zoom would give them.
        const sx = [0.5, 6, 40][q % 3] as number;
        const sy = -([0.3, 9, 25][q % 3] as number);
        const got = index.nearest(x, y, 8, sx, sy);
        expect(got).toBe(bruteForce(points, x, y, 8, sx, sy));
        if (got >= 0) found++;
      }
      // Both hits and misses were exercised.
      expect(found).toBeGreaterThan(100);
      expect(found).toBeLessThan(2000);
    });
  }

  it('breaks ties towards the lower index, also across grid cells', () => {
    // A 20 × 20 lattice whose indices fall as x grows, so the grid meets the higher index first.
    const points = new Float64Array(2 * 400);
    for (let r = 0; r < 20; r++)
      for (let c = 0; c < 20; c++) {
        points[2 * (r * 20 + 19 - c)] = c;
        points[2 * (r * 20 + 19 - c) + 1] = r;
      }
    const index = buildSpatialIndex(points);
    for (let r = 0; r < 20; r += 3)
      for (let c = 0; c < 19; c++) expect(index.nearest(c + 0.5, r, 0.6)).toBe(r * 20 + 18 - c);
  });

  it('skips non-finite points and handles empty and single-point sets', () => {
    const points = Float64Array.from([NaN, 0, 5, 5, 5, Infinity]);
    const index = buildSpatialIndex(points);
    expect(index.nearest(5, 5.1, 1)).toBe(1);
    expect(index.nearest(0, 0, 1)).toBe(-1);
    expect(buildSpatialIndex(new Float64Array(0)).nearest(0, 0, 10)).toBe(-1);
    expect(buildSpatialIndex(Float64Array.from([2, 2])).nearest(2.5, 2, 1)).toBe(0);
  });

  it('indexes 50,000 points and finds each of a sample exactly', () => {
    const points = randomPoints(5, 50_000);
    const index = buildSpatialIndex(points);
    for (let i = 0; i < 50_000; i += 997) {
      const x = points[2 * i] as number;
      const y = points[2 * i + 1] as number;
      expect(index.nearest(x, y, 1e-9)).toBe(i);
      expect(index.nearest(x + 0.01, y, 0.5, 1, 1)).toBe(
        bruteForce(points, x + 0.01, y, 0.5, 1, 1),
      );
    }
  });
});
