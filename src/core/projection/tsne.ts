import type { Progress, Steps } from '../base/jobs.ts';
import { runToEnd, scaledSteps } from '../base/jobs.ts';
import { createRandom, gaussian, type Random } from '../base/random.ts';
import {
  autoNumber,
  resolveOptions,
  SEED_BOUND,
  type OptionsOf,
  type ParameterSpec,
} from '../base/parameters.ts';
import { perplexityAffinities, type SparseAffinity } from './affinity.ts';
import { attraction } from './attraction.ts';
import { exactRepulsion, type Repulsion } from './barnesHut.ts';
import { identicalObjects, restrictedInput, worthMerging } from './duplicates.ts';
import { expandPoints, gatherPoints, pointMap, type PointMap } from './pointMap.ts';
import { localityOrder } from '../neighbours/approximateKnn.ts';
import { fftRepulsion } from './fftRepulsion.ts';
import type { ProjectionInput } from '../platform/projectionInput.ts';
import { recentre } from './layout.ts';
import { nearestNeighbourSteps } from '../neighbours/knn.ts';
import { rememberGraph } from '../neighbours/graphMemo.ts';
import { teamGradient, type TeamGradient } from './parallelGradient.ts';
import { currentTeam } from '../parallel/ambient.ts';
import type { Team } from '../parallel/team.ts';
import { badOption } from '../base/errors.ts';

/**
 * Options from TSNE_PARAMETERS (their defaults live there), and what a caller passes beside
 * them: the start, the threads and the points' order.
 */
export type TsneOptions = Partial<OptionsOf<typeof TSNE_PARAMETERS>> & {
  /** Starting layout: 'random', or n × 2 (the caller's principal layout). */
  init?: 'random' | Float64Array;
  /** Threads to split the Barnes-Hut gradient with; the result does not depend on it. */
  team?: Team;
  /**
   * 'auto' (default): from LOCALITY_MIN_POINTS Barnes-Hut points on, they are optimised in a
   * locality order; 'rows': always in the rows' order (for side-by-side measurements and tests:
   * the two differ only by round-off).
   */
  pointOrder?: 'auto' | 'rows';
};

export type RepulsionMethod = 'auto' | 'exact' | 'barnes-hut' | 'fft';

export interface TsneResult {
  /** n × 2, row-major; identical objects share one position when they were merged. */
  coordinates: Float64Array;
  /** KL(P‖Q) of the final layout over all objects (Z as the repulsion estimates it). */
  kl: number;
  iterations: number;
  perplexity: number;
  /** The step size used (the automatic one picked when the option was 'auto'). */
  learningRate: number;
  /** Nearest neighbours per object in P (objects, counted with their multiplicity). */
  neighbours: number;
  gradient: Exclude<RepulsionMethod, 'auto'>;
  /** Points optimised: the distinct objects when identical ones were merged, else n. */
  points: number;
  /** The order the points were optimised in (LOCALITY_MIN_POINTS); the layout is the rows'. */
  pointOrder: 'locality' | 'rows';
}

/** Progress of a running t-SNE; `layout` is the live n × 2 array (copy it to keep it). */
export interface TsneProgress extends Progress {
  iteration: number;
  layout: Float64Array | null;
}

const MOMENTUM_START = 0.5;
const MOMENTUM_FINAL = 0.8;
const MIN_GAIN = 0.01;
/** The random start's spread and the scale a given start is normalised to (std of axis 1). */
const INITIAL_STD = 1e-4;

/** The options as a run uses them: the automatic learning rate picked (resolveTsneOptions). */
export type ResolvedTsneOptions = Omit<OptionsOf<typeof TSNE_PARAMETERS>, 'learningRate'> & {
  learningRate: number;
};

/** The most gradient-descent iterations a t-SNE runs (its exaggeration's too). */
const TSNE_MAX_ITERATIONS = 100_000;

