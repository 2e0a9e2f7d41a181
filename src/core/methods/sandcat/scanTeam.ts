/**
 * SAnDCat's scan (scan.ts) split across a team (core/parallel/team.ts): each distinct tested
 * object is scored on its own — its look-up, its group tables, its distance to every candidate,
 * its k best — so a task takes a chunk of the objects to score and writes only their scores and
 * impacts. Each object's sums run in the same order on any thread: the scores are the same bit
 * for bit whatever the team (and the same as the scan has always given: one code path).
 */
import { teamKernel } from '../../parallel/teamKernel.ts';
import { fillGroupTables } from './groups.ts';
import { fillLookup, type ValueLookup } from './lookup.ts';
import { BestK } from './selection.ts';

const KERNEL = teamKernel('sandcat-scan', scanKernel);
/** Objects a task. */
export const SCAN_CHUNK = 32;

export const PICK_ALL = 0;
export const PICK_NEAREST = 1;
export const PICK_FARTHEST = 2;

export interface ScanInputs {
  D: number;
  /** Distinct candidates and groups of attributes. */
  U: number;
  G: number;
  k: number;
  /** PICK_ALL, PICK_NEAREST or PICK_FARTHEST. */
  pick: number;
  nValues: number;
  groupCellCount: number;
  /** The table's layout and the groups (groups.ts). */
  offsets: Int32Array;
  widths: Int32Array;
  memberStart: Int32Array;
  memberList: Int32Array;
  start: Int32Array;
  /** The DILCA model's value tables. */
  tables: Float64Array;
  tableStart: Int32Array;
  /** Candidates: each one's cell per group (U × G), values (U × D) and copies. */
  cells: Int32Array;
  candidates: Int32Array;
  multiplicity: Int32Array;
  /** Tested tuples' values, each scored row's tuple and own training tuple (empty: none). */
  testedValues: Int32Array;
  tupleOfRow: Int32Array;
  selfTuple: Int32Array;
  /** The rows to score (the first row of each distinct pair), in row order. */
  todo: Int32Array;
  /** params[0]: the step's first chunk. Outputs: per scored row, and rows × D. */
  params: Int32Array;
  scores: Float64Array;
  impacts: Float64Array;
}

/** A thread's instance: its own look-up, group tables, distances and heap. */
function scanKernel(inputs: ScanInputs) {
  const scratch: Scratch = {
    lookup: { plain: new Float64Array(inputs.nValues), squared: new Float64Array(inputs.nValues) },
    groupSq: new Float64Array(inputs.groupCellCount),
    d2: new Float64Array(inputs.U),
    rowImpact: new Float64Array(inputs.D),
    best: new BestK(inputs.pick === PICK_ALL ? 0 : inputs.k),
  };
  return {
    task(index: number) {
      const from = ((inputs.params[0] as number) + index) * SCAN_CHUNK;
      const to = Math.min(inputs.todo.length, from + SCAN_CHUNK);
      for (let j = from; j < to; j++) scoreRow(inputs, scratch, inputs.todo[j] as number);
    },
  };
}

export { KERNEL as SCAN_KERNEL };

interface Scratch {
  lookup: ValueLookup;
  groupSq: Float64Array;
  d2: Float64Array;
  rowImpact: Float64Array;
  best: BestK;
}

/**
 * OS of one scored row (Eq. (3)): Σ over its representatives of √(dist²), dist² summed by
 * groups; and its attribute distance impact, the mean m_a(t_a, d_a) over them (Sec. IV-C-2).
 */
function scoreRow(inputs: ScanInputs, scratch: Scratch, row: number): void {
  const { D, U, G, k, cells, candidates: cv, multiplicity } = inputs;
  const { lookup, groupSq, d2, rowImpact, best } = scratch;
  const t = inputs.tupleOfRow[row] as number;
  const own = inputs.selfTuple.length > 0 ? (inputs.selfTuple[row] as number) : -1;
  fillLookup(lookup, inputs, inputs, inputs.testedValues, t * D);
  fillGroupTables(inputs, lookup.squared, groupSq);
  for (let u = 0; u < U; u++) {
    let sum = 0;
    for (let g = 0; g < G; g++) sum += groupSq[cells[u * G + g] as number] as number;
    d2[u] = sum;
  }
  let os = 0;
  let taken = 0;
  rowImpact.fill(0);
  const take = (u: number, copies: number): void => {
    os += copies * Math.sqrt(d2[u] as number);
    taken += copies;
    for (let a = 0; a < D; a++)
      rowImpact[a] =
        (rowImpact[a] as number) + copies * (lookup.plain[cv[u * D + a] as number] as number);
  };
  if (inputs.pick === PICK_ALL) for (let u = 0; u < U; u++) take(u, multiplicity[u] as number);
  else {
    const sign = inputs.pick === PICK_FARTHEST ? -1 : 1;
    best.clear();
    // Once k are kept, only a candidate better than the worst kept one gets in (BestK's order).
    let worstKey = Infinity;
    let worstId = -1;
    for (let u = 0; u < U; u++) {
      const key = sign * (d2[u] as number);
      if (key > worstKey || (key === worstKey && u > worstId)) continue;
      if (u === own && (multiplicity[u] as number) === 1) continue;
      best.push(key, u);
      if (best.size === k) [worstKey, worstId] = best.worst();
    }
    // The k best distinct tuples hold the k best objects; take copies until k are taken.
    let left = k;
    for (const u of best.sorted()) {
      if (left === 0) break;
      const copies = Math.min(left, (multiplicity[u] as number) - (u === own ? 1 : 0));
      left -= copies;
      take(u, copies);
    }
  }
  inputs.scores[row] = os;
  for (let a = 0; a < D; a++)
    inputs.impacts[row * D + a] = taken > 0 ? (rowImpact[a] as number) / taken : 0;
}
