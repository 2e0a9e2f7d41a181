/**
 * The quadtree of a 2-D layout that the Barnes-Hut walk reads (barnesHut.ts), built from the
 * points sorted along a Z-order (Morton) curve: every cell's points are then one run of the
 * sorted order, so a cell is split by finding where its run's next two code bits change, with no
 * descent from the root per point, and a cell of at most LEAF_POINTS points (or of points that
 * share a code) is a leaf, a bucket of points rather than a chain of cells down to each point.
 *
 * The layout's square bounding box is cut into 2^16 × 2^16 code cells; a node L code levels
 * down is a square of 1 / 2^L of the box's width, and its children are only its non-empty
 * quarters, stored one after the other. A run of more than LEAF_POINTS points that the codes no
 * longer split (one code cell, or all 16 levels used) is coded again within its own bounding box
 * (`recode`) and split on, so a leaf never holds more than LEAF_POINTS points unless they all sit
 * on one spot. Without that, a clump far smaller than the layout's box / 2^16 was one leaf whose
 * points were summed pairwise, O(m²): on the 8,124-row Mushroom-shaped table t-SNE's early
 * exaggeration shrinks the whole layout to a width of 1e-31 before it opens out again
 * (results/bench/performance-log.md), and the tree's old absolute floor on the width (1e-12) put every point
 * in one leaf for some 250 iterations.
 */
import { bounds } from './layout.ts';

/** Points a leaf holds at most (unless they share one code cell). */
export const LEAF_POINTS = 32;

/** Bits of the Morton code per axis; also the deepest level. */
const BITS = 16;

/**
 * Numbers per node in TreeArrays.nodes: centre of mass x, y, size (Σ m), squared width, then the
 * bounding box of its points: min x, min y, max x, max y.
 */
export const NODE_STRIDE = 8;

/** Numbers per node in TreeArrays.links: first child (−1: a leaf), children, start, end. */
export const LINK_STRIDE = 4;

/** Numbers per point in TreeArrays.points: x, y, m, in Z-order. */
export const POINT_STRIDE = 3;

/**
 * A built tree, as flat arrays a team of threads can share. Per node, `nodes` holds its centre of
 * mass, its size (total multiplicity), its squared width — 0 for a leaf whose points all sit on
 * one spot, which then acts as one point exactly — and its points' bounding box; `links` holds
 * its first child (−1 for a leaf) and number of children, and the Z-order positions start … end
 * − 1 of its points. `points` holds each point's position and multiplicity in Z-order, `order` the
 * point at each Z-order position.
 */
export interface TreeArrays {
  nodes: Float64Array;
  links: Int32Array;
  points: Float64Array;
  order: Int32Array;
}

/** Nodes a tree of n points is first given room for (more when points crowd one corner). */
export function firstCapacity(n: number): number {
  return 2 * n + 64;
}

/** Builds and holds the quadtree of a layout of n points, its arrays reused from one build to the next. */
export class QuadTree implements TreeArrays {
  nodes: Float64Array;
  links: Int32Array;
  readonly points: Float64Array;
  readonly order: Int32Array;
  size = 0;
  /** Levels below the root of the last tree's deepest node. */
  depth = 0;
  private readonly codes: Uint32Array;
  private readonly sorted: Uint32Array;
  private readonly spare: Int32Array;
  private readonly counts = new Int32Array(1 << 16);

  constructor(
    readonly n: number,
    private readonly multiplicity: Float64Array | null,
  ) {
    const capacity = firstCapacity(n);
    this.nodes = new Float64Array(NODE_STRIDE * capacity);
    this.links = new Int32Array(LINK_STRIDE * capacity);
    this.points = new Float64Array(POINT_STRIDE * n);
    this.order = new Int32Array(n);
    this.codes = new Uint32Array(n);
    this.sorted = new Uint32Array(n);
    this.spare = new Int32Array(n);
  }

  build(y: Float64Array): void {
    const { n, multiplicity, points, order } = this;
    const [minX, minY, maxX, maxY] = bounds(y);
    // Relative to the layout's own extent, however small (1 when every point sits on one spot).
    const spread = Math.max(maxX - minX, maxY - minY);
    const width = spread > 0 ? spread * (1 + 1e-9) : 1;
    this.mortonSort(y, minX, minY, width);
    for (let o = 0; o < n; o++) {
      const i = order[o] as number;
      points[POINT_STRIDE * o] = y[2 * i] as number;
      points[POINT_STRIDE * o + 1] = y[2 * i + 1] as number;
      points[POINT_STRIDE * o + 2] = multiplicity ? (multiplicity[i] as number) : 1;
    }
    this.size = 1;
    this.depth = 0;
    if (n > 0) this.buildNode(0, 0, n, 0, width, 0);
    else {
      this.links.fill(0, 0, LINK_STRIDE);
      this.links[0] = -1;
      this.nodes.fill(0, 0, NODE_STRIDE);
    }
  }