/** t-SNE's parameter table: the single source of its defaults and bounds. */
export const TSNE_PARAMETERS = [
  {
    name: 'perplexity',
    type: 'number',
    default: 30,
    min: 1,
    max: 200,
    maxBecause:
      'each object keeps 3 · perplexity neighbours (3·10⁷ affinities for 50,000 objects at 200); the usual range is 5–50',
    description: 'Effective number of neighbours (lowered to (n − 1)/3 on tiny tables)',
  },
  {
    name: 'iterations',
    type: 'integer',
    default: 1000,
    min: 1,
    max: TSNE_MAX_ITERATIONS,
    maxBecause:
      '100 × the usual 1,000; a layout has long converged, and each iteration is a whole gradient (0.17 s at 100,000 objects)',
    description: 'Gradient-descent iterations',
  },
  {
    name: 'theta',
    symbol: 'θ',
    type: 'number',
    default: 0.5,
    min: 0,
    max: 1.5,
    maxBecause:
      'above about 1 a cell as wide as its distance is summarised as one point, no longer an approximation (the usual θ is 0.5)',
    advanced: true,
    description: 'Barnes-Hut accuracy: a cell is summarised when width / max(distance, 1) < θ',
  },
  {
    name: 'exactLimit',
    type: 'integer',
    default: 1000,
    min: 0,
    max: 10_000,
    maxBecause:
      'exact repulsion sums n² pairs an iteration, 10⁸ at 10,000 objects; Barnes-Hut or FFT serve larger tables',
    advanced: true,
    description: 'Up to this many objects the repulsion is exact, O(n²)',
  },
  {
    name: 'repulsion',
    type: 'choice',
    default: 'auto',
    choices: ['auto', 'exact', 'barnes-hut', 'fft'],
    choiceTitles: {
      auto: 'automatic (exact, then Barnes-Hut)',
      exact: 'exact, O(n²)',
      'barnes-hut': 'Barnes-Hut quadtree',
      fft: 'FFT-interpolated (FIt-SNE)',
    },
    advanced: true,
    description: 'How the repulsive forces are summed',
  },
  {
    name: 'duplicates',
    type: 'choice',
    default: 'merge',
    choices: ['merge', 'keep'],
    choiceTitles: { merge: 'merged, weighted', keep: 'kept apart' },
    advanced: true,
    description: 'Identical objects optimised once with their multiplicity (they share a position)',
  },
  {
    name: 'learningRate',
    type: 'number',
    default: 'auto',
    auto: { description: 'max(n / early exaggeration, 200) (Belkina et al. 2019)', legacy: 0 },
    min: 0,
    minExclusive: true,
    max: 1_000_000,
    maxBecause:
      'the automatic rate n / early exaggeration reaches it at 12 million objects; a larger step only scatters the layout',
    advanced: true,
    description: 'Step size of the gradient descent',
  },
  {
    name: 'earlyExaggeration',
    type: 'number',
    default: 12,
    min: 0,
    minExclusive: true,
    max: 10_000,
    maxBecause:
      'the usual 12; Linderman & Steinerberger (2019) take up to n / 10 with a small step, which this covers to 100,000 objects',
    advanced: true,
    description: 'Factor on P during the first exaggeration iterations',
  },
  {
    name: 'exaggerationIterations',
    type: 'integer',
    default: 250,
    min: 0,
    max: TSNE_MAX_ITERATIONS,
    maxBecause: 'part of the iterations, which stop at 100,000',
    advanced: true,
    description: 'Iterations with early exaggeration',
  },
  {
    name: 'seed',
    type: 'integer',
    default: 0,
    ...SEED_BOUND,
    role: 'seed',
    description: 'Seed of the random start and of sampled quality',
  },
] as const satisfies readonly ParameterSpec[];

/** Defaults and validation from TSNE_PARAMETERS; the data-dependent rules need n. */
export function resolveTsneOptions(n: number, options: TsneOptions = {}): ResolvedTsneOptions {
  if (!Number.isInteger(n) || n < 3)
    throw badOption(
      `t-SNE needs at least 3 objects and this table has ${n}: project it by MDS (or PCA) instead`,
    );
  const { init: _init, team: _team, pointOrder: _order, ...rest } = options;
  const o = resolveOptions(TSNE_PARAMETERS, rest, 't-SNE');
  return {
    ...o,
    // k = 3·perplexity neighbours must exist: lower the perplexity on tiny tables.
    perplexity: Math.min(o.perplexity, (n - 1) / 3),
    learningRate: autoNumber(o.learningRate, () => Math.max(n / o.earlyExaggeration, 200)),
  };
}

