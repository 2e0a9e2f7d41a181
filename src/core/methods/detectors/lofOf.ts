import { distinctObjects, type DistinctObjects } from '../../data/table/distinctObjects.ts';
import { DataError } from '../../base/errors.ts';
import { pacer, type Steps } from '../../base/jobs.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { kthSmallest } from '../../base/select.ts';

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
 * O((F + S)·F·D) time.
 */
export interface LofOptions {
  /** MinPts k. */
  k: number;
}

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

/** 1 − S_a(x, y) of OF for two local codes of one attribute. */
export function ofDissimilarity(lgx: number, lgy: number): number {
  if (lgx === Infinity || lgy === Infinity) return 1; // a value unseen in the fit rows
  const p = lgx * lgy;
  return p / (1 + p); // 1 − 1/(1 + p)
}

/** Neighbour entries kept from the k-distance pass (12 bytes each); beyond, recomputed. */
const NEIGHBOUR_BUDGET = 2 ** 22;

/** The neighbourhood of each distinct fit object in turn (ids and distances), within a budget. */
class NeighbourStore {
  ids = new Int32Array(1024);
  distances = new Float64Array(1024);
  readonly start: Int32Array;
  kept = true;
  private size = 0;
  private objects = 0;
  constructor(objects: number) {
    this.start = new Int32Array(objects + 1);
  }
  add(id: number, distance: number): void {
    if (!this.kept) return;
    if (this.size === this.ids.length) {
      if (this.size >= NEIGHBOUR_BUDGET) {
        this.kept = false;
        this.ids = new Int32Array(0);
        this.distances = new Float64Array(0);
        return;
      }
      const capacity = Math.min(2 * this.size, NEIGHBOUR_BUDGET);
      const ids = new Int32Array(capacity);
      const distances = new Float64Array(capacity);
      ids.set(this.ids);
      distances.set(this.distances);
      this.ids = ids;
      this.distances = distances;
    }
    this.ids[this.size] = id;
    this.distances[this.size++] = distance;
  }
  /** Ends the current object's neighbourhood. */
  close(): void {
    this.start[++this.objects] = this.size;
  }
}

/** Distances from one query object to every distinct fit object, with the OF terms. */
function ofDistances(
  table: CategoricalTable,
  fit: DistinctObjects,
  lg: Float64Array,
): { query: Int32Array; dist: Float64Array; compute(): void } {
  const D = table.attributes.length;
  const F = fit.count;
  const codes = fit.codes;
  const tables = table.attributes.map((a) => new Float64Array(a.labels.length));
  const offsets = Int32Array.from(table.attributes, (a) => a.offset);
  const query = new Int32Array(D);
  const dist = new Float64Array(F);
  return {
    query,
    dist,
    /** dist[j] = d(query, j) = (1/D) Σ_a (1 − S_a), gathered attribute by attribute. */
    compute() {
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
          dist[j] = (dist[j] as number) + (row[codes[base + j] as number] as number);
      }
      for (let j = 0; j < F; j++) dist[j] = (dist[j] as number) / D;
    },
  };
}

/**
 * LOF of every scored row, neighbours among the fit rows.
 * Long: LOF's three passes (k-distance, reachability distance, local reachability density) over the same neighbour arrays, each yielding progress.
 */
