import type { Geometry } from '../base/geometry.ts';
import { createRandom, type Random } from '../base/random.ts';
import { withDefaults } from '../base/parameters.ts';
import { START_PARAMETERS, type StartOptions } from './startParameters.ts';
import { denseGeometry } from './denseGeometry.ts';
import { nearestCentroid, TIE_RELATIVE } from './nearestCentre.ts';
import { ASSIGN_TEAM_MIN_OBJECTS, teamAssigner } from './assignTeam.ts';
import { currentTeam } from '../parallel/ambient.ts';
import type { Team } from '../parallel/team.ts';
import { badOption, internal } from '../base/errors.ts';

export { denseGeometry } from './denseGeometry.ts';

/**
 * Lloyd's k-means with a k-means++ start, written against a small `Geometry` interface so the same
 * loop clusters dense rows (value coupling matrices, PCA scores) and objects represented by their
 * values' vectors (src/core/platform/objectEmbedding.ts), where a centroid lives per attribute block and distances
 * come from per-value tables instead of per-object vectors.
 *
 * Matches MATLAB's k-means function as the CURE authors ran it: k-means++ seeding (first centre uniform,
 * the next ones with probability ∝ D²), squared Euclidean distance, batch updates, at most 100
 * iterations, and an empty cluster re-seeded at the object farthest from its centroid ('singleton').
 */

/** k, and a start's seed and iterations (START_PARAMETERS: their defaults live there). */
export type KMeansOptions = { k: number } & Partial<StartOptions>;

export interface KMeansResult {
  labels: Int32Array;
  /** Members per cluster. */
  sizes: Int32Array;
  /** Sum of squared distances to the assigned centroid. */
  inertia: number;
  iterations: number;
  converged: boolean;
}

export function validateKMeans(n: number, options: KMeansOptions): Required<KMeansOptions> {
  const { k } = options;
  const { seed, maxIterations } = withDefaults(START_PARAMETERS, options);
  if (!Number.isInteger(k) || k < 1) throw badOption(`k must be an integer ≥ 1, got ${k}`);
  if (k > n) throw badOption(`k = ${k} exceeds the ${n} objects to cluster`);
  if (!Number.isInteger(seed)) throw badOption(`seed must be an integer, got ${seed}`);
  if (!Number.isInteger(maxIterations) || maxIterations < 1)
    throw badOption(`maxIterations must be an integer ≥ 1, got ${maxIterations}`);
  return { k, seed, maxIterations };
}

/**
 * `starts`, when given, are the k objects the centres start at instead of k-means++ draws. The
 * assignment splits across `split.team` from `split.minObjects` objects (assignTeam.ts: the same
 * clustering whatever the team).
 */
export function kmeans(
  geometry: Geometry,
  options: KMeansOptions,
  random?: Random,
  starts?: ArrayLike<number>,
  split: AssignSplit = { team: currentTeam(), minObjects: ASSIGN_TEAM_MIN_OBJECTS },
): KMeansResult {
  const { n } = geometry;
  const { k, seed, maxIterations } = validateKMeans(n, options);
  const rng = random ?? createRandom(seed);
  if (starts === undefined) seedPlusPlus(geometry, k, rng);
  else if (starts.length !== k) throw internal(`${starts.length} starts for k = ${k}`);
  else for (let c = 0; c < k; c++) geometry.setCentroidToObject(c, starts[c] as number);
  const labels = new Int32Array(n).fill(-1);
  const best = new Float64Array(n);
  const sizes = new Int32Array(k);
  let iterations = 0;
  let converged = false;
  const assigner = teamAssigner(geometry, k, split.team, split.minObjects);
  try {
    for (;;) {
      geometry.beginAssign(k);
      const changed = assigner
        ? applyAssignment(assigner.assign(labels), labels, best, sizes)
        : assignHere(geometry, labels, best, sizes);
      if (changed === 0) {
        converged = true;
        break;
      }
      if (iterations === maxIterations) break;
      iterations++;
      if (refillEmpty(geometry, labels, best, sizes)) continue;
      geometry.updateCentroids(labels, k);
    }
  } finally {
    assigner?.release();
  }
  let inertia = 0;
  for (let i = 0; i < n; i++) inertia += best[i] as number;
  return { labels, sizes, inertia, iterations, converged };
}

/** Where the assignment may split: a team, and the objects from which it is worth it. */
export interface AssignSplit {
  team: Team;
  minObjects: number;
}