/**
 * t-SNE (van der Maaten & Hinton 2008) with the Barnes-Hut gradient of van der Maaten (2014):
 * sparse affinities on 3·perplexity nearest neighbours, early exaggeration, momentum and
 * per-coordinate gains. Yields after every iteration with the live layout (n × 2).
 *
 * Identical objects (duplicates.ts) are merged by default: each distinct object is one point of
 * multiplicity m, its P and its repulsion count it m times (affinity.ts, barnesHut.ts), and it
 * moves as one of its m objects would. The gradient, Z and KL are exactly those of the expanded
 * table with every object's copies held on one spot (test/core/projection/tsneDuplicates.test.ts), and
 * the layout is expanded back at the end: identical rows share one position. That is a
 * constraint, not what t-SNE on the expanded table converges to: there two copies attract with
 * p_ab ≈ P_II / m² and repel with w_ab² / Z ≈ 1 / Z once apart, so a small group collapses but a
 * large one (its copies filling its neighbour list, p_ab < 1 / Z) spreads into a small blob,
 * which lowers KL (measured: 6 % at 3,000 Mushroom-like rows, 13 % at 8,124; trustworthiness
 * unchanged, README). `duplicates: 'keep'` runs the expanded table.
 */
export function* tsneSteps(
  input: ProjectionInput,
  options: TsneOptions = {},
): Generator<TsneProgress, TsneResult, void> {
  const n = input.n;
  const o = resolveTsneOptions(n, options);
  validateInit(n, options.init);
  const random = createRandom(o.seed);
  const merged = o.duplicates === 'merge' ? worthMerging(identicalObjects(input), n) : null;
  const distinct = merged ? restrictedInput(input, merged.representative) : input;
  const method: TsneResult['gradient'] =
    o.repulsion === 'auto' ? (distinct.n <= o.exactLimit ? 'exact' : 'barnes-hut') : o.repulsion;
  const order = options.pointOrder === 'rows' ? null : localOrder(distinct, method, o.seed);
  const map = pointMap(n, merged, order);
  const work = order ? restrictedInput(distinct, order) : distinct;
  const points = work.n;
  const { multiplicity } = map;
  // k neighbours per object; merged, as many distinct points as may be needed to hold them.
  const k = Math.min(n - 1, Math.floor(3 * o.perplexity));
  const neighbours = yield* asTsneProgress(
    scaledSteps(
      nearestNeighbourSteps(work, Math.min(points - 1, k), random, 'auto', options.team),
      0,
      0.1,
      'finding ',
    ),
  );
  if (neighbours.search?.method === 'nn-descent')
    rememberGraph(input, {
      points,
      K: neighbours.k,
      indices: neighbours.indices,
      of: map.of,
    });
  // Barnes-Hut runs on the team (parallelGradient.ts), P in its memory; the exact and FFT sums
  // on this thread.
  const team = method === 'barnes-hut' ? (options.team ?? currentTeam()) : null;
  const p = perplexityAffinities(neighbours, o.perplexity, multiplicity, k, team ?? undefined);
  const start =
    options.init instanceof Float64Array && map.object
      ? gatherPoints(options.init, map.object)
      : options.init;
  const onTeam = team ? teamGradient(p, o.theta, multiplicity, team) : null;
  try {
    const y0 = startingLayout(points, start, random);
    return yield* descend({ n, k, p, o, method, onTeam, map }, y0);
  } finally {
    onTeam?.release();
  }
}

