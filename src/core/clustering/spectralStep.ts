import { SPECTRAL_MAX_OBJECTS } from './spectral.ts';
import { spectralPartitionerFor } from './spectralPartition.ts';
import { defineMethod, type ResolvedCall } from '../platform/spec.ts';
import {
  CLUSTERS_PARAMETER,
  ITERATIONS_PARAMETER,
  partitionOf,
  RUNS_BOUND,
  STARTS_SEED_PARAMETER,
} from './kmeansStep.ts';
import { PROJECTION_INPUT } from '../projection/projectionStep.ts';
import { badOption } from '../base/errors.ts';

/**
 * "Spectral clustering of" any representation (coupled attribute similarity, Wang et al. 2015, Sec. VIII-B): Laplacian eigenmaps of a
 * Gaussian affinity of the representation's distance, k eigenvectors, k-means on them; the
 * lowest-cost of the seeded starts is kept. Up to SPECTRAL_MAX_OBJECTS objects.
 */
export const spectralStep = defineMethod({
  id: 'spectral',
  title: 'Spectral clustering',
  role: 'step',
  order: 11,
  paper:
    'Ng, Jordan, Weiss 2001, as Wang et al. 2015 (coupled attribute similarity) Sec. VIII-B uses it',
  where: 'Wang et al. 2015 (coupled attribute similarity) Sec. VIII-B',
  description: 'Objects in k clusters by the leading eigenvectors of a Gaussian affinity',
  parameters: [
    { ...CLUSTERS_PARAMETER, description: 'Clusters and eigenvectors' },
    {
      name: 'runs',
      type: 'integer',
      default: 10,
      min: 1,
      ...RUNS_BOUND,
      description: 'Seeded k-means starts; the lowest-cost is kept',
    },
    STARTS_SEED_PARAMETER,
    ITERATIONS_PARAMETER,
  ],
  inputs: [
    {
      ...PROJECTION_INPUT,
      description: 'the representation clustered: any object embedding or distance',
    },
  ],
  produces: ['object-partition'],
  maxObjects: SPECTRAL_MAX_OBJECTS,
  check(table) {
    if (table.nRows > SPECTRAL_MAX_OBJECTS)
      throw badOption(
        `spectral clustering builds an n × n affinity and is limited to ${SPECTRAL_MAX_OBJECTS.toLocaleString('en-US')} objects; this table has ${table.nRows.toLocaleString('en-US')} (use k-means)`,
      );
  },
  *run(context, options, inputs) {
    return yield* partitionOf(
      context,
      inputs.of as ResolvedCall,
      options,
      (representation) =>
        spectralPartitionerFor(
          representation,
          context.table,
          context.counts,
          context.objectValues(),
        ),
      (representation) => `spectral clustering of ${representation.title}`,
    );
  },
});
