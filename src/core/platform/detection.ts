import type { Steps } from '../base/jobs.ts';
import type { RawOptions } from '../base/parameters.ts';
import type { CategoricalTable } from '../data/table/types.ts';

/**
 * A detector as the outlier experiments use it (DILCA/SAnDCat, Ienco et al. 2016, Sec. V): it
 * learns from some rows and scores others. A semi-supervised detector (SAnDCat) learns from the
 * training normal objects; an unsupervised one (COSH, CBRW, ZERO++, LOF, isolation forest) is
 * shown every object of the experiment without labels. Scores are aligned with `scoreRows`;
 * higher = more anomalous.
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

/**
 * What a method's spec declares to take part in the detector experiments (`detector` on the
 * spec): the detector comparison, the CLI's `outliers` and the app's menus find it there.
 */
export interface DetectorRole {
  supervision: 'semi-supervised' | 'unsupervised';
  /**
   * The options of the experiment (its own parameter table) handed on to this detector, by
   * name: SAnDCat takes the experiment's `heuristic` and `k`.
   */
  experimentOptions?: readonly string[];
  score(task: DetectorTask, options?: RawOptions): Steps<Float64Array>;
}

/** A registered detector: its method's id and title with its role. */
export interface Detector extends DetectorRole {
  /** The registered method's id (its parameter table resolves `options`). */
  id: string;
  title: string;
}
