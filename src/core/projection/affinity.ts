import type { Neighbours } from '../neighbours/knn.ts';
import { serialTeam, shareWith, type Team } from '../parallel/team.ts';
import { teamKernel } from '../parallel/teamKernel.ts';

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
  /**
   * Calibrates the rows on this team, and P's arrays go to its memory (so that its threads read P
   * without a copy). The rows are independent, so P is the same whatever the team.
   */
  team: Team = serialTeam,
): SparseAffinity {
  const { n, k } = nn;
  const inputs: CalibrationInputs = {
    n,
    k,
    objects,
    target: Math.log(perplexity),
    distances: shareWith(team, nn.distances),
    indices: shareWith(team, nn.indices),
    multiplicity: multiplicity ? shareWith(team, multiplicity) : team.allocate(Float64Array, 0),
    conditional: team.allocate(Float64Array, n * k),
    self: team.allocate(Float64Array, multiplicity ? n : 0),
  };
  const binding = KERNEL.bind(team, inputs);
  try {
    binding.run(Math.ceil(n / ROWS_PER_TASK));
  } finally {
    binding.release();
  }
  const self = multiplicity ? inputs.self : null;
  return symmetrise(nn, inputs.conditional, multiplicity, self, team);
}

const KERNEL = teamKernel('tsne.calibrate', calibrationKernel);
/** Rows a calibration task. */
const ROWS_PER_TASK = 1024;

interface CalibrationInputs {
  n: number;
  k: number;
  /** Objects each row's list stands for (with multiplicities; else k). */
  objects: number;
  /** log(perplexity). */
  target: number;
  /** n × k, as the neighbour lists. */
  distances: Float64Array;
  indices: Int32Array;
  /** Empty when no object was merged. */
  multiplicity: Float64Array;
  /** n × k: p(j|i), written by the tasks. */
  conditional: Float64Array;
  /** n (empty when no object was merged): the conditional mass of each row's own copies. */
  self: Float64Array;
}

function calibrationKernel(inputs: CalibrationInputs) {
  return {
    task(index: number) {
      const from = index * ROWS_PER_TASK;
      calibrateRows(inputs, from, Math.min(inputs.n, from + ROWS_PER_TASK));
    },
  };
}

