import { describe, expect, it } from 'vitest';
import { emphasisMask, groupByColor } from '../../../../src/app/components/scatter/colorGroups.ts';
import { type DrawInput, rasterizeScatter } from '../../../../src/app/components/scatter/raster.ts';
import { ALPHA, FADED_ALPHA } from '../../../../src/app/components/scatter/scatterStyle.ts';

const W = 40;
const H = 30;

/** Points given in screen pixels (identity mapping), coloured by `colors[i]`. */
function render(
  xy: number[],
  colors: string[],
  emphasised: number[] = [],
  ratio = 1,
  shapes: number[] | null = null,
  sizes: number[] | null = null,
) {
  const points = Float64Array.from(xy);
  const n = points.length / 2;
  const d: DrawInput = {
    points,
    groups: groupByColor(n, (i) => colors[i] as string),
    mask: emphasisMask(n, emphasised),
    anyEmphasis: emphasised.length > 0,
    mapping: { ax: 1, bx: 0, ay: 1, by: 0 },
    width: W,
    height: H,
    radius: 3,
    shapes: shapes ? Uint8Array.from(shapes) : null,
    sizes: sizes ? Float32Array.from(sizes) : null,
  };
  const px = {
    data: new Uint8ClampedArray(W * H * 4 * ratio * ratio),
    width: W * ratio,
    height: H * ratio,
  };
  rasterizeScatter(px, ratio, d);
  const at = (x: number, y: number) =>
    Array.from(px.data.subarray(4 * (y * px.width + x), 4 * (y * px.width + x) + 4));
  return { px, at };
}

const over = (c: number, a: number) => 255 + (c - 255) * a;

describe('scatter rasteriser', () => {
  it('draws each point in its shape: a square fills its corners, a disc does not; a triangle points up', () => {
    const painted = (shape: number, x: number, y: number) =>
      render([15.5, 15.5], ['#000000'], [], 1, [shape]).at(x, y)[0] !== 255;
    // radius 3: the square's half side is 0.886·3 ≈ 2.7, so its corner pixel 3 px off on both
    // axes is partly covered; the disc's edge is 4.2 px away there.
    expect(painted(1, 12, 12)).toBe(true);
    expect(painted(0, 12, 12)).toBe(false);
    // The diamond reaches 1.25·3 ≈ 3.8 along the axes but not the square's corner.
    expect(painted(2, 15, 19)).toBe(true);
    expect(painted(2, 12, 12)).toBe(false);
    // The triangle (inradius 0.78·3): its apex 4.7 above the centre, its flat side 2.3 below.
    expect(painted(3, 15, 11)).toBe(true);
    expect(painted(3, 15, 19)).toBe(false);
  });

  it('paints a disc of the point colour over white, opaque, and nothing far away', () => {
    const { at, px } = render([10.5, 10.5], ['#0000ff']);
    const [r, g, b, a] = at(10, 10);
    expect(r).toBeCloseTo(over(0, ALPHA), -1);
    expect(g).toBeCloseTo(over(0, ALPHA), -1);
    expect(b).toBe(255);
    expect(a).toBe(255);
    expect(at(0, 0)).toEqual([255, 255, 255, 255]);
    expect(at(10, 16)).toEqual([255, 255, 255, 255]);
    // About π (r + ½)² pixels touched.
    let touched = 0;
    for (let p = 0; p < px.data.length; p += 4) if (px.data[p] !== 255) touched++;
    expect(touched).toBeGreaterThan(30);
    expect(touched).toBeLessThan(60);
  });

  it('draws a point of size factor 2 (a dot of several identical rows) twice as wide', () => {
    const touched = (sizes: number[] | null) => {
      const { px } = render([10.5, 10.5, 30.5, 15.5], ['#0000ff', '#0000ff'], [], 1, null, sizes);
      const left = [0, 0];
      for (let p = 0; p < px.data.length; p += 4)
        if (px.data[p] !== 255) left[(p / 4) % px.width < 20 ? 0 : 1]++;
      return left;
    };
    const [plain, other] = touched(null);
    const [big, same] = touched([2, 1]);
    expect(same).toBe(other);
    // π (2r + ½)² against π (r + ½)²: about 3.5 times the pixels at r = 3.
    expect(big / (plain as number)).toBeGreaterThan(3);
    expect(big / (plain as number)).toBeLessThan(4.2);
  });

  it('fades the rest when some are emphasised and outlines the emphasised', () => {
    const { at } = render([8.5, 8.5, 28.5, 18.5], ['#ff0000', '#ff0000'], [1]);
    // Point 0 faded.
    expect(at(8, 8)[1]).toBeCloseTo(over(0, FADED_ALPHA), -1);
    // Point 1 opaque red at its centre, dark outline at radius 3 + 1.5.
    expect(at(28, 18)).toEqual([255, 0, 0, 255]);
    const ring = at(28 + 4, 18);
    expect(ring[0]).toBeLessThan(120);
  });

  it('clips at the edges, skips non-finite points and scales with the pixel ratio', () => {
    const { at } = render(
      [0, 0, 39.9, 29.9, NaN, 5, 5, Infinity],
      ['#000', '#000', '#000', '#000'],
    );
    expect(at(0, 0)[0]).toBeLessThan(100);
    expect(at(39, 29)[0]).toBeLessThan(100);
    const hi = render([10.5, 10.5], ['#000000'], [], 2);
    expect(hi.at(21, 21)[0]).toBeLessThan(100);
    // Radius 3 CSS px = 6 device px: 5 px out is still inside, 8 px out is not.
    expect(hi.at(21 + 5, 21)[0]).toBeLessThan(100);
    expect(hi.at(21 + 8, 21)[0]).toBe(255);
  });
});
