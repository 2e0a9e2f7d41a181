import { describe, expect, it } from 'vitest';
import {
  applyZoom,
  dataBounds,
  fitMapping,
  formatZoom,
  IDENTITY,
  panBy,
  toData,
  toScreen,
  zoomAbout,
} from '../../../../src/app/components/scatter/viewTransform.ts';

const expectNear = ([x, y]: [number, number], [ex, ey]: [number, number]) => {
  expect(x).toBeCloseTo(ex, 9);
  expect(y).toBeCloseTo(ey, 9);
};

describe('scatter view transform', () => {
  const points = Float64Array.from([-2, 1, 4, 3, 0, -5, NaN, 100]);

  it('bounds cover the finite points only; a flat axis still gets a span', () => {
    expect(dataBounds(points)).toEqual({ x0: -2, x1: 4, y0: -5, y1: 3 });
    const flat = dataBounds(Float64Array.from([3, 7, 3, 9]));
    expect(flat.x1).toBeGreaterThan(flat.x0);
    expect(dataBounds(new Float64Array(0))).toEqual({ x0: -1, x1: 1, y0: -1, y1: 1 });
  });

  it('the fit puts the bounds inside the padded canvas, y upwards', () => {
    const m = fitMapping(dataBounds(points), 300, 200, 10);
    expectNear(toScreen(m, -2, -5), [10, 190]);
    expectNear(toScreen(m, 4, 3), [290, 10]);
    // 'equal' gives one scale to both axes and centres the data.
    const e = fitMapping({ x0: 0, x1: 1, y0: 0, y1: 1 }, 300, 200, 0, 'equal');
    expect(e.ax).toBeCloseTo(-e.ay);
    expectNear(toScreen(e, 0.5, 0.5), [150, 100]);
  });

  it('data → screen → data round trip, with and without zoom', () => {
    const fit = fitMapping(dataBounds(points), 640, 360, 12);
    for (const z of [IDENTITY, { k: 3.7, x: -120, y: 45 }, { k: 0.4, x: 10, y: -3 }]) {
      const m = applyZoom(fit, z);
      for (const [x, y] of [
        [0, 0],
        [-2, 3],
        [3.25, -4.5],
      ] as const) {
        const [sx, sy] = toScreen(m, x, y);
        const [dx, dy] = toData(m, sx, sy);
        expect(dx).toBeCloseTo(x, 10);
        expect(dy).toBeCloseTo(y, 10);
      }
    }
  });

  it('zooming about a point keeps that point where it is', () => {
    const fit = fitMapping(dataBounds(points), 640, 360, 12);
    let z = { k: 1.5, x: 20, y: -10 };
    const [px, py] = [213, 87];
    const under = toData(applyZoom(fit, z), px, py);
    for (const factor of [2, 0.5, 1.1, 7]) {
      z = zoomAbout(z, px, py, factor);
      const [sx, sy] = toScreen(applyZoom(fit, z), under[0], under[1]);
      expect(sx).toBeCloseTo(px, 9);
      expect(sy).toBeCloseTo(py, 9);
    }
    expect(z.k).toBeCloseTo(1.5 * 2 * 0.5 * 1.1 * 7);
  });

  it('zoom is clamped to its range and pans add up', () => {
    expect(zoomAbout(IDENTITY, 0, 0, 1e9, [0.5, 10]).k).toBe(10);
    expect(zoomAbout(IDENTITY, 0, 0, 1e-9, [0.5, 10]).k).toBe(0.5);
    expect(panBy(panBy(IDENTITY, 5, -3), 1, 1)).toEqual({ k: 1, x: 6, y: -2 });
    expect(formatZoom({ k: 2, x: 1.23456, y: -0.5 })).toBe('2,1.235,-0.5');
  });
});
