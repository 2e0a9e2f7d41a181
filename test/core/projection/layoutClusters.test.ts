/**
 * Clusters of a drawn layout (layoutClusters.ts), the values that define them (clusterLift.ts),
 * label placement without overlap (labelPlacement.ts) and coincident points (coincident.ts):
 * separated blobs found apart, a blob with a shallow dip kept whole, determinism, weights as
 * stacked copies, hand-computed lift, a planted cluster labelled by its planted value.
 */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../src/core/base/random.ts';
import { clusterLift, definingValues } from '../../../src/core/projection/clusterLift.ts';
import { coincidentPoints, multiplicityOf } from '../../../src/core/projection/coincident.ts';
import { layoutClusters } from '../../../src/core/projection/layoutClusters.ts';
import { overlaps, placeLabels, type Box } from '../../../src/core/projection/labelPlacement.ts';

/** Gaussian blobs (Box–Muller) of the given sizes around centres, sd `sd`, seeded. */
function blobs(centres: [number, number][], sizes: number[], sd: number, seed = 1): Float64Array {
  const rng = createRandom(seed);
  const out: number[] = [];
  centres.forEach(([cx, cy], b) => {
    for (let i = 0; i < (sizes[b] as number); i++) {
      const r = Math.sqrt(-2 * Math.log(1 - rng.next()));
      const t = 2 * Math.PI * rng.next();
      out.push(cx + sd * r * Math.cos(t), cy + sd * r * Math.sin(t));
    }
  });
  return Float64Array.from(out);
}

const BOX = { width: 600, height: 400 };

describe('layoutClusters', () => {
  it('finds well-separated blobs as separate clusters, numbered by size, peaks at their centres', () => {
    const centres: [number, number][] = [
      [120, 100],
      [450, 120],
      [300, 320],
    ];
    const points = blobs(centres, [60, 200, 120], 12);
    const c = layoutClusters(points, BOX);
    expect(c.count).toBe(3);
    expect(Array.from(c.weight)).toEqual([200, 120, 60]);
    // Cluster 0 is the 200-point blob, whose points are 60 … 259.
    const expected = [2, 0, 1];
    let wrong = 0;
    for (let i = 0; i < 380; i++) {
      const blob = i < 60 ? 0 : i < 260 ? 1 : 2;
      if (c.of[i] !== expected[blob]) wrong++;
    }
    expect(wrong).toBe(0);
    const peaks = [1, 2, 0].map((b) => centres[b] as [number, number]);
    peaks.forEach(([x, y], k) => {
      expect(Math.abs((c.peakX[k] as number) - x)).toBeLessThan(12);
      expect(Math.abs((c.peakY[k] as number) - y)).toBeLessThan(12);
    });
  });

  it('keeps one broad blob whole and splits two that touch only thinly', () => {
    const broad = layoutClusters(blobs([[300, 200]], [400], 40, 7), BOX);
    expect(broad.count).toBe(1);
    const two = layoutClusters(
      blobs(
        [
          [240, 200],
          [360, 200],
        ],
        [150, 150],
        14,
        3,
      ),
      BOX,
    );
    expect(two.count).toBe(2);
  });

  it('is deterministic, leaves points outside the box and tiny groups out, and weighs points', () => {
    const points = blobs(
      [
        [100, 100],
        [400, 300],
      ],
      [50, 50],
      10,
    );
    const withOutside = Float64Array.from([...points, -50, 20, 700, 20, 550, 30]);
    const a = layoutClusters(withOutside, BOX);
    const b = layoutClusters(withOutside, BOX);
    expect(a).toEqual(b);
    // Two outside the box, one alone: no cluster.
    expect(Array.from(a.of.slice(100))).toEqual([-1, -1, -1]);
    // The lone point counted 5 times is a cluster of weight 5; its copies drawn apart are the same.
    const weights = new Float64Array(103).fill(1);
    weights[102] = 5;
    const weighted = layoutClusters(withOutside, BOX, weights);
    const copies = layoutClusters(
      Float64Array.from([...withOutside, ...[1, 2, 3, 4].flatMap(() => [550, 30])]),
      BOX,
    );
    expect(weighted.count).toBe(3);
    expect(Array.from(weighted.weight)).toEqual(Array.from(copies.weight));
    expect(weighted.of[102]).toBe(copies.of[102]);
  });
});

