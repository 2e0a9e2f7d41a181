/**
 * The repulsive half of the t-SNE gradient (van der Maaten 2014, Eq. 4):
 *   F_rep,i = Σ_j w_ij² (y_i − y_j),  Z = Σ_{i≠j} w_ij,  w_ij = 1 / (1 + ‖y_i − y_j‖²),
 * either exactly (O(n²)) or with a Barnes-Hut quadtree (O(n log n)): a cell whose width over its
 * distance to y_i is below θ acts as one point of its size at its centre of mass.
 *
 * A point may carry a multiplicity m_i (identical objects merged, tsne.ts): it then stands for m_i
 * coincident objects, F_rep,i = Σ_{j≠i} m_j w_ij² (y_i − y_j) is the force on each of them and
 * Z = Σ_i m_i (Σ_{j≠i} m_j w_ij + m_i − 1) counts every pair of objects, the m_i(m_i − 1) pairs of
 * copies at distance 0 included — the values the expanded layout would give.
 */
import { bounds } from './layout.ts';

type Box = ReturnType<typeof bounds>;

export interface Repulsion {
  /** Writes F_rep into force (n × 2) and returns Z. */
  compute(y: Float64Array, force: Float64Array): number;
}

export function exactRepulsion(n: number, multiplicity: Float64Array | null = null): Repulsion {
  return {
    compute(y, force) {
      force.fill(0);
      let z = 0;
      for (let i = 0; i < n; i++) {
        const xi = y[2 * i] as number;
        const yi = y[2 * i + 1] as number;
        const mi = multiplicity ? (multiplicity[i] as number) : 1;
        // A point of multiplicity m stands for m coincident objects: m(m − 1) pairs with w = 1.
        z += mi * (mi - 1);
        let fx = 0;
        let fy = 0;
        for (let j = i + 1; j < n; j++) {
          const mj = multiplicity ? (multiplicity[j] as number) : 1;
          const dx = xi - (y[2 * j] as number);
          const dy = yi - (y[2 * j + 1] as number);
          const w = 1 / (1 + dx * dx + dy * dy);
          z += 2 * mi * mj * w;
          const w2 = w * w;
          fx += mj * w2 * dx;
          fy += mj * w2 * dy;
          force[2 * j] = (force[2 * j] as number) - mi * w2 * dx;
          force[2 * j + 1] = (force[2 * j + 1] as number) - mi * w2 * dy;
        }
        force[2 * i] = (force[2 * i] as number) + fx;
        force[2 * i + 1] = (force[2 * i + 1] as number) + fy;
      }
      return z;
    },
  };
}

/** Points sharing one walk of the tree (BarnesHutTree.repel). */
const GROUP = 16;

/** Cells are never split below this depth; coincident points share a leaf. */
const MAX_DEPTH = 48;

export function barnesHutRepulsion(
  n: number,
  theta: number,
  multiplicity: Float64Array | null = null,
): Repulsion {
  const tree = new BarnesHutTree(n, theta, multiplicity);
  return {
    compute(y, force) {
      tree.build(y);
      return tree.repel(y, 0, n, force);
    },
  };
}

/**
 * What the walk reads of a built tree: per node, four numbers side by side in `nodes` (its centre
 * of mass x and y, its size — total multiplicity — and its squared width, 0 for a leaf), its first
 * child (−1: a leaf), and the points in Z-order. The four numbers of a node share a cache line and
 * a node's four children are consecutive, so the walk reads one or two lines a visit instead of
 * one per array (measured on the 8,124-point Mushroom-shaped layout: docs/performance.md).
 */
export interface TreeArrays {
  nodes: Float64Array;
  child: Int32Array;
  order: Int32Array;
}

/** Numbers per node in TreeArrays.nodes. */
export const NODE_STRIDE = 4;

/**
 * The quadtree of one layout and the walk that sums the repulsion on points. `repel` covers a
 * range of positions along the Z-order, so a team of threads (parallelGradient.ts) can split the
 * points over one tree, built once and copied to shared memory (`copyTo`), or over a copy each
 * builds: a point's force depends only on the layout.
 */
export class BarnesHutTree {
  private readonly tree: QuadTree;
  private readonly stack = new Int32Array(4 * MAX_DEPTH + 8);
  private readonly theta2: number;
  readonly order: Int32Array;
  private readonly keys: Float64Array;
  /** The current group's interaction list: x, y and size of each cell acting on it. */
  private list: Float64Array = new Float64Array(3 * 1024);

