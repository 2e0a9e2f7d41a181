/**
 * Clusters of a 2-D layout as it is drawn: a Gaussian kernel density estimate on a grid over a
 * box (the canvas, in pixels), whose peaks are grown downhill into regions in the manner of
 * ToMATo (Chazal et al. 2013): cells are visited from the densest down, a cell joins the region of
 * its densest visited neighbour, and two regions meeting at a cell merge when that cell is no
 * deeper than `mergeRatio` of the lower one's peak (a shallow dip is noise, not a gap). Cells
 * below `floor` of the highest density belong to no cluster, nor do the points in them. Every
 * point counts with its weight (identical rows stacked on one spot count as often as they
 * occur), so the same layout and box always give the same clusters; a zoomed-in view spreads a
 * cluster over more pixels, and finer clusters appear. Pure typed-array code, no DOM.
 */

export interface LayoutClusterOptions {
  /** The box [0, width] × [0, height] in the points' units; points outside belong to none. */
  width: number;
  height: number;
  /** Grid cell side (default 4). */
  cell?: number;
  /** Standard deviation of the kernel (default 18), in the points' units. */
  bandwidth?: number;
  /** Two regions merge when the density where they meet is at least this share of the lower peak. */
  mergeRatio?: number;
  /** Cells under this share of the highest density are background (default 0.04). */
  floor?: number;
  /** Clusters of less weight are dropped (default 3). */
  minWeight?: number;
}

export interface LayoutClusters {
  /** Clusters, numbered by decreasing weight. */
  count: number;
  /** Each point's cluster, or −1. */
  of: Int32Array;
  /** Total weight (rows) of each cluster. */
  weight: Float64Array;
  /** Each cluster's densest point of the grid (a cell centre), in the points' units. */
  peakX: Float64Array;
  peakY: Float64Array;
}

interface Grid {
  gw: number;
  gh: number;
  cell: number;
  density: Float64Array;
}

/** Each point's grid cell, or −1 when it lies outside the box or is not finite. */
function cellsOf(points: Float64Array, gw: number, gh: number, cell: number): Int32Array {
  const n = points.length >> 1;
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const cx = Math.floor((points[2 * i] as number) / cell);
    const cy = Math.floor((points[2 * i + 1] as number) / cell);
    out[i] = cx >= 0 && cx < gw && cy >= 0 && cy < gh ? cy * gw + cx : -1;
  }
  return out;
}

/** One pass of a 1-D Gaussian blur along rows (step 1) or columns (step gw). */
function blur(src: Float64Array, g: Grid, kernel: Float64Array, alongRows: boolean): Float64Array {
  const out = new Float64Array(src.length);
  const reach = (kernel.length - 1) >> 1;
  const len = alongRows ? g.gw : g.gh;
  const lines = alongRows ? g.gh : g.gw;
  const step = alongRows ? 1 : g.gw;
  for (let line = 0; line < lines; line++) {
    const base = alongRows ? line * g.gw : line;
    for (let t = 0; t < len; t++) {
      let sum = 0;
      const a = Math.max(0, t - reach);
      const b = Math.min(len - 1, t + reach);
      for (let u = a; u <= b; u++)
        sum += (kernel[u - t + reach] as number) * (src[base + u * step] as number);
      out[base + t * step] = sum;
    }
  }
  return out;
}

/** The kernel density on the grid (unnormalised: weights blurred by a separable Gaussian). */
function gridDensity(cells: Int32Array, weights: Float64Array | null, g: Grid, sigma: number) {
  const mass = new Float64Array(g.gw * g.gh);
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i] as number;
    if (c >= 0) mass[c] = (mass[c] as number) + (weights ? (weights[i] as number) : 1);
  }
  const s = Math.max(0.5, sigma / g.cell);
  const reach = Math.ceil(3 * s);
  const kernel = Float64Array.from({ length: 2 * reach + 1 }, (_, k) =>
    Math.exp(-((k - reach) ** 2) / (2 * s * s)),
  );
  return blur(blur(mass, g, kernel, true), g, kernel, false);
}

