import type { Counts } from '../counts/counts.ts';
import { scaledSteps } from '../jobs.ts';
import type { CdeOptions } from '../methods/cde.ts';
import type { CategoricalTable } from '../table/types.ts';
import type { MdsOptions } from './mds.ts';
import {
  PROJECTIONS,
  projectionSteps,
  type Projection,
  type ProjectionKind,
  type ProjectionProgress,
} from './project.ts';
import {
  isRepresentation,
  REPRESENTATIONS,
  representationSteps,
  type RepresentationId,
} from './representations.ts';

/** One projection of one representation of the current table, as the app and CLI ask for it. */
export interface ProjectionRequest {
  representation: RepresentationId;
  projection: ProjectionKind;
  perplexity?: number;
  iterations?: number;
  theta?: number;
  init?: 'pca' | 'random';
  mds?: MdsOptions;
  seed?: number;
  cde?: CdeOptions;
  beta?: number;
  /** Measure trustworthiness and continuity (default true). */
  quality?: boolean;
}

export interface ProjectionReport extends Projection {
  representation: RepresentationId;
  representationTitle: string;
  /** Dimensions of the embedding projected, null for a distance. */
  dims: number | null;
}

export function* projectionReportSteps(
  table: CategoricalTable,
  counts: Counts,
  request: ProjectionRequest,
): Generator<ProjectionProgress, ProjectionReport, void> {
  const { representation: id, projection } = request;
  if (!isRepresentation(id))
    throw new RangeError(
      `unknown representation “${String(id)}” (${REPRESENTATIONS.map((r) => r.id).join(', ')})`,
    );
  if (!(PROJECTIONS as readonly string[]).includes(projection))
    throw new RangeError(`unknown projection “${String(projection)}” (${PROJECTIONS.join(', ')})`);
  const seed = request.seed ?? 0;
  const representation = yield* scaledSteps(
    representationSteps(table, counts, id, { seed, cde: request.cde, beta: request.beta }),
    0,
    0.05,
  );
  const steps = projectionSteps(representation, {
    projection,
    seed,
    tsne: {
      perplexity: request.perplexity,
      iterations: request.iterations,
      theta: request.theta,
      init: request.init,
    },
    mds: request.mds,
    quality: request.quality === false ? false : {},
  });
  for (;;) {
    const step = steps.next();
    if (step.done)
      return {
        ...step.value,
        representation: id,
        representationTitle: representation.title,
        dims: representation.dims,
      };
    yield { ...step.value, fraction: 0.05 + 0.95 * step.value.fraction };
  }
}
