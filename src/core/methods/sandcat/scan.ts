import type { ValueTables } from '../dilca/dilcaModel.ts';
import { pacer, type Progress, type Steps } from '../../base/jobs.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { attributeGroups, fillGroupTables, groupCells } from './groups.ts';
import { createLookup, fillLookup } from './lookup.ts';
import { BestK } from './selection.ts';
import type { DistinctTuples } from './tuples.ts';

/** Where a scan writes: the scores and impacts of the scored rows (rows × D). */
export interface ScanOutput {
  scores: Float64Array;
  impacts: Float64Array;
}

/**
 * Scores every distinct tested object against the candidate tuples (DILCA/SAnDCat, Ienco et al. 2016, Eq. (3)): all of
 * them ('all', the fixed representatives) or the k nearest / farthest (left out: one copy of the
 * tested row's own tuple when it is a training row). Results are written to every row holding
 * the tuple.
 *
 * The work is one distance per (distinct tested object, distinct candidate): a million rows
 * against a quarter of a million training tuples is 2.5·10¹¹ of them, hours. So the scan reports
 * its progress by the objects scored among all there are to score (rows repeating an earlier one
 * cost nothing), each distance is a handful of look-ups (dist² = Σ_g over groups of attributes of
 * a cell of the tested object's group table, groups.ts), and a candidate no better than the k
 * kept so far is turned away before the heap is touched.
 */
export function* scanCandidates(
  table: CategoricalTable,
  model: ValueTables,
  tested: DistinctTuples,
  candidates: DistinctTuples,
  selfTuple: Int32Array | null,
  k: number,
  pick: 'all' | 'nearest' | 'farthest',
  out: ScanOutput,
  nScored: number,
): Steps<void> {
  const D = table.attributes.length;
  const { scores, impacts } = out;
  const lookup = createLookup(table);
  const best = new BestK(pick === 'all' ? 0 : k);
  const cv = candidates.values;
  const U = candidates.size;
  const multiplicity = candidates.multiplicity;
  const groups = attributeGroups(table);
  const G = groups.members.length;
  const cells = groupCells(table, groups, cv, U);
  const groupSq = new Float64Array(groups.cells);
  const d2 = new Float64Array(U);
  const { first, objects } = firstRows(tested, selfTuple, nScored);
  const rowImpact = new Float64Array(D);
  const sign = pick === 'farthest' ? -1 : 1;
  const pace = pacer(1 << 22);
  let scored = 0;
  const progress = (): Progress => ({
    fraction: objects > 0 ? scored / objects : 1,
    message: `Scoring objects against the normal model: ${scored.toLocaleString('en-US')} of ${objects.toLocaleString('en-US')} distinct objects`,
  });
  yield progress();
  for (let row = 0; row < nScored; row++) {
    const earlier = first[row] as number;
    if (earlier >= 0) {
      scores[row] = scores[earlier] as number;
      impacts.copyWithin(row * D, earlier * D, earlier * D + D);
      continue;
    }
    const t = tested.tupleOfRow[row] as number;
    const own = selfTuple ? (selfTuple[row] as number) : -1;
    fillLookup(lookup, table, model, tested.values, t * D);
    fillGroupTables(table, groups, lookup.squared, groupSq);
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
    if (pick === 'all') for (let u = 0; u < U; u++) take(u, multiplicity[u] as number);
    else {
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
    scores[row] = os;
    for (let a = 0; a < D; a++)
      impacts[row * D + a] = taken > 0 ? (rowImpact[a] as number) / taken : 0;
    scored++;
    if (pace(U * G)) yield progress();
  }
}

/**
 * One result per (tested tuple, own training tuple): for each scored row, the earlier row with
 * the same pair (−1 for the first), and how many distinct pairs there are to score. A row's own
 * training tuple holds the row's values, so a tested tuple has at most two: none (−1), or the one
 * training tuple equal to it — two arrays over the tested tuples, no map.
 */
function firstRows(
  tested: DistinctTuples,
  selfTuple: Int32Array | null,
  nScored: number,
): { first: Int32Array; objects: number } {
  const withoutOwn = new Int32Array(tested.size).fill(-1);
  const withOwn = new Int32Array(tested.size).fill(-1);
  const first = new Int32Array(nScored).fill(-1);
  let objects = 0;
  for (let row = 0; row < nScored; row++) {
    const t = tested.tupleOfRow[row] as number;
    const seen = selfTuple && (selfTuple[row] as number) >= 0 ? withOwn : withoutOwn;
    const earlier = seen[t] as number;
    if (earlier >= 0) first[row] = earlier;
    else {
      seen[t] = row;
      objects++;
    }
  }
  return { first, objects };
}
