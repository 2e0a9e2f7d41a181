import type { Neighbours } from '../neighbours/knn.ts';

/**
 * Symmetric joint probabilities P in compressed-row form; all entries sum to 1. When identical
 * objects were merged (tsne.ts), point i stands for multiplicity[i] objects, values[s] is the total
 * P over the object pairs of points i and columns[s], and self[i] the total over the pairs of i's
 * own copies (distance 0, no force, but part of P's mass and of the KL).
 */
export interface SparseAffinity {
  n: number;
  /** Row i's entries are at rowStart[i] … rowStart[i + 1] − 1. */
  rowStart: Int32Array;
  columns: Int32Array;
  values: Float64Array;
  multiplicity?: Float64Array | null;
  self?: Float64Array | null;
}

type Allocate = <K extends Int32ArrayConstructor | Float64ArrayConstructor>(
  kind: K,
  length: number,
) => InstanceType<K>;

const plain: Allocate = (kind, length) => new kind(length) as InstanceType<typeof kind>;

const ENTROPY_TOLERANCE = 1e-5;
const MAX_STEPS = 200;

/**
 * Conditional probabilities p(j|i) ∝ exp(−β_i d_ij²) over each point's k nearest neighbours, with
 * β_i found by binary search so the entropy equals log(perplexity) (van der Maaten 2014, Sec. 4.1),
 * then symmetrised: p_ij = (p(j|i) + p(i|j)) / 2n.
 *
 * With `multiplicity` (identical objects merged), the neighbour lists are of distinct points and
 * the calibration is the one of the expanded objects: point i's list is its m_i − 1 copies at
 * distance 0, then its neighbours, each counted m_j times, cut at `objects` objects (the last
 * neighbour partly) — the k-nearest-object list of every copy, up to how ties at one distance are
 * broken. Each conditional is then a point total, p(J|i) = c_j e^{−β d²} / S, and the joint
 * P_IJ = (m_i p(J|i) + m_j p(I|j)) / 2N, N = Σ m, is the sum over the object pairs.
 */
export function perplexityAffinities(
  nn: Neighbours,
  perplexity: number,
  multiplicity: Float64Array | null = null,
  objects: number = nn.k,
  /** Where P's arrays go (a team's shared memory, so its threads read P without a copy). */
  allocate: Allocate = plain,
): SparseAffinity {
  const { n, k, distances } = nn;
  const conditional = new Float64Array(n * k);
  const self = multiplicity ? new Float64Array(n) : null;
  const target = Math.log(perplexity);
  const squared = new Float64Array(k);
  const counts = multiplicity ? new Float64Array(k) : null;
  for (let i = 0; i < n; i++) {
    const base = i * k;
    let copies = 0;
    if (multiplicity && counts) {
      copies = Math.min((multiplicity[i] as number) - 1, objects);
      let left = objects - copies;
      for (let t = 0; t < k; t++) {
        const c = Math.min(multiplicity[nn.indices[base + t] as number] as number, left);
        counts[t] = c;
        left -= c;
      }
    }
    // Distances are shifted by the nearest one: the same probabilities, no underflow.
    const nearest = copies > 0 ? 0 : (distances[base] as number) ** 2;
    for (let t = 0; t < k; t++) squared[t] = (distances[base + t] as number) ** 2 - nearest;
    const own = calibrateRow(squared, counts, copies, target, conditional, base);
    if (self) self[i] = own;
  }
  return symmetrise(nn, conditional, multiplicity, self, allocate);
}

/**
 * Calibrates one row; with counts, entry t stands for counts[t] objects and `copies` more sit at
 * shifted distance 0. Returns the conditional mass of those copies.
 */
