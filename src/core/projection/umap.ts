import type { Progress, Steps } from '../base/jobs.ts';
import { runToEnd, scaledSteps } from '../base/jobs.ts';
import { createRandom } from '../base/random.ts';
import {
  autoNumber,
  resolveOptions,
  SEED_BOUND,
  type OptionsOf,
  type ParameterSpec,
} from '../base/parameters.ts';
import { nearestNeighbourSteps, type Neighbours } from '../neighbours/knn.ts';
import { rememberedGraph, rememberGraph } from '../neighbours/graphMemo.ts';
import { currentTeam } from '../parallel/ambient.ts';
import type { Team } from '../parallel/team.ts';
import { distanceOf, type ProjectionInput } from '../platform/projectionInput.ts';
import {
  identicalObjects,
  restrictedInput,
  worthMerging,
  type IdenticalObjects,
} from './duplicates.ts';
import { expandPoints } from './pointMap.ts';
import { fuzzySimplicialSet, pruneWeakEdges } from './fuzzySet.ts';
import { umapStart } from './spectralInit.ts';
import { fitUmapCurve } from './umapCurve.ts';
import { umapEpochs } from './umapEpochs.ts';
import { badOption } from '../base/errors.ts';

/**
 * UMAP (McInnes, Healy & Melville 2018, "UMAP: Uniform Manifold Approximation and Projection for
 * Dimension Reduction", arXiv:1802.03426), as umap-learn 0.5 runs it with its defaults, on our
 * own pieces: the k-nearest-neighbour graph (exact or NN-descent, knn.ts; a graph a t-SNE of the
 * same input already searched is reused, graphMemo.ts), its fuzzy simplicial set (fuzzySet.ts),
 * a and b fitted from minDist and spread (umapCurve.ts), a spectral or random start
 * (spectralInit.ts) and the sampled gradient epochs on the team (umapEpochs.ts, where the one
 * departure from umap-learn — the order of the updates, fixed so the layout does not depend on
 * the number of threads — is explained).
 *
 * Identical objects are merged as t-SNE merges them (duplicates.ts): each distinct object is one
 * point of the graph and its rows share its position. umap-learn keeps them apart, and a group
 * of more identical rows than n_neighbors then fills its own lists with copies at distance 0: a
 * clique cut off from the rest of the graph. `duplicates: 'keep'` runs the rows as they are.
 */
/** Options from UMAP_PARAMETERS (their defaults live there), and the threads to run on. */
export type UmapOptions = Partial<OptionsOf<typeof UMAP_PARAMETERS>> & { team?: Team };

export interface UmapResult {
  /** n × 2 */
  coordinates: Float64Array;
  neighbours: number;
  epochs: number;
  a: number;
  b: number;
  /** Points laid out (distinct objects when identical ones were merged). */
  points: number;
  /** Edges of the fuzzy graph sampled by the epochs (both directions). */
  edges: number;
  /** How the start was made ("spectral start", or why it fell back to random). */
  start: string;
  /** Where the neighbours came from: 'exact', 'nn-descent', or 'reused' (a t-SNE's graph). */
  search: 'exact' | 'nn-descent' | 'reused';
}

export interface UmapProgress extends Progress {
  layout: Float64Array | null;
}

/** The largest spread (and min_dist, on its scale). */
const UMAP_MAX_SPREAD = 100;

/** UMAP's parameter table, with umap-learn's defaults. */
export const UMAP_PARAMETERS = [
  {
    name: 'neighbours',
    type: 'integer',
    default: 15,
    min: 2,
    max: 200,
    maxBecause:
      'each object keeps k edges of the graph every epoch samples; umap-learn suggests 2–100',
    description:
      'n_neighbors: the neighbourhood size, the object itself included (lowered to n on tiny tables)',
  },
  {
    name: 'minDist',
    type: 'number',
    default: 0.1,
    min: 0,
    max: UMAP_MAX_SPREAD,
    maxBecause:
      'min_dist is measured on the spread’s scale (umap-learn asks min_dist ≤ spread), and the spread stops at 100',
    description: 'min_dist: how tightly points may pack in the layout',
  },
  {
    name: 'spread',
    type: 'number',
    default: 1,
    min: 0,
    minExclusive: true,
    max: UMAP_MAX_SPREAD,
    maxBecause:
      '100 × umap-learn’s 1; every step moves a point by at most 4 × the learning rate, so larger scales are out of the epochs’ reach',
    advanced: true,
    description: 'The scale of the layout’s similarity curve (with min_dist it fixes a and b)',
  },
  {
    name: 'epochs',
    type: 'integer',
    default: 'auto',
    auto: { description: 'umap-learn’s default: 500 up to 10,000 objects, 200 above', legacy: 0 },
    min: 1,
    max: 10000,
    maxBecause: 'each epoch samples every edge of the graph; 20 × umap-learn’s 500',
    description: 'n_epochs: how many times every edge of the graph is sampled',
  },
  {
    name: 'negativeSampleRate',
    type: 'integer',
    default: 5,
    min: 1,
    max: 100,
    maxBecause: 'each positive sample draws this many negatives; 20 × umap-learn’s 5',
    advanced: true,
    description: 'Negative samples per positive sample',
  },
  {
    name: 'learningRate',
    type: 'number',
    default: 1,
    min: 0,
    minExclusive: true,
    max: 100,
    maxBecause:
      'every gradient is clipped to ±4 before the step, and 100 × umap-learn’s 1 already throws points across the layout',
    advanced: true,
    description: 'The initial step size (it falls linearly to 0)',
  },
  {
    name: 'init',
    type: 'choice',
    default: 'laplacian',
    choices: ['laplacian', 'random'],
    choiceTitles: {
      laplacian: 'spectral: the graph Laplacian’s eigenvectors',
      random: 'seeded noise',
    },
    description: 'Starting layout',
  },
  {
    name: 'duplicates',
    type: 'choice',
    default: 'merge',
    choices: ['merge', 'keep'],
    choiceTitles: { merge: 'merged (one point)', keep: 'kept apart' },
    advanced: true,
    description: 'Identical objects laid out as one point (they share a position)',
  },
  {
    name: 'seed',
    type: 'integer',
    default: 0,
    ...SEED_BOUND,
    role: 'seed',
    description: 'Seed of the start, the negative samples and sampled quality',
  },
] as const satisfies readonly ParameterSpec[];