  /**
   * Node `node` over the Z-order run start … end − 1, `level` levels below the root and `bit`
   * code levels below its codes' box: its children (allocated side by side before any is filled
   * in, so a node's children are consecutive) or its leaf, then its centre of mass and size from
   * theirs.
   */
  private buildNode(
    node: number,
    start: number,
    end: number,
    bit: number,
    width: number,
    level: number,
  ): void {
    if (level > this.depth) this.depth = level;
    const l = LINK_STRIDE * node;
    let depth = bit;
    if (
      end - start > LEAF_POINTS &&
      (depth === BITS || this.sorted[start] === this.sorted[end - 1])
    ) {
      // The codes no longer split this run: code it again within its own box.
      width = this.recode(start, end);
      depth = 0;
    }
    if (end - start <= LEAF_POINTS || width === 0) {
      const links = this.links;
      links[l] = -1;
      links[l + 1] = 0;
      links[l + 2] = start;
      links[l + 3] = end;
      this.summariseLeaf(node, start, end, width);
      return;
    }
    // The run's quarters: where the two code bits of this depth change.
    const shift = 2 * (BITS - 1 - depth);
    const bounds = [start, 0, 0, 0, end];
    for (let q = 1; q < 4; q++)
      bounds[q] = this.firstWithDigit(bounds[q - 1] as number, end, shift, q);
    let kids = 0;
    for (let q = 0; q < 4; q++) if ((bounds[q + 1] as number) > (bounds[q] as number)) kids++;
    const first = this.allocate(kids);
    // Read after allocate, which may have grown the arrays (as may the children's builds).
    this.links[l] = first;
    this.links[l + 1] = kids;
    this.links[l + 2] = start;
    this.links[l + 3] = end;
    let child = first;
    for (let q = 0; q < 4; q++) {
      const a = bounds[q] as number;
      const b = bounds[q + 1] as number;
      if (b > a) this.buildNode(child++, a, b, depth + 1, width / 2, level + 1);
    }
    let mx = 0;
    let my = 0;
    let size = 0;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    const nodes = this.nodes;
    for (let c = first; c < first + kids; c++) {
      const at = NODE_STRIDE * c;
      const m = nodes[at + 2] as number;
      mx += m * (nodes[at] as number);
      my += m * (nodes[at + 1] as number);
      size += m;
      minX = Math.min(minX, nodes[at + 4] as number);
      minY = Math.min(minY, nodes[at + 5] as number);
      maxX = Math.max(maxX, nodes[at + 6] as number);
      maxY = Math.max(maxY, nodes[at + 7] as number);
    }
    const at = NODE_STRIDE * node;
    nodes[at] = mx / size;
    nodes[at + 1] = my / size;
    nodes[at + 2] = size;
    nodes[at + 3] = width * width;
    nodes[at + 4] = minX;
    nodes[at + 5] = minY;
    nodes[at + 6] = maxX;
    nodes[at + 7] = maxY;
  }

