import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../../src/core/base/random.ts';
import { groupIdentical } from '../../../../src/core/neighbours/identical.ts';
import { coincidentPoints, multiplicityOf } from '../../../../src/core/projection/coincident.ts';
import {
  emphasisMask,
  groupByCodes,
  groupByColor,
} from '../../../../src/app/components/scatter/colorGroups.ts';
import {
  type DrawInput,
  rasterizeScatter,
  rasterJob,
} from '../../../../src/app/components/scatter/raster.ts';
import { multiplicityScale } from '../../../../src/app/components/scatter/scatterStyle.ts';
import {
  buildSpatialIndex,
  spatialIndexJob,
} from '../../../../src/app/components/scatter/spatialIndex.ts';
import { stackSizes } from '../../../../src/app/components/scatter/useScatterStructure.ts';

/**
 * The scatter's work at a million points is done from typed codes, per spot, and in slices
 * (issue 30): each way must give what the whole, per-point way gives. Small tables, a few ms.
 */

/** 600 points in a 60 × 40 box, a fifth of them stacked on an earlier one, two NaN. */
function layout() {
  const random = createRandom(7);
  const n = 600;
  const points = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const j = i > 0 && random.next() < 0.2 ? random.int(i) : i;
    points[2 * i] = j === i ? 60 * random.next() : (points[2 * j] as number);
    points[2 * i + 1] = j === i ? 40 * random.next() : (points[2 * j + 1] as number);
  }
  points[2 * 10] = NaN;
  points[2 * 11 + 1] = Infinity;
  // −0 and 0 are different spots (bit for bit).
  points[2 * 20] = 0;
  points[2 * 20 + 1] = 5;
  points[2 * 21] = -0;
  points[2 * 21 + 1] = 5;
  return { n, points, random };
}

describe('the scatter at scale', () => {
  it('colour groups from codes equal those from a colour string per point', () => {
    const { n, random } = layout();
    // A palette that repeats a colour, codes outside it, and fewer codes than points.
    const palette = ['#111111', '#222222', '#111111', '#333333'];
    const codes = Int32Array.from({ length: n - 3 }, () => random.int(6) - 1);
    const fallback = '#6b7280';
    const byCodes = groupByCodes(n, { codes, palette, fallback });
    const byColor = groupByColor(n, (i) => palette[codes[i] ?? 0] ?? fallback);
    expect(byCodes.colors).toEqual(byColor.colors);
    expect(Array.from(byCodes.start)).toEqual(Array.from(byColor.start));
    expect(Array.from(byCodes.index)).toEqual(Array.from(byColor.index));
  });

  it('coincident points group as the general identical-row grouping does, NaN apart', () => {
    const { n, points } = layout();
    const got = coincidentPoints(points);
    // The general grouping, with each non-finite point made unique as coincident.ts documents.
    const words = Int32Array.from(new Int32Array(points.buffer));
    for (let i = 0; i < n; i++)
      if (!Number.isFinite(points[2 * i]) || !Number.isFinite(points[2 * i + 1])) {
        words.fill(0, 4 * i, 4 * i + 4);
        words[4 * i] = i;
        words[4 * i + 1] = 0x7ff80001;
      }
    const want = groupIdentical(words, n, 4);
    expect(got.count).toBe(want.count);
    expect(got.count).toBeLessThan(n - 50);
    expect(Array.from(got.groupOf)).toEqual(Array.from(want.groupOf));
    expect(Array.from(got.members)).toEqual(Array.from(want.members));
    expect(Array.from(got.representative)).toEqual(Array.from(want.representative));
    expect(got.groupOf[20]).not.toBe(got.groupOf[21]);
  });

  it('dot sizes worked out per spot equal those per point', () => {
    const groups = coincidentPoints(layout().points);
    const { sizes, maxScale } = stackSizes(groups);
    const perPoint = Float32Array.from(multiplicityOf(groups), multiplicityScale);
    expect(Array.from(sizes)).toEqual(Array.from(perPoint));
    expect(maxScale).toBe(Math.max(...perPoint));
    expect(maxScale).toBeGreaterThan(1);
  });

  it('a raster drawn in slices of any size has the pixels of one drawn at once', () => {
    const { n, points, random } = layout();
    const groups = groupByColor(n, (i) => ['#e15759', '#4e79a7', '#59a14f'][i % 3] as string);
    const emphasised = Array.from({ length: 40 }, () => random.int(n));
    const d: DrawInput = {
      points,
      groups,
      mask: emphasisMask(n, emphasised),
      anyEmphasis: true,
      mapping: { ax: 1.5, bx: 4, ay: -1.5, by: 66 },
      width: 100,
      height: 70,
      radius: 2,
      shapes: Uint8Array.from({ length: n }, (_, i) => i % 4),
      sizes: stackSizes(coincidentPoints(points)).sizes,
    };
    const pixels = () => ({ data: new Uint8ClampedArray(200 * 140 * 4), width: 200, height: 140 });
    const whole = pixels();
    rasterizeScatter(whole, 2, d);
    // Not a blank picture: the points are there.
    expect(new Set(new Uint32Array(whole.data.buffer)).size).toBeGreaterThan(20);
    for (const chunk of [1, 7, 199, 600, 1000]) {
      const sliced = pixels();
      const job = rasterJob(sliced, 2, d);
      let steps = 0;
      let last = 0;
      while (!job.step(chunk)) {
        steps++;
        expect(job.progress()).toBeGreaterThan(last);
        last = job.progress();
      }
      expect(job.progress()).toBe(1);
      // Two passes (the faded rest, the emphasised) of n points each.
      expect(steps).toBe(Math.ceil((2 * n) / chunk) - 1);
      let differ = 0;
      for (let b = 0; b < whole.data.length; b++) if (sliced.data[b] !== whole.data[b]) differ++;
      expect(differ).toBe(0);
    }
  });

  it('a spatial index built a piece at a time answers as one built at once', () => {
    const { points, random } = layout();
    const whole = buildSpatialIndex(points);
    const job = spatialIndexJob(points);
    let steps = 0;
    let index = job.step(37);
    while (!index) {
      steps++;
      index = job.step(37);
    }
    expect(steps).toBeGreaterThan(30);
    for (let q = 0; q < 200; q++) {
      const x = 64 * random.next() - 2;
      const y = 44 * random.next() - 2;
      const want = whole.nearest(x, y, 3, 2, -2);
      expect(index.nearest(x, y, 3, 2, -2)).toBe(want);
    }
  });
});
