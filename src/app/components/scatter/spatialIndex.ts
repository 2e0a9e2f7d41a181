/**
 * Nearest-point lookup over an n × 2 row-major array: a uniform grid in data coordinates (a
 * counting sort into typed arrays, O(n) to build), so hovering 50,000 points looks at a few cells.
 * Distances are measured in screen pixels by passing the view's scale per axis.
 */
export interface SpatialIndex {
  /**
   * The point nearest (x, y) whose distance sqrt((sx·dx)² + (sy·dy)²) is at most maxDist, or -1;
   * ties go to the lower index.
   */
  nearest(x: number, y: number, maxDist: number, sx?: number, sy?: number): number;
}

export function buildSpatialIndex(points: Float64Array): SpatialIndex {
  const n = points.length >> 1;
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  let finite = 0;
  for (let i = 0; i < n; i++) {
    const x = points[2 * i] as number;
    const y = points[2 * i + 1] as number;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    finite++;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  if (finite === 0) return { nearest: () => -1 };
  // About four points per cell on average.
  const side = Math.max(1, Math.ceil(Math.sqrt(finite / 4)));
  const cw = (x1 - x0) / side || 1;
  const ch = (y1 - y0) / side || 1;
  const col = (x: number) => Math.min(side - 1, Math.max(0, Math.floor((x - x0) / cw)));
  const row = (y: number) => Math.min(side - 1, Math.max(0, Math.floor((y - y0) / ch)));
  const cellOf = new Int32Array(n).fill(-1);
  const start = new Int32Array(side * side + 1);
  for (let i = 0; i < n; i++) {
    const x = points[2 * i] as number;
    const y = points[2 * i + 1] as number;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const c = row(y) * side + col(x);
    cellOf[i] = c;
    start[c + 1] = (start[c + 1] as number) + 1;
  }
  for (let c = 0; c < side * side; c++)
    start[c + 1] = (start[c + 1] as number) + (start[c] as number);
  const fill = start.slice(0, side * side);
  const order = new Int32Array(finite);
  for (let i = 0; i < n; i++) {
    const c = cellOf[i] as number;
    if (c < 0) continue;
    const at = fill[c] as number;
    order[at] = i;
    fill[c] = at + 1;
  }

  return {
    nearest(x, y, maxDist, sx = 1, sy = 1) {
      const rx = maxDist / Math.abs(sx);
      const ry = maxDist / Math.abs(sy);
      if (x + rx < x0 || x - rx > x1 || y + ry < y0 || y - ry > y1) return -1;
      const ca = col(x - rx);
      const cb = col(x + rx);
      const ra = row(y - ry);
      const rb = row(y + ry);
      let best = -1;
      let bestD = maxDist * maxDist;
      for (let r = ra; r <= rb; r++) {
        for (let c = r * side + ca; c <= r * side + cb; c++) {
          for (let k = start[c] as number; k < (start[c + 1] as number); k++) {
            const i = order[k] as number;
            const dx = sx * ((points[2 * i] as number) - x);
            const dy = sy * ((points[2 * i + 1] as number) - y);
            const d = dx * dx + dy * dy;
            if (d < bestD || (d === bestD && (best < 0 || i < best))) {
              best = i;
              bestD = d;
            }
          }
        }
      }
      return best;
    },
  };
}
