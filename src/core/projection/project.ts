import { now } from '../base/clock.ts';
import type { Progress } from '../base/jobs.ts';
import { scaledSteps } from '../base/jobs.ts';
import type { ProjectionInput } from '../platform/projectionInput.ts';
import { usesApproximateSearch } from '../neighbours/knn.ts';
import { mdsSteps, type MdsOptions } from './mds.ts';
import { qualitySteps, type ProjectionQuality, type QualityOptions } from './quality.ts';
import { stressSteps } from './stress.ts';
import { tsneSteps, type TsneOptions } from './tsne.ts';

export const PROJECTIONS = ['tsne', 'mds', 'pca'] as const;
export type ProjectionKind = (typeof PROJECTIONS)[number];

/** What is projected: the objects' input, and their principal layout when they are vectors. */
export interface ProjectionSource {
  input: ProjectionInput;
  principal: (() => Float64Array) | null;
}

export interface ProjectionOptions {
  projection: ProjectionKind;
  tsne?: Omit<TsneOptions, 'init'> & { init?: 'pca' | 'random' };
  mds?: MdsOptions;
  /** Trustworthiness and continuity; false skips them. */
  quality?: QualityOptions | false;
  seed?: number;
}

export interface Projection {
  projection: ProjectionKind;
  /** n × 2, row-major. */
  coordinates: Float64Array;
  /** KL(P‖Q) of a t-SNE layout. */
  kl: number | null;
  /** Kruskal stress-1 of an MDS or PCA layout against the input distances. */
  stress: number | null;
  quality: ProjectionQuality | null;
  /** How it was computed, for people: "Barnes-Hut t-SNE, perplexity 30 …". */
  detail: string;
  seconds: number;
}

/** Progress that may carry the current layout (t-SNE iterations), for animation. */
export interface ProjectionProgress extends Progress {
  layout?: Float64Array | null;
}

/** Projects objects to 2-D by t-SNE, MDS or PCA and measures how well neighbourhoods survive. */
export function* projectionSteps(
  source: ProjectionSource,
  options: ProjectionOptions,
): Generator<ProjectionProgress, Projection, void> {
  const start = now();
  const seed = options.seed ?? 0;
  const { input } = source;
  const quality = options.quality ?? {};
  const layoutEnd = quality === false ? 1 : 0.9;
  let coordinates: Float64Array;
  let kl: number | null = null;
  let stress: number | null = null;
  let detail: string;
  if (options.projection === 'tsne') {
    const { init = 'pca', ...tsne } = options.tsne ?? {};
    let initial: Float64Array | 'random' = 'random';
    if (init === 'pca') {
      yield { fraction: 0, message: 'initial layout…' };
      initial = source.principal
        ? source.principal()
        : (yield* scaledSteps(mdsSteps(input, { seed }), 0, 0.05, 'initial MDS: ')).coordinates;
    } else if (init !== 'random')
      throw new TypeError(`init must be 'pca' or 'random', got ${String(init)}`);
    const steps = tsneSteps(input, { seed, ...tsne, init: initial });
    let result;
    for (;;) {
      const step = steps.next();
      if (step.done) {
        result = step.value;
        break;
      }
      yield { ...step.value, fraction: 0.05 + (layoutEnd - 0.05) * step.value.fraction };
    }
    coordinates = result.coordinates;
    kl = result.kl;
    detail =
      `${repulsionName(result.gradient, tsne.theta ?? 0.5)} t-SNE, ` +
      `perplexity ${round(result.perplexity)} on ${result.neighbours} neighbours` +
      `${usesApproximateSearch(input) ? ' (approximate: NN-descent)' : ''}, ` +
      `${result.iterations} iterations, ${init === 'random' ? 'random' : source.principal ? 'PCA' : 'MDS'} start` +
      (result.points < input.n
        ? `; ${result.points} distinct of ${input.n} objects, identical ones share a position`
        : '');
  } else if (options.projection === 'mds') {
    const mds = yield* scaledSteps(mdsSteps(input, { seed, ...options.mds }), 0, layoutEnd);
    coordinates = mds.coordinates;
    stress = mds.stress;
    detail =
      mds.method === 'classical'
        ? 'classical (Torgerson) MDS'
        : `landmark MDS on ${mds.landmarks?.length ?? '?'} landmarks`;
  } else if (options.projection === 'pca') {
    if (!source.principal)
      throw new RangeError(
        'PCA needs object vectors; this representation only defines distances — use MDS',
      );
    yield { fraction: 0, message: 'principal components…' };
    coordinates = source.principal();
    stress = yield* scaledSteps(
      stressSteps(input, coordinates, { seed }),
      0.5 * layoutEnd,
      layoutEnd,
      'stress: ',
    );
    detail = 'PCA (first two principal components)';
  } else throw new RangeError(`unknown projection “${String(options.projection)}”`);
  // Trustworthiness compares neighbourhoods: it needs at least 3 objects, else it is skipped.
  const measurable = quality !== false && input.n >= 3;
  if (quality !== false && !measurable)
    detail += `; trustworthiness not measured (it needs at least 3 objects, there are ${input.n})`;
  const measured = !measurable
    ? null
    : yield* scaledSteps(
        qualitySteps(input, coordinates, { seed, ...quality }),
        layoutEnd,
        1,
        'trustworthiness: ',
      );
  return {
    projection: options.projection,
    coordinates,
    kl,
    stress,
    quality: measured,
    detail,
    seconds: (now() - start) / 1000,
  };
}

function round(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(1);
}

function repulsionName(gradient: 'exact' | 'barnes-hut' | 'fft', theta: number): string {
  if (gradient === 'exact') return 'exact';
  if (gradient === 'fft') return 'FFT-interpolated';
  return `Barnes-Hut (θ = ${theta})`;
}
