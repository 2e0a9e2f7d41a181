import type { ValueTables } from '../dilca/dilcaModel.ts';
import type { Progress, Steps } from '../../base/jobs.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { serialTeam, shareWith, type Team } from '../../parallel/team.ts';
import { attributeGroups, groupCells } from './groups.ts';
import {
  PICK_ALL,
  PICK_FARTHEST,
  PICK_NEAREST,
  SCAN_CHUNK,
  SCAN_KERNEL,
  type ScanInputs,
} from './scanTeam.ts';
import type { DistinctTuples } from './tuples.ts';

/**
 * Group look-ups (objects × candidates × groups) from which a scan splits across the team: below
 * it (some milliseconds of work) waking the team's threads costs about as much as it saves.
 */
export const SCAN_TEAM_MIN_WORK = 1 << 22;

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
 * kept so far is turned away before the heap is touched. The distinct objects are scored in
 * chunks across `split.team` when the scan is worth it (scanTeam.ts: the same scores whatever
 * the team).
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
  split: { team: Team; minWork: number } = { team: serialTeam, minWork: 0 },
): Steps<void> {
  const D = table.attributes.length;
  const groups = attributeGroups(table);
  const G = groups.members.length;
  const { first, objects } = firstRows(tested, selfTuple, nScored);
  // A scan too small to pay for waking the team's threads runs on this one.
  const team = objects * candidates.size * G >= split.minWork ? split.team : serialTeam;
  const inputs = scanInputs(table, model, tested, candidates, selfTuple, k, pick, team);
  inputs.todo = team.allocate(Int32Array, objects);
  for (let row = 0, j = 0; row < nScored; row++) if (first[row] === -1) inputs.todo[j++] = row;
  inputs.scores = team.allocate(Float64Array, nScored);
  inputs.impacts = team.allocate(Float64Array, nScored * D);
  const progress = (scored: number): Progress => ({
    fraction: objects > 0 ? scored / objects : 1,
    message: `Scoring objects against the normal model: ${scored.toLocaleString('en-US')} of ${objects.toLocaleString('en-US')} distinct objects`,
  });
  yield progress(0);
  const binding = SCAN_KERNEL.bind(team, inputs);
  // About 2²² look-ups a step between progress reports, and at least a chunk for every thread:
  // with one chunk a step (a chunk over 2²² look-ups: 32 objects × 24,000 candidates × 7 groups
  // on a 30,000 × 14 table) the helpers had nothing to take and the scan ran on one thread.
  const chunks = Math.ceil(objects / SCAN_CHUNK);
  const perStep = Math.max(
    team.size,
    Math.floor((1 << 22) / Math.max(1, SCAN_CHUNK * candidates.size * G)),
  );
  try {
    for (let c = 0; c < chunks; c += perStep) {
      inputs.params[0] = c;
      binding.run(Math.min(perStep, chunks - c));
      yield progress(Math.min(objects, (c + perStep) * SCAN_CHUNK));
    }
  } finally {
    binding.release();
  }
  const { scores, impacts } = out;
  scores.set(inputs.scores);
  impacts.set(inputs.impacts);
  // Rows repeating an earlier (tuple, own tuple) pair take its results.
  for (let row = 0; row < nScored; row++) {
    const earlier = first[row] as number;
    if (earlier < 0) continue;
    scores[row] = scores[earlier] as number;
    impacts.copyWithin(row * D, earlier * D, earlier * D + D);
  }
}

/** The scan's inputs on the team's memory (todo and outputs are set by the caller). */
function scanInputs(
  table: CategoricalTable,
  model: ValueTables,
  tested: DistinctTuples,
  candidates: DistinctTuples,
  selfTuple: Int32Array | null,
  k: number,
  pick: 'all' | 'nearest' | 'farthest',
  team: Team,
): ScanInputs {
  const groups = attributeGroups(table);
  const U = candidates.size;
  const share = <T extends Int32Array | Float64Array>(a: T): T => shareWith(team, a);
  return {
    D: table.attributes.length,
    U,
    G: groups.members.length,
    k,
    pick: pick === 'all' ? PICK_ALL : pick === 'nearest' ? PICK_NEAREST : PICK_FARTHEST,
    nValues: table.nValues,
    groupCellCount: groups.cells,
    offsets: share(groups.offsets),
    widths: share(groups.widths),
    memberStart: share(groups.memberStart),
    memberList: share(groups.memberList),
    start: share(groups.start),
    tables: share(model.tables),
    tableStart: share(model.tableStart),
    cells: share(groupCells(table, groups, candidates.values, U)),
    candidates: share(candidates.values),
    multiplicity: share(candidates.multiplicity),
    testedValues: share(tested.values),
    tupleOfRow: share(tested.tupleOfRow),
    selfTuple: share(selfTuple ?? new Int32Array(0)),
    todo: new Int32Array(0),
    params: team.allocate(Int32Array, 1),
    scores: new Float64Array(0),
    impacts: new Float64Array(0),
  };
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
