import type { LofOptions } from './lofOfParameters.ts';
import { distinctObjects, type DistinctObjects } from '../../data/table/distinctObjects.ts';
import { chunkRuns } from '../../parallel/chunkSteps.ts';
import { DataError, badOption } from '../../base/errors.ts';
import type { Steps } from '../../base/jobs.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { currentTeam } from '../../parallel/ambient.ts';
import { shareWith, type Team } from '../../parallel/team.ts';
import { paramsOn } from '../../parallel/teamKernel.ts';
import { CELL, LOF_CHUNK, LOF_KERNEL, PHASE, type LofInputs } from './lofTeam.ts';

export { ofDissimilarity } from './lofTeam.ts';

/**
 * LOF (Breunig, Kriegel, Ng, Sander, SIGMOD 2000) with the Occurrence Frequency (OF) similarity
 * of Boriah, Chandola, Kumar (SDM 2008, "Similarity measures for categorical data").
 *
 * OF, per attribute, with f(v) the frequency of v in the N fit rows:
 *   S_a(x, y) = 1 if x = y, else 1 / (1 + log(N/f(x))·log(N/f(y)))
 * Distance: the per-attribute dissimilarity 1 − S_a averaged over the D attributes,
 *   d(X, Y) = (1/D) Σ_a (1 − S_a(X_a, Y_a)),   in [0, 1), 0 only for identical objects
 * (chosen over Boriah et al.'s 1/S − 1 of the averaged similarity: bounded, and a sum of
 * per-attribute terms). A value absent from the fit rows (f = 0, only in scored rows) has
 * S = 0 against any other value (the formula's limit as f → 0): it differs maximally.
 *
 * LOF, neighbours searched among the fit rows (a scored fit row is not its own neighbour):
 *   k-distance(p), N_k(p) = {o : d(p, o) ≤ k-distance(p)}  (ties included, Def. 3-4)
 *   reach-dist_k(p, o) = max(k-distance(o), d(p, o))          (Def. 5)
 *   lrd(p) = |N_k(p)| / Σ_{o ∈ N_k(p)} reach-dist_k(p, o)   (Def. 6)
 *   LOF(p) = Σ_{o ∈ N_k(p)} lrd(o) / (|N_k(p)|·lrd(p))      (Def. 7; ≈ 1 inside a cluster)
 *
 * Duplicates. Categorical data repeats rows; with k or more copies of an object its k-distance
 * is 0, its reachability distances are 0 and lrd = 1/0. Treating that lrd as ∞ gives the copies
 * LOF 1 (∞/∞), but every object near them then divides a neighbour's ∞ by its own finite lrd:
 * LOF = ∞ for most of a table where one combination is frequent. So the k-distance here is the
 * LOF paper's k-distinct-distance (its remark on duplicates by Def. 6: "at least k objects with different
 * spatial coordinates"): the distance to the k-th nearest distinct fit object other than p's
 * own location, counting each location once. The neighbourhood then holds every object within
 * it — p's own copies at distance 0 and all copies of each location, each counted (as objects).
 * Every k-distance is > 0, so every lrd and LOF is finite, and identical objects get identical
 * scores. k is lowered to the distinct locations available; when the fit rows hold a single
 * distinct object, nothing is denser than anything else and every LOF is 1.
 *
 * Work: identical rows are grouped first (hashing their codes); then one row of distances to
 * the F distinct fit objects per distinct fit object, giving its k-distance and neighbourhood
 * (kept for the lrds and LOFs; recomputed in two more passes if the neighbourhoods exceed
 * NEIGHBOUR_BUDGET), and one per distinct scored row outside the fit rows (S):
 * O((F + S)·F·D) time, split across the job's team by chunks of objects (lofTeam.ts; the scores
 * are the same whatever the team).
 */
export type { LofOptions };

/** F × (F + S) distance pairs refused above this (F distinct fit objects, S other scored). */
export const LOF_PAIR_LIMIT = 4e8;

/**
 * Refuses more than LOF_PAIR_LIMIT distance pairs, naming the sizes: every distinct fit object
 * (each needs its own neighbourhood) and every distinct scored row outside the fit rows is
 * compared with every distinct fit object.
 */
export function checkLofSize(fitObjects: number, otherScoredObjects = 0): void {
  const compared = fitObjects + otherScoredObjects;
  if (fitObjects * compared <= LOF_PAIR_LIMIT) return;
  const fmt = (x: number): string => x.toLocaleString('en-US');
  const scored = otherScoredObjects > 0 ? ` + ${fmt(otherScoredObjects)} other scored` : '';
  throw new DataError(
    'too-large',
    `LOF compares objects pairwise: ${fmt(fitObjects)} distinct fit objects × (${fmt(fitObjects)}${scored}) = ${fmt(fitObjects * compared)} pairs, above its limit of ${fmt(LOF_PAIR_LIMIT)}. Use a sample of the rows (at most about ${fmt(Math.floor(Math.sqrt(LOF_PAIR_LIMIT)))} distinct objects).`,
  );
}

