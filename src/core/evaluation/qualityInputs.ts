import { notApplicable } from '../base/errors.ts';
import { sampleDistances, sampleObjects } from './epsGamma.ts';
import { scaledSteps, type Steps } from '../base/jobs.ts';
import { describeCall, fitsParameter, seededFits } from '../platform/calls.ts';
import {
  projectionSource,
  REPRESENTATION_KINDS,
  requireRepresentation,
} from '../platform/representation.ts';
import { distanceOf } from '../platform/projectionInput.ts';
import type { InputSpec, MethodContext, ResolvedCall } from '../platform/spec.ts';
import { SEED_BOUND, type ParameterSpec } from '../base/parameters.ts';
import { meanSd } from './partitions.ts';
import type { Cell, CurveSeries, Curves, MethodFailure, ResultTable } from '../platform/results.ts';
import { failureRow, isolated, unlessAllFailed } from './isolated.ts';

/** The input the representation-quality steps share: the representations compared. */
export const QUALITY_INPUTS = [
  {
    name: 'methods',
    many: true,
    accepts: REPRESENTATION_KINDS,
    description: 'the representations compared',
    fitsOption: 'fits',
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
    maxBecause:
      'the curves compare every pair of sampled objects, 200 MB of distances at 5000 for each compared method',
    description:
      'Objects the curves are computed on (all when the table has fewer; a seeded sample otherwise)',
  },
  {
    name: 'seed',
    type: 'integer',
    default: 0,
    min: 0,
    ...SEED_BOUND,
    description: 'Seed of the sample',
  },
  fitsParameter('method', 'the table gives mean ± sd'),
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

/**
 * Each input representation's distances over one shared sample of objects. Each method runs on
 * its own (isolated.ts): one that fails in any fit is left out with its reason in `failures`.
 */
function* sampledRepresentations(
  context: MethodContext,
  methods: ResolvedCall[],
  size: number,
  seed: number,
  fits = 1,
): Steps<{
  sample: Int32Array;
  classes: Int32Array;
  items: SampledRepresentation[];
  failures: MethodFailure[];
}> {
  const { table } = context;
  if (!table.classColumn) throw notApplicable('representation quality needs a class column');
  if (methods.length === 0) throw new RangeError('choose at least one representation');
  const sample = sampleObjects(table.nRows, size, seed);
  const classes = Int32Array.from(
    sample,
    (r) => (table.classColumn as { codes: Int32Array }).codes[r] as number,
  );
  const items: SampledRepresentation[] = [];
  const failures: MethodFailure[] = [];
  const fitsOf = methods.map((ref) => seededFits(ref, fits));
  const total = fitsOf.reduce((n, f) => n + f.length, 0);
  let done = 0;
  for (const [group, ref] of methods.entries()) {
    const title = describeCall(ref);
    const calls = fitsOf[group] as ResolvedCall[];
    const from = done / total;
    const outcome = yield* isolated(
      context.table,
      ref,
      sampledFits(context, calls, sample, title, (f) => (done + f) / total),
    );
    done += calls.length;
    if (outcome.ok)
      items.push(...outcome.value.map((x) => ({ title, method: ref.method, group, ...x })));
    else failures.push(outcome.failure);
    yield {
      fraction: Math.max(from, done / total),
      message: `${title}: distances of the sample ${outcome.ok ? 'done' : 'failed'}…`,
    };
  }
  unlessAllFailed(methods.length, failures);
  return { sample, classes, items, failures };
}

/** One method's fits, each as the sample's distances. */
function* sampledFits(
  context: MethodContext,
  calls: readonly ResolvedCall[],
  sample: Int32Array,
  title: string,
  at: (fit: number) => number,
): Steps<{ d: Float64Array; max: number }[]> {
  const out: { d: Float64Array; max: number }[] = [];
  for (const [f, call] of calls.entries()) {
    const representation = yield* scaledSteps(
      requireRepresentation(context, call),
      at(f),
      at(f + 0.5),
    );
    const source = projectionSource(
      representation,
      context.table,
      context.counts,
      context.objectValues(),
    );
    out.push(
      sampleDistances(distanceOf(source.input), sample, {
        method: title,
        lines: context.table.sourceLines,
      }),
    );
    yield { fraction: at(f + 1), message: `${describeCall(call)}: distances of the sample…` };
  }
  return out;
}

/** What a quality step measures on one compared method's fits: its table cells and its curve. */
export type QualityMeasure = (
  fits: readonly SampledRepresentation[],
  classes: Int32Array,
) => { cells: Record<string, Cell>; series: CurveSeries };

/**
 * A quality step's run over its compared methods: one shared sample, each method's fits
 * measured, a row (method, title and the measured cells) and a curve per method, and the
 * sample's note.
 */
export function* measuredQuality(
  context: MethodContext,
  methods: ResolvedCall[],
  options: { sample: number; seed: number; fits: number },
  measure: QualityMeasure,
): Steps<{
  rows: Record<string, Cell>[];
  series: CurveSeries[];
  sampleNote: string;
  failures: MethodFailure[];
}> {
  const { sample, classes, items, failures } = yield* sampledRepresentations(
    context,
    methods,
    options.sample,
    options.seed,
    options.fits,
  );
  const rows: Record<string, Cell>[] = [];
  const series = fitsByMethod(items).map((fits) => {
    const first = fits[0] as SampledRepresentation;
    const measured = measure(fits, classes);
    rows.push({ method: first.method, title: first.title, ...measured.cells });
    return measured.series;
  });
  const note = sampleNote(sample.length, context.table.nRows, options.seed);
  return { rows, series, sampleNote: note, failures };
}

/** The objects measured, as a noun phrase: “a seeded sample of 500 of the 8,993 objects (seed 1)”. */
export function sampleNote(sampled: number, n: number, seed: number): string {
  return sampled < n
    ? `a seeded sample of ${sampled.toLocaleString('en-US')} of the ${n.toLocaleString('en-US')} objects (seed ${seed})`
    : `all ${n.toLocaleString('en-US')} objects`;
}

/** The fits of each compared method, in the order compared (a method that failed has none). */
function fitsByMethod<T extends { group: number }>(items: readonly T[]): T[][] {
  const groups: T[][] = [];
  for (const item of items) (groups[item.group] ??= []).push(item);
  return groups.filter((g) => g !== undefined);
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

/**
 * A quality step's two results: its curves (a series per method) and its table (a row per
 * method, then a row per failed one), each carrying the failures, the table its fits note.
 */
export function qualityResults(
  curves: Omit<Curves, 'kind' | 'failures'>,
  table: Omit<ResultTable, 'kind' | 'failures' | 'notes'>,
  failures: readonly MethodFailure[],
  fits: number,
): { curves: Curves; table: ResultTable } {
  const failed = failures.length > 0 ? { failures: [...failures] } : {};
  const fitted = fitsNote(fits);
  return {
    curves: { kind: 'curves', ...curves, ...failed },
    table: {
      notes: fitted ? [fitted] : undefined,
      kind: 'table',
      ...table,
      rows: [...table.rows, ...failures.map(failureRow)],
      ...failed,
    },
  };
}