/** The gradient descent from layout y0 (points × 2). */
function* descend(
  run: {
    n: number;
    k: number;
    p: SparseAffinity;
    o: ResolvedTsneOptions;
    method: TsneResult['gradient'];
    onTeam: TeamGradient | null;
    map: PointMap;
  },
  y0: Float64Array,
): Generator<TsneProgress, TsneResult, void> {
  const { n, k, p, o, method, onTeam, map } = run;
  const points = p.n;
  const { multiplicity, of } = map;
  const y = onTeam ? onTeam.y : y0;
  if (onTeam) y.set(y0);
  const repulsion: Repulsion = onTeam
    ? teamRepulsion(onTeam)
    : method === 'exact'
      ? exactRepulsion(points, multiplicity)
      : fftRepulsion(points, {}, multiplicity);
  const gradient = new Float64Array(2 * points);
  const update = new Float64Array(2 * points);
  const gains = new Float64Array(2 * points).fill(1);
  const repulsive = new Float64Array(2 * points);
  // What is shown and returned: never the team's shared layout, which the next step changes.
  const expanded = of || onTeam ? new Float64Array(2 * n) : y;
  for (let it = 0; it < o.iterations; it++) {
    const exaggerated = it < o.exaggerationIterations;
    const momentum = exaggerated ? MOMENTUM_START : MOMENTUM_FINAL;
    const alpha = exaggerated ? o.earlyExaggeration : 1;
    if (onTeam) onTeam.compute(alpha, gradient);
    else klGradient(p, y, repulsion, alpha, gradient, repulsive);
    for (let t = 0; t < 2 * points; t++) {
      const g = gradient[t] as number;
      const u = update[t] as number;
      // Delta-bar-delta gains (Jacobs 1988) as in the reference implementations.
      let gain = gains[t] as number;
      gain = Math.sign(g) !== Math.sign(u) ? gain + 0.2 : gain * 0.8;
      if (gain < MIN_GAIN) gain = MIN_GAIN;
      gains[t] = gain;
      const step = momentum * u - o.learningRate * gain * g;
      update[t] = step;
      y[t] = (y[t] as number) + step;
    }
    recentre(y);
    if (of) expandPoints(y, of, expanded);
    else if (onTeam) expanded.set(y);
    yield {
      fraction: 0.1 + (0.9 * (it + 1)) / o.iterations,
      message: `iteration ${it + 1}/${o.iterations}`,
      iteration: it + 1,
      layout: expanded,
    };
  }
  const z = repulsion.compute(y, repulsive);
  const kl = klDivergence(p, y, z);
  if (of) expandPoints(y, of, expanded);
  else if (onTeam) expanded.set(y);
  return {
    coordinates: expanded,
    kl,
    iterations: o.iterations,
    perplexity: o.perplexity,
    learningRate: o.learningRate,
    neighbours: k,
    gradient: method,
    points,
    pointOrder: map.ordered ? 'locality' : 'rows',
  };
}

/** The team's gradient as a Repulsion (for the final Z): F_rep into force, Z returned. */
function teamRepulsion(onTeam: TeamGradient): Repulsion {
  return {
    compute(_y, force) {
      const z = onTeam.compute(1, force);
      force.set(onTeam.repulsive);
      return z;
    },
  };
}

/**
 * From this many points on, the Barnes-Hut points are optimised in the leaf order of a random
 * two-pivot tree over the input (approximateKnn.ts localityOrder), so that a point's neighbours in
 * P mostly sit near it in memory. The attraction reads the layout at each of P's 140 or so
 * columns a row, and in the rows' own order those reads land anywhere in it. Measured on the 16-D
 * mixture's P (a scratch script, one thread, both orders alternating): the attraction took 0.75×
 * the time in leaf order at 20,000 points, 0.63× at 50,000 and 0.60× at 100,000 (1.6 MB of
 * layout, past a core's 1 MB cache). Smaller layouts keep the rows' order: the gain is small there
 * and the order would only change their round-off.
 */
export const LOCALITY_MIN_POINTS = 16384;

/** The order of the distinct points (null: their own order) t-SNE optimises them in. */
function localOrder(
  distinct: ProjectionInput,
  method: TsneResult['gradient'],
  seed: number,
): Int32Array | null {
  const points = distinct.n;
  if (method !== 'barnes-hut' || points < LOCALITY_MIN_POINTS) return null;
  // A stream of its own, so that the start and the neighbour search draw as before.
  const identity = Int32Array.from({ length: points }, (_, q) => q);
  return localityOrder(distinct, identity, createRandom(seed ^ 0x2545f491)).order;
}

export function runTsne(input: ProjectionInput, options?: TsneOptions): TsneResult {
  return runToEnd(tsneSteps(input, options));
}

