import { tsneLayout } from './project.ts';
import { defineMethod, type ResolvedCall } from '../platform/spec.ts';
import { TSNE_PARAMETERS } from './tsne.ts';
import {
  PROJECTION_INPUT,
  PROJECTION_PAPER,
  projectRepresentation,
  QUALITY_PARAMETER,
} from './projectionStep.ts';
import { SAMPLE_PARAMETER } from './objectSample.ts';

/**
 * t-SNE of any representation (src/core/projection/tsne.ts: exact or Barnes-Hut repulsion, sparse
 * perplexity-calibrated P, PCA or MDS start). Progress carries the live layout for animation.
 */
export const tsneStep = defineMethod({
  id: 'tsne',
  title: 't-SNE',
  role: 'step',
  order: 1,
  team: 'its NN-descent neighbours and their lists (nnDescentJoin.ts, neighbourLists.ts) and its Barnes-Hut gradient (parallelGradient.ts)',
  paper: PROJECTION_PAPER,
  where: 'van der Maaten 2014 (Barnes-Hut); Zhu et al. 2022 (UNTIE) Sec. 6.2.3',
  description: 't-SNE layout of any representation',
  parameters: [
    ...TSNE_PARAMETERS,
    {
      name: 'init',
      type: 'choice',
      default: 'pca',
      choices: ['pca', 'random'],
      choiceTitles: { pca: 'PCA (MDS for a distance)', random: 'seeded noise' },
      description: 'Starting layout',
    },
    QUALITY_PARAMETER,
    SAMPLE_PARAMETER,
  ],
  inputs: [PROJECTION_INPUT],
  produces: ['object-embedding', 'measures'],
  run(context, options, inputs) {
    const { quality, seed, sample, ...tsne } = options;
    return projectRepresentation(context, inputs.of as ResolvedCall, tsneLayout(tsne), {
      seed,
      sample,
      quality: quality ? {} : false,
    });
  },
});
