import { sampleDistances, sampleObjects } from '../evaluate/epsGamma.ts';
import { scaledSteps, type Steps } from '../jobs.ts';
import { describeCall, seededFits } from '../platform/calls.ts';
import {
  projectionSource,
  REPRESENTATION_KINDS,
  requireRepresentation,
} from '../platform/representation.ts';
import { distanceOf } from '../project/input.ts';
import type { InputSpec, MethodContext, ResolvedCall } from '../platform/spec.ts';
import type { ParameterSpec } from '../platform/parameters.ts';
import { meanSd } from '../evaluate/partitions.ts';
import type { Cell } from '../results.ts';

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
  {
    name: 'fits',
    type: 'integer',
    default: 1,
    min: 1,
    max: 50,
    description:
      'Fits of a method with a seed of its own (re-fitted with its seed, +1, …; the table gives mean ± sd); deterministic methods are fitted once',
  },
] as const satisfies readonly ParameterSpec[];

export interface SampledRepresentation {
  title: string;
  method: string;
  /** Which of the compared methods this is a fit of (a seeded method is fitted `fits` times). */
  group: number;
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
  fits = 1,
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
  const calls = methods.flatMap((ref, group) =>
    seededFits(ref, fits).map((call) => ({ call, group, title: describeCall(ref) })),
  );
  for (const [m, { call, group, title }] of calls.entries()) {
    const representation = yield* scaledSteps(
      requireRepresentation(context, call),
      m / calls.length,
      (m + 0.5) / calls.length,
    );
    const source = projectionSource(representation, table, context.counts, context.objectValues());
    const { d, max } = sampleDistances(distanceOf(source.input), sample);
    items.push({ title, method: call.method, group, d, max });
    yield {
      fraction: (m + 1) / calls.length,
      message: `${describeCall(call)}: distances of the sample…`,
    };
  }
  return { sample, classes, items };
}

export function sampleNote(sampled: number, n: number, seed: number): string {
  return sampled < n
    ? `estimated on a seeded sample of ${sampled.toLocaleString('en-US')} of the ${n.toLocaleString('en-US')} objects (seed ${seed})`
    : `all ${n.toLocaleString('en-US')} objects`;
}

/** The fits of each compared method, in the order compared. */
export function fitsByMethod<T extends { group: number }>(items: readonly T[]): T[][] {
  const groups: T[][] = [];
  for (const item of items) (groups[item.group] ??= []).push(item);
  return groups;
}

/** One fit's number as it is; several fits' as mean ± sd. */
export function fitCell(values: readonly number[]): Cell {
  if (values.length === 0) return null;
  return values.length === 1 ? (values[0] as number) : meanSd(values);
}

export function fitsNote(fits: number): string | null {
  return fits > 1
    ? `a method with a seed is re-fitted ${fits} times (its seed, +1, …): mean ± sd; the curves show the first fit`
    : null;
}
