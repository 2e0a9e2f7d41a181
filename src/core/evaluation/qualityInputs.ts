import { notApplicable, badOption } from '../base/errors.ts';
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
import {
  cellMean,
  type Cell,
  type CurveSeries,
  type Curves,
  type MethodFailure,
  type ResultTable,
  type VerdictNoise,
} from '../platform/results.ts';
import {
  band,
  intervalCells,
  noiseOf,
  resampleWeights,
  RESAMPLES_PARAMETER,
  withIntervalColumns,
} from './bootstrap.ts';
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
  RESAMPLES_PARAMETER,
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
  if (methods.length === 0) throw badOption('choose at least one representation');
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

/**
 * What a quality step measures on one compared method's fits: its table cells, its curve, and
 * both again over a resample of the sampled objects (weights by object, bootstrap.ts): the judged
 * measure (the mean over the fits, as its cell) and the curve's y at the curve's x.
 */
export type QualityMeasure = (
  fits: readonly SampledRepresentation[],
  classes: Int32Array,
) => {
  cells: Record<string, Cell>;
  series: CurveSeries;
  resampled(weights: Int32Array): { value: number; y: Float64Array };
};

/**
 * A quality step's run over its compared methods: one shared sample, each method's fits
 * measured, a row (method, title and the measured cells) and a curve per method, and the
 * sample's note; with `resamples`, the noise of the `judged` cell (bootstrap.ts: every method on
 * the same resamples of the sampled objects), its 95 % interval in the row as `KEYLow` and
 * `KEYHigh`, and a 95 % band around each curve.
 */
export function* measuredQuality(
  context: MethodContext,
  methods: ResolvedCall[],
  options: { sample: number; seed: number; fits: number; resamples: number },
  measure: QualityMeasure,
  judged: { key: string; higherIsBetter?: boolean },
): Steps<{
  rows: Record<string, Cell>[];
  series: CurveSeries[];
  sampleNote: string;
  failures: MethodFailure[];
  noise: VerdictNoise | null;
}> {
  const { sample, classes, items, failures } = yield* sampledRepresentations(
    context,
    methods,
    options.sample,
    options.seed,
    options.fits,
  );
  const rows: Record<string, Cell>[] = [];
  const measures = fitsByMethod(items).map((fits) => {
    const first = fits[0] as SampledRepresentation;
    const measured = measure(fits, classes);
    rows.push({ method: first.method, title: first.title, ...measured.cells });
    return measured;
  });
  const series = measures.map((m) => m.series);
  const note = sampleNote(sample.length, context.table.nRows, options.seed);
  if (options.resamples === 0 || measures.length === 0)
    return { rows, series, sampleNote: note, failures, noise: null };
  const weights = resampleWeights(sample.length, options.resamples, options.seed);
  const resampled: Float64Array[] = [];
  for (const [i, m] of measures.entries()) {
    const runs = weights.map((w) => m.resampled(w));
    resampled.push(Float64Array.from(runs, (r) => r.value));
    const s = series[i] as CurveSeries;
    series[i] = {
      ...s,
      ...band(
        runs.map((r) => r.y),
        s.x.length,
      ),
    };
    yield {
      fraction: 1,
      message: `${s.name}: ${options.resamples} resamples of the objects…`,
    };
  }
  const noise = noiseOf(
    rows.map((r) => String(r.title)),
    rows.map((r) => cellMean(r[judged.key])),
    resampled,
    { higherIsBetter: judged.higherIsBetter ?? true, objects: sample.length },
  );
  rows.forEach((row, i) =>
    Object.assign(row, intervalCells(judged.key, noise.rows[i] as VerdictNoise['rows'][number])),
  );
  return { rows, series, sampleNote: note, failures, noise };
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
 * method, then a row per failed one), each carrying the failures, the table its fits note. With
 * noise, the judged column is followed by its 95 % interval, the verdict carries the paired
 * intervals, and the curves name the leader.
 */
export function qualityResults(
  curves: Omit<Curves, 'kind' | 'failures'>,
  table: Omit<ResultTable, 'kind' | 'failures' | 'notes'>,
  failures: readonly MethodFailure[],
  fits: number,
  noise: VerdictNoise | null = null,
): { curves: Curves; table: ResultTable } {
  const failed = failures.length > 0 ? { failures: [...failures] } : {};
  const fitted = fitsNote(fits);
  const key = table.verdict?.key;
  const columns = noise && key ? withIntervalColumns(table.columns, key) : table.columns;
  return {
    curves: {
      kind: 'curves',
      ...curves,
      ...(noise && { leader: noise.leader }),
      ...(noise && { notes: [...(curves.notes ?? []), bandNote(noise)] }),
      ...(table.verdict?.chance != null && { chance: table.verdict.chance }),
      ...failed,
    },
    table: {
      notes: fitted ? [fitted] : undefined,
      kind: 'table',
      ...table,
      columns,
      ...(noise && table.verdict && { verdict: { ...table.verdict, noise } }),
      rows: [...table.rows, ...failures.map(failureRow)],
      ...failed,
    },
  };
}

/** How the bands were made, under the curves. */
function bandNote(noise: VerdictNoise): string {
  return `bands: 95 % of ${noise.resamples} resamples of the ${noise.objects.toLocaleString('en-US')} objects measured (bootstrap), the same resamples for every method; ★ the leader`;
}
