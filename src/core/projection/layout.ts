/** Small operations on an n × 2 row-major layout, shared by the projections. */

/** Moves the layout's mean to the origin, in place. */
export function recentre(y: Float64Array): void {
  const n = y.length / 2;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += y[2 * i] as number;
    my += y[2 * i + 1] as number;
  }
  mx /= n;
  my /= n;
  for (let i = 0; i < n; i++) {
    y[2 * i] = (y[2 * i] as number) - mx;
    y[2 * i + 1] = (y[2 * i + 1] as number) - my;
  }
}

/** [minX, minY, maxX, maxY] of the layout. */
export function bounds(y: Float64Array): [number, number, number, number] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let t = 0; t < y.length; t += 2) {
    const a = y[t] as number;
    const b = y[t + 1] as number;
    if (a < minX) minX = a;
    if (a > maxX) maxX = a;
    if (b < minY) minY = b;
    if (b > maxY) maxY = b;
  }
  return [minX, minY, maxX, maxY];
}