/** umap-learn's default number of epochs for n objects. */
export function defaultEpochs(n: number): number {
  return n <= 10000 ? 500 : 200;
}

export function* umapSteps(
  input: ProjectionInput,
  options: UmapOptions = {},
): Generator<UmapProgress, UmapResult, void> {
  const n = input.n;
  if (!Number.isInteger(n) || n < 3)
    throw badOption(
      `UMAP needs at least 3 objects and this table has ${n}: project it by MDS (or PCA) instead`,
    );
  const { team: given, ...rest } = options;
  const o = resolveOptions(UMAP_PARAMETERS, rest, 'UMAP');
  const team = given ?? currentTeam();
  const epochs = autoNumber(o.epochs, () => defaultEpochs(n));
  const merged = o.duplicates === 'merge' ? worthMerging(identicalObjects(input), n) : null;
  const work = merged ? restrictedInput(input, merged.representative) : input;
  const points = work.n;
  // n_neighbors counts the object itself; our lists hold the others.
  const k = Math.min(o.neighbours - 1, points - 1);
  const found = yield* withLayout(
    scaledSteps(graphOf(input, work, merged, k, o.seed, team), 0, 0.3, 'neighbours: '),
  );
  const { a, b } = fitUmapCurve(o.minDist, o.spread);
  // Edges sampled less than once in the run are dropped; for a very short run (≤ 10 epochs) the
  // cut is the default run's, as umap-learn's.
  const cut = epochs > 10 ? epochs : defaultEpochs(n);
  const graph = pruneWeakEdges(fuzzySimplicialSet(found.neighbours, k + 1), cut);
  yield { fraction: 0.32, message: `${o.init} start…`, layout: null };
  const start = umapStart(graph, o.init, o.seed, team);
  const run = umapEpochs(
    graph,
    start.y,
    {
      a,
      b,
      gamma: 1,
      negativeSampleRate: o.negativeSampleRate,
      learningRate: o.learningRate,
      epochs,
      seed: o.seed,
    },
    team,
  );
  const layout = new Float64Array(2 * n);
  try {
    for (let epoch = 0; epoch < epochs; epoch++) {
      run.run(epoch);
      expand(run.y, merged, layout);
      yield {
        fraction: 0.35 + (0.65 * (epoch + 1)) / epochs,
        message: `epoch ${epoch + 1}/${epochs}`,
        layout,
      };
    }
    expand(run.y, merged, layout);
  } finally {
    run.release();
  }
  return {
    coordinates: layout,
    neighbours: k + 1,
    epochs,
    a,
    b,
    points,
    edges: graph.columns.length,
    start: start.note,
    search: found.search,
  };
}

export function runUmap(input: ProjectionInput, options?: UmapOptions): UmapResult {
  return runToEnd(umapSteps(input, options));
}

/**
 * Each point's k nearest others: the first k of a graph a t-SNE of this input remembered (its
 * distances recomputed by the input's own d), else searched and remembered in turn.
 */
function* graphOf(
  input: ProjectionInput,
  work: ProjectionInput,
  merged: IdenticalObjects | null,
  k: number,
  seed: number,
  team: Team,
): Steps<{ neighbours: Neighbours; search: UmapResult['search'] }> {
  const known = rememberedGraph(input);
  if (known && known.K >= k && known.points === work.n && (known.of === null) === !merged) {
    yield { fraction: 0, message: 'reusing the neighbour graph…' };
    return { neighbours: firstOf(known.indices, known.K, work, k), search: 'reused' };
  }
  const neighbours = yield* nearestNeighbourSteps(work, k, createRandom(seed), 'auto', team);
  const search = neighbours.search?.method === 'nn-descent' ? 'nn-descent' : 'exact';
  if (search === 'nn-descent' && !known)
    rememberGraph(input, {
      points: work.n,
      K: k,
      indices: neighbours.indices,
      of: merged ? merged.of : null,
    });
  return { neighbours, search };
}

/** The first k of each K-long list, by distance (recomputed), nearest first. */
function firstOf(indices: Int32Array, K: number, work: ProjectionInput, k: number): Neighbours {
  const n = work.n;
  const distance = distanceOf(work);
  const out = new Int32Array(n * k);
  const distances = new Float64Array(n * k);
  const order = Array.from({ length: k }, (_, t) => t);
  const d = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    for (let t = 0; t < k; t++) d[t] = distance(i, indices[i * K + t] as number);
    order.sort((p, q) => (d[p] as number) - (d[q] as number) || p - q);
    for (let t = 0; t < k; t++) {
      const s = order[t] as number;
      out[i * k + t] = indices[i * K + s] as number;
      distances[i * k + t] = d[s] as number;
    }
    for (let t = 0; t < k; t++) order[t] = t;
  }
  return { n, k, indices: out, distances };
}

/** Every row at its point's position. */
function expand(y: Float64Array, groups: IdenticalObjects | null, out: Float64Array): void {
  if (groups) expandPoints(y, groups.of, out);
  else out.set(y);
}

function* withLayout<T>(steps: Steps<T>): Generator<UmapProgress, T, void> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    yield { ...step.value, layout: null };
  }
}