/** Rows from … to − 1 of the conditionals (and of self). */
function calibrateRows(inputs: CalibrationInputs, from: number, to: number): void {
  const { k, objects, target, distances, indices, conditional } = inputs;
  const multiplicity = inputs.multiplicity.length > 0 ? inputs.multiplicity : null;
  const squared = new Float64Array(k);
  const counts = multiplicity ? new Float64Array(k) : null;
  for (let i = from; i < to; i++) {
    const base = i * k;
    let copies = 0;
    if (multiplicity && counts) {
      copies = Math.min((multiplicity[i] as number) - 1, objects);
      let left = objects - copies;
      for (let t = 0; t < k; t++) {
        const c = Math.min(multiplicity[indices[base + t] as number] as number, left);
        counts[t] = c;
        left -= c;
      }
    }
    // Distances are shifted by the nearest one: the same probabilities, no underflow.
    const nearest = copies > 0 ? 0 : (distances[base] as number) ** 2;
    for (let t = 0; t < k; t++) squared[t] = (distances[base + t] as number) ** 2 - nearest;
    const own = calibrateRow(squared, counts, copies, target, conditional, base);
    if (multiplicity) inputs.self[i] = own;
  }
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

/**
 * (P + Pᵀ) / 2n over the union of both directions' neighbour lists (weighted: see above). Row r
 * holds, in this order, the entries of the objects i < r that list r but are not in r's list
 * (ascending i), r's own list, then those of the objects i > r — the order in which a pass over
 * i, then over i's list, meets them. The reverse lists (who lists r, and where) make each lookup
 * O(1): O(n k) in all, not O(n k²) (at 100,000 points and k = 90, 0.8 billion slot scans).
 */
function symmetrise(
  nn: Neighbours,
  conditional: Float64Array,
  multiplicity: Float64Array | null,
  self: Float64Array | null,
  team: Team,
): SparseAffinity {
  const { n, k, indices } = nn;
  const { reverseStart, reverseFrom, reverseSlot } = reverseLists(indices, n, k);
  // stamp[j] = 1 + j's slot in the current row's list, or 0.
  const stamp = new Int32Array(n);
  const degree = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    for (let t = 0; t < k; t++) stamp[indices[i * k + t] as number] = t + 1;
    let extra = 0;
    const end = reverseStart[i + 1] as number;
    for (let s = reverseStart[i] as number; s < end; s++)
      if (stamp[reverseFrom[s] as number] === 0) extra++;
    degree[i] = k + extra;
    for (let t = 0; t < k; t++) stamp[indices[i * k + t] as number] = 0;
  }
  const rowStart = team.allocate(Int32Array, n + 1);
  for (let i = 0; i < n; i++) rowStart[i + 1] = (rowStart[i] as number) + (degree[i] as number);
  const columns = team.allocate(Int32Array, rowStart[n] as number);
  const values = team.allocate(Float64Array, rowStart[n] as number);
  let objects = n;
  if (multiplicity) {
    objects = 0;
    for (let i = 0; i < n; i++) objects += multiplicity[i] as number;
  }
  const scale = 1 / (2 * objects);
  const m = (i: number): number => (multiplicity ? (multiplicity[i] as number) : 1);
  // mine[i] = 1 when i is in the current row's own list.
  const mine = new Uint8Array(n);
  for (let r = 0; r < n; r++) {
    const base = r * k;
    const from = reverseStart[r] as number;
    const end = reverseStart[r + 1] as number;
    for (let s = from; s < end; s++)
      stamp[reverseFrom[s] as number] = (reverseSlot[s] as number) + 1;
    for (let t = 0; t < k; t++) mine[indices[base + t] as number] = 1;
    let slot = rowStart[r] as number;
    let s = from;
    // The objects i < r that list r but that r does not list: p is i's side alone.
    for (; s < end && (reverseFrom[s] as number) < r; s++) slot = reverseOnly(s, slot);
    for (let t = 0; t < k; t++) {
      const j = indices[base + t] as number;
      const back = (stamp[j] as number) - 1;
      const pji = m(r) * (conditional[base + t] as number);
      const pij = back < 0 ? 0 : m(j) * (conditional[j * k + back] as number);
      columns[slot] = j;
      values[slot++] = (pji + pij) * scale;
    }
    for (; s < end; s++) slot = reverseOnly(s, slot);
    for (let q = from; q < end; q++) stamp[reverseFrom[q] as number] = 0;
    for (let t = 0; t < k; t++) mine[indices[base + t] as number] = 0;
  }
  // The copies' own pairs: m_i · s_i from each direction.
  if (self) for (let i = 0; i < n; i++) self[i] = 2 * m(i) * (self[i] as number) * scale;
  return { n, rowStart, columns, values, multiplicity, self };

  /** Writes reverse entry s (i lists the row at slot reverseSlot[s]) unless the row lists i. */
  function reverseOnly(s: number, slot: number): number {
    const i = reverseFrom[s] as number;
    if (mine[i] === 1) return slot;
    columns[slot] = i;
    values[slot] = m(i) * (conditional[i * k + (reverseSlot[s] as number)] as number) * scale;
    return slot + 1;
  }
}

/** For each object r, the objects i whose lists hold r (ascending i) and r's slot in each. */
function reverseLists(
  indices: Int32Array,
  n: number,
  k: number,
): { reverseStart: Int32Array; reverseFrom: Int32Array; reverseSlot: Int32Array } {
  const reverseStart = new Int32Array(n + 1);
  for (let e = 0; e < n * k; e++) {
    const r = (indices[e] as number) + 1;
    reverseStart[r] = (reverseStart[r] as number) + 1;
  }
  for (let r = 0; r < n; r++)
    reverseStart[r + 1] = (reverseStart[r + 1] as number) + (reverseStart[r] as number);
  const fill = reverseStart.slice(0, n);
  const reverseFrom = new Int32Array(n * k);
  const reverseSlot = new Int32Array(n * k);
  for (let i = 0; i < n; i++)
    for (let t = 0; t < k; t++) {
      const r = indices[i * k + t] as number;
      const at = fill[r] as number;
      reverseFrom[at] = i;
      reverseSlot[at] = t;
      fill[r] = at + 1;
    }
  return { reverseStart, reverseFrom, reverseSlot };
}