  constructor(
    readonly n: number,
    theta: number,
    private readonly multiplicity: Float64Array | null,
  ) {
    this.tree = new QuadTree(n);
    this.theta2 = theta * theta;
    this.order = new Int32Array(n);
    this.keys = new Float64Array(n);
  }

  build(y: Float64Array): void {
    const box = bounds(y);
    zOrder(y, box, this.keys, this.order);
    this.tree.build(y, box, this.order, this.multiplicity);
  }

  /** Nodes of the last tree built. */
  get nodes(): number {
    return this.tree.size;
  }

  /** The last tree built into `into` (its arrays long enough for `nodes` nodes and n points). */
  copyTo(into: TreeArrays): void {
    const { tree } = this;
    const size = tree.size;
    into.nodes.set(tree.nodes.subarray(0, NODE_STRIDE * size));
    into.child.set(tree.child.subarray(0, size));
    into.order.set(this.order);
  }

  /**
   * F_rep of the points at Z-order positions from … to − 1, written into force (n × 2) at their
   * own rows; returns their share of Z, Σ m_i Σ_j m_j w_ij, summed in that order. The tree is
   * this one's last, or `built` (one copied from an instance that built the same layout).
   *
   * The walk is shared by a group of GROUP points consecutive in Z-order (Barnes 1990, "A modified
   * tree code"): a cell is summarised for the whole group when width / distance < θ holds for the
   * group's bounding box, i.e. with the distance from the cell's centre of mass to that box, so it
   * holds for every point of the group (the test is stricter than a point's own, never looser).
   * The cells kept form one interaction list that each point then sums without branching on the
   * tree. Groups are fixed (positions k·GROUP …), so a point's force does not depend on the range.
   */
  repel(
    y: Float64Array,
    from: number,
    to: number,
    force: Float64Array,
    built: TreeArrays | null = null,
  ): number {
    const order = built ? built.order : this.order;
    let z = 0;
    for (let g0 = from; g0 < to;) {
      const start = Math.floor(g0 / GROUP) * GROUP;
      const g1 = Math.min(to, start + GROUP);
      // The list is the whole group's even when the range holds part of it.
      const length = this.interactionList(
        y,
        order,
        start,
        Math.min(order.length, start + GROUP),
        built,
      );
      z += this.sumList(y, order, g0, g1, length, force);
      g0 = g1;
    }
    return z;
  }