/**
 * The t-SNE gradient without its factor 4 (as bhtsne and openTSNE; the learning rate absorbs it):
 *   gradient_i = α Σ_j p_ij w_ij (y_i − y_j) − (1 / Z) Σ_j w_ij² (y_i − y_j),
 * w_ij = 1 / (1 + ‖y_i − y_j‖²), Z = Σ_{k≠l} w_kl (van der Maaten 2014, Eq. 4). With α = 1 it is
 * ¼ ∂KL(P‖Q)/∂y; with the early exaggeration α only the attraction is scaled. The repulsion is
 * exact or Barnes-Hut as `repulsion` computes it; `repulsive` (n × 2) is scratch for F_rep.
 * Writes gradient (n × 2) and returns Z.
 */
export function klGradient(
  p: SparseAffinity,
  y: Float64Array,
  repulsion: Repulsion,
  alpha: number,
  gradient: Float64Array,
  repulsive: Float64Array,
): number {
  const z = repulsion.compute(y, repulsive);
  attraction(p, p.multiplicity ?? null, y, alpha, 0, p.n, gradient);
  const inverseZ = 1 / z;
  for (let t = 0; t < gradient.length; t++)
    gradient[t] = (gradient[t] as number) - (repulsive[t] as number) * inverseZ;
  return z;
}

/**
 * KL(P‖Q) = Σ p_ij log(p_ij / q_ij), q_ij = w_ij / Z, over P's non-zero entries. With
 * multiplicities every object pair of points i, j has p = P_ij / (m_i m_j) and the same q, and the
 * pairs of i's own copies p = self_i / (m_i (m_i − 1)), q = 1 / Z.
 */
export function klDivergence(p: SparseAffinity, y: Float64Array, z: number): number {
  const { n, rowStart, columns, values } = p;
  const multiplicity = p.multiplicity ?? null;
  let kl = 0;
  for (let i = 0; i < n; i++) {
    const mi = multiplicity ? (multiplicity[i] as number) : 1;
    const own = p.self ? (p.self[i] as number) : 0;
    if (own > 0) kl += own * Math.log((own / (mi * (mi - 1))) * z);
    const end = rowStart[i + 1] as number;
    for (let s = rowStart[i] as number; s < end; s++) {
      const pij = values[s] as number;
      if (pij <= 0) continue;
      const j = columns[s] as number;
      const dx = (y[2 * i] as number) - (y[2 * j] as number);
      const dy = (y[2 * i + 1] as number) - (y[2 * j + 1] as number);
      const q = 1 / (1 + dx * dx + dy * dy) / z;
      const pairs = multiplicity ? mi * (multiplicity[j] as number) : 1;
      kl += pij * Math.log(pij / pairs / Math.max(q, Number.MIN_VALUE));
    }
  }
  return kl;
}

/** Checked before the neighbours are searched, so a bad start fails at once. */
function validateInit(n: number, init: TsneOptions['init']): void {
  if (init instanceof Float64Array) {
    if (init.length !== 2 * n)
      throw badOption(`init must hold n × 2 = ${2 * n} numbers, got ${init.length}`);
  } else if (init !== undefined && init !== 'random')
    throw badOption(`init must be 'random' or an n × 2 Float64Array, got ${String(init)}`);
}

function startingLayout(n: number, init: TsneOptions['init'], random: Random): Float64Array {
  const y = new Float64Array(2 * n);
  if (init instanceof Float64Array) {
    y.set(init);
    recentre(y);
    // Scaled so axis 1 has std 1e-4, as the PCA start of openTSNE and scikit-learn.
    let s = 0;
    for (let i = 0; i < n; i++) s += (y[2 * i] as number) ** 2;
    const std = Math.sqrt(s / n);
    const factor = std > 0 && Number.isFinite(std) ? INITIAL_STD / std : 1;
    for (let t = 0; t < 2 * n; t++) y[t] = (y[t] as number) * factor;
    if (std > 0) return y;
  }
  for (let t = 0; t < 2 * n; t++) y[t] = INITIAL_STD * gaussian(random);
  return y;
}

function* asTsneProgress<T>(steps: Steps<T>): Generator<TsneProgress, T, void> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    yield { ...step.value, iteration: 0, layout: null };
  }
}
