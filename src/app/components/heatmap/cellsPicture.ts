import { cssOf } from './cellColors.ts';
import type { PictureBuilder } from '../export/exportHooks.ts';

/**
 * Cells up to which a heatmap painted on a canvas exports as vector rectangles (about 60 bytes
 * a run of one colour: soybean's 133 values, 17,689 cells, take 1.0 MB, and 200 values at most
 * 2.4 MB, which the HTML report carries per heatmap); a larger matrix exports its canvas's
 * pixels, one per cell.
 */
export const EXPORT_RECT_CELLS = 40_000;

/**
 * The export picture of a canvas heatmap (export/exportHooks.ts): rows × columns of `color`,
 * drawn in the canvas's box. The canvas holds one pixel per cell, so its own pixels, scaled up
 * in an SVG or PDF viewer, come out blurred; here each row's runs of one colour are rectangles
 * (crisp at any zoom, as the SVG cells of smaller matrices are), up to EXPORT_RECT_CELLS cells;
 * above, the pixels, unsmoothed when a cell is at least a pixel on screen (`cell`, as the canvas
 * itself is shown).
 */
export function cellsPicture(
  rows: readonly number[],
  cols: readonly number[],
  color: (i: number, j: number) => number,
  canvas: () => HTMLCanvasElement | null,
  cell: number,
): PictureBuilder {
  return (width, height) => {
    const nRows = rows.length;
    const nCols = cols.length;
    const parts = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
        `viewBox="0 0 ${nCols} ${nRows}" preserveAspectRatio="none" shape-rendering="crispEdges">`,
    ];
    if (nRows * nCols > EXPORT_RECT_CELLS) {
      const href = canvas()?.toDataURL('image/png') ?? '';
      const rendering = cell >= 1 ? ' style="image-rendering:pixelated"' : '';
      parts.push(
        `<image width="${nCols}" height="${nRows}" preserveAspectRatio="none"${rendering} ` +
          `href="${href}"/>`,
      );
    } else
      for (let p = 0; p < nRows; p++) {
        const i = rows[p] as number;
        let q = 0;
        while (q < nCols) {
          const c = color(i, cols[q] as number);
          let end = q + 1;
          while (end < nCols && color(i, cols[end] as number) === c) end++;
          parts.push(`<rect x="${q}" y="${p}" width="${end - q}" height="1" fill="${cssOf(c)}"/>`);
          q = end;
        }
      }
    parts.push('</svg>');
    return parts.join('');
  };
}