  /** The cells acting on the points at Z-order positions g0 … g1 − 1 into `list`; its length. */
  private interactionList(
    y: Float64Array,
    order: Int32Array,
    g0: number,
    g1: number,
    built: TreeArrays | null,
  ): number {
    const { nodes, child } = built ?? this.tree;
    const { stack, theta2 } = this;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let o = g0; o < g1; o++) {
      const i = order[o] as number;
      const xi = y[2 * i] as number;
      const yi = y[2 * i + 1] as number;
      if (xi < minX) minX = xi;
      if (xi > maxX) maxX = xi;
      if (yi < minY) minY = yi;
      if (yi > maxY) maxY = yi;
    }
    let list: Float64Array = this.list;
    let length = 0;
    let top = 0;
    stack[top++] = 0;
    while (top > 0) {
      const node = stack[--top] as number;
      const at = NODE_STRIDE * node;
      const size = nodes[at + 2] as number;
      if (size === 0) continue;
      const mx = nodes[at] as number;
      const my = nodes[at + 1] as number;
      // Squared width; 0 marks a leaf, which always acts as its points.
      const w2 = nodes[at + 3] as number;
      const dx = mx < minX ? minX - mx : mx > maxX ? mx - maxX : 0;
      const dy = my < minY ? minY - my : my > maxY ? my - maxY : 0;
      if (w2 === 0 || w2 < theta2 * (dx * dx + dy * dy)) {
        if (length + 3 > list.length) list = this.growList();
        list[length] = mx;
        list[length + 1] = my;
        list[length + 2] = size;
        length += 3;
      } else {
        const first = child[node] as number;
        stack[top++] = first;
        stack[top++] = first + 1;
        stack[top++] = first + 2;
        stack[top++] = first + 3;
      }
    }
    return length;
  }

  /**
   * Each point's F_rep and Z share over the interaction list (length numbers, 3 a cell), two
   * points a pass so each cell is read once for both. Z is added point by point in Z-order.
   */
  private sumList(
    y: Float64Array,
    order: Int32Array,
    g0: number,
    g1: number,
    length: number,
    force: Float64Array,
  ): number {
    const { list, multiplicity } = this;
    let z = 0;
    for (let o = g0; o < g1; o += 2) {
      const i = order[o] as number;
      // A lone last point pairs with itself; only its first result is kept.
      const j = o + 1 < g1 ? (order[o + 1] as number) : i;
      const xi = y[2 * i] as number;
      const yi = y[2 * i + 1] as number;
      const xj = y[2 * j] as number;
      const yj = y[2 * j + 1] as number;
      let fxi = 0;
      let fyi = 0;
      let zi = 0;
      let fxj = 0;
      let fyj = 0;
      let zj = 0;
      for (let t = 0; t < length; t += 3) {
        const cx = list[t] as number;
        const cy = list[t + 1] as number;
        const size = list[t + 2] as number;
        const dxi = xi - cx;
        const dyi = yi - cy;
        const d2i = dxi * dxi + dyi * dyi;
        const dxj = xj - cx;
        const dyj = yj - cy;
        const d2j = dxj * dxj + dyj * dyj;
        // Only a leaf can sit exactly on a point (a summarised cell is farther than the group's
        // box): the leaf holding it, whose other points are its coincident copies.
        const mi = d2i === 0 ? size - 1 : size;
        const mj = d2j === 0 ? size - 1 : size;
        const wi = 1 / (1 + d2i);
        const wj = 1 / (1 + d2j);
        zi += mi * wi;
        zj += mj * wj;
        const mwi = mi * wi * wi;
        const mwj = mj * wj * wj;
        fxi += mwi * dxi;
        fyi += mwi * dyi;
        fxj += mwj * dxj;
        fyj += mwj * dyj;
      }
      z += (multiplicity ? (multiplicity[i] as number) : 1) * zi;
      force[2 * i] = fxi;
      force[2 * i + 1] = fyi;
      if (j !== i) {
        z += (multiplicity ? (multiplicity[j] as number) : 1) * zj;
        force[2 * j] = fxj;
        force[2 * j + 1] = fyj;
      }
    }
    return z;
  }

  private growList(): Float64Array {
    const longer = new Float64Array(2 * this.list.length);
    longer.set(this.list);
    this.list = longer;
    return longer;
  }
}

/**
 * Points sorted along a Z-order (Morton) curve: consecutive points then walk nearly the same
 * cells, so the traversal stays in cache.
 */
