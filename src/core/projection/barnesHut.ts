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
 * What the walk reads of a built tree: the nodes' centres of mass, sizes (total multiplicity),
 * widths and first children (−1: a leaf), and the points in Z-order.
 */
export interface TreeArrays {
  massX: Float64Array;
  massY: Float64Array;
  count: Float64Array;
  width: Float64Array;
  child: Int32Array;
  order: Int32Array;
}

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
    into.massX.set(tree.massX.subarray(0, size));
    into.massY.set(tree.massY.subarray(0, size));
    into.count.set(tree.count.subarray(0, size));
    into.width.set(tree.width.subarray(0, size));
    into.child.set(tree.child.subarray(0, size));
    into.order.set(this.order);
  }

  /**
   * F_rep of the points at Z-order positions from … to − 1, written into force (n × 2) at their
   * own rows; returns their share of Z, Σ m_i Σ_j m_j w_ij, summed in that order. The tree is
   * this one's last, or `built` (one copied from an instance that built the same layout).
   */
  repel(
    y: Float64Array,
    from: number,
    to: number,
    force: Float64Array,
    built: TreeArrays | null = null,
  ): number {
    const { massX, massY, count, width, child } = built ?? this.tree;
    const order = built ? built.order : this.order;
    const { stack, theta2, multiplicity } = this;
    let z = 0;
    for (let o = from; o < to; o++) {
      const i = order[o] as number;
      const xi = y[2 * i] as number;
      const yi = y[2 * i + 1] as number;
      const mi = multiplicity ? (multiplicity[i] as number) : 1;
      let fx = 0;
      let fy = 0;
      let zi = 0;
      let top = 0;
      stack[top++] = 0;
      while (top > 0) {
        const node = stack[--top] as number;
        const size = count[node] as number;
        if (size === 0) continue;
        const dx = xi - (massX[node] as number);
        const dy = yi - (massY[node] as number);
        const d2 = dx * dx + dy * dy;
        const first = child[node] as number;
        const w0 = width[node] as number;
        if (first < 0 || w0 * w0 < theta2 * d2) {
          // A leaf holding only i contributes nothing; coincident points count without i (one
          // object of i's multiplicity: its other copies are coincident objects too).
          let m = size;
          if (first < 0 && d2 === 0) {
            m = size - 1;
            if (m === 0) continue;
          }
          const w = 1 / (1 + d2);
          zi += m * w;
          const mw2 = m * w * w;
          fx += mw2 * dx;
          fy += mw2 * dy;
        } else {
          stack[top++] = first;
          stack[top++] = first + 1;
          stack[top++] = first + 2;
          stack[top++] = first + 3;
        }
      }
      z += mi * zi;
      force[2 * i] = fx;
      force[2 * i + 1] = fy;
    }
    return z;
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
 * an internal node's four children are consecutive from child[node].
 */
class QuadTree {
  massX: Float64Array;
  massY: Float64Array;
  /** Total multiplicity of the points below (their number when none was merged). */
  count: Float64Array;
  width: Float64Array;
  cx: Float64Array;
  cy: Float64Array;
  child: Int32Array;
  point: Int32Array;
  size = 0;
  private layout: Float64Array = new Float64Array(0);

  constructor(n: number) {
    const capacity = Math.max(64, 4 * n);
    this.massX = new Float64Array(capacity);
    this.massY = new Float64Array(capacity);
    this.count = new Float64Array(capacity);
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
    for (let node = 0; node < this.size; node++) {
      const c = this.count[node] as number;
      const p = this.point[node] as number;
      // A leaf sits exactly on its first point: a mean of coincident points can be off by an ulp.
      if (p >= 0) {
        this.massX[node] = y[2 * p] as number;
        this.massY[node] = y[2 * p + 1] as number;
      } else if (c > 0) {
        this.massX[node] = (this.massX[node] as number) / c; // weighted centre of mass
        this.massY[node] = (this.massY[node] as number) / c;
      }
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
      const held = this.count[node] as number;
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
      this.massX[moved] = this.massX[node] as number;
      this.massY[moved] = this.massY[node] as number;
      this.count[moved] = held;
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
    this.massX[node] = (this.massX[node] as number) + c * x;
    this.massY[node] = (this.massY[node] as number) + c * y;
    this.count[node] = (this.count[node] as number) + c;
  }

  private newNode(x: number, y: number, w: number): void {
    if (this.size === this.count.length) this.grow();
    const node = this.size++;
    this.cx[node] = x;
    this.cy[node] = y;
    this.width[node] = w;
    this.massX[node] = 0;
    this.massY[node] = 0;
    this.count[node] = 0;
    this.child[node] = -1;
    this.point[node] = -1;
  }

  private grow(): void {
    const grow = <T extends Float64Array | Int32Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(a.length * 2);
      b.set(a);
      return b;
    };
    this.massX = grow(this.massX);
    this.massY = grow(this.massY);
    this.count = grow(this.count);
    this.width = grow(this.width);
    this.cx = grow(this.cx);
    this.cy = grow(this.cy);
    this.child = grow(this.child);
    this.point = grow(this.point);
  }
}
