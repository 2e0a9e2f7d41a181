/**
 * LOF-OF's passes (lofOf.ts) split across a team (core/parallel/team.ts): every pass handles each
 * distinct object on its own — a row of OF distances to the F distinct fit objects, then sums
 * over the object's neighbourhood — so a task takes a chunk of objects and writes their slots
 * only; the sums run in the same order on any thread, and the scores are the same bit for bit
 * whatever the team.
 *
 * The k-distance pass keeps each neighbourhood (ids and distances) in a shared store: a task
 * claims room for an object's neighbourhood with an atomic add, so where it lands depends on the
 * threads, but what it holds and the order the later passes read it do not. When the store
 * would exceed its budget the densities and factors recompute each object's row instead.
 */
import { kthSmallest } from '../../base/select.ts';
import { numbered, teamKernel } from '../../parallel/teamKernel.ts';

const KERNEL = teamKernel('lof-of', lofKernel);
/** Objects a task: a task is CHUNK rows of F distances. */
export const LOF_CHUNK = 64;

/**
 * params cells: the phase, the first chunk of the step's tasks, the store's next free entry
 * (claimed by Atomics.add), and a flag set when a neighbourhood did not fit the store.
 */
export const CELL = numbered('phase', 'first', 'cursor', 'overflow');
/** Phases */
export const PHASE = numbered(
  'kDistances',
  'densitiesKept',
  'factorsKept',
  'densities',
  'factors',
  'outside',
);

export interface LofInputs {
  /** Distinct fit objects, attributes, neighbours (k, lowered to F − 1). */
  F: number;
  D: number;
  k: number;
  /** codes[a·F + j]: fit object j's local code in attribute a. */
  fitCodes: Int32Array;
  weight: Int32Array;
  /** log(N/f(v)) of every global value over the fit rows (∞ when absent). */
  lg: Float64Array;
  offsets: Int32Array;
  widths: Int32Array;
  /** Distinct scored objects outside the fit rows: codes (attribute-major), their fit twin or −1. */
  S: number;
  outsideCodes: Int32Array;
  outsideSelf: Int32Array;
  /** Per fit object: k-distance, lrd, LOF; per outside object: LOF. */
  kdist: Float64Array;
  lrd: Float64Array;
  lofFit: Float64Array;
  lofOutside: Float64Array;
  /** The neighbourhood of fit object j: ids and distances at start[j] …, count[j] entries. */
  ids: Int32Array;
  distances: Float64Array;
  start: Int32Array;
  count: Int32Array;
  params: Int32Array;
}

/** 1 − S_a(x, y) of OF for two values' log inverse frequencies. */
export function ofDissimilarity(lgx: number, lgy: number): number {
  if (lgx === Infinity || lgy === Infinity) return 1; // a value unseen in the fit rows
  const p = lgx * lgy;
  return p / (1 + p); // 1 − 1/(1 + p)
}

/** A thread's instance: its own row of distances and scratch. */
function lofKernel(inputs: LofInputs) {
  const { F, D, params } = inputs;
  const dist = new Float64Array(F);
  const scratch = new Float64Array(F);
  const query = new Int32Array(D);
  const tables = Array.from(inputs.widths, (w) => new Float64Array(w));
  const row = (codes: Int32Array, count: number, j: number): void => {
    for (let a = 0; a < D; a++) query[a] = codes[a * count + j] as number;
    ofRow(inputs, query, tables, dist);
  };
  /** The k-distinct-distance: the k-th smallest distance to a location other than `self`. */
  const kDistance = (self: number): number => {
    let m = 0;
    for (let j = 0; j < F; j++) if (j !== self) scratch[m++] = dist[j] as number;
    return kthSmallest(scratch, m, Math.min(inputs.k, m));
  };
  return {
    task(index: number) {
      const phase = params[CELL.phase] as number;
      const from = ((params[CELL.first] as number) + index) * LOF_CHUNK;
      const to = Math.min(phase === PHASE.outside ? inputs.S : F, from + LOF_CHUNK);
      for (let j = from; j < to; j++) {
        if (phase === PHASE.kDistances) {
          row(inputs.fitCodes, F, j);
          inputs.kdist[j] = kDistance(j);
          keep(inputs, dist, j);
        } else if (phase === PHASE.densitiesKept || phase === PHASE.factorsKept) {
          const sums = keptSums(inputs, j);
          if (phase === PHASE.densitiesKept) inputs.lrd[j] = sums.count / sums.reach;
          else inputs.lofFit[j] = sums.lrdSum / (sums.count * (inputs.lrd[j] as number));
        } else if (phase === PHASE.densities || phase === PHASE.factors) {
          row(inputs.fitCodes, F, j);
          const copies = (inputs.weight[j] as number) - 1;
          const sums = rowSums(inputs, dist, j, copies, inputs.kdist[j] as number);
          if (phase === PHASE.densities) inputs.lrd[j] = sums.count / sums.reach;
          else inputs.lofFit[j] = sums.lrdSum / (sums.count * (inputs.lrd[j] as number));
        } else {
          row(inputs.outsideCodes, inputs.S, j);
          const self = inputs.outsideSelf[j] as number;
          const copies = self >= 0 ? (inputs.weight[self] as number) : 0;
          const { count, reach, lrdSum } = rowSums(inputs, dist, self, copies, kDistance(self));
          inputs.lofOutside[j] = lrdSum / (count * (count / reach));
        }
      }
    },
  };
}

