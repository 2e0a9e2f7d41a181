import { dataBounds } from './viewTransform.ts';
import type { ColorGroups } from './colorGroups.ts';
import { groupRgb } from './raster.ts';

/**
 * The WebGL scatter's per-point data, one instance a point, in the CPU raster's drawing order:
 * colour group by colour group, ascending within a group (raster.ts `pass`), so the points blend
 * over each other in the same order in both renderers. Plain typed arrays, no WebGL: the
 * renderer (glScatter.ts) uploads them, the tests read them.
 */

/** Where a point that cannot be drawn (NaN, ±∞) is sent: far off any canvas, culled. */
export const OFF_CANVAS = 3e30;

/**
 * The centre of the finite points' bounding box. Positions are uploaded relative to it, as
 * float32: what float32 loses is then relative to the layout's extent, not to its distance
 * from the origin.
 */
export function instanceOrigin(points: Float64Array): [number, number] {
  // dataBounds widens a degenerate axis symmetrically and gives ±1 without points: the centre
  // is the finite points' own, or 0.
  const { x0, x1, y0, y1 } = dataBounds(points);
  return [(x0 + x1) / 2, (y0 + y1) / 2];
}

/** x − ox, y − oy of each point in drawing order (`groups.index`), as float32 pairs. */
export function instancePositions(
  points: Float64Array,
  groups: ColorGroups,
  ox: number,
  oy: number,
  out?: Float32Array,
): Float32Array {
  const order = groups.index;
  const n = order.length;
  const positions = out && out.length === 2 * n ? out : new Float32Array(2 * n);
  for (let k = 0; k < n; k++) {
    const i = order[k] as number;
    const x = points[2 * i] as number;
    const y = points[2 * i + 1] as number;
    const finite = Number.isFinite(x) && Number.isFinite(y);
    positions[2 * k] = finite ? x - ox : OFF_CANVAS;
    positions[2 * k + 1] = finite ? y - oy : OFF_CANVAS;
  }
  return positions;
}

/** Each instance's colour as r, g, b, 255 (its group's colour). */
export function instanceColors(groups: ColorGroups): Uint8Array {
  const rgb = groupRgb(groups);
  const colors = new Uint8Array(4 * groups.index.length);
  for (let g = 0; g < groups.colors.length; g++) {
    const end = groups.start[g + 1] as number;
    for (let k = groups.start[g] as number; k < end; k++) {
      colors[4 * k] = rgb[3 * g] as number;
      colors[4 * k + 1] = rgb[3 * g + 1] as number;
      colors[4 * k + 2] = rgb[3 * g + 2] as number;
      colors[4 * k + 3] = 255;
    }
  }
  return colors;
}

/**
 * Each instance's size and shape, two bytes: the radius factor in quarter steps (4 · factor: a
 * dot of identical rows is larger, scatterStyle.ts `multiplicityScale`, at most 4×) and the shape
 * index (shapes.ts).
 */
export function instanceStyle(
  groups: ColorGroups,
  sizes: Float32Array | null | undefined,
  shapes: Uint8Array | null | undefined,
): Uint8Array {
  const order = groups.index;
  const style = new Uint8Array(2 * order.length);
  for (let k = 0; k < order.length; k++) {
    const i = order[k] as number;
    style[2 * k] = Math.round(4 * (sizes ? (sizes[i] as number) : 1));
    style[2 * k + 1] = shapes ? (shapes[i] as number) : 0;
  }
  return style;
}

/** Each instance's emphasis (1: drawn in the second pass, larger and outlined). */
export function instanceMask(groups: ColorGroups, mask: Uint8Array): Uint8Array {
  const order = groups.index;
  const out = new Uint8Array(order.length);
  for (let k = 0; k < order.length; k++) out[k] = mask[order[k] as number] as number;
  return out;
}