/** Each object to its nearest centre on this thread; returns how many changed cluster. */
function assignHere(
  geometry: Geometry,
  labels: Int32Array,
  best: Float64Array,
  sizes: Int32Array,
): number {
  const k = sizes.length;
  let changed = 0;
  sizes.fill(0);
  for (let i = 0; i < labels.length; i++) {
    const [arg, min] = nearestCentroid(geometry, i, k, labels[i] as number);
    best[i] = min;
    if (labels[i] !== arg) {
      labels[i] = arg;
      changed++;
    }
    sizes[arg] = (sizes[arg] as number) + 1;
  }
  return changed;
}

/** The team's assignment taken in object order; returns how many changed cluster. */
function applyAssignment(
  assigned: { nearest: Int32Array; best: Float64Array },
  labels: Int32Array,
  best: Float64Array,
  sizes: Int32Array,
): number {
  let changed = 0;
  sizes.fill(0);
  best.set(assigned.best);
  for (let i = 0; i < labels.length; i++) {
    const arg = assigned.nearest[i] as number;
    if (labels[i] !== arg) {
      labels[i] = arg;
      changed++;
    }
    sizes[arg] = (sizes[arg] as number) + 1;
  }
  return changed;
}

/** k-means++: first centre uniform, then each next centre drawn with probability ∝ D². */
function seedPlusPlus(geometry: Geometry, k: number, rng: Random): void {
  const { n } = geometry;
  const nearest = new Float64Array(n).fill(Infinity);
  const scratch = new Float64Array(n);
  let chosen = rng.int(n);
  for (let c = 0; ; c++) {
    geometry.setCentroidToObject(c, chosen);
    if (c === k - 1) return;
    geometry.distancesToObject(chosen, scratch);
    let total = 0;
    for (let i = 0; i < n; i++) {
      const d = Math.min(nearest[i] as number, scratch[i] as number);
      nearest[i] = d;
      total += d;
    }
    if (!(total > 0)) throw badOption(`k = ${k} exceeds the number of distinct objects (${c + 1})`);
    let target = rng.next() * total;
    chosen = -1;
    for (let i = 0; i < n; i++) {
      const d = nearest[i] as number;
      if (d <= 0) continue;
      chosen = i;
      target -= d;
      if (target < 0) break;
    }
  }
}

/**
 * Re-seeds each empty cluster at the object farthest from its own centroid (MATLAB 'singleton').
 * Returns true when it changed centroids, so the caller reassigns before the next update.
 */
function refillEmpty(
  geometry: Geometry,
  labels: Int32Array,
  best: Float64Array,
  sizes: Int32Array,
): boolean {
  let refilled = false;
  for (let c = 0; c < sizes.length; c++) {
    if ((sizes[c] as number) > 0) continue;
    const far = farthestMovable(labels, best, sizes);
    if (far < 0) continue;
    if (!refilled) geometry.updateCentroids(labels, sizes.length);
    refilled = true;
    const from = labels[far] as number;
    sizes[from] = (sizes[from] as number) - 1;
    sizes[c] = 1;
    labels[far] = c;
    best[far] = 0;
    geometry.setCentroidToObject(c, far);
  }
  return refilled;
}

/**
 * The first object, in object order, whose distance to its centre ties (nearestCentre.ts) with
 * the largest among objects whose cluster has another member; −1 when there is none.
 */
function farthestMovable(labels: Int32Array, best: Float64Array, sizes: Int32Array): number {
  let farDistance = -1;
  const movable = (i: number): boolean => (sizes[labels[i] as number] as number) > 1;
  for (let i = 0; i < labels.length; i++)
    if (movable(i)) farDistance = Math.max(farDistance, best[i] as number);
  if (farDistance < 0) return -1;
  const tie = farDistance - TIE_RELATIVE * farDistance;
  for (let i = 0; i < labels.length; i++) if (movable(i) && (best[i] as number) >= tie) return i;
  return -1;
}

/**
 * k-means on the rows of a dense matrix; also returns the k × dim centroids. `geometry`, when
 * given, must be `denseGeometry` of the same rows (a caller clustering them many times keeps one).
 */
export function kmeansRows(
  data: Float64Array,
  n: number,
  dim: number,
  options: KMeansOptions,
  random?: Random,
  geometry: Geometry & { centroids: Float64Array } = denseGeometry(data, n, dim),
): KMeansResult & { centroids: Float64Array } {
  const result = kmeans(geometry, options, random);
  // Final centroids are the means of the final members (an unconverged run may lag one update).
  geometry.updateCentroids(result.labels, options.k);
  return { ...result, centroids: geometry.centroids.slice(0, options.k * dim) };
}

/** Number of distinct rows of a row-major matrix (k-means cannot find more clusters than this). */
export function distinctRows(data: Float64Array, n: number, dim: number): number {
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) seen.add(Array.from(data.subarray(i * dim, (i + 1) * dim)).join(','));
  return seen.size;
}
