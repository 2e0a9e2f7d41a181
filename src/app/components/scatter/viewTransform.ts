/**
 * Data ↔ screen mapping of the scatter: a fit of the data bounds into the canvas, then the user's
 * zoom {k, x, y} (screen = k · fitted + (x, y), as d3-zoom). Both are axis-aligned affine maps,
 * so boxes and lasso polygons map between spaces exactly. No DOM here.
 */

export interface Bounds {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** The user's zoom and pan on top of the fit. */
export interface Zoom {
  k: number;
  x: number;
  y: number;
}

/** screenX = ax · x + bx, screenY = ay · y + by (ay < 0: data y grows upwards). */
export interface Mapping {
  ax: number;
  bx: number;
  ay: number;
  by: number;
}

export const IDENTITY: Zoom = { k: 1, x: 0, y: 0 };
export const ZOOM_RANGE: readonly [number, number] = [0.25, 2000];

/** Bounds of the finite points of an n × 2 row-major array; a unit box around degenerate axes. */
export function dataBounds(points: Float64Array): Bounds {
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (let i = 0; i + 1 < points.length; i += 2) {
    const x = points[i] as number;
    const y = points[i + 1] as number;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  if (x0 > x1) return { x0: -1, x1: 1, y0: -1, y1: 1 };
  // A single value on an axis still needs a non-zero span to divide by.
  const spread = (lo: number, hi: number): [number, number] =>
    hi > lo ? [lo, hi] : [lo - (Math.abs(lo) || 1) / 2, hi + (Math.abs(hi) || 1) / 2];
  const [a, b] = spread(x0, x1);
  const [c, d] = spread(y0, y1);
  return { x0: a, x1: b, y0: c, y1: d };
}

/**
 * Maps the bounds into width × height less `pad` pixels on every side. 'fill' stretches each axis
 * to the canvas (what a PCA scatter did so far); 'equal' keeps one unit equally long on both axes.
 */
export function fitMapping(
  b: Bounds,
  width: number,
  height: number,
  pad: number,
  aspect: 'fill' | 'equal' = 'fill',
): Mapping {
  const w = Math.max(1, width - 2 * pad);
  const h = Math.max(1, height - 2 * pad);
  let sx = w / (b.x1 - b.x0);
  let sy = h / (b.y1 - b.y0);
  if (aspect === 'equal') sx = sy = Math.min(sx, sy);
  // Centre the data in the canvas (only matters for 'equal').
  const cx = (b.x0 + b.x1) / 2;
  const cy = (b.y0 + b.y1) / 2;
  return { ax: sx, bx: width / 2 - sx * cx, ay: -sy, by: height / 2 + sy * cy };
}

/** The fit followed by the zoom. */
export function applyZoom(m: Mapping, z: Zoom): Mapping {
  return { ax: z.k * m.ax, bx: z.k * m.bx + z.x, ay: z.k * m.ay, by: z.k * m.by + z.y };
}

export function toScreen(m: Mapping, x: number, y: number): [number, number] {
  return [m.ax * x + m.bx, m.ay * y + m.by];
}

export function toData(m: Mapping, sx: number, sy: number): [number, number] {
  return [(sx - m.bx) / m.ax, (sy - m.by) / m.ay];
}

/** Scales by `factor` about the screen point (px, py), which stays where it is. */
export function zoomAbout(
  z: Zoom,
  px: number,
  py: number,
  factor: number,
  range: readonly [number, number] = ZOOM_RANGE,
): Zoom {
  const k = Math.min(range[1], Math.max(range[0], z.k * factor));
  const f = k / z.k;
  return { k, x: px - (px - z.x) * f, y: py - (py - z.y) * f };
}

export function panBy(z: Zoom, dx: number, dy: number): Zoom {
  return { k: z.k, x: z.x + dx, y: z.y + dy };
}

export function isIdentity(z: Zoom): boolean {
  return z.k === 1 && z.x === 0 && z.y === 0;
}

/** "k,x,y" with a few decimals, for the root's data-transform attribute. */
export function formatZoom(z: Zoom): string {
  const r = (v: number) => String(Math.round(v * 1000) / 1000);
  return `${r(z.k)},${r(z.x)},${r(z.y)}`;
}
