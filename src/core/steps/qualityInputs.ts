import { sampleDistances, sampleObjects } from '../evaluate/epsGamma.ts';
import { scaledSteps, type Steps } from '../jobs.ts';
import { describeCall } from '../platform/calls.ts';
import {
  projectionSource,
  REPRESENTATION_KINDS,
  requireRepresentation,
} from '../platform/representation.ts';
import { distanceOf } from '../project/input.ts';
import type { InputSpec, MethodContext, ResolvedCall } from '../platform/spec.ts';
import type { ParameterSpec } from '../platform/parameters.ts';

/** The input the representation-quality steps share: the representations compared. */
export const QUALITY_INPUTS = [
  {
    name: 'methods',
    many: true,
    accepts: REPRESENTATION_KINDS,
    description: 'the representations compared',
  },
] as const satisfies readonly InputSpec[];

/** The sample parameters the representation-quality steps share. */
export const QUALITY_SAMPLE_PARAMETERS = [
  {
    name: 'sample',
    type: 'integer',
    default: 1000,
    min: 10,
    max: 5000,
    description:
      'Objects the curves are computed on (all when the table has fewer; a seeded sample otherwise)',
  },
  { name: 'seed', type: 'integer', default: 0, min: 0, description: 'Seed of the sample' },
] as const satisfies readonly ParameterSpec[];

export interface SampledRepresentation {
  title: string;
  method: string;
  /** Pairwise distances of the sample (m × m) and their largest value. */
  d: Float64Array;
  max: number;
}

/** Each input representation's distances over one shared sample of objects. */
export function* sampledRepresentations(
  context: MethodContext,
  methods: ResolvedCall[],
  size: number,
  seed: number,
): Steps<{ sample: Int32Array; classes: Int32Array; items: SampledRepresentation[] }> {
  const { table } = context;
  if (!table.classColumn) throw new RangeError('representation quality needs a class column');
  if (methods.length === 0) throw new RangeError('choose at least one representation');
  const sample = sampleObjects(table.nRows, size, seed);
  const classes = Int32Array.from(
    sample,
    (r) => (table.classColumn as { codes: Int32Array }).codes[r] as number,
  );
  const items: SampledRepresentation[] = [];
  for (const [m, ref] of methods.entries()) {
    const representation = yield* scaledSteps(
      requireRepresentation(context, ref),
      m / methods.length,
      (m + 0.5) / methods.length,
    );
    const source = projectionSource(representation, table, context.counts, context.objectValues());
    const { d, max } = sampleDistances(distanceOf(source.input), sample);
    items.push({ title: describeCall(ref), method: ref.method, d, max });
    yield {
      fraction: (m + 1) / methods.length,
      message: `${describeCall(ref)}: distances of the sample…`,
    };
  }
  return { sample, classes, items };
}

export function sampleNote(sampled: number, n: number, seed: number): string {
  return sampled < n
    ? `estimated on a seeded sample of ${sampled.toLocaleString('en-US')} of the ${n.toLocaleString('en-US')} objects (seed ${seed})`
    : `all ${n.toLocaleString('en-US')} objects`;
}
