import { csvField } from '../../../core/data/table/writeCsv.ts';
import type { DrawInput } from './raster.ts';
import { shapeSvg } from './shapes.ts';
import { annotationsSvg, type PlacedText } from './annotations.ts';
import { ALPHA, emphasisLook, FADED_ALPHA, OUTLINE, OUTLINE_WIDTH } from './scatterStyle.ts';

/** String builders of the scatter's SVG and CSV exports. No DOM here. */

const xmlAttr = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A standalone SVG of the points as the canvas shows them (current view, same colours, fading and
 * outlines, shapes), one <circle> (or the point's shape) per point inside the canvas; points panned or zoomed out of view are
 * left out. Circles are grouped by colour like the canvas paths, so the file stays small. Cluster
 * labels and count badges, when shown, come on top.
 */
export function scatterSvg(d: DrawInput, annotations: readonly PlacedText[] = []): string {
  const { width: w, height: h } = d;
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
  ];
  if (d.background) out.push(`<rect width="${w}" height="${h}" fill="${xmlAttr(d.background)}"/>`);
  const pass = (want: number, r: number, attrs: string) => {
    out.push(`<g ${attrs}>`);
    for (let g = 0; g < d.groups.colors.length; g++) {
      const circles: string[] = [];
      for (let k = d.groups.start[g] as number; k < (d.groups.start[g + 1] as number); k++) {
        const i = d.groups.index[k] as number;
        if (d.mask[i] !== want) continue;
        const x = d.mapping.ax * (d.points[2 * i] as number) + d.mapping.bx;
        const y = d.mapping.ay * (d.points[2 * i + 1] as number) + d.mapping.by;
        if (!(x > -r && x < w + r && y > -r && y < h + r)) continue;
        circles.push(shapeSvg(d.shapes?.[i] ?? 0, x, y, r * (d.sizes?.[i] ?? 1)));
      }
      if (circles.length === 0) continue;
      out.push(`<g fill="${xmlAttr(d.groups.colors[g] as string)}">`, ...circles, '</g>');
    }
    out.push('</g>');
  };
  pass(0, d.radius, `fill-opacity="${d.anyEmphasis ? FADED_ALPHA : ALPHA}"`);
  if (d.anyEmphasis) {
    const look = emphasisLook(d.mask, d.radius);
    const outline = `stroke="${OUTLINE}" stroke-width="${OUTLINE_WIDTH}"`;
    pass(1, look.radius, look.outline ? outline : 'fill-opacity="1"');
  }
  out.push(...annotationsSvg(annotations), '</svg>');
  return `${out.join('\n')}\n`;
}

/**
 * `line,x,y[,label]`, each point named by the line of the user's file its row starts on (as every
 * view names rows; `lineOf` defaults to i + 2, the header being line 1), CRLF line ends
 * (RFC 4180); non-finite coordinates are empty fields.
 */
export function scatterCsv(
  points: Float64Array,
  labelOf?: (i: number) => string,
  lineOf: (i: number) => number = (i) => i + 2,
): string {
  const n = points.length >> 1;
  const lines: string[] = [labelOf ? 'line,x,y,label' : 'line,x,y'];
  const coord = (v: number) => (Number.isFinite(v) ? String(v) : '');
  for (let i = 0; i < n; i++) {
    const row = `${lineOf(i)},${coord(points[2 * i] as number)},${coord(points[2 * i + 1] as number)}`;
    lines.push(labelOf ? `${row},${csvField(labelOf(i))}` : row);
  }
  return `${lines.join('\r\n')}\r\n`;
}
