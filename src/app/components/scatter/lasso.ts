/**
 * Box and lasso selection over an n × 2 row-major point array, in data coordinates (the caller
 * maps the screen box or polygon through the inverse view transform). Results are ascending.
 */

/** Even–odd ray casting; `polygon` is flat [x0, y0, x1, y1, …], implicitly closed. */
export function pointInPolygon(x: number, y: number, polygon: ArrayLike<number>): boolean {
  const m = polygon.length >> 1;
  let inside = false;
  for (let a = 0, b = m - 1; a < m; b = a++) {
    const xa = polygon[2 * a] as number;
    const ya = polygon[2 * a + 1] as number;
    const xb = polygon[2 * b] as number;
    const yb = polygon[2 * b + 1] as number;
    // The edge straddles the horizontal through y and crosses it right of x.
    if (ya > y !== yb > y && x < ((xb - xa) * (y - ya)) / (yb - ya) + xa) inside = !inside;
  }
  return inside;
}

/** Objects inside the polygon (fewer than 3 vertices select nothing). */
export function selectInPolygon(points: Float64Array, polygon: ArrayLike<number>): number[] {
  const m = polygon.length >> 1;
  if (m < 3) return [];
  // Bounding box first: most points of a large set fail this cheap test.
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (let k = 0; k < m; k++) {
    const x = polygon[2 * k] as number;
    const y = polygon[2 * k + 1] as number;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  const out: number[] = [];
  const n = points.length >> 1;
  for (let i = 0; i < n; i++) {
    const x = points[2 * i] as number;
    const y = points[2 * i + 1] as number;
    if (!(x >= x0 && x <= x1 && y >= y0 && y <= y1)) continue;
    if (pointInPolygon(x, y, polygon)) out.push(i);
  }
  return out;
}

/** Objects in the closed box spanned by two corners, in either order. */
export function selectInBox(
  points: Float64Array,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number[] {
  const [x0, x1] = ax <= bx ? [ax, bx] : [bx, ax];
  const [y0, y1] = ay <= by ? [ay, by] : [by, ay];
  const out: number[] = [];
  const n = points.length >> 1;
  for (let i = 0; i < n; i++) {
    const x = points[2 * i] as number;
    const y = points[2 * i + 1] as number;
    if (x >= x0 && x <= x1 && y >= y0 && y <= y1) out.push(i);
  }
  return out;
}
