import { mdsStep } from './mdsStep.ts';
import { pcaLayout } from './project.ts';
import { SEED_BOUND } from '../base/parameters.ts';
import { defineMethod, type ResolvedCall } from '../platform/spec.ts';
import { PROJECTION_PAPER, projectRepresentation, QUALITY_PARAMETER } from './projectionStep.ts';

/**
 * The objects on the first two principal components of an object embedding (for a
 * value-concatenation embedding the covariance comes from the co-occurrence counts, never an
 * n × dims matrix; src/core/platform/principal.ts). Distances have no components: use MDS.
 */
export const pcaStep = defineMethod({
  id: 'pca',
  title: 'PCA',
  role: 'step',
  order: 3,
  paper: PROJECTION_PAPER,
  where: 'principal components of an embedding',
  description: 'The first two principal components of an object embedding',
  parameters: [
    {
      name: 'seed',
      type: 'integer',
      default: 0,
      ...SEED_BOUND,
      role: 'seed',
      description: 'Seed of sampled stress and quality',
    },
    QUALITY_PARAMETER,
  ],
  inputs: [
    {
      name: 'of',
      accepts: ['object-embedding'],
      description: 'an object embedding (a distance has no principal components: use MDS)',
    },
  ],
  produces: ['object-embedding', 'measures'],
  // A distance has no principal components: its MDS is the nearest layout.
  otherwise: mdsStep.id,
  run(context, options, inputs) {
    return projectRepresentation(context, inputs.of as ResolvedCall, pcaLayout, {
      seed: options.seed,
      quality: options.quality ? {} : false,
      explained: true,
    });
  },
});
