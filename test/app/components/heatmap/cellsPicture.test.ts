/**
 * The export picture of a canvas heatmap (components/heatmap/cellsPicture.ts): every cell drawn
 * as part of one rectangle of its colour, at its row and column, read back from the SVG text.
 */
import { describe, expect, it } from 'vitest';
import {
  cellsPicture,
  EXPORT_RECT_CELLS,
} from '../../../../src/app/components/heatmap/cellsPicture.ts';

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
  fill: string;
}

function rectsOf(svg: string): Rect[] {
  return [
    ...svg.matchAll(/<rect x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)" fill="([^"]+)"/g),
  ].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    width: Number(m[3]),
    height: Number(m[4]),
    fill: m[5] as string,
  }));
}

describe('cellsPicture', () => {
  // Rows shown in the order 2, 0; columns 1, 0, 2; value (i, j) coloured by a small table.
  const colours: Record<string, number> = {
    '2,1': 0xff0000,
    '2,0': 0xff0000,
    '2,2': 0x0000ff,
    '0,1': 0x00ff00,
    '0,0': 0x0000ff,
    '0,2': 0x0000ff,
  };
  const color = (i: number, j: number) => colours[`${i},${j}`] as number;
  const svg = cellsPicture([2, 0], [1, 0, 2], color, () => null, 100)(300, 200);

  it('draws each row as runs of one colour, in the shown order, in a box of the given size', () => {
    expect(svg.startsWith('<svg ')).toBe(true);
    expect(svg).toContain('width="300" height="200" viewBox="0 0 3 2" preserveAspectRatio="none"');
    expect(rectsOf(svg)).toEqual([
      { x: 0, y: 0, width: 2, height: 1, fill: '#ff0000' },
      { x: 2, y: 0, width: 1, height: 1, fill: '#0000ff' },
      { x: 0, y: 1, width: 1, height: 1, fill: '#00ff00' },
      { x: 1, y: 1, width: 2, height: 1, fill: '#0000ff' },
    ]);
  });

  it('covers every cell exactly once, with its own colour, on a larger random matrix', () => {
    const n = 60;
    const order = Array.from({ length: n }, (_, k) => (k * 7) % n);
    const value = (i: number, j: number) => ((i * 31 + j * 17) % 5 < 3 ? 0x123456 : (i + j) % 3);
    const rects = rectsOf(cellsPicture(order, order, value, () => null, 10)(600, 600));
    const seen = new Int32Array(n * n);
    for (const r of rects)
      for (let q = r.x; q < r.x + r.width; q++) {
        seen[r.y * n + q] = (seen[r.y * n + q] as number) + 1;
        const want = value(order[r.y] as number, order[q] as number);
        expect(r.fill).toBe(`#${want.toString(16).padStart(6, '0')}`);
      }
    expect(seen.every((c) => c === 1)).toBe(true);
    expect(rects.length).toBeLessThan(n * n);
  });

  it('above EXPORT_RECT_CELLS, embeds the canvas pixels, unsmoothed where a cell is a pixel or more', () => {
    const side = Math.ceil(Math.sqrt(EXPORT_RECT_CELLS)) + 1;
    const many = Array.from({ length: side }, (_, k) => k);
    const canvas = {
      toDataURL: () => 'data:image/png;base64,AAAA',
    } as unknown as HTMLCanvasElement;
    const big = cellsPicture(
      many,
      many,
      () => 0,
      () => canvas,
      1,
    )(side, side);
    expect(rectsOf(big)).toEqual([]);
    expect(big).toContain('href="data:image/png;base64,AAAA"');
    expect(big).toContain('image-rendering:pixelated');
    // Shown in fewer pixels than it has cells, the browser smooths it; so does the export.
    const small = cellsPicture(
      many,
      many,
      () => 0,
      () => canvas,
      0.5,
    )(100, 100);
    expect(small).toContain('href="data:image/png;base64,AAAA"');
    expect(small).not.toContain('image-rendering');
  });
});
