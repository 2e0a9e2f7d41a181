import { auc, meanSd } from './partitions.ts';
import { rocCurve, tprAt } from './roc.ts';
import { scaledSteps, type Steps } from '../base/jobs.ts';
import type { RawOptions } from '../base/parameters.ts';
import {
  protocolSplits,
  type Protocol,
  type ProtocolOptions,
} from '../methods/sandcat/protocol.ts';
import type { CategoricalTable } from '../data/table/types.ts';
import type { Detector } from '../platform/detection.ts';

export interface DetectorEntry {
  detector: Detector;
  options?: RawOptions;
}

export interface FoldResult {
  sample: number;
  fold: number;
  train: number;
  tested: number;
  auc: number;
}

export interface DetectorOutcome {
  id: string;
  title: string;
  supervision: Detector['supervision'];
  folds: FoldResult[];
  /** Mean and sd over every (sample, fold). */
  auc: { mean: number; sd: number };
  /** Mean AUC of each abnormal sample (over its folds). */
  sampleMeans: number[];
  /** ROC averaged vertically over the folds (Fawcett 2006): TPR at each FPR of `grid`. */
  roc: { fpr: Float64Array; tpr: Float64Array };
  seconds: number;
}

export interface ExperimentResult extends Omit<Protocol, 'splits'> {
  folds: number;
  samples: number;
  detectors: DetectorOutcome[];
}

const GRID = Float64Array.from({ length: 101 }, (_, i) => i / 100);

/**
 * Runs detectors on the same splits of the protocol (DILCA/SAnDCat, Ienco et al. 2016, Sec. V). A semi-supervised
 * detector learns from the training normal objects; an unsupervised one is shown every object of
 * the split — training and tested, without labels — and both are judged by the AUC of their
 * scores on the tested objects (abnormal = positive).
 */
export function* detectorExperimentSteps(
  table: CategoricalTable,
  entries: readonly DetectorEntry[],
  protocolOptions: ProtocolOptions,
  now: () => number = () => performance.now(),
): Steps<ExperimentResult> {
  const protocol = protocolSplits(table, protocolOptions);
  const outcomes: DetectorOutcome[] = [];
  const total = entries.length * protocol.splits.length;
  let step = 0;
  for (const { detector, options } of entries) {
    const folds: FoldResult[] = [];
    const tprSum = new Float64Array(GRID.length);
    const started = now();
    for (const split of protocol.splits) {
      const fitRows =
        detector.supervision === 'semi-supervised'
          ? split.train
          : Int32Array.from([...split.train, ...split.test]).sort();
      const scores = yield* scaledSteps(
        detector.score(
          {
            table,
            fitRows,
            scoreRows: split.test,
            seed: protocolOptions.seed * 7919 + split.sample,
          },
          options,
        ),
        step / total,
        (step + 1) / total,
      );
      step++;
      const positive = Array.from(split.abnormal, Boolean);
      folds.push({
        sample: split.sample,
        fold: split.fold,
        train: split.train.length,
        tested: split.test.length,
        auc: auc(scores, positive),
      });
      const tpr = tprAt(rocCurve(scores, positive), GRID);
      for (let g = 0; g < GRID.length; g++) tprSum[g] = (tprSum[g] as number) + (tpr[g] as number);
    }
    const values = folds.map((f) => f.auc);
    outcomes.push({
      id: detector.id,
      title: detector.title,
      supervision: detector.supervision,
      folds,
      auc: meanSd(values),
      sampleMeans: Array.from(
        { length: protocolOptions.samples },
        (_, s) => meanSd(folds.filter((f) => f.sample === s).map((f) => f.auc)).mean,
      ),
      roc: { fpr: GRID, tpr: tprSum.map((x) => x / protocol.splits.length) },
      seconds: (now() - started) / 1000,
    });
  }
  return {
    normalClass: protocol.normalClass,
    normalCount: protocol.normalCount,
    abnormalCount: protocol.abnormalCount,
    folds: protocolOptions.folds,
    samples: protocolOptions.samples,
    detectors: outcomes,
  };
}