export { KERNEL as LOF_KERNEL };

/** dist[j] = d(query, j) = (1/D) Σ_a (1 − S_a), gathered attribute by attribute. */
function ofRow(
  inputs: LofInputs,
  query: Int32Array,
  tables: Float64Array[],
  dist: Float64Array,
): void {
  const { F, D, fitCodes, lg, offsets } = inputs;
  dist.fill(0);
  for (let a = 0; a < D; a++) {
    const row = tables[a] as Float64Array;
    const offset = offsets[a] as number;
    const x = query[a] as number;
    const lgx = lg[offset + x] as number;
    for (let y = 0; y < row.length; y++)
      row[y] = y === x ? 0 : ofDissimilarity(lgx, lg[offset + y] as number);
    const base = a * F;
    for (let j = 0; j < F; j++)
      dist[j] = (dist[j] as number) + (row[fitCodes[base + j] as number] as number);
  }
  for (let j = 0; j < F; j++) dist[j] = (dist[j] as number) / D;
}

/** Keeps fit object j's neighbourhood (every other object within its k-distance) in the store. */
function keep(inputs: LofInputs, dist: Float64Array, j: number): void {
  const { F, ids, distances, params } = inputs;
  const kd = inputs.kdist[j] as number;
  let count = 0;
  for (let o = 0; o < F; o++) if (o !== j && (dist[o] as number) <= kd) count++;
  const at = Atomics.add(params, CELL.cursor, count);
  inputs.count[j] = count;
  if (at + count > ids.length) {
    Atomics.store(params, CELL.overflow, 1);
    return;
  }
  inputs.start[j] = at;
  for (let o = 0, e = at; o < F; o++)
    if (o !== j && (dist[o] as number) <= kd) {
      ids[e] = o;
      distances[e++] = dist[o] as number;
    }
}

interface Sums {
  count: number;
  reach: number;
  lrdSum: number;
}

/** |N|, Σ reach-dist and Σ lrd over the kept neighbourhood of fit object j (its copies: w − 1). */
function keptSums(inputs: LofInputs, j: number): Sums {
  const { weight, kdist, lrd, ids, distances } = inputs;
  const selfCopies = (weight[j] as number) - 1;
  let count = selfCopies;
  let reach = selfCopies * (kdist[j] as number);
  let lrdSum = selfCopies * (lrd[j] as number);
  const from = inputs.start[j] as number;
  const to = from + (inputs.count[j] as number);
  for (let e = from; e < to; e++) {
    const o = ids[e] as number;
    const w = weight[o] as number;
    count += w;
    reach += w * Math.max(kdist[o] as number, distances[e] as number);
    lrdSum += w * (lrd[o] as number);
  }
  return { count, reach, lrdSum };
}

/**
 * The same sums for a query whose own location is `self` (−1: none) with `selfCopies` copies of
 * it at distance 0, the other neighbours from its row of distances.
 */
function rowSums(
  inputs: LofInputs,
  dist: Float64Array,
  self: number,
  selfCopies: number,
  kd: number,
): Sums {
  const { F, weight, kdist, lrd } = inputs;
  let count = selfCopies;
  let reach = self >= 0 ? selfCopies * (kdist[self] as number) : 0;
  let lrdSum = self >= 0 ? selfCopies * (lrd[self] as number) : 0;
  for (let j = 0; j < F; j++) {
    const d = dist[j] as number;
    if (j === self || d > kd) continue;
    const w = weight[j] as number;
    count += w;
    reach += w * Math.max(kdist[j] as number, d);
    lrdSum += w * (lrd[j] as number);
  }
  return { count, reach, lrdSum };
}
