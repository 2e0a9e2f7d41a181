import { usesApproximateSearch } from '../neighbours/knn.ts';
import { defineMethod, type ResolvedCall } from '../platform/spec.ts';
import { automaticOf, type LayoutSteps } from './project.ts';
import {
  PROJECTION_INPUT,
  PROJECTION_PAPER,
  projectRepresentation,
  QUALITY_PARAMETER,
} from './projectionStep.ts';
import { SAMPLE_PARAMETER } from './objectSample.ts';
import { UMAP_PARAMETERS, umapSteps, type UmapOptions } from './umap.ts';

/**
 * UMAP of any representation (src/core/projection/umap.ts): the fuzzy graph of its nearest
 * neighbours, a spectral start, sampled gradient epochs on the team. Progress carries the live
 * layout for animation.
 */
export const umapStep = defineMethod({
  id: 'umap',
  title: 'UMAP',
  role: 'step',
  order: 1.5,
  team: 'its NN-descent neighbours (nnDescentJoin.ts) and its gradient epochs (umapEpochs.ts)',
  paper: `${PROJECTION_PAPER}; McInnes, Healy & Melville 2018 (UMAP)`,
  where: 'McInnes, Healy & Melville 2018, Sec. 3 and Algorithms 1-5 (as umap-learn 0.5 runs them)',
  description: 'UMAP layout of any representation',
  parameters: [...UMAP_PARAMETERS, QUALITY_PARAMETER, SAMPLE_PARAMETER],
  inputs: [PROJECTION_INPUT],
  produces: ['object-embedding', 'measures'],
  run(context, options, inputs) {
    const { quality, seed, sample, ...umap } = options;
    return projectRepresentation(context, inputs.of as ResolvedCall, umapLayout(umap), {
      seed,
      sample,
      quality: quality ? {} : false,
    });
  },
});

/** UMAP as a projection layout (project.ts). */
export function umapLayout(options: Omit<UmapOptions, 'seed' | 'team'>): LayoutSteps {
  return function* (source, seed) {
    const { input } = source;
    const result = yield* umapSteps(input, { ...options, seed });
    const searched =
      result.search === 'reused'
        ? ' (a t-SNE’s NN-descent graph, reused)'
        : usesApproximateSearch(input)
          ? ' (approximate: NN-descent)'
          : '';
    const detail =
      `UMAP, ${result.neighbours} neighbours${searched}, min_dist ${options.minDist ?? 0.1} ` +
      `(a = ${result.a.toFixed(3)}, b = ${result.b.toFixed(3)}), ${result.epochs} epochs, ` +
      `${result.start}` +
      (result.points < input.n
        ? `; ${result.points} distinct of ${input.n} objects, identical ones share a position`
        : '');
    return {
      coordinates: result.coordinates,
      kl: null,
      stress: null,
      detail,
      automatic: automaticOf(options, { epochs: result.epochs }),
    };
  };
}
