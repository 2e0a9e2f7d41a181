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
import {
  firstCapacity,
  LINK_STRIDE,
  NODE_STRIDE,
  POINT_STRIDE,
  QuadTree,
  type TreeArrays,
} from './quadTree.ts';

export { firstCapacity, LINK_STRIDE, NODE_STRIDE, POINT_STRIDE, type TreeArrays };

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

/** Taylor coefficients of a far field (see `addFarSource`). */
export const FAR_TERMS = 10;

/** A leaf of more points than this takes far sources into an expansion (BarnesHutTree.resolve). */
const LEAF_EXPANSION = 0;

/** Tree levels the walk has room for at first (quadTree.ts: deeper where a clump is recoded). */
const FIRST_DEPTH = 20;

export function barnesHutRepulsion(
  n: number,
  theta: number,
  multiplicity: Float64Array | null = null,
  expansion = theta,
): Repulsion {
  const tree = new BarnesHutTree(n, theta, multiplicity, expansion);
  return {
    compute(y, force) {
      tree.build(y);
      return tree.repel(0, n, force);
    },
  };
}

/** A growable list of node numbers (and, as −1 − position, points). */
class IntList {
  items = new Int32Array(64);
  length = 0;

  push(value: number): void {
    if (this.length === this.items.length) this.grow();
    this.items[this.length++] = value;
  }

  /** Twice the room, the items kept; returns the new array. */
  grow(least = 0): Int32Array {
    const longer = new Int32Array(Math.max(least, 2 * this.items.length));
    longer.set(this.items);
    this.items = longer;
    return longer;
  }
}

/**
 * The quadtree of one layout (quadTree.ts) and the traversal that sums the repulsion on points.
 * `repel` covers a range of positions along the Z-order, so a team of threads
 * (parallelGradient.ts) can split the points over one tree, built once and copied to shared
 * memory (`copyTo`), or over a copy each builds: a point's force depends only on the layout.
 *
 * The tree is walked once for its own nodes as targets, top down (a dual-tree walk, Dehnen 2002;
 * the cell-to-cell step of a fast multipole method, Greengard & Rokhlin 1987, with monopole
 * sources): each target node T gets its parent's unresolved sources and its parent's far field.
 * A source S (a node, a point of size m at its centre of mass c) is summarised for T when
 * width / max(distance, 1) < θ with the distance from c to T's points' bounding box — so for every
 * point of T, never looser than a point's own test — and it is far for T when T's half-diagonal s
 * and c's distance R from T's centre g have s < η max(R, 1): its field is then added to T's
 * Taylor expansion about g (`farForce`), which T's children inherit shifted to their centres, and
 * each point p = g + δ of a leaf evaluates it. F is kept to second order in δ (the term's error
 * O((s/R)³), besides the monopole's own), φ to third; shifting the polynomials is exact. A source
 * summarised but not far, or not summarised and not larger than T, goes down to T's children; at
 * a leaf it is summed point by point (the near list); a larger one is opened. Nothing holding a
 * point of T is far or summarised for T (checked on the sources' Z-order runs), but a cell of
 * coincident points, which acts as one point.
 *
 * Distances below 1 count as 1 (the kernel's own scale) in both tests; Barnes-Hut's plain
 * width / distance < θ (van der Maaten 2014, scikit-learn's `angle`) is scale-free. The Student-t
 * kernel w = 1 / (1 + d²) and the force w² (y_i − y_j) vary on a scale of 1: within distance 1 a
 * source's field is smooth, and summarising a cell of width w there errs by O(w²) relative to its
 * force, as a cell w / d < θ does far away. The plain test opened cells down to single points in
 * any layout narrower than 1, where every force is nearly linear — t-SNE's early exaggeration
 * packs each cluster so. Measured on one t-SNE run's layouts at 100,000 points (the 16-D mixture,
 * one thread, one build and walk, force error against the exact sums over 300 points):
 * iterations 50 / 150 / 300 (layout 0.7, 9 and 22 wide) took 40-53 / 29-43 / 47-59 ms against
 * 123-168 / 133-165 / 123-187 ms, with force errors 1.92 / 0.03 / 0.82 % against 0.06 / 0.00 /
 * 0.57 %, all below the 2.96 % of the final layout, where neither test changes much (2.99 %
 * against 2.96 % at iteration 1,000, the same time within the noise).
 */
