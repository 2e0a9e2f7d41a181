/**
 * The four inter-coupled relative similarities of two values x, y of attribute j with respect
 * to attribute k (coupled attribute similarity, Wang et al. 2015 Defs. 5.2-5.3), from the ICP rows px = P_{k|j}(·|x), py = P_{k|j}(·|y):
 *
 *   IRSP (Eq. (8))  min over W ⊆ V_k of 2 − P(W|x) − P(V_k∖W|y)           (2^|V_k| subsets)
 *   IRSU (Eq. (10)) 2 − Σ_{v ∈ V_k} max(px(v), py(v))
 *   IRSJ (Eq. (11)) 2 − Σ_{v ∈ ϕ(x) ∪ ϕ(y)} max(px(v), py(v))
 *   IRSI (Eq. (12)) Σ_{v ∈ ϕ(x) ∩ ϕ(y)} min(px(v), py(v))
 *
 * All four equal 1 − TV(px, py) (Theorem 6.1); they differ in how many ICP values they read,
 * which each function adds to `ops.icp` (two per value or subset considered, as Table X counts).
 */
export type IrsVariant = 'P' | 'U' | 'J' | 'I';

export const IRS_VARIANTS: readonly IrsVariant[] = ['P', 'U', 'J', 'I'];

/** Above this many values of the conditioning attribute IRSP is refused (2^16 subsets a pair). */
export const IRSP_MAX_VALUES = 16;

export interface IrsOps {
  icp: number;
}

export interface IrsInput {
  px: Float64Array;
  py: Float64Array;
  /** Offsets of the two rows in px / py (the rows of one m_j × m_k table). */
  ox: number;
  oy: number;
  mk: number;
  /** ϕ(x), ϕ(y): the values of k co-occurring with x and with y (ascending). */
  phiX: Int32Array;
  phiY: Int32Array;
}

/** The input of x and y (local codes) from attribute j's ICP table to k (m_j × m_k) and ϕ lists. */
export function irsInput(
  cond: Float64Array,
  phi: readonly Int32Array[],
  x: number,
  y: number,
  mk: number,
): IrsInput {
  return {
    px: cond,
    py: cond,
    ox: x * mk,
    oy: y * mk,
    mk,
    phiX: phi[x] as Int32Array,
    phiY: phi[y] as Int32Array,
  };
}

export function irsPowerSet(d: IrsInput, ops: IrsOps): number {
  const { px, py, ox, oy, mk } = d;
  // Subsets in Gray-code order: one value enters or leaves W per step, so P(W|x) and P(W|y)
  // are updated in O(1); P(V∖W|y) = 1 − P(W|y) when y occurs, else 0.
  const yOccurs = rowSum(py, oy, mk) > 0;
  let inX = 0;
  let inY = 0;
  let best = 2 - 0 - (yOccurs ? 1 : 0); // W = ∅
  const total = 2 ** mk;
  let gray = 0;
  for (let s = 1; s < total; s++) {
    const next = s ^ (s >> 1);
    const v = 31 - Math.clz32(next ^ gray);
    const entering = (next & (1 << v)) !== 0;
    const sign = entering ? 1 : -1;
    inX += sign * (px[ox + v] as number);
    inY += sign * (py[oy + v] as number);
    gray = next;
    const complementY = yOccurs ? 1 - inY : 0;
    const value = 2 - inX - complementY;
    if (value < best) best = value;
  }
  ops.icp += 2 * total;
  return best;
}

export function irsUniversal(d: IrsInput, ops: IrsOps): number {
  let s = 0;
  for (let v = 0; v < d.mk; v++) s += Math.max(d.px[d.ox + v] as number, d.py[d.oy + v] as number);
  ops.icp += 2 * d.mk;
  return 2 - s;
}

export function irsJoint(d: IrsInput, ops: IrsOps): number {
  // Walk the union of the two sorted lists.
  let s = 0;
  let i = 0;
  let j = 0;
  let visited = 0;
  while (i < d.phiX.length || j < d.phiY.length) {
    const a = i < d.phiX.length ? (d.phiX[i] as number) : Infinity;
    const b = j < d.phiY.length ? (d.phiY[j] as number) : Infinity;
    const v = Math.min(a, b);
    if (a === v) i++;
    if (b === v) j++;
    s += Math.max(d.px[d.ox + v] as number, d.py[d.oy + v] as number);
    visited++;
  }
  ops.icp += 2 * visited;
  return 2 - s;
}

export function irsIntersection(d: IrsInput, ops: IrsOps): number {
  let s = 0;
  let i = 0;
  let j = 0;
  let visited = 0;
  while (i < d.phiX.length && j < d.phiY.length) {
    const a = d.phiX[i] as number;
    const b = d.phiY[j] as number;
    if (a < b) i++;
    else if (b < a) j++;
    else {
      s += Math.min(d.px[d.ox + a] as number, d.py[d.oy + a] as number);
      visited++;
      i++;
      j++;
    }
  }
  ops.icp += 2 * visited;
  return s;
}

export const IRS_FUNCTIONS: Readonly<Record<IrsVariant, (d: IrsInput, ops: IrsOps) => number>> = {
  P: irsPowerSet,
  U: irsUniversal,
  J: irsJoint,
  I: irsIntersection,
};

function rowSum(a: Float64Array, o: number, m: number): number {
  let s = 0;
  for (let v = 0; v < m; v++) s += a[o + v] as number;
  return s;
}
