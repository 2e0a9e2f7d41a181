import { now } from '../base/clock.ts';
import { AUTO } from '../base/parameters.ts';
import type { Progress } from '../base/jobs.ts';
import { scaledSteps } from '../base/jobs.ts';
import type { ProjectionInput } from '../platform/projectionInput.ts';
import { usesApproximateSearch } from '../neighbours/knn.ts';
import { mdsSteps, type MdsOptions } from './mds.ts';
import { qualitySteps, type ProjectionQuality, type QualityOptions } from './quality.ts';
import { stressSteps } from './stress.ts';
import { tsneSteps, type TsneOptions } from './tsne.ts';
import { badOption } from '../base/errors.ts';

/** What is projected: the objects' input, and their principal layout when they are vectors. */
export interface ProjectionSource {
  input: ProjectionInput;
  principal: (() => Float64Array) | null;
}

/** A layout of the objects in 2-D, with what its method measured of it. */
export interface Layout {
  /** n × 2, row-major. */
  coordinates: Float64Array;
  /** KL(P‖Q) of a t-SNE layout. */
  kl: number | null;
  /** Kruskal stress-1 of an MDS or PCA layout against the input distances. */
  stress: number | null;
  /** How it was computed, for people: "Barnes-Hut t-SNE, perplexity 30 …". */
  detail: string;
  /** The numbers its 'auto' options ran with (MethodContext.automatic). */
  automatic?: Readonly<Record<string, number>>;
}

/** Progress that may carry the current layout (t-SNE iterations), for animation. */
export interface ProjectionProgress extends Progress {
  layout?: Float64Array | null;
}

/** One projection method's layout of a source: each projection step passes its own. */
export type LayoutSteps = (
  source: ProjectionSource,
  seed: number,
) => Generator<ProjectionProgress, Layout, void>;

export interface ProjectionOptions {
  /** Trustworthiness and continuity; false skips them. */
  quality?: QualityOptions | false;
  seed?: number;
}

export interface Projection extends Layout {
  quality: ProjectionQuality | null;
  seconds: number;
}

/** Lays objects out in 2-D with `layout` and measures how well neighbourhoods survive. */
export function* projectSteps(
  source: ProjectionSource,
  layout: LayoutSteps,
  options: ProjectionOptions,
): Generator<ProjectionProgress, Projection, void> {
  const start = now();
  const seed = options.seed ?? 0;
  const { input } = source;
  const quality = options.quality ?? {};
  const layoutEnd = quality === false ? 1 : 0.9;
  // The layout's own progress, scaled, keeping the live layout it may carry.
  const steps = layout(source, seed);
  let result: Layout;
  for (;;) {
    const step = steps.next();
    if (step.done) {
      result = step.value;
      break;
    }
    yield { ...step.value, fraction: layoutEnd * step.value.fraction };
  }
  let { detail } = result;
  // Trustworthiness compares neighbourhoods: it needs at least 3 objects, else it is skipped.
  const measurable = quality !== false && input.n >= 3;
  if (quality !== false && !measurable)
    detail += `; trustworthiness not measured (it needs at least 3 objects, there are ${input.n})`;
  const measured = !measurable
    ? null
    : yield* scaledSteps(
        qualitySteps(input, result.coordinates, { seed, ...quality }),
        layoutEnd,
        1,
        'trustworthiness: ',
      );
  return { ...result, detail, quality: measured, seconds: (now() - start) / 1000 };
}

/** t-SNE from a PCA start (MDS for a distance) or seeded noise (project/tsne.ts). */
export function tsneLayout(
  options: Omit<TsneOptions, 'init'> & { init?: 'pca' | 'random' },
): LayoutSteps {
  return function* (source, seed) {
    const { input } = source;
    const { init = 'pca', ...tsne } = options;
    let initial: Float64Array | 'random' = 'random';
    if (init === 'pca') {
      yield { fraction: 0, message: 'initial layout…' };
      initial = source.principal
        ? source.principal()
        : (yield* scaledSteps(mdsSteps(input, { seed }), 0, 0.05, 'initial MDS: ')).coordinates;
    } else if (init !== 'random')
      throw badOption(`init must be 'pca' or 'random', got ${String(init)}`);
    const steps = tsneSteps(input, { seed, ...tsne, init: initial });
    let result;
    for (;;) {
      const step = steps.next();
      if (step.done) {
        result = step.value;
        break;
      }
      yield { ...step.value, fraction: 0.05 + 0.95 * step.value.fraction };
    }
    const detail =
      `${repulsionName(result.gradient, tsne.theta ?? 0.5)} t-SNE, ` +
      `perplexity ${round(result.perplexity)} on ${result.neighbours} neighbours` +
      `${usesApproximateSearch(input) ? ' (approximate: NN-descent)' : ''}, ` +
      `${result.iterations} iterations, ${init === 'random' ? 'random' : source.principal ? 'PCA' : 'MDS'} start` +
      (result.points < input.n
        ? `; ${result.points} distinct of ${input.n} objects, identical ones share a position`
        : '');
    return {
      coordinates: result.coordinates,
      kl: result.kl,
      stress: null,
      detail,
      automatic: automaticOf(tsne, { learningRate: result.learningRate }),
    };
  };
}

/** Classical (Torgerson) MDS up to a size, landmark MDS above (project/mds.ts). */
export function mdsLayout(options: MdsOptions = {}): LayoutSteps {
  return function* (source, seed) {
    const mds = yield* mdsSteps(source.input, { seed, ...options });
    const detail =
      mds.method === 'classical'
        ? 'classical (Torgerson) MDS'
        : `landmark MDS on ${mds.landmarks?.length ?? '?'} landmarks`;
    const landmarks = mds.landmarks?.length;
    return {
      coordinates: mds.coordinates,
      kl: null,
      stress: mds.stress,
      detail,
      // Only landmark MDS has landmarks: the classical one ran without picking a number.
      automatic: landmarks === undefined ? {} : automaticOf(options, { landmarks }),
    };
  };
}

/** The first two principal components of object vectors, with their stress. */
export const pcaLayout: LayoutSteps = function* (source, seed) {
  if (!source.principal)
    throw badOption(
      'PCA needs object vectors; this representation only defines distances — use MDS',
    );
  yield { fraction: 0, message: 'principal components…' };
  const coordinates = source.principal();
  const stress = yield* scaledSteps(
    stressSteps(source.input, coordinates, { seed }),
    0.5,
    1,
    'stress: ',
  );
  return { coordinates, kl: null, stress, detail: 'PCA (first two principal components)' };
};

/**
 * Of the numbers a run used, those of options left 'auto': given as 'auto', or absent (each of
 * these options is 'auto' by default).
 */
export function automaticOf(
  given: Readonly<Record<string, unknown>>,
  used: Readonly<Record<string, number>>,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(used).filter(([name]) => given[name] === undefined || given[name] === AUTO),
  );
}

function round(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(1);
}

function repulsionName(gradient: 'exact' | 'barnes-hut' | 'fft', theta: number): string {
  if (gradient === 'exact') return 'exact';
  if (gradient === 'fft') return 'FFT-interpolated';
  return `Barnes-Hut (θ = ${theta})`;
}
