import { notApplicable, badOption } from '../base/errors.ts';
import { checkOutlierClass } from './classPreconditions.ts';
import { outlierMask } from './indicators.ts';
import { auc } from './partitions.ts';
import { scaledSteps, type Steps } from '../base/jobs.ts';
import { describeCall, fitsParameter, seededFits } from '../platform/calls.ts';
import { fitCell, fitsNote } from './qualityInputs.ts';
import { pickResult } from '../platform/representation.ts';
import { defineMethod, type MethodContext, type ResolvedCall } from '../platform/spec.ts';
import { anomalousScores, cellMean, type Cell, type MethodFailure } from '../platform/results.ts';
import { failureRow, isolated, unlessAllFailed } from './isolated.ts';
import { SEED_BOUND } from '../base/parameters.ts';
import {
  intervalCells,
  noiseOf,
  RESAMPLES_PARAMETER,
  stratifiedResampleWeights,
  withIntervalColumns,
} from './bootstrap.ts';
import { resampledAuc, scoreRuns, type ScoreRuns } from './resampledAuc.ts';

/**
 * The outlier protocol: the objects of one class are the outliers, and each detector's object
 * scores are ranked against them by AUC (the Mann–Whitney statistic, ties ½; CURE, Jian et al. 2019, Sec. 7,
 * Ienco et al. 2016 (DILCA/SAnDCat) Sec. V). Any method producing object scores can be compared.
 */
export const evaluateOutliersStep = defineMethod({
  id: 'evaluate-outliers',
  board: [
    {
      column: 'auc',
      title: 'outlier AUC',
      help: 'the smallest class as outliers, ranked by the method’s scores',
    },
  ],
  title: 'Outlier evaluation',
  role: 'step',
  order: 21,
  paper: 'Jian et al. 2019 (CURE) Sec. 7; Ienco et al. 2016 Sec. V',
  where: 'AUC of the outlier scores against one class',
  description: 'AUC of each detector’s scores, the objects of one class being the outliers',
  parameters: [
    {
      name: 'outlierClass',
      type: 'string',
      default: null,
      suggest: 'class-label',
      required: true,
      description: 'The class label whose objects are the outliers',
    },
    RESAMPLES_PARAMETER,
    {
      name: 'seed',
      type: 'integer',
      default: 0,
      min: 0,
      ...SEED_BOUND,
      description: 'Seed of the resamples',
    },
    fitsParameter('detector', 'AUC mean ± sd'),
  ],
  inputs: [
    {
      name: 'methods',
      many: true,
      accepts: ['object-scores'],
      description: 'the detectors compared: any method producing object scores',
      fitsOption: 'fits',
    },
  ],
  produces: ['table'],
  check(table, options) {
    if (!table.classColumn) throw notApplicable('the outlier evaluation needs a class column');
    if (options.outlierClass === null)
      throw badOption(`choose the outlier class (a label of ${table.classColumn.name})`);
    checkOutlierClass(table, options.outlierClass);
  },
  *run(context, options, inputs) {
    const mask = outlierMask(context.table, options.outlierClass as string);
    const positive = Array.from(mask, Boolean);
    const methods = inputs.methods as ResolvedCall[];
    const rows: Record<string, Cell>[] = [];
    const failures: MethodFailure[] = [];
    const calls = methods.map((ref) => seededFits(ref, options.fits));
    const total = calls.reduce((n, fits) => n + fits.length, 0);
    // Each measured detector's fits, as runs of tied scores, for its AUC over the resamples.
    const measured: ScoreRuns[][] = [];
    let done = 0;
    for (const [m, ref] of methods.entries()) {
      const fits = calls[m] as ResolvedCall[];
      const at = (f: number): number => (done + f) / total;
      const outcome = yield* isolated(context.table, ref, fitScores(context, fits, at));
      done += fits.length;
      if (outcome.ok) {
        measured.push(outcome.value.map(scoreRuns));
        rows.push({
          method: ref.method,
          title: describeCall(ref),
          fits: outcome.value.length,
          auc: fitCell(outcome.value.map((scores) => auc(scores, positive))),
        });
      } else {
        failures.push(outcome.failure);
        rows.push(failureRow(outcome.failure));
      }
    }
    unlessAllFailed(methods.length, failures);
    const judged = rows.filter((r) => r.failed === undefined && r.notApplicable === undefined);
    // The noise of each AUC: outliers and normal objects resampled apart (bootstrap.ts).
    const noise =
      options.resamples > 0 && judged.length > 0
        ? noiseOf(
            judged.map((r) => String(r.title)),
            judged.map((r) => cellMean(r.auc)),
            resampledAucs(measured, mask, options.resamples, options.seed),
            { objects: mask.length },
          )
        : null;
    noise?.rows.forEach((n, i) =>
      Object.assign(judged[i] as Record<string, Cell>, intervalCells('auc', n)),
    );
    const outliers = positive.filter(Boolean).length;
    const columns = [
      { key: 'title', title: 'detector' },
      { key: 'fits', title: 'fits' },
      { key: 'auc', title: 'AUC' },
    ];
    return {
      table: {
        kind: 'table',
        title: 'Outlier evaluation',
        columns: noise ? withIntervalColumns(columns, 'auc') : columns,
        verdict: { key: 'auc', measure: 'AUC', chance: 0.5, ...(noise && { noise }) },
        rows,
        ...(failures.length > 0 && { failures }),
        notes: [
          `outliers: the ${outliers} objects of class “${options.outlierClass}”; AUC ties count ½`,
          ...(noise
            ? [
                `95 % intervals from ${options.resamples} resamples of the objects (seed ${options.seed}), outliers and normal objects resampled apart, the same resamples for every detector`,
              ]
            : []),
          ...(fitsNote(options.fits) ? [fitsNote(options.fits) as string] : []),
        ],
      },
    };
  },
});

/** One detector's scores in each of its fits (higher = more anomalous). */
function* fitScores(
  context: MethodContext,
  fits: readonly ResolvedCall[],
  at: (fit: number) => number,
): Steps<Float64Array[]> {
  const scores: Float64Array[] = [];
  for (const [f, call] of fits.entries()) {
    const output = yield* scaledSteps(context.require(call), at(f), at(f + 1));
    scores.push(Float64Array.from(anomalousScores(pickResult(output, call, ['object-scores']))));
  }
  return scores;
}

/** Each detector's AUC (the mean over its fits) on each stratified resample of the objects. */
function resampledAucs(
  detectors: readonly ScoreRuns[][],
  mask: ArrayLike<number | boolean>,
  count: number,
  seed: number,
): Float64Array[] {
  const positive = Array.from(mask, Boolean);
  const weights = stratifiedResampleWeights(
    Int32Array.from(positive, (p) => (p ? 1 : 0)),
    count,
    seed,
  );
  return detectors.map((fits) =>
    Float64Array.from(
      weights,
      (w) => fits.reduce((sum, runs) => sum + resampledAuc(runs, positive, w), 0) / fits.length,
    ),
  );
}
