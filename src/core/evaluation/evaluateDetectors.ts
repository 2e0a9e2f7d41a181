import { notApplicable } from '../base/errors.ts';
import { detectorIds, detectors, detectorsNamed } from '../platform/registry.ts';
import { detectorExperimentSteps } from './outlierExperiment.ts';
import { type ParameterSpec, type RawOptions } from '../base/parameters.ts';
import { SANDCAT_K_BECAUSE } from '../methods/sandcat/sandcatParameters.ts';
import type { Detector } from '../platform/detection.ts';
import { defineMethod } from '../platform/spec.ts';
import type { Cell } from '../platform/results.ts';
import { HEURISTICS, HEURISTIC_TITLES } from '../methods/sandcat/heuristics.ts';
import { paperOutlierRow } from '../methods/sandcat/paperTable.ts';
import {
  PROTOCOL_NORMAL_CLASS,
  PROTOCOL_SEED,
  PROTOCOL_SPLIT_PARAMETERS,
  protocolSplits,
} from '../methods/sandcat/protocol.ts';

export const DETECTOR_EXPERIMENT_PARAMETERS = [
  PROTOCOL_NORMAL_CLASS,
  // Every registered detector (a spec declaring `detector`), read when the table is: a detector
  // added later (a module of its own) joins the default and the choices.
  {
    name: 'detectors',
    type: 'string',
    get default(): string {
      return detectorIds().join(',');
    },
    get subsetOf(): readonly string[] {
      return detectorIds();
    },
    get subsetTitles(): Readonly<Record<string, string>> {
      return Object.fromEntries(detectors().map((d) => [d.id, d.title]));
    },
    get description(): string {
      return `Detectors compared, comma-separated (${detectorIds().join(', ')})`;
    },
  },
  {
    name: 'heuristic',
    type: 'choice',
    default: 'maxdtk',
    choices: HEURISTICS,
    choiceTitles: HEURISTIC_TITLES,
    description: 'SAnDCat’s representatives (Sec. IV-A)',
  },
  {
    name: 'k',
    type: 'integer',
    default: 40,
    min: 1,
    max: 100000,
    maxBecause: SANDCAT_K_BECAUSE,
    description: 'SAnDCat’s k',
  },
  ...PROTOCOL_SPLIT_PARAMETERS,
  PROTOCOL_SEED,
] as const satisfies readonly ParameterSpec[];

/**
 * Ienco et al. 2016's protocol (Sec. V, Table III) as a reusable experiment: every detector on the same
 * splits — the abnormal sample, 5 folds of the normal objects — with AUC per fold as mean ± sd,
 * and ROC curves averaged over the folds.
 */
export const evaluateDetectorsStep = defineMethod({
  id: 'evaluate-detectors',
  title: 'Detector comparison',
  role: 'step',
  order: 22,
  team: 'the detectors it runs that split theirs: LOF-OF’s passes (lofTeam.ts), the isolation forest’s walks (isolationForestTeam.ts), SAnDCat’s scan (sandcat/scanTeam.ts)',
  paper:
    'Ienco et al. 2016, A semisupervised approach to the detection and characterization of outliers in categorical data (IEEE TNNLS)',
  where: 'Sec. V, Tables III-IV: 3 % abnormal, 5-fold CV over the normal class, AUC',
  description: 'AUC (mean ± sd over folds) and ROC of every detector on the same splits',
  parameters: DETECTOR_EXPERIMENT_PARAMETERS,
  produces: ['table', 'curves'],
  check(table, options) {
    detectorsNamed(options.detectors ?? '');
    if (!table.classColumn) throw notApplicable('the detector comparison needs a class column');
    protocolSplits(table, { ...options, samples: 1 });
  },
  *run(context, options) {
    const { table } = context;
    const result = yield* detectorExperimentSteps(
      table,
      detectorsNamed(options.detectors ?? '').map((detector) => ({
        detector,
        options: handedOn(detector, options),
      })),
      options,
    );
    // Ienco et al. 2016's Table IV, when this table has the shape of one of its data sets.
    const paper = paperOutlierRow({
      normal: result.normalCount,
      abnormal: result.abnormalCount,
      attributes: table.attributes.length,
    });
    const paperAuc = (title: string): number | null =>
      (paper?.auc as Readonly<Record<string, number>> | undefined)?.[title] ?? null;
    const rows: Record<string, Cell>[] = result.detectors.map((d) => ({
      method: d.id,
      title: d.title,
      supervision: d.supervision,
      auc: d.auc,
      ...(paper && { paper: paperAuc(d.title) }),
      seconds: Math.round(d.seconds * 1000) / 1000,
    }));
    const share = Math.round(options.abnormalShare * 1000) / 10;
    const paperNote = paper
      ? [
          `This table has the shape of ${paper.dataset} in Ienco et al. 2016's Tables III-IV (${paper.normal} normal, ${paper.abnormal} abnormal, ${paper.attributes} attributes): the paper's AUC is beside ours where it reports the detector.`,
        ]
      : [];
    return {
      table: {
        kind: 'table',
        title: 'Detector comparison (the protocol of Ienco et al. 2016)',
        columns: [
          { key: 'title', title: 'detector' },
          { key: 'supervision', title: 'learns from' },
          { key: 'auc', title: 'AUC' },
          ...(paper ? [{ key: 'paper', title: `paper (${paper.dataset})` }] : []),
          { key: 'seconds', title: 'seconds' },
        ],
        verdict: { key: 'auc', measure: 'AUC', chance: 0.5 },
        rows,
        notes: [
          ...paperNote,
          `normal: ${result.normalClass} (${result.normalCount}); abnormal: ${result.abnormalCount} objects (${share} %) drawn from the other classes, ${options.samples} samples × ${options.folds} folds; AUC mean ± sd over the ${options.samples * options.folds} folds`,
          'semi-supervised: learns from the training normal objects; unsupervised: sees every object of the split, without labels; both are judged on the tested objects',
          'the paper replaces missing values by the column mode (data summary: Missing → column mode); rows dropped for missing values are not in the protocol',
        ],
      },
      samples: {
        kind: 'table',
        title: 'AUC of each abnormal sample (mean over its folds)',
        columns: [
          { key: 'title', title: 'detector' },
          ...Array.from({ length: options.samples }, (_, i) => ({
            key: `s${i + 1}`,
            title: `sample ${i + 1}`,
          })),
        ],
        rows: result.detectors.map((d) => ({
          method: d.id,
          title: d.title,
          ...Object.fromEntries(d.sampleMeans.map((x, i) => [`s${i + 1}`, x])),
        })),
        notes: [
          'How much the drawn abnormal objects move the AUC: the spread between samples is often wider than the sd over folds',
        ],
      },
      roc: {
        kind: 'curves',
        title: 'ROC (averaged over folds)',
        xLabel: 'false-positive rate',
        yLabel: 'true-positive rate',
        series: result.detectors.map((d) => ({ name: d.title, x: d.roc.fpr, y: d.roc.tpr })),
      },
    };
  },
});

/** The experiment's options a detector declares it takes (SAnDCat: `heuristic` and `k`). */
export function handedOn(detector: Detector, options: RawOptions): RawOptions {
  return Object.fromEntries(
    (detector.experimentOptions ?? [])
      .filter((name) => options[name] !== undefined)
      .map((name) => [name, options[name]]),
  );
}
