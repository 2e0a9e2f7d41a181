import { scaledSteps, type Steps } from '../base/jobs.ts';
import { bestOfStarts, partitionerFor, type Partitioner } from './partition.ts';
import { requireRepresentation, type Representation } from '../platform/representation.ts';
import { AUTO, autoNumber, type OptionsOf, type ParameterSpec } from '../base/parameters.ts';
import { ITERATIONS_PARAMETER, STARTS_SEED_PARAMETER } from './startParameters.ts';
import type { Results } from '../platform/results.ts';
import { defineMethod, type MethodContext, type ResolvedCall } from '../platform/spec.ts';
import type { CategoricalTable } from '../data/table/types.ts';
import { PROJECTION_INPUT } from '../projection/projectionStep.ts';

export { ITERATIONS_PARAMETER, STARTS_SEED_PARAMETER };

/**
 * k left to the method ('auto', the default of the clustering steps): the number of classes; 0
 * stood for it before 'auto' was a value.
 */
export const AUTO_CLUSTERS = {
  description: 'the number of classes (3 without a class column)',
  legacy: 0,
} as const;

/** The bound of a number of clusters k, shared by the clustering steps. */
export const CLUSTERS_BOUND = {
  max: 1000,
  maxBecause:
    'each k-means iteration compares every object with the k centres; a partition into more than 1000 clusters groups nothing',
} as const;

/** The bound of seeded runs or starts, each a whole clustering (or fit and clustering). */
export const RUNS_BOUND = {
  max: 1000,
  maxBecause:
    'each run is a whole clustering (in an evaluation also a fit); 20 × the papers’ 50, 5 × the 200 of results/',
} as const;

/**
 * The number of clusters of every clustering step and evaluation: automatic (the number of
 * classes) unless given.
 */
export const CLUSTERS_PARAMETER = {
  name: 'k',
  type: 'integer',
  default: AUTO,
  auto: AUTO_CLUSTERS,
  min: 1,
  ...CLUSTERS_BOUND,
  description: 'Clusters',
} as const satisfies ParameterSpec;

/** The k-means step's parameter table; spectral clustering's has the same names. */
export const KMEANS_STEP_PARAMETERS = [
  CLUSTERS_PARAMETER,
  {
    name: 'runs',
    type: 'integer',
    default: 10,
    min: 1,
    ...RUNS_BOUND,
    description: 'Seeded starts; the lowest-cost run is kept',
  },
  STARTS_SEED_PARAMETER,
  ITERATIONS_PARAMETER,
] as const satisfies readonly ParameterSpec[];

/**
 * "k-means of" any representation: an object partition for colouring views and for the
 * clustering methods. k-means (k-means++ starts, the lowest-cost of `runs`) on an embedding,
 * k-modes with the method's value dissimilarity on a distance (platform/partition.ts).
 */
export const kmeansStep = defineMethod({
  id: 'kmeans',
  title: 'k-means',
  role: 'step',
  order: 10,
  team: 'its k-means or k-modes assignment of objects to centres (assignTeam.ts)',
  paper:
    'Lloyd with k-means++ starts (Arthur & Vassilvitskii 2007); k-modes (Huang 1998) on distances',
  where: 'the clustering protocol of Jian et al. 2019 and Jian et al. 2017 (Sec. 6)',
  description: 'Objects in k clusters: k-means on an embedding, k-modes on a distance',
  parameters: KMEANS_STEP_PARAMETERS,
  inputs: [
    {
      ...PROJECTION_INPUT,
      description: 'the representation clustered: any object embedding or object distance',
    },
  ],
  produces: ['object-partition'],
  *run(context, options, inputs) {
    return yield* partitionOf(
      context,
      inputs.of as ResolvedCall,
      options,
      (representation) => partitionerFor(representation, context.table, context.objectValues()),
      (representation, partitioner) => `${partitioner.algorithm} of ${representation.title}`,
    );
  },
});

/**
 * A clustering step's run: the representation asked for (30 % of the progress), its
 * partitioner, the best of the seeded starts, and the object partition titled with k.
 */
export function* partitionOf(
  context: MethodContext,
  of: ResolvedCall,
  options: OptionsOf<typeof KMEANS_STEP_PARAMETERS>,
  partitionerOf: (representation: Representation) => Partitioner,
  title: (representation: Representation, partitioner: Partitioner) => string,
): Steps<Results> {
  const representation = yield* scaledSteps(requireRepresentation(context, of), 0, 0.3);
  const partitioner = partitionerOf(representation);
  const requested = autoNumber(options.k, () => defaultClusters(context.table));
  if (options.k === AUTO) context.automatic('k', requested);
  const { k, labels } = yield* bestOfStarts(
    partitioner,
    requested,
    `the ${representation.title}`,
    options,
    context.warn,
  );
  return {
    partition: {
      kind: 'object-partition',
      title: `${title(representation, partitioner)} (k = ${k})`,
      n: partitioner.n,
      k,
      labels,
    },
  };
}

/** The number of classes present, or 3 without a class column (at most the number of rows). */
export function defaultClusters(table: CategoricalTable): number {
  const classes = table.classColumn ? new Set(table.classColumn.codes).size : 0;
  return Math.max(1, Math.min(table.nRows, classes >= 2 ? classes : 3));
}
