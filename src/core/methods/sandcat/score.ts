import type { OptionsOf } from '../../base/parameters.ts';
import type { SANDCAT_PARAMETERS } from './sandcatParameters.ts';
import type { ValueTables } from '../dilca/dilcaModel.ts';
import type { Steps } from '../../base/jobs.ts';
import { createRandom, sampleOf } from '../../base/random.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { perObject } from './heuristics.ts';
import { attributeLayout, createLookup, fillLookup } from './lookup.ts';
import { currentTeam } from '../../parallel/ambient.ts';
import type { Team } from '../../parallel/team.ts';
import { SCAN_TEAM_MIN_WORK, scanCandidates } from './scan.ts';
import { distinctTuples, type DistinctTuples } from './tuples.ts';
import { badOption } from '../../base/errors.ts';

/** SAnDCat's scoring options, as SANDCAT_PARAMETERS describes them. */
export type SandcatScoringOptions = Pick<
  OptionsOf<typeof SANDCAT_PARAMETERS>,
  'heuristic' | 'k' | 'seed'
>;

export interface SandcatScores {
  /** OS of each scored row (Eq. (3), Ienco et al. 2016 (DILCA/SAnDCat)), aligned with scoreRows; higher = more anomalous. */
  scores: Float64Array;
  /** Attribute distance impact of each scored row (Sec. IV-C-2): scoreRows.length × D. */
  impacts: Float64Array;
  /** The k used (at most the training objects available). */
  k: number;
  /** The representatives' rows for RandK and CentralK (the same for every object), else null. */
  representatives: Int32Array | null;
}

/**
 * SAnDCat's outlier scores (DILCA/SAnDCat, Ienco et al. 2016, Sec. IV): OS(t) = Σ_{p=1..k} dist(t, d_p) over k
 * representatives d_p of the training (normal) rows, dist = √Σ_a m_a(t_a, d_a)² (Eq. (2)).
 * MinDTK/MaxDTK choose the k nearest/farthest training objects for each t; RandK and CentralK
 * choose k once. A scored row that is itself a training row is left out of its own
 * representatives (MinDTK would otherwise always pick it at distance 0). No n × n matrix: each
 * distinct tested object scans the distinct training objects once, D look-ups per pair, split
 * across `team` by chunks of objects when the scan has at least `minWork` look-ups (scan.ts).
 */
export function* sandcatScoreSteps(
  table: CategoricalTable,
  model: ValueTables,
  fitRows: Int32Array,
  scoreRows: Int32Array,
  options: SandcatScoringOptions,
  team: Team = currentTeam(),
  minWork = SCAN_TEAM_MIN_WORK,
): Steps<SandcatScores> {
  if (fitRows.length === 0) throw badOption('SAnDCat needs at least one training object');
  const D = table.attributes.length;
  const k = Math.min(options.k, fitRows.length);
  const grouping = { fraction: 0, message: 'Scoring objects: grouping identical rows…' };
  yield grouping;
  const train = distinctTuples(table, fitRows);
  yield grouping;
  const scores = new Float64Array(scoreRows.length);
  const impacts = new Float64Array(scoreRows.length * D);
  const tested = distinctTuples(table, scoreRows);
  yield grouping;
  const out = { scores, impacts };
  if (!perObject(options.heuristic)) {
    const representatives =
      options.heuristic === 'randk'
        ? randomRows(fitRows, k, options.seed)
        : centralRows(table, model, train, fitRows, k);
    const reps = distinctTuples(table, representatives);
    yield* scanCandidates(table, model, tested, reps, null, k, 'all', out, scoreRows.length, {
      team,
      minWork,
    });
    return { scores, impacts, k, representatives };
  }
  // Position of each table row among the training rows (−1: not a training row).
  const trainIndex = new Int32Array(table.nRows).fill(-1);
  fitRows.forEach((r, i) => (trainIndex[r] = i));
  const self = Int32Array.from(scoreRows, (r) => {
    const i = trainIndex[r] as number;
    return i < 0 ? -1 : (train.tupleOfRow[i] as number);
  });
  const pick = options.heuristic === 'mindtk' ? 'nearest' : 'farthest';
  yield* scanCandidates(table, model, tested, train, self, k, pick, out, scoreRows.length, {
    team,
    minWork,
  });
  return { scores, impacts, k, representatives: null };
}

/** k distinct training rows drawn at random (seeded partial Fisher–Yates), in row order. */
function randomRows(fitRows: Int32Array, k: number, seed: number): Int32Array {
  return sampleOf(fitRows, k, createRandom(seed));
}

/**
 * The k most central training rows: least C(d_i) = Σ_{d_p ∈ D} dist(d_i, d_p)² (Sec. IV-A). As
 * dist² is a sum over attributes, C(d_i) = Σ_a Σ_v cnt(v)·m_a(d_ia, v)² — linear in the rows,
 * equal to the paper's O(n²) sum. Ties go to the earlier row.
 */
function centralRows(
  table: CategoricalTable,
  model: ValueTables,
  train: DistinctTuples,
  fitRows: Int32Array,
  k: number,
): Int32Array {
  const D = table.attributes.length;
  const count = new Float64Array(table.nValues);
  for (let u = 0; u < train.size; u++)
    for (let a = 0; a < D; a++) {
      const v = train.values[u * D + a] as number;
      count[v] = (count[v] as number) + (train.multiplicity[u] as number);
    }
  const lookup = createLookup(table);
  const layout = attributeLayout(table);
  const centrality = new Float64Array(train.size);
  for (let u = 0; u < train.size; u++) {
    fillLookup(lookup, layout, model, train.values, u * D);
    let c = 0;
    for (let v = 0; v < table.nValues; v++)
      c += (count[v] as number) * (lookup.squared[v] as number);
    centrality[u] = c;
  }
  const order = Array.from(fitRows.keys()).sort(
    (i, j) =>
      (centrality[train.tupleOfRow[i] as number] as number) -
        (centrality[train.tupleOfRow[j] as number] as number) || i - j,
  );
  return Int32Array.from(order.slice(0, k), (i) => fitRows[i] as number).sort();
}