  /** A leaf's centre of mass and size; its squared width, or 0 when its points coincide. */
  private summariseLeaf(node: number, start: number, end: number, width: number): void {
    const { points, nodes } = this;
    const x0 = points[POINT_STRIDE * start] as number;
    const y0 = points[POINT_STRIDE * start + 1] as number;
    let mx = 0;
    let my = 0;
    let size = 0;
    let together = true;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let o = start; o < end; o++) {
      const x = points[POINT_STRIDE * o] as number;
      const yy = points[POINT_STRIDE * o + 1] as number;
      const m = points[POINT_STRIDE * o + 2] as number;
      mx += m * x;
      my += m * yy;
      size += m;
      if (x !== x0 || yy !== y0) together = false;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (yy < minY) minY = yy;
      if (yy > maxY) maxY = yy;
    }
    const at = NODE_STRIDE * node;
    nodes[at + 4] = minX;
    nodes[at + 5] = minY;
    nodes[at + 6] = maxX;
    nodes[at + 7] = maxY;
    // Coincident points: the leaf sits exactly on them (a mean could be off by an ulp).
    nodes[at] = together ? x0 : mx / size;
    nodes[at + 1] = together ? y0 : my / size;
    nodes[at + 2] = size;
    nodes[at + 3] = together ? 0 : width * width;
  }

  /**
   * Codes the run start … end − 1 again within its points' own square box and sorts it by the
   * new codes (ties by position): its order, points and codes rearranged in place. Returns the
   * box's width, 0 when the points all sit on one spot (then nothing changes). Rare: only a clump
   * smaller than a code cell of more than LEAF_POINTS points comes here.
   */
  private recode(start: number, end: number): number {
    const { points, order, sorted } = this;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let o = start; o < end; o++) {
      const x = points[POINT_STRIDE * o] as number;
      const y = points[POINT_STRIDE * o + 1] as number;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    const spread = Math.max(maxX - minX, maxY - minY);
    const width = spread * (1 + 1e-9);
    const scale = (1 << BITS) / width;
    if (!(spread > 0) || !Number.isFinite(scale)) return 0;
    const top = (1 << BITS) - 1;
    const m = end - start;
    const codes = new Uint32Array(m);
    for (let k = 0; k < m; k++) {
      const p = POINT_STRIDE * (start + k);
      const cx = Math.min(top, Math.floor(((points[p] as number) - minX) * scale));
      const cy = Math.min(top, Math.floor(((points[p + 1] as number) - minY) * scale));
      codes[k] = (interleave(cx) | (interleave(cy) << 1)) >>> 0;
    }
    const rank = Int32Array.from({ length: m }, (_, k) => k);
    rank.sort((a, b) => (codes[a] as number) - (codes[b] as number) || a - b);
    const oldPoints = points.slice(POINT_STRIDE * start, POINT_STRIDE * end);
    const oldOrder = order.slice(start, end);
    for (let k = 0; k < m; k++) {
      const r = rank[k] as number;
      order[start + k] = oldOrder[r] as number;
      sorted[start + k] = codes[r] as number;
      for (let c = 0; c < POINT_STRIDE; c++)
        points[POINT_STRIDE * (start + k) + c] = oldPoints[POINT_STRIDE * r + c] as number;
    }
    return width;
  }

  /** The first position in from … to − 1 whose code's digit at `shift` is ≥ digit (binary search). */
  private firstWithDigit(from: number, to: number, shift: number, digit: number): number {
    const sorted = this.sorted;
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((((sorted[mid] as number) >>> shift) & 3) < digit) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private allocate(count: number): number {
    const first = this.size;
    this.size += count;
    if (this.size > this.links.length / LINK_STRIDE) {
      const nodes = new Float64Array(2 * this.nodes.length);
      nodes.set(this.nodes);
      this.nodes = nodes;
      const links = new Int32Array(2 * this.links.length);
      links.set(this.links);
      this.links = links;
    }
    return first;
  }

  /**
   * `order` ← the points sorted by their Morton code, ties by index; `sorted` ← their codes.
   * Two stable counting passes over the code's 16-bit halves.
   */
  private mortonSort(y: Float64Array, minX: number, minY: number, width: number): void {
    const { n, codes, sorted, order, spare, counts } = this;
    const scale = (1 << BITS) / width;
    const top = (1 << BITS) - 1;
    for (let i = 0; i < n; i++) {
      const cx = Math.min(top, Math.floor(((y[2 * i] as number) - minX) * scale));
      const cy = Math.min(top, Math.floor(((y[2 * i + 1] as number) - minY) * scale));
      codes[i] = (interleave(cx) | (interleave(cy) << 1)) >>> 0;
    }
    // Low half into spare, then high half into order.
    countDigits(codes, n, 0, counts);
    for (let i = 0; i < n; i++) {
      const digit = (codes[i] as number) & 0xffff;
      const at = counts[digit] as number;
      counts[digit] = at + 1;
      spare[at] = i;
    }
    countDigits(codes, n, 16, counts);
    for (let t = 0; t < n; t++) {
      const i = spare[t] as number;
      const digit = (codes[i] as number) >>> 16;
      const at = counts[digit] as number;
      counts[digit] = at + 1;
      order[at] = i;
    }
    for (let o = 0; o < n; o++) sorted[o] = codes[order[o] as number] as number;
  }
}

/** counts ← where each 16-bit digit (the codes' bits from `shift`) starts in a counting sort. */
function countDigits(codes: Uint32Array, n: number, shift: number, counts: Int32Array): void {
  counts.fill(0);
  for (let i = 0; i < n; i++) {
    const digit = ((codes[i] as number) >>> shift) & 0xffff;
    counts[digit] = (counts[digit] as number) + 1;
  }
  prefixSums(counts);
}

/** counts ← the exclusive prefix sums of counts, in place. */
function prefixSums(counts: Int32Array): void {
  let sum = 0;
  for (let k = 0; k < counts.length; k++) {
    const c = counts[k] as number;
    counts[k] = sum;
    sum += c;
  }
}

/** Spreads the low 16 bits of x to the even bit positions. */
function interleave(x: number): number {
  let v = x & 0xffff;
  v = (v | (v << 8)) & 0x00ff00ff;
  v = (v | (v << 4)) & 0x0f0f0f0f;
  v = (v | (v << 2)) & 0x33333333;
  v = (v | (v << 1)) & 0x55555555;
  return v;
}
