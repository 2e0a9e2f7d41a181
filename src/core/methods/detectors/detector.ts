import type { Steps } from '../../base/jobs.ts';
import type { RawOptions } from '../../platform/parameters.ts';
import type { CategoricalTable } from '../../data/table/types.ts';

/**
 * A detector as the outlier experiments use it (DILCA/SAnDCat, Ienco et al. 2016, Sec. V): it learns from some rows and
 * scores others. A semi-supervised detector (SAnDCat) learns from the training normal objects;
 * an unsupervised one (COSH, CBRW, ZERO++, LOF, isolation forest) is shown every object of the
 * experiment without labels. Scores are aligned with `scoreRows`; higher = more anomalous.
 */
export interface DetectorTask {
  table: CategoricalTable;
  /** Rows the detector learns from (indices into the table's rows). */
  fitRows: Int32Array;
  /** Rows to score. */
  scoreRows: Int32Array;
  /** Seed of any randomness (sub-samples, trees, random representatives). */
  seed: number;
}

export interface Detector {
  /** The registered method's id (its parameter table resolves `options`). */
  id: string;
  title: string;
  supervision: 'semi-supervised' | 'unsupervised';
  score(task: DetectorTask, options?: RawOptions): Steps<Float64Array>;
}

/** Every row index 0..n−1. */
export function allRows(n: number): Int32Array {
  return Int32Array.from({ length: n }, (_, i) => i);
}
