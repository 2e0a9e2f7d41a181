import type { Neighbours } from './knn.ts';

/** Symmetric joint probabilities P in compressed-row form; all entries sum to 1. */
export interface SparseAffinity {
  n: number;
  /** Row i's entries are at rowStart[i] … rowStart[i + 1] − 1. */
  rowStart: Int32Array;
  columns: Int32Array;
  values: Float64Array;
}

const ENTROPY_TOLERANCE = 1e-5;
const MAX_STEPS = 200;

/**
 * Conditional probabilities p(j|i) ∝ exp(−β_i d_ij²) over each point's k nearest neighbours, with
 * β_i found by binary search so the entropy equals log(perplexity) (van der Maaten 2014, Sec. 4.1),
 * then symmetrised: p_ij = (p(j|i) + p(i|j)) / 2n.
 */
export function perplexityAffinities(nn: Neighbours, perplexity: number): SparseAffinity {
  const { n, k, distances } = nn;
  const conditional = new Float64Array(n * k);
  const target = Math.log(perplexity);
  const squared = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    const base = i * k;
    // Distances are shifted by the nearest one: the same probabilities, no underflow.
    const nearest = (distances[base] as number) ** 2;
    for (let t = 0; t < k; t++) squared[t] = (distances[base + t] as number) ** 2 - nearest;
    calibrateRow(squared, target, conditional, base);
  }
  return symmetrise(nn, conditional);
}

function calibrateRow(squared: Float64Array, target: number, out: Float64Array, base: number) {
  const k = squared.length;
  let beta = 1;
  let lo = -Infinity;
  let hi = Infinity;
  for (let step = 0; step < MAX_STEPS; step++) {
    let sum = 0;
    let weighted = 0;
    for (let t = 0; t < k; t++) {
      const p = Math.exp(-beta * (squared[t] as number));
      out[base + t] = p;
      sum += p;
      weighted += p * (squared[t] as number);
    }
    // H = log Σp + β Σ p d² / Σp
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
  let sum = 0;
  for (let t = 0; t < k; t++) sum += out[base + t] as number;
  for (let t = 0; t < k; t++) out[base + t] = (out[base + t] as number) / sum;
}

/** (P + Pᵀ) / 2n over the union of both directions' neighbour lists. */
function symmetrise(nn: Neighbours, conditional: Float64Array): SparseAffinity {
  const { n, k, indices } = nn;
  const degree = new Int32Array(n);
  for (let i = 0; i < n; i++)
    for (let t = 0; t < k; t++) {
      const j = indices[i * k + t] as number;
      degree[i] = (degree[i] as number) + 1;
      if (!hasNeighbour(indices, k, j, i)) degree[j] = (degree[j] as number) + 1;
    }
  const rowStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) rowStart[i + 1] = (rowStart[i] as number) + (degree[i] as number);
  const fill = rowStart.slice(0, n);
  const columns = new Int32Array(rowStart[n] as number);
  const values = new Float64Array(rowStart[n] as number);
  const scale = 1 / (2 * n);
  for (let i = 0; i < n; i++)
    for (let t = 0; t < k; t++) {
      const j = indices[i * k + t] as number;
      const pji = conditional[i * k + t] as number;
      const back = neighbourSlot(indices, k, j, i);
      // The pair is written once from each side: from i always, from j only if i is not in j's list.
      const pij = back < 0 ? 0 : (conditional[j * k + back] as number);
      const p = (pji + pij) * scale;
      put(i, j, p);
      if (back < 0) put(j, i, p);
    }
  return { n, rowStart, columns, values };

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
