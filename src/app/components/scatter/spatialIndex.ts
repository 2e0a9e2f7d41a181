import { inSlices } from './slices.ts';

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
  const job = spatialIndexJob(points);
  for (;;) {
    const index = job.step(Infinity);
    if (index) return index;
  }
}

/**
 * The index built a piece at a time: each `step(count)` looks at up to `count` more points (in
 * one of its three passes) and gives the index once it is built, null before.
 */
export function spatialIndexJob(points: Float64Array): {
  step(count: number): SpatialIndex | null;
} {
  const n = points.length >> 1;
  const bounds = { x0: Infinity, x1: -Infinity, y0: Infinity, y1: -Infinity, finite: 0 };
  let grid: Grid | null = null;
  let pass = 0;
  let i = 0;
  return {
    step(count) {
      const end = Math.min(n, i + count);
      if (pass === 0) {
        growBounds(points, bounds, i, end);
        i = end;
        if (i < n) return null;
        if (bounds.finite === 0) return { nearest: () => -1 };
        grid = emptyGrid(bounds, n);
        pass = 1;
        i = 0;
        return null;
      }
      const g = grid as Grid;
      if (pass === 1) {
        countCells(points, g, i, end);
        i = end;
        if (i < n) return null;
        for (let c = 0; c < g.side * g.side; c++)
          g.start[c + 1] = (g.start[c + 1] as number) + (g.start[c] as number);
        g.fill = g.start.slice(0, g.side * g.side);
        pass = 2;
        i = 0;
        return null;
      }
      for (; i < end; i++) {
        const c = g.cellOf[i] as number;
        if (c < 0) continue;
        const at = g.fill[c] as number;
        g.order[at] = i;
        g.fill[c] = at + 1;
      }
      return i < n ? null : gridIndex(points, g);
    },
  };
}

interface Grid {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  side: number;
  cw: number;
  ch: number;
  cellOf: Int32Array;
  start: Int32Array;
  fill: Int32Array;
  order: Int32Array;
}

function growBounds(
  points: Float64Array,
  b: { x0: number; x1: number; y0: number; y1: number; finite: number },
  from: number,
  to: number,
): void {
  for (let i = from; i < to; i++) {
    const x = points[2 * i] as number;
    const y = points[2 * i + 1] as number;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    b.finite++;
    if (x < b.x0) b.x0 = x;
    if (x > b.x1) b.x1 = x;
    if (y < b.y0) b.y0 = y;
    if (y > b.y1) b.y1 = y;
  }
}

function emptyGrid(
  b: { x0: number; x1: number; y0: number; y1: number; finite: number },
  n: number,
): Grid {
  // About four points per cell on average.
  const side = Math.max(1, Math.ceil(Math.sqrt(b.finite / 4)));
  return {
    ...b,
    side,
    cw: (b.x1 - b.x0) / side || 1,
    ch: (b.y1 - b.y0) / side || 1,
    cellOf: new Int32Array(n).fill(-1),
    start: new Int32Array(side * side + 1),
    fill: new Int32Array(0),
    order: new Int32Array(b.finite),
  };
}

function countCells(points: Float64Array, g: Grid, from: number, to: number): void {
  const { x0, y0, cw, ch, side, cellOf, start } = g;
  for (let i = from; i < to; i++) {
    const x = points[2 * i] as number;
    const y = points[2 * i + 1] as number;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const col = Math.min(side - 1, Math.max(0, Math.floor((x - x0) / cw)));
    const row = Math.min(side - 1, Math.max(0, Math.floor((y - y0) / ch)));
    const c = row * side + col;
    cellOf[i] = c;
    start[c + 1] = (start[c + 1] as number) + 1;
  }
}

/** Nearest-point queries over a built grid. */
function gridIndex(points: Float64Array, g: Grid): SpatialIndex {
  const { x0, x1, y0, y1, side, cw, ch, start, order } = g;
  const col = (x: number) => Math.min(side - 1, Math.max(0, Math.floor((x - x0) / cw)));
  const row = (y: number) => Math.min(side - 1, Math.max(0, Math.floor((y - y0) / ch)));
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

/** Up to this many points the index is built at once when first asked for (a few ms). */
export const INDEX_AT_ONCE = 100_000;

/**
 * The index of a layout, built when first asked for: at once for up to INDEX_AT_ONCE points;
 * above, in slices in the background (slices.ts), and null until then unless `now` (a click
 * must pick its point; a hover may wait). `stop` ends the slices (a new layout).
 */
export function lazySpatialIndex(points: Float64Array): {
  get(now: boolean): SpatialIndex | null;
  stop(): void;
} {
  const job = spatialIndexJob(points);
  let built: SpatialIndex | null = null;
  let cancel: (() => void) | null = null;
  const finish = () => {
    cancel?.();
    cancel = null;
    while (!built) built = job.step(Infinity);
    return built;
  };
  return {
    get(now) {
      if (built) return built;
      if (now || points.length >> 1 <= INDEX_AT_ONCE) return finish();
      cancel ??= inSlices(
        () => (built = job.step(CHUNK)) !== null,
        () => (cancel = null),
      );
      return null;
    },
    stop() {
      cancel?.();
      cancel = null;
    },
  };
}

/** Points looked at between two looks at the clock. */
const CHUNK = 16_384;