export class BarnesHutTree {
  private readonly tree: QuadTree;
  private readonly theta2: number;
  private readonly expansion2: number;
  /** Per depth, the target's unresolved sources, for its children. */
  private readonly kept: IntList[] = Array.from({ length: FIRST_DEPTH }, () => new IntList());
  /** The root's one source, itself. */
  private readonly rootSources = new IntList();
  /** Sources to test against the current target. */
  private readonly work = new IntList();
  /** Per depth, the target's far field about its centre. */
  private far = new Float64Array(FAR_TERMS * FIRST_DEPTH);
  /** The current target's far sources: v = g − c, ‖v‖² and size of each. */
  private farSources: Float64Array = new Float64Array(4 * 1024);
  /** The current leaf's near sources: x, y and size of each. */
  private list: Float64Array = new Float64Array(3 * 1024);
  private z = 0;

  constructor(
    readonly n: number,
    theta: number,
    multiplicity: Float64Array | null,
    /** η, 0 to sum every source point by point (default θ, so θ = 0 stays exact). */
    expansion = theta,
  ) {
    this.tree = new QuadTree(n, multiplicity);
    this.theta2 = theta * theta;
    this.expansion2 = expansion * expansion;
  }

  build(y: Float64Array): void {
    this.tree.build(y);
  }

  /** Nodes of the last tree built. */
  get nodes(): number {
    return this.tree.size;
  }

  /** The point at each Z-order position, in the last tree built. */
  get order(): Int32Array {
    return this.tree.order;
  }

  /** The last tree built into `into` (its arrays long enough for `nodes` nodes and n points). */
  copyTo(into: TreeArrays): void {
    const { tree } = this;
    const size = tree.size;
    into.nodes.set(tree.nodes.subarray(0, NODE_STRIDE * size));
    into.links.set(tree.links.subarray(0, LINK_STRIDE * size));
    into.points.set(tree.points);
    into.order.set(tree.order);
  }

  /**
   * F_rep of the points at Z-order positions from … to − 1, written into force (n × 2) at their
   * own rows; returns their share of Z, Σ m_i Σ_{j≠i} m_j w_ij, summed in Z-order. The tree is
   * this one's last, or `built` (one copied from an instance that built the same layout). A
   * target's sources depend on its ancestors only, so a point's force does not depend on the range.
   */
  repel(from: number, to: number, force: Float64Array, built: TreeArrays | null = null): number {
    const tree = built ?? this.tree;
    this.z = 0;
    if (from >= to || this.n === 0) return 0;
    this.far.fill(0, 0, FAR_TERMS);
    const root = this.rootSources;
    root.length = 0;
    root.push(0);
    this.visit(tree, 0, 0, root, from, to, force);
    return this.z;
  }

  /** Target `node` at `depth` with its parent's unresolved sources, then its children or points. */
  private visit(
    tree: TreeArrays,
    node: number,
    depth: number,
    sources: IntList,
    from: number,
    to: number,
    force: Float64Array,
  ): void {
    const { nodes, links } = tree;
    const l = LINK_STRIDE * node;
    const first = links[l] as number;
    if (depth + 1 >= this.kept.length) this.deepen();
    const length = this.resolve(tree, node, depth, sources);
    if (first < 0) {
      const g0 = Math.max(from, links[l + 2] as number);
      const g1 = Math.min(to, links[l + 3] as number);
      this.z += this.sumList(tree, node, depth, g0, g1, length, force);
      return;
    }
    const kept = this.kept[depth] as IntList;
    const at = NODE_STRIDE * node;
    const gx = ((nodes[at + 4] as number) + (nodes[at + 6] as number)) / 2;
    const gy = ((nodes[at + 5] as number) + (nodes[at + 7] as number)) / 2;
    for (let c = first; c < first + (links[l + 1] as number); c++) {
      const lc = LINK_STRIDE * c;
      if ((links[lc + 3] as number) <= from || (links[lc + 2] as number) >= to) continue;
      const ac = NODE_STRIDE * c;
      const cx = ((nodes[ac + 4] as number) + (nodes[ac + 6] as number)) / 2;
      const cy = ((nodes[ac + 5] as number) + (nodes[ac + 7] as number)) / 2;
      shiftFar(this.far, FAR_TERMS * depth, FAR_TERMS * (depth + 1), cx - gx, cy - gy);
      this.visit(tree, c, depth + 1, kept, from, to, force);
    }
  }