describe('clusterLift and definingValues', () => {
  it('computes support and lift as P(value | cluster) / P(value), by hand', () => {
    // 6 rows, 2 attributes (sizes 2 and 3); clusters: rows 0-2 → 0, rows 3-4 → 1, row 5 → none.
    const codes = Int32Array.from([0, 0, 0, 1, 0, 0, 1, 2, 1, 2, 1, 1]);
    const of = Int32Array.from([0, 0, 0, 1, 1, -1]);
    const l = clusterLift({ codes, sizes: [2, 3] }, of, 2);
    expect(l.values).toBe(5);
    // Attribute 0, value 0: 3 of 6 rows; all 3 of cluster 0 → support 1, lift 1 / 0.5 = 2.
    expect(l.support[0]).toBe(1);
    expect(l.lift[0]).toBe(2);
    // Attribute 1, value 0 (index 2): rows 0 and 2 → P = 1/3; in cluster 0, 2 of 3 → lift 2.
    expect(l.support[2]).toBeCloseTo(2 / 3, 12);
    expect(l.lift[2]).toBeCloseTo(2, 12);
    // Attribute 1, value 2 (index 4): rows 3, 4 → P = 1/3; cluster 1 holds both → lift 3.
    expect(l.lift[5 + 4]).toBeCloseTo(3, 12);
    // Attribute 1, value 1 (index 3): rows 1, 5; cluster 1 holds none.
    expect(l.lift[5 + 3]).toBe(0);
    const top = definingValues(l, { minSupport: 0.6 });
    // Cluster 0: value 0 (lift 2, support 1) before index 2 (lift 2, support 2/3).
    expect(top[0]).toEqual([0, 2]);
    // Cluster 1: value 4 (lift 3), then attribute 0's value 1 (lift 2).
    expect(top[1]).toEqual([4, 1]);
  });

  it('labels a planted cluster by its planted value, and a cluster without one by nothing', () => {
    const rng = createRandom(11);
    const n = 600;
    const D = 5;
    const sizes = [4, 4, 4, 4, 4];
    const codes = new Int32Array(n * D);
    const points: number[] = [];
    for (let i = 0; i < n; i++) {
      for (let a = 0; a < D; a++) codes[i * D + a] = rng.int(4);
      const planted = i < 150;
      // Attribute 2 = value 3 in the planted blob (its rows are placed apart).
      if (planted) codes[i * D + 2] = 3;
      else if (codes[i * D + 2] === 3) codes[i * D + 2] = rng.int(3);
      points.push(planted ? 120 + 20 * rng.next() : 250 + 300 * rng.next());
      points.push(planted ? 150 + 20 * rng.next() : 50 + 300 * rng.next());
    }
    const c = layoutClusters(Float64Array.from(points), BOX);
    const planted = c.of[0] as number;
    expect(planted).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < 150; i++) expect(c.of[i]).toBe(planted);
    const l = clusterLift({ codes, sizes }, c.of, c.count);
    const top = definingValues(l);
    expect(top[planted]?.[0]).toBe(2 * 4 + 3);
    // Lift of the planted value: support 1 against 150 / 600.
    expect(l.lift[planted * l.values + 11]).toBeCloseTo(4, 12);
    // The spread-out rest holds no value that stands out.
    for (let k = 0; k < c.count; k++) if (k !== planted) expect(top[k]).toEqual([]);
  });
});

describe('placeLabels', () => {
  it('places labels inside the bounds without overlap, shifting or dropping the later ones', () => {
    const requests = [
      { x: 100, y: 100, w: 80, h: 14 },
      { x: 110, y: 104, w: 80, h: 14 },
      { x: 105, y: 98, w: 80, h: 14 },
      { x: 590, y: 5, w: 60, h: 14 },
      { x: 700, y: 5, w: 60, h: 14 },
    ];
    const boxes = placeLabels(requests, BOX);
    expect(boxes[0]).toEqual({ x: 60, y: 93, w: 80, h: 14 });
    // The second would touch the first a line up (within the 2 px gap): it goes a line down; the
    // third, a line up.
    expect(boxes[1]?.y).toBeCloseTo(104 + 1.1 * 14 - 7, 9);
    expect(boxes[2]?.y).toBeCloseTo(98 - 1.1 * 14 - 7, 9);
    // Clamped inside; an anchor outside the bounds is not labelled.
    expect(boxes[3]).toEqual({ x: 540, y: 0, w: 60, h: 14 });
    expect(boxes[4]).toBeNull();
    const placed = boxes.filter((b): b is Box => b !== null);
    for (let i = 0; i < placed.length; i++)
      for (let j = i + 1; j < placed.length; j++)
        expect(overlaps(placed[i] as Box, placed[j] as Box)).toBe(false);
    // With every spot taken, a label is left out.
    const crowded = placeLabels([{ x: 50, y: 50, w: 40, h: 10 }], BOX, {
      taken: [{ x: 0, y: 0, w: 200, h: 200 }],
    });
    expect(crowded).toEqual([null]);
  });
});

describe('coincidentPoints', () => {
  it('groups points on the same spot and counts them', () => {
    const points = Float64Array.from([1, 2, 3, 4, 1, 2, 1, 2.0000001, 3, 4, 1, 2]);
    const groups = coincidentPoints(points);
    expect(groups.count).toBe(3);
    expect(Array.from(multiplicityOf(groups))).toEqual([3, 2, 3, 1, 2, 3]);
    expect(Array.from(groups.members.slice(0, 3))).toEqual([0, 2, 5]);
  });
});