/** log(N/f(v)) for every global value over the fit rows; ∞ for a value absent from them. */
export function logInverseFrequency(table: CategoricalTable, fitRows: Int32Array): Float64Array {
  const f = new Float64Array(table.nValues);
  for (const attr of table.attributes)
    for (const r of fitRows) {
      const v = attr.offset + (attr.codes[r] as number);
      f[v] = (f[v] as number) + 1;
    }
  const N = fitRows.length;
  return f.map((x) => (x > 0 ? Math.log(N / x) : Infinity));
}

/** Neighbour entries kept from the k-distance pass (12 bytes each); beyond, recomputed. */
const NEIGHBOUR_BUDGET = 2 ** 22;
/** Tasks a step: progress is reported between steps. */
const TASKS_PER_STEP = 32;

/**
 * LOF of every scored row, neighbours among the fit rows, on `team` (the same scores whatever
 * the team). `budget`: neighbour entries the k-distance pass may keep.
 */
export function* lofOfSteps(
  table: CategoricalTable,
  fitRows: Int32Array,
  scoreRows: Int32Array,
  options: LofOptions,
  team: Team = currentTeam(),
  budget = NEIGHBOUR_BUDGET,
): Steps<Float64Array> {
  if (fitRows.length === 0) throw badOption('LOF needs at least one row to learn from');
  const fit = distinctObjects(table, fitRows);
  const F = fit.count;
  // Scored rows that are fit rows exclude themselves; other scored rows are grouped by values.
  const fitObjectOfRow = new Int32Array(table.nRows).fill(-1);
  fitRows.forEach((r, i) => (fitObjectOfRow[r] = fit.ofRow[i] as number));
  const outside = distinctObjects(
    table,
    scoreRows.filter((r) => (fitObjectOfRow[r] as number) < 0),
  );
  checkLofSize(F, outside.count);
  yield { fraction: 0, message: 'LOF: distinct objects…' };
  const scores = new Float64Array(scoreRows.length);
  if (F === 1) return scores.fill(1);

  const inputs = lofInputs(table, fitRows, fit, outside, Math.min(options.k, F - 1), team, budget);
  const binding = LOF_KERNEL.bind(team, inputs);
  const S = outside.count;
  const total = 3 * F + S;
  let done = 0;
  try {
    const passes: [number, number, string][] = [[PHASE.kDistances, F, 'k-distances']];
    for (const [phase, objects, what] of passes) {
      for (const step of chunkRuns(objects, LOF_CHUNK, TASKS_PER_STEP)) {
        inputs.params[CELL.phase] = phase;
        inputs.params[CELL.first] = step.first;
        binding.run(step.tasks);
        done += step.objects;
        yield { fraction: done / total, message: `LOF: ${what}…` };
      }
      // The later passes, once the first knows whether the neighbourhoods were kept.
      if (phase === PHASE.kDistances) {
        const kept = inputs.params[CELL.overflow] === 0;
        passes.push(
          [kept ? PHASE.densitiesKept : PHASE.densities, F, 'densities'],
          [kept ? PHASE.factorsKept : PHASE.factors, F, 'outlier factors'],
          [PHASE.outside, S, 'outlier factors'],
        );
      }
    }
  } finally {
    binding.release();
  }
  let o = 0;
  for (let i = 0; i < scoreRows.length; i++) {
    const j = fitObjectOfRow[scoreRows[i] as number] as number;
    scores[i] =
      j >= 0
        ? (inputs.lofFit[j] as number)
        : (inputs.lofOutside[outside.ofRow[o++] as number] as number);
  }
  return scores;
}

/** The kernel's inputs, on the team's memory. */
function lofInputs(
  table: CategoricalTable,
  fitRows: Int32Array,
  fit: DistinctObjects,
  outside: DistinctObjects,
  k: number,
  team: Team,
  budget: number,
): LofInputs {
  const F = fit.count;
  const S = outside.count;
  const outsideSelf = team.allocate(Int32Array, S);
  for (let j = 0; j < S; j++) outsideSelf[j] = fit.find(outside.representative[j] as number);
  const entries = Math.max(0, Math.min(budget, F * (F - 1)));
  return {
    F,
    D: table.attributes.length,
    k,
    fitCodes: shareWith(team, fit.codes),
    weight: shareWith(team, fit.weight),
    lg: shareWith(team, logInverseFrequency(table, fitRows)),
    offsets: shareWith(
      team,
      Int32Array.from(table.attributes, (a) => a.offset),
    ),
    widths: shareWith(
      team,
      Int32Array.from(table.attributes, (a) => a.labels.length),
    ),
    S,
    outsideCodes: shareWith(team, outside.codes),
    outsideSelf,
    kdist: team.allocate(Float64Array, F),
    lrd: team.allocate(Float64Array, F),
    lofFit: team.allocate(Float64Array, F),
    lofOutside: team.allocate(Float64Array, S),
    ids: team.allocate(Int32Array, entries),
    distances: team.allocate(Float64Array, entries),
    start: team.allocate(Int32Array, F),
    count: team.allocate(Int32Array, F),
    params: paramsOn(team, Int32Array, CELL),
  };
}
