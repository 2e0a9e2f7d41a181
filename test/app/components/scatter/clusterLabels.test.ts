/**
 * The scatter's annotations for one view (clusterLabels.ts): planted clusters labelled by their
 * planted values, placed apart and inside the canvas, again after a zoom; count badges beside the
 * dots of several rows, only while few spots are in view.
 */
import { describe, expect, it } from 'vitest';
import {
  BADGE_MAX_SPOTS,
  scatterAnnotations,
  type AnnotationInput,
  type LabelValues,
} from '../../../../src/app/components/scatter/clusterLabels.ts';
import type { PlacedText } from '../../../../src/app/components/scatter/annotations.ts';
import { applyZoom } from '../../../../src/app/components/scatter/viewTransform.ts';
import { createRandom } from '../../../../src/core/base/random.ts';
import { coincidentPoints } from '../../../../src/core/projection/coincident.ts';
import { overlaps } from '../../../../src/core/projection/labelPlacement.ts';

const measure = (text: string) => 7 * text.length;
const IDENTITY_MAP = { ax: 1, bx: 0, ay: 1, by: 0 };

/** Three blobs of 100 rows in a 600 × 400 canvas; attribute "kind" names the blob, "noise" not. */
function table(): { points: Float64Array; values: LabelValues } {
  const rng = createRandom(5);
  const centres = [
    [100, 100],
    [450, 120],
    [300, 320],
  ];
  const points: number[] = [];
  const codes: number[] = [];
  for (let b = 0; b < 3; b++)
    for (let i = 0; i < 100; i++) {
      points.push((centres[b]?.[0] ?? 0) + 30 * (rng.next() - 0.5));
      points.push((centres[b]?.[1] ?? 0) + 30 * (rng.next() - 0.5));
      codes.push(b, rng.int(2));
    }
  return {
    points: Float64Array.from(points),
    values: {
      codes: Int32Array.from(codes),
      sizes: [3, 2],
      names: ['kind', 'noise'],
      labels: [
        ['ant', 'bee', 'cod'],
        ['yes', 'no'],
      ],
    },
  };
}

function expectApart(list: PlacedText[], width: number, height: number) {
  list.forEach((a, i) => {
    expect(a.x).toBeGreaterThanOrEqual(0);
    expect(a.y).toBeGreaterThanOrEqual(0);
    expect(a.x + a.w).toBeLessThanOrEqual(width);
    expect(a.y + a.h).toBeLessThanOrEqual(height);
    list.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false));
  });
}

describe('scatterAnnotations', () => {
  it('labels each planted cluster by its value, apart and inside, also zoomed in', () => {
    const { points, values } = table();
    const base: AnnotationInput = {
      points,
      values,
      groups: null,
      mapping: IDENTITY_MAP,
      width: 600,
      height: 400,
      radiusOf: () => 3,
    };
    const list = scatterAnnotations(base, measure);
    expect(list.map((t) => t.text).sort()).toEqual(['kind = ant', 'kind = bee', 'kind = cod']);
    expectApart(list, 600, 400);
    // Zoomed 3× about the first blob: only its label is in view.
    const zoomed = scatterAnnotations(
      { ...base, mapping: applyZoom(IDENTITY_MAP, { k: 3, x: -200, y: -200 }) },
      measure,
    );
    expect(zoomed.map((t) => t.text)).toEqual(['kind = ant']);
    expectApart(zoomed, 600, 400);
  });

  it('puts a count badge beside each dot of several rows while few spots are in view', () => {
    const spots = [
      [100, 100, 1490],
      [300, 200, 3],
      [500, 300, 1],
    ];
    const xy: number[] = [];
    for (const [x, y, m] of spots)
      for (let k = 0; k < (m as number); k++) xy.push(x as number, y as number);
    const points = Float64Array.from(xy);
    const input: AnnotationInput = {
      points,
      values: null,
      groups: coincidentPoints(points),
      mapping: IDENTITY_MAP,
      width: 600,
      height: 400,
      radiusOf: () => 6,
    };
    const badges = scatterAnnotations(input, measure);
    expect(badges.map((t) => t.text)).toEqual(['×1,490', '×3']);
    expect(badges[0]?.at).toEqual([100, 100]);
    // Right of its dot, clear of it.
    expect(badges[0]?.x).toBeGreaterThanOrEqual(106);
    // One spot too many in view: no badges, though the first spot holds two rows.
    const spread = (spotCount: number) =>
      Float64Array.from([
        ...Array.from({ length: spotCount }, (_, j) => [10 + 14 * j, 200]).flat(),
        10,
        200,
      ]);
    const badgesOf = (p: Float64Array) =>
      scatterAnnotations({ ...input, points: p, groups: coincidentPoints(p) }, measure);
    expect(badgesOf(spread(BADGE_MAX_SPOTS)).map((t) => t.text)).toEqual(['×2']);
    expect(badgesOf(spread(BADGE_MAX_SPOTS + 1))).toEqual([]);
  });
});