function calibrateRow(
  squared: Float64Array,
  counts: Float64Array | null,
  copies: number,
  target: number,
  out: Float64Array,
  base: number,
): number {
  const k = squared.length;
  let beta = 1;
  let lo = -Infinity;
  let hi = Infinity;
  for (let step = 0; step < MAX_STEPS; step++) {
    let sum = copies;
    let weighted = 0;
    for (let t = 0; t < k; t++) {
      const p = (counts ? (counts[t] as number) : 1) * Math.exp(-beta * (squared[t] as number));
      out[base + t] = p;
      sum += p;
      weighted += p * (squared[t] as number);
    }
    // H = log Σp + β Σ p d² / Σp; with counts the sums run over objects (c_t objects of weight
    // e^{−β d_t²} each, the copies at d = 0), which is the same formula on the weighted sums.
    const entropy = Math.log(sum) + (beta * weighted) / sum;
    const gap = entropy - target;
    if (Math.abs(gap) < ENTROPY_TOLERANCE) break;
    if (gap > 0) {
      lo = beta;
      beta = hi === Infinity ? beta * 2 : (beta + hi) / 2;
    } else {
      hi = beta;
      beta = lo === -Infinity ? beta / 2 : (beta + lo) / 2;
    }
  }
  let sum = copies;
  for (let t = 0; t < k; t++) sum += out[base + t] as number;
  for (let t = 0; t < k; t++) out[base + t] = (out[base + t] as number) / sum;
  return copies / sum;
}

/** (P + Pᵀ) / 2n over the union of both directions' neighbour lists (weighted: see above). */
function symmetrise(
  nn: Neighbours,
  conditional: Float64Array,
  multiplicity: Float64Array | null,
  self: Float64Array | null,
  allocate: Allocate,
): SparseAffinity {
  const { n, k, indices } = nn;
  const degree = new Int32Array(n);
  for (let i = 0; i < n; i++)
    for (let t = 0; t < k; t++) {
      const j = indices[i * k + t] as number;
      degree[i] = (degree[i] as number) + 1;
      if (!hasNeighbour(indices, k, j, i)) degree[j] = (degree[j] as number) + 1;
    }
  const rowStart = allocate(Int32Array, n + 1);
  for (let i = 0; i < n; i++) rowStart[i + 1] = (rowStart[i] as number) + (degree[i] as number);
  const fill = rowStart.slice(0, n);
  const columns = allocate(Int32Array, rowStart[n] as number);
  const values = allocate(Float64Array, rowStart[n] as number);
  let objects = n;
  if (multiplicity) {
    objects = 0;
    for (let i = 0; i < n; i++) objects += multiplicity[i] as number;
  }
  const scale = 1 / (2 * objects);
  const m = (i: number): number => (multiplicity ? (multiplicity[i] as number) : 1);
  for (let i = 0; i < n; i++)
    for (let t = 0; t < k; t++) {
      const j = indices[i * k + t] as number;
      const pji = m(i) * (conditional[i * k + t] as number);
      const back = neighbourSlot(indices, k, j, i);
      // The pair is written once from each side: from i always, from j only if i is not in j's list.
      const pij = back < 0 ? 0 : m(j) * (conditional[j * k + back] as number);
      const p = (pji + pij) * scale;
      put(i, j, p);
      if (back < 0) put(j, i, p);
    }
  // The copies' own pairs: m_i · s_i from each direction.
  if (self) for (let i = 0; i < n; i++) self[i] = 2 * m(i) * (self[i] as number) * scale;
  return { n, rowStart, columns, values, multiplicity, self };

  function put(row: number, column: number, p: number): void {
    const slot = fill[row] as number;
    columns[slot] = column;
    values[slot] = p;
    fill[row] = slot + 1;
  }
}

function neighbourSlot(indices: Int32Array, k: number, i: number, j: number): number {
  const base = i * k;
  for (let t = 0; t < k; t++) if (indices[base + t] === j) return t;
  return -1;
}

function hasNeighbour(indices: Int32Array, k: number, i: number, j: number): boolean {
  return neighbourSlot(indices, k, i, j) >= 0;
}
