import type { ValueTables } from '../dilca/model.ts';
import type { Steps } from '../jobs.ts';
import { createRandom, sampleOf } from '../random.ts';
import type { CategoricalTable } from '../table/types.ts';
import { perObject, type Heuristic } from './heuristics.ts';
import { attributeGroups, fillGroupTables, groupCells } from './groups.ts';
import { createLookup, fillLookup } from './lookup.ts';
import { BestK } from './selection.ts';
import { distinctTuples, type DistinctTuples } from './tuples.ts';

export interface SandcatScoringOptions {
  heuristic: Heuristic;
  k: number;
  seed: number;
}

export interface SandcatScores {
  /** OS of each scored row (Eq. (3), seed 002), aligned with scoreRows; higher = more anomalous. */
  scores: Float64Array;
  /** Attribute distance impact of each scored row (Sec. IV-C-2): scoreRows.length × D. */
  impacts: Float64Array;
  /** The k used (at most the training objects available). */
  k: number;
  /** The representatives' rows for RandK and CentralK (the same for every object), else null. */
  representatives: Int32Array | null;
}

/**
 * SAnDCat's outlier scores (seed 002 Sec. IV): OS(t) = Σ_{p=1..k} dist(t, d_p) over k
 * representatives d_p of the training (normal) rows, dist = √Σ_a m_a(t_a, d_a)² (Eq. (2)).
 * MinDTK/MaxDTK choose the k nearest/farthest training objects for each t; RandK and CentralK
 * choose k once. A scored row that is itself a training row is left out of its own
 * representatives (MinDTK would otherwise always pick it at distance 0). No n × n matrix: each
 * distinct tested object scans the distinct training objects once, D look-ups per pair.
 */
export function* sandcatScoreSteps(
  table: CategoricalTable,
  model: ValueTables,
  fitRows: Int32Array,
  scoreRows: Int32Array,
  options: SandcatScoringOptions,
): Steps<SandcatScores> {
  if (fitRows.length === 0) throw new RangeError('SAnDCat needs at least one training object');
  const D = table.attributes.length;
  const k = Math.min(options.k, fitRows.length);
  const train = distinctTuples(table, fitRows);
  const scores = new Float64Array(scoreRows.length);
  const impacts = new Float64Array(scoreRows.length * D);
  const tested = distinctTuples(table, scoreRows);
  if (!perObject(options.heuristic)) {
    const representatives =
      options.heuristic === 'randk'
        ? randomRows(fitRows, k, options.seed)
        : centralRows(table, model, train, fitRows, k);
    const reps = distinctTuples(table, representatives);
    yield* scoreAgainst(
      table,
      model,
      tested,
      reps,
      null,
      k,
      'all',
      scores,
      impacts,
      scoreRows.length,
    );
    return { scores, impacts, k, representatives };
  }
  // Position of each table row among the training rows (−1: not a training row).
  const trainIndex = new Int32Array(table.nRows).fill(-1);
  fitRows.forEach((r, i) => (trainIndex[r] = i));
  const self = Int32Array.from(scoreRows, (r) => {
    const i = trainIndex[r] as number;
    return i < 0 ? -1 : (train.tupleOfRow[i] as number);
  });
  yield* scoreAgainst(
    table,
    model,
    tested,
    train,
    self,
    k,
    options.heuristic === 'mindtk' ? 'nearest' : 'farthest',
    scores,
    impacts,
    scoreRows.length,
  );
  return { scores, impacts, k, representatives: null };
}

/**
 * Scores every distinct tested object against the candidate tuples: all of them ('all', the
 * fixed representatives) or the k nearest / farthest (left out: one copy of the tested row's own
 * tuple when it is a training row). Results are written to every row holding the tuple.
 */
function* scoreAgainst(
  table: CategoricalTable,
  model: ValueTables,
  tested: DistinctTuples,
  candidates: DistinctTuples,
  selfTuple: Int32Array | null,
  k: number,
  pick: 'all' | 'nearest' | 'farthest',
  scores: Float64Array,
  impacts: Float64Array,
  nScored: number,
): Steps<void> {
  const D = table.attributes.length;
  const lookup = createLookup(table);
  const best = new BestK(pick === 'all' ? 0 : k);
  const cv = candidates.values;
  const U = candidates.size;
  // Distances by groups of attributes: one look-up per group (groups.ts).
  const groups = attributeGroups(table);
  const G = groups.members.length;
  const cells = groupCells(table, groups, cv, U);
  const groupSq = new Float64Array(groups.cells);
  // One result per (tested tuple, own training tuple): rows sharing both share the result.
  const done = new Map<number, number>();
  const rowImpact = new Float64Array(D);
  let work = 0;
  for (let row = 0; row < nScored; row++) {
    const t = tested.tupleOfRow[row] as number;
    const own = selfTuple ? (selfTuple[row] as number) : -1;
    const key = t * (U + 1) + (own + 1);
    const earlier = done.get(key);
    if (earlier !== undefined) {
      scores[row] = scores[earlier] as number;
      impacts.copyWithin(row * D, earlier * D, earlier * D + D);
      continue;
    }
    done.set(key, row);
    fillLookup(lookup, table, model, tested.values, t * D);
    fillGroupTables(table, groups, lookup.squared, groupSq);
    const plain = lookup.plain;
    const chosen: { u: number; take: number; d2: number }[] = [];
    if (pick === 'all') {
      for (let u = 0; u < U; u++) {
        let d2 = 0;
        for (let g = 0; g < G; g++) d2 += groupSq[cells[u * G + g] as number] as number;
        chosen.push({ u, take: candidates.multiplicity[u] as number, d2 });
      }
    } else {
      best.clear();
      const sign = pick === 'nearest' ? 1 : -1;
      for (let u = 0; u < U; u++) {
        if ((candidates.multiplicity[u] as number) - (u === own ? 1 : 0) === 0) continue;
        let d2 = 0;
        for (let g = 0; g < G; g++) d2 += groupSq[cells[u * G + g] as number] as number;
        best.push(sign * d2, u);
      }
      // The k best distinct tuples hold the k best objects; take copies until k are taken.
      let left = k;
      for (const u of best.sorted()) {
        if (left === 0) break;
        const available = (candidates.multiplicity[u] as number) - (u === own ? 1 : 0);
        const take = Math.min(left, available);
        left -= take;
        let d2 = 0;
        for (let g = 0; g < G; g++) d2 += groupSq[cells[u * G + g] as number] as number;
        chosen.push({ u, take, d2 });
      }
    }
    let os = 0;
    let taken = 0;
    rowImpact.fill(0);
    for (const { u, take, d2 } of chosen) {
      os += take * Math.sqrt(d2);
      taken += take;
      for (let a = 0; a < D; a++)
        rowImpact[a] = (rowImpact[a] as number) + take * (plain[cv[u * D + a] as number] as number);
    }
    scores[row] = os;
    for (let a = 0; a < D; a++)
      impacts[row * D + a] = taken > 0 ? (rowImpact[a] as number) / taken : 0;
    work += U * G;
    if (work > 4_000_000) {
      work = 0;
      yield { fraction: row / nScored, message: 'Scoring objects against the normal model…' };
    }
  }
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
  const centrality = new Float64Array(train.size);
  for (let u = 0; u < train.size; u++) {
    fillLookup(lookup, table, model, train.values, u * D);
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