export function* lofOfSteps(
  table: CategoricalTable,
  fitRows: Int32Array,
  scoreRows: Int32Array,
  options: LofOptions,
): Steps<Float64Array> {
  if (fitRows.length === 0) throw new RangeError('LOF needs at least one row to learn from');
  const D = table.attributes.length;
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

  const k = Math.min(options.k, F - 1);
  const { query, dist, compute } = ofDistances(table, fit, logInverseFrequency(table, fitRows));
  const distancesFrom = (objects: DistinctObjects, j: number): void => {
    for (let a = 0; a < D; a++) query[a] = objects.codes[a * objects.count + j] as number;
    compute();
  };
  const scratch = new Float64Array(F);
  /** The k-distinct-distance: the k-th smallest distance to a location other than `self`. */
  const kDistance = (self: number): number => {
    let m = 0;
    for (let j = 0; j < F; j++) if (j !== self) scratch[m++] = dist[j] as number;
    return kthSmallest(scratch, m, Math.min(k, m));
  };
  const kdist = new Float64Array(F);
  const lrd = new Float64Array(F);
  /**
   * |N|, Σ reach-dist and Σ lrd over the neighbourhood of a query whose own location is `self`
   * (−1: none) with `selfCopies` copies of it at distance 0, the other neighbours from `dist`.
   */
  const neighbourhood = (self: number, selfCopies: number, kd: number) => {
    let count = selfCopies;
    let reach = self >= 0 ? selfCopies * (kdist[self] as number) : 0;
    let lrdSum = self >= 0 ? selfCopies * (lrd[self] as number) : 0;
    for (let j = 0; j < F; j++) {
      const d = dist[j] as number;
      if (j === self || d > kd) continue;
      const w = fit.weight[j] as number;
      count += w;
      reach += w * Math.max(kdist[j] as number, d);
      lrdSum += w * (lrd[j] as number);
    }
    return { count, reach, lrdSum };
  };
  /** The same sums over the kept neighbourhood of distinct fit object j. */
  const keptNeighbourhood = (store: NeighbourStore, j: number) => {
    const selfCopies = (fit.weight[j] as number) - 1;
    let count = selfCopies;
    let reach = selfCopies * (kdist[j] as number);
    let lrdSum = selfCopies * (lrd[j] as number);
    for (let e = store.start[j] as number; e < (store.start[j + 1] as number); e++) {
      const o = store.ids[e] as number;
      const w = fit.weight[o] as number;
      count += w;
      reach += w * Math.max(kdist[o] as number, store.distances[e] as number);
      lrdSum += w * (lrd[o] as number);
    }
    return { count, reach, lrdSum };
  };

  const pace = pacer();
  let done = 0;
  const progress = (what: string) => ({
    fraction: done / (3 * F + outside.count),
    message: `LOF: ${what}…`,
  });
  // k-distance of each distinct fit object, keeping its neighbourhood while within the budget.
  const store = new NeighbourStore(F);
  for (let j = 0; j < F; j++, done++) {
    distancesFrom(fit, j);
    const kd = kDistance(j);
    kdist[j] = kd;
    for (let o = 0; o < F; o++)
      if (o !== j && (dist[o] as number) <= kd) store.add(o, dist[o] as number);
    store.close();
    if (pace(F * D)) yield progress('k-distances');
  }
  // lrd and LOF of each distinct fit object; a fit row excludes itself: its copies count w − 1.
  const lofFit = new Float64Array(F);
  if (store.kept) {
    for (let j = 0; j < F; j++) {
      const { count, reach } = keptNeighbourhood(store, j);
      lrd[j] = count / reach;
    }
    for (let j = 0; j < F; j++) {
      const { count, lrdSum } = keptNeighbourhood(store, j);
      lofFit[j] = lrdSum / (count * (lrd[j] as number));
    }
    done += 2 * F;
  } else {
    for (let j = 0; j < F; j++, done++) {
      distancesFrom(fit, j);
      const { count, reach } = neighbourhood(j, (fit.weight[j] as number) - 1, kdist[j] as number);
      lrd[j] = count / reach;
      if (pace(F * D)) yield progress('densities');
    }
    for (let j = 0; j < F; j++, done++) {
      distancesFrom(fit, j);
      const { count, lrdSum } = neighbourhood(j, (fit.weight[j] as number) - 1, kdist[j] as number);
      lofFit[j] = lrdSum / (count * (lrd[j] as number));
      if (pace(F * D)) yield progress('outlier factors');
    }
  }
  // LOF of each distinct scored row outside the fit rows (a fit object with its values counts
  // all its copies).
  const lofOutside = new Float64Array(outside.count);
  for (let j = 0; j < outside.count; j++, done++) {
    distancesFrom(outside, j);
    const self = fit.find(outside.representative[j] as number);
    const copies = self >= 0 ? (fit.weight[self] as number) : 0;
    const { count, reach, lrdSum } = neighbourhood(self, copies, kDistance(self));
    lofOutside[j] = lrdSum / (count * (count / reach));
    if (pace(F * D)) yield progress('outlier factors');
  }
  let o = 0;
  for (let i = 0; i < scoreRows.length; i++) {
    const j = fitObjectOfRow[scoreRows[i] as number] as number;
    scores[i] =
      j >= 0 ? (lofFit[j] as number) : (lofOutside[outside.ofRow[o++] as number] as number);
  }
  return scores;
}
