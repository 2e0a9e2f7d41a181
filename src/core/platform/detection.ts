import type { Steps } from '../base/jobs.ts';
import type { RawOptions } from '../base/parameters.ts';
import type { CategoricalTable } from '../data/table/types.ts';
import type { ObjectExplanations } from './results.ts';

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
  /**
   * The scores of `task.scoreRows` with their explanation (one row of terms per scored row),
   * from one fit: what the method's run returns on every row, and what the conformance suite
   * checks against `relation`.
   */
  explain(task: DetectorTask, options?: RawOptions): Steps<ExplainedScores>;
  /** How a row's terms relate to its score (ObjectExplanations' `relation`). */
  relation: ObjectExplanations['relation'];
  /**
   * Settings under which the terms point at the object's own unusual values rather than
   * spreading over every attribute (SAnDCat: its nearest representatives, MinDTK; under MaxDTK
   * the farthest normal objects differ everywhere). The conformance suite's planted-value check
   * runs under them; absent, under the defaults.
   */
  explainsValuesWith?: RawOptions;
}

/** One fit's scores of some rows and their explanation. */
export interface ExplainedScores {
  scores: Float64Array;
  explanation: ObjectExplanations;
  /**
   * For a 'sums-to-transform' explanation: the score of an object whose terms sum to `sum`,
   * under this fit (the isolation forest's 2^(sum/c(ψ) − 1)).
   */
  toScore?: (sum: number) => number;
}

/** A registered detector: its method's id and title with its role. */
export interface Detector extends DetectorRole {
  /** The registered method's id (its parameter table resolves `options`). */
  id: string;
  title: string;
}