  /**
   * Tests the sources against target `node`: each far one into its far field (at FAR_TERMS ·
   * depth), each left for its children into kept[depth], and, for a leaf, each near one onto the
   * near list, whose length it returns.
   */
  private resolve(tree: TreeArrays, node: number, depth: number, sources: IntList): number {
    const { nodes, links, points } = tree;
    const { theta2, expansion2 } = this;
    const keptList = this.kept[depth] as IntList;
    const at = NODE_STRIDE * node;
    const l = LINK_STRIDE * node;
    const leaf = (links[l] as number) < 0;
    const targetW2 = nodes[at + 3] as number;
    const minX = nodes[at + 4] as number;
    const minY = nodes[at + 5] as number;
    const maxX = nodes[at + 6] as number;
    const maxY = nodes[at + 7] as number;
    const gx = (minX + maxX) / 2;
    const gy = (minY + maxY) / 2;
    const s2 = ((maxX - minX) * (maxX - minX) + (maxY - minY) * (maxY - minY)) / 4;
    // T's points, Z-order positions tStart … tEnd − 1: a source holding one is never summarised.
    const tStart = links[l + 2] as number;
    const tEnd = links[l + 3] as number;
    // A source costs a leaf of k points k near terms, or one expansion (about ten near terms'
    // time) and k evaluations: a small leaf sums its sources directly.
    const expandable =
      !leaf || (links[l + 3] as number) - (links[l + 2] as number) > LEAF_EXPANSION;
    let list: Float64Array = this.list;
    let length = 0;
    let farSources: Float64Array = this.farSources;
    let farLength = 0;
    let kept: Int32Array = keptList.items;
    let keptLength = 0;
    let stack: Int32Array = this.work.items;
    let top = 0;
    if (sources.length > stack.length) stack = this.growWork(sources.length);
    for (let t = sources.length - 1; t >= 0; t--) stack[top++] = sources.items[t] as number;
    while (top > 0) {
      const entry = stack[--top] as number;
      let x: number;
      let y: number;
      let size: number;
      // Whether the source holds one of T's points: never far, and opened unless one spot.
      let mine = false;
      if (entry < 0) {
        const o = -1 - entry;
        const p = POINT_STRIDE * o;
        x = points[p] as number;
        y = points[p + 1] as number;
        size = points[p + 2] as number;
        if (o >= tStart && o < tEnd) {
          // One of T's own points (T a leaf): summed point by point, itself included.
          if (length + 3 > list.length) list = this.growList();
          list[length] = x;
          list[length + 1] = y;
          list[length + 2] = size;
          length += 3;
          continue;
        }
      } else {
        const an = NODE_STRIDE * entry;
        x = nodes[an] as number;
        y = nodes[an + 1] as number;
        size = nodes[an + 2] as number;
        // Squared width; 0 for coincident points, which always act as one point.
        const w2 = nodes[an + 3] as number;
        const dx = x < minX ? minX - x : x > maxX ? x - maxX : 0;
        const dy = y < minY ? minY - y : y > maxY ? y - maxY : 0;
        const ln = LINK_STRIDE * entry;
        mine = (links[ln + 2] as number) < tEnd && tStart < (links[ln + 3] as number);
        if (w2 !== 0 && (mine || w2 >= theta2 * Math.max(dx * dx + dy * dy, 1))) {
          // Not summarised: down to the children, or opened here.
          const firstChild = links[ln] as number;
          if (!leaf && (firstChild < 0 || w2 <= targetW2)) {
            if (keptLength === kept.length) kept = keptList.grow();
            kept[keptLength++] = entry;
            continue;
          }
          const from = firstChild < 0 ? (links[ln + 2] as number) : firstChild;
          const to =
            firstChild < 0 ? (links[ln + 3] as number) : firstChild + (links[ln + 1] as number);
          if (top + to - from > stack.length) stack = this.growWork(top + to - from);
          // A leaf's points as −1 − position, an inner node's children; popped in order.
          if (firstChild < 0) for (let o = to - 1; o >= from; o--) stack[top++] = -1 - o;
          else for (let c = to - 1; c >= from; c--) stack[top++] = c;
          continue;
        }
      }
      const vx = gx - x;
      const vy = gy - y;
      const r2 = vx * vx + vy * vy;
      if (expandable && !mine && s2 < expansion2 * Math.max(r2, 1)) {
        if (farLength + 4 > farSources.length) farSources = this.growFarSources();
        farSources[farLength] = vx;
        farSources[farLength + 1] = vy;
        farSources[farLength + 2] = r2;
        farSources[farLength + 3] = size;
        farLength += 4;
      } else if (!leaf) {
        if (keptLength === kept.length) kept = keptList.grow();
        kept[keptLength++] = entry;
      } else {
        if (length + 3 > list.length) list = this.growList();
        list[length] = x;
        list[length + 1] = y;
        list[length + 2] = size;
        length += 3;
      }
    }
    keptList.length = keptLength;
    addFarSources(this.far, FAR_TERMS * depth, farSources, farLength);
    return length;
  }