function zOrder(y: Float64Array, box: Box, keys: Float64Array, order: Int32Array): void {
  const n = order.length;
  const [minX, minY, maxX, maxY] = box;
  const sx = 65535 / (maxX - minX || 1);
  const sy = 65535 / (maxY - minY || 1);
  for (let i = 0; i < n; i++) {
    const code =
      interleave(((y[2 * i] as number) - minX) * sx) |
      (interleave(((y[2 * i + 1] as number) - minY) * sy) << 1);
    keys[i] = (code >>> 0) * n + i;
  }
  keys.sort();
  for (let i = 0; i < n; i++) order[i] = (keys[i] as number) % n;
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

/**
 * A point-region quadtree over flat typed arrays, rebuilt every iteration. Node 0 is the root;
 * an internal node's four children are consecutive from child[node]. `nodes` holds what the walk
 * reads (TreeArrays); the centres and widths only serve the build.
 */
class QuadTree {
  /** Per node: Σ m·x, Σ m·y (centre of mass once built), Σ m, squared width (0: a leaf). */
  nodes: Float64Array;
  width: Float64Array;
  cx: Float64Array;
  cy: Float64Array;
  child: Int32Array;
  point: Int32Array;
  size = 0;
  private layout: Float64Array = new Float64Array(0);

  constructor(n: number) {
    const capacity = Math.max(64, 4 * n);
    this.nodes = new Float64Array(NODE_STRIDE * capacity);
    this.width = new Float64Array(capacity);
    this.cx = new Float64Array(capacity);
    this.cy = new Float64Array(capacity);
    this.child = new Int32Array(capacity);
    this.point = new Int32Array(capacity);
  }

  /** Inserts the points in the given order (Z-order keeps related cells close in memory). */
  build(y: Float64Array, box: Box, order: Int32Array, multiplicity: Float64Array | null): void {
    const n = y.length / 2;
    const [minX, minY, maxX, maxY] = box;
    const w = Math.max(maxX - minX, maxY - minY) * (1 + 1e-9) + 1e-12;
    this.size = 0;
    this.layout = y;
    this.newNode((minX + maxX) / 2, (minY + maxY) / 2, w);
    for (let o = 0; o < n; o++) {
      const i = order[o] as number;
      const m = multiplicity ? (multiplicity[i] as number) : 1;
      this.insert(i, y[2 * i] as number, y[2 * i + 1] as number, m);
    }
    const { nodes, child, point, width } = this;
    for (let node = 0; node < this.size; node++) {
      const at = NODE_STRIDE * node;
      const c = nodes[at + 2] as number;
      const p = point[node] as number;
      // A leaf sits exactly on its first point: a mean of coincident points can be off by an ulp.
      if (p >= 0) {
        nodes[at] = y[2 * p] as number;
        nodes[at + 1] = y[2 * p + 1] as number;
      } else if (c > 0) {
        nodes[at] = (nodes[at] as number) / c; // weighted centre of mass
        nodes[at + 1] = (nodes[at + 1] as number) / c;
      }
      const wn = width[node] as number;
      nodes[at + 3] = (child[node] as number) >= 0 ? wn * wn : 0;
    }
  }

  private insert(i: number, x: number, y: number, m: number): void {
    let node = 0;
    for (let depth = 0; ; depth++) {
      const first = this.child[node] as number;
      if (first >= 0) {
        this.addMass(node, x, y, m);
        node = first + this.quadrant(node, x, y);
        continue;
      }
      const held = this.nodes[NODE_STRIDE * node + 2] as number;
      if (held === 0) {
        this.point[node] = i;
        this.addMass(node, x, y, m);
        return;
      }
      // An occupied leaf: points here share one position (they were merged) or it is one point.
      const px = this.layout[2 * (this.point[node] as number)] as number;
      const py = this.layout[2 * (this.point[node] as number) + 1] as number;
      if (depth >= MAX_DEPTH || (px === x && py === y)) {
        this.addMass(node, x, y, m);
        return;
      }
      this.split(node);
      const moved = (this.child[node] as number) + this.quadrant(node, px, py);
      this.point[moved] = this.point[node] as number;
      const from = NODE_STRIDE * node;
      const to = NODE_STRIDE * moved;
      this.nodes[to] = this.nodes[from] as number;
      this.nodes[to + 1] = this.nodes[from + 1] as number;
      this.nodes[to + 2] = held;
      this.point[node] = -1;
    }
  }

  private split(node: number): void {
    const half = (this.width[node] as number) / 2;
    const q = half / 2;
    const x = this.cx[node] as number;
    const y = this.cy[node] as number;
    const first = this.size;
    this.newNode(x - q, y - q, half);
    this.newNode(x + q, y - q, half);
    this.newNode(x - q, y + q, half);
    this.newNode(x + q, y + q, half);
    this.child[node] = first;
  }

  private quadrant(node: number, x: number, y: number): number {
    return (x >= (this.cx[node] as number) ? 1 : 0) + (y >= (this.cy[node] as number) ? 2 : 0);
  }

  private addMass(node: number, x: number, y: number, c: number): void {
    const at = NODE_STRIDE * node;
    const nodes = this.nodes;
    nodes[at] = (nodes[at] as number) + c * x;
    nodes[at + 1] = (nodes[at + 1] as number) + c * y;
    nodes[at + 2] = (nodes[at + 2] as number) + c;
  }

  private newNode(x: number, y: number, w: number): void {
    if (this.size === this.width.length) this.grow();
    const node = this.size++;
    this.cx[node] = x;
    this.cy[node] = y;
    this.width[node] = w;
    const at = NODE_STRIDE * node;
    this.nodes[at] = 0;
    this.nodes[at + 1] = 0;
    this.nodes[at + 2] = 0;
    this.nodes[at + 3] = 0;
    this.child[node] = -1;
    this.point[node] = -1;
  }

  private grow(): void {
    const grow = <T extends Float64Array | Int32Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(a.length * 2);
      b.set(a);
      return b;
    };
    this.nodes = grow(this.nodes);
    this.width = grow(this.width);
    this.cx = grow(this.cx);
    this.cy = grow(this.cy);
    this.child = grow(this.child);
    this.point = grow(this.point);
  }
}