/** Cells above the floor, densest first (ties by cell index, so the order is deterministic). */
function descending(density: Float64Array, floor: number): Int32Array {
  let max = 0;
  for (let c = 0; c < density.length; c++) max = Math.max(max, density[c] as number);
  const kept: number[] = [];
  for (let c = 0; c < density.length; c++)
    if (max > 0 && (density[c] as number) >= floor * max) kept.push(c);
  kept.sort((a, b) => (density[b] as number) - (density[a] as number) || a - b);
  return Int32Array.from(kept);
}

function find(parent: Int32Array, c: number): number {
  let r = c;
  while ((parent[r] as number) !== r) r = parent[r] as number;
  // Path halving is not needed for correctness; compress fully for speed.
  while ((parent[c] as number) !== r) {
    const next = parent[c] as number;
    parent[c] = r;
    c = next;
  }
  return r;
}

/**
 * The peak-merging pass: each visited cell's region root (the region's peak cell), −1 for cells
 * below the floor. A root's density is its peak's.
 */
function growRegions(g: Grid, order: Int32Array, mergeRatio: number): Int32Array {
  const { gw, gh, density } = g;
  const parent = new Int32Array(gw * gh).fill(-1);
  for (let k = 0; k < order.length; k++) {
    const c = order[k] as number;
    const cx = c % gw;
    const cy = (c - cx) / gw;
    const roots: number[] = [];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if ((dx === 0 && dy === 0) || x < 0 || y < 0 || x >= gw || y >= gh) continue;
        const nb = y * gw + x;
        if ((parent[nb] as number) < 0) continue;
        const r = find(parent, nb);
        if (!roots.includes(r)) roots.push(r);
      }
    if (roots.length === 0) {
      parent[c] = c;
      continue;
    }
    // The highest peak takes the cell; the others merge into it if the dip is shallow.
    roots.sort((a, b) => (density[b] as number) - (density[a] as number) || a - b);
    const top = roots[0] as number;
    parent[c] = top;
    const here = density[c] as number;
    for (const r of roots.slice(1))
      if (here >= mergeRatio * (density[r] as number)) parent[r] = top;
  }
  for (let c = 0; c < parent.length; c++)
    if ((parent[c] as number) >= 0) parent[c] = find(parent, c);
  return parent;
}

/** Clusters of the points in the box (see the module's comment). `weights`: one per point. */
export function layoutClusters(
  points: Float64Array,
  options: LayoutClusterOptions,
  weights: Float64Array | null = null,
): LayoutClusters {
  const { width, height, cell = 4, bandwidth = 18, mergeRatio = 0.5 } = options;
  const { floor = 0.04, minWeight = 3 } = options;
  const gw = Math.max(1, Math.ceil(width / cell));
  const gh = Math.max(1, Math.ceil(height / cell));
  const cells = cellsOf(points, gw, gh, cell);
  const g: Grid = { gw, gh, cell, density: new Float64Array(0) };
  g.density = gridDensity(cells, weights, g, bandwidth);
  const root = growRegions(g, descending(g.density, floor), mergeRatio);
  return numberClusters(cells, weights, root, g, minWeight);
}

/** Regions with enough weight become clusters, numbered by decreasing weight then peak cell. */
function numberClusters(
  cells: Int32Array,
  weights: Float64Array | null,
  root: Int32Array,
  g: Grid,
  minWeight: number,
): LayoutClusters {
  const regionWeight = new Map<number, number>();
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i] as number;
    const r = c >= 0 ? (root[c] as number) : -1;
    if (r >= 0)
      regionWeight.set(r, (regionWeight.get(r) ?? 0) + (weights ? (weights[i] as number) : 1));
  }
  const kept = [...regionWeight.entries()]
    .filter(([, w]) => w >= minWeight)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const number = new Map(kept.map(([r], k) => [r, k]));
  const of = new Int32Array(cells.length).fill(-1);
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i] as number;
    if (c >= 0) of[i] = number.get(root[c] as number) ?? -1;
  }
  const centre = (r: number, axis: 0 | 1) =>
    ((axis === 0 ? r % g.gw : Math.floor(r / g.gw)) + 0.5) * g.cell;
  return {
    count: kept.length,
    of,
    weight: Float64Array.from(kept, ([, w]) => w),
    peakX: Float64Array.from(kept, ([r]) => centre(r, 0)),
    peakY: Float64Array.from(kept, ([r]) => centre(r, 1)),
  };
}