  /**
   * The F_rep and Z share of leaf `node`'s points at Z-order positions g0 … g1 − 1: the near list
   * (length numbers, 3 an entry) summed two points a pass so each entry is read once for both,
   * plus the far field at the point. A point meets itself on the list (its own leaf is never
   * summarised), at distance 0 with w = 1 and no force; so does each coincident copy, which
   * counts: Z's terms are the list's less 1, the object itself. Z is added in Z-order.
   */
  private sumList(
    tree: TreeArrays,
    node: number,
    depth: number,
    g0: number,
    g1: number,
    length: number,
    force: Float64Array,
  ): number {
    const { points, order, nodes } = tree;
    const { list, far } = this;
    const f = FAR_TERMS * depth;
    const at = NODE_STRIDE * node;
    const gx = ((nodes[at + 4] as number) + (nodes[at + 6] as number)) / 2;
    const gy = ((nodes[at + 5] as number) + (nodes[at + 7] as number)) / 2;
    let z = 0;
    for (let o = g0; o < g1; o += 2) {
      // A lone last point pairs with itself; only its first result is kept.
      const pair = o + 1 < g1;
      const pi = POINT_STRIDE * o;
      const pj = pair ? pi + POINT_STRIDE : pi;
      const xi = points[pi] as number;
      const yi = points[pi + 1] as number;
      const xj = points[pj] as number;
      const yj = points[pj + 1] as number;
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
        const dxj = xj - cx;
        const dyj = yj - cy;
        const wi = 1 / (1 + dxi * dxi + dyi * dyi);
        const wj = 1 / (1 + dxj * dxj + dyj * dyj);
        zi += size * wi;
        zj += size * wj;
        const mwi = size * wi * wi;
        const mwj = size * wj * wj;
        fxi += mwi * dxi;
        fyi += mwi * dyi;
        fxj += mwj * dxj;
        fyj += mwj * dyj;
      }
      const i = order[o] as number;
      z += (points[pi + 2] as number) * (zi - 1 + farPotential(far, f, xi - gx, yi - gy));
      force[2 * i] = fxi + farForce(far, f, xi - gx, yi - gy, 0);
      force[2 * i + 1] = fyi + farForce(far, f, xi - gx, yi - gy, 1);
      if (pair) {
        const j = order[o + 1] as number;
        z += (points[pj + 2] as number) * (zj - 1 + farPotential(far, f, xj - gx, yj - gy));
        force[2 * j] = fxj + farForce(far, f, xj - gx, yj - gy, 0);
        force[2 * j + 1] = fyj + farForce(far, f, xj - gx, yj - gy, 1);
      }
    }
    return z;
  }

  /** Room for twice as many levels (a tree deeper than any before). */
  private deepen(): void {
    const levels = this.kept.length;
    for (let d = 0; d < levels; d++) this.kept.push(new IntList());
    const far = new Float64Array(2 * this.far.length);
    far.set(this.far);
    this.far = far;
  }

  private growWork(least: number): Int32Array {
    return this.work.grow(least);
  }

  private growFarSources(): Float64Array {
    const longer = new Float64Array(2 * this.farSources.length);
    longer.set(this.farSources);
    this.farSources = longer;
    return longer;
  }

  private growList(): Float64Array {
    const longer = new Float64Array(2 * this.list.length);
    longer.set(this.list);
    this.list = longer;
    return longer;
  }
}

/**
 * Adds sources (4 numbers each: v = g − c, r2 = ‖v‖², size m) to the far field stored at far[f …]
 * about its centre g: ten Taylor coefficients at g, φ, F, ∂F/∂p (symmetric: xx, xy, yy) and ∂²F/∂p²
 * (symmetric in its three indices: xxx, xxy, xyy, yyy; ∂F = −½ ∂²φ, so these are φ's higher
 * derivatives too). With w = 1 / (1 + ‖v‖²) the source adds m w, m w² v, m (w² δ_ab − 4 v_a v_b
 * w³) and m (24 v_a v_b v_c w⁴ − 4 (δ_ab v_c + δ_ac v_b + δ_bc v_a) w³).
 */
export function addFarSources(
  far: Float64Array,
  f: number,
  sources: Float64Array,
  length: number,
): void {
  let phi = far[f] as number;
  let fx = far[f + 1] as number;
  let fy = far[f + 2] as number;
  let hxx = far[f + 3] as number;
  let hxy = far[f + 4] as number;
  let hyy = far[f + 5] as number;
  let txxx = far[f + 6] as number;
  let txxy = far[f + 7] as number;
  let txyy = far[f + 8] as number;
  let tyyy = far[f + 9] as number;
  for (let t = 0; t < length; t += 4) {
    const vx = sources[t] as number;
    const vy = sources[t + 1] as number;
    const size = sources[t + 3] as number;
    const w = 1 / (1 + (sources[t + 2] as number));
    const mw2 = size * w * w;
    const mw3 = mw2 * w;
    const mw4 = mw3 * w;
    phi += size * w;
    fx += mw2 * vx;
    fy += mw2 * vy;
    hxx += mw2 - 4 * vx * vx * mw3;
    hxy -= 4 * vx * vy * mw3;
    hyy += mw2 - 4 * vy * vy * mw3;
    txxx += vx * (24 * vx * vx * mw4 - 12 * mw3);
    txxy += vy * (24 * vx * vx * mw4 - 4 * mw3);
    txyy += vx * (24 * vy * vy * mw4 - 4 * mw3);
    tyyy += vy * (24 * vy * vy * mw4 - 12 * mw3);
  }
  far[f] = phi;
  far[f + 1] = fx;
  far[f + 2] = fy;
  far[f + 3] = hxx;
  far[f + 4] = hxy;
  far[f + 5] = hyy;
  far[f + 6] = txxx;
  far[f + 7] = txxy;
  far[f + 8] = txyy;
  far[f + 9] = tyyy;
}

/** F's component `axis` (0: x, 1: y) of the far field at far[f …] at δ = (ex, ey) from its centre, to second order in δ. */
export function farForce(
  far: Float64Array,
  f: number,
  ex: number,
  ey: number,
  axis: 0 | 1,
): number {
  const xx = ex * ex;
  const xy = ex * ey;
  const yy = ey * ey;
  if (axis === 0)
    return (
      (far[f + 1] as number) +
      (far[f + 3] as number) * ex +
      (far[f + 4] as number) * ey +
      0.5 *
        ((far[f + 6] as number) * xx +
          2 * (far[f + 7] as number) * xy +
          (far[f + 8] as number) * yy)
    );
  return (
    (far[f + 2] as number) +
    (far[f + 4] as number) * ex +
    (far[f + 5] as number) * ey +
    0.5 *
      ((far[f + 7] as number) * xx + 2 * (far[f + 8] as number) * xy + (far[f + 9] as number) * yy)
  );
}

/** φ of the far field at far[f …] at δ from its centre, to third order: φ − 2 F·δ − δᵀ(∂F)δ − ⅓ ∂²F[δ³]. */
export function farPotential(far: Float64Array, f: number, ex: number, ey: number): number {
  const xx = ex * ex;
  const yy = ey * ey;
  return (
    (far[f] as number) -
    2 * ((far[f + 1] as number) * ex + (far[f + 2] as number) * ey) -
    ((far[f + 3] as number) * xx +
      2 * (far[f + 4] as number) * ex * ey +
      (far[f + 5] as number) * yy) -
    ((far[f + 6] as number) * xx * ex +
      3 * (far[f + 7] as number) * xx * ey +
      3 * (far[f + 8] as number) * yy * ex +
      (far[f + 9] as number) * yy * ey) /
      3
  );
}

/**
 * The far field at far[from …] re-expanded about a centre δ away, into far[to …]: the same
 * polynomials (φ cubic, F quadratic in the offset), so exact.
 */
export function shiftFar(
  far: Float64Array,
  from: number,
  to: number,
  ex: number,
  ey: number,
): void {
  const txxx = far[from + 6] as number;
  const txxy = far[from + 7] as number;
  const txyy = far[from + 8] as number;
  const tyyy = far[from + 9] as number;
  far[to] = farPotential(far, from, ex, ey);
  far[to + 1] = farForce(far, from, ex, ey, 0);
  far[to + 2] = farForce(far, from, ex, ey, 1);
  far[to + 3] = (far[from + 3] as number) + txxx * ex + txxy * ey;
  far[to + 4] = (far[from + 4] as number) + txxy * ex + txyy * ey;
  far[to + 5] = (far[from + 5] as number) + txyy * ex + tyyy * ey;
  far[to + 6] = txxx;
  far[to + 7] = txxy;
  far[to + 8] = txyy;
  far[to + 9] = tyyy;
}
