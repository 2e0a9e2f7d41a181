import { dilcaModel, type ValueTables } from '../dilca/dilcaModel.ts';
import { scaledSteps, type Steps } from '../../base/jobs.ts';
import type { OptionsOf } from '../../base/parameters.ts';
import type { Counts } from '../../data/counts/counts.ts';
import type { CategoricalTable } from '../../data/table/types.ts';
import { HEURISTIC_TITLES } from './heuristics.ts';
import type { SANDCAT_PARAMETERS } from './sandcatParameters.ts';
import { sandcatScoreSteps, type SandcatScores } from './score.ts';

/**
 * SAnDCat's model (Ienco et al. 2016, Sec. IV): the DILCA value distances of the training
 * (normal) objects, the objects themselves (the representatives are drawn from them) and the
 * settings that choose the representatives.
 */
export interface SandcatModel {
  distance: ValueTables;
  fitRows: Int32Array;
  options: OptionsOf<typeof SANDCAT_PARAMETERS>;
  /** What the model was learnt from, for the explanation's definition. */
  learnt: string;
}

/** The outlier experiments' fit: DILCA on the training rows' counts. */
export function* sandcatFit(
  table: CategoricalTable,
  fitRows: Int32Array,
  options: SandcatModel['options'],
  counts: () => Steps<Counts>,
): Steps<SandcatModel> {
  const fitCounts = yield* scaledSteps(counts(), 0, 0.2);
  return {
    distance: dilcaModel(table, fitCounts),
    fitRows,
    options,
    learnt: 'the training (normal) objects',
  };
}

/**
 * OS of `rows` with their attribute distance impacts, in one scan (score.ts); a training row is
 * left out of its own representatives.
 */
export function sandcatScoring(
  model: SandcatModel,
  rows: Int32Array,
  table: CategoricalTable,
): Steps<SandcatScores> {
  const { distance, fitRows, options } = model;
  return sandcatScoreSteps(table, distance, fitRows, rows, {
    heuristic: options.heuristic,
    k: Math.min(options.k, fitRows.length),
    seed: options.seed,
  });
}

/** “MaxDTK, k = 40”: how the representatives were chosen. */
export function representativesText(model: SandcatModel): string {
  const k = Math.min(model.options.k, model.fitRows.length);
  return `${HEURISTIC_TITLES[model.options.heuristic].split(' ')[0]}, k = ${k}`;
}

/** SAnDCat's explanation: the attribute distance impact (Sec. IV-C-2). */
export const SANDCAT_EXPLANATION = {
  title: (model: SandcatModel) =>
    `SAnDCat: attribute distance impact (${representativesText(model)})`,
  relation: 'indicative',
  relationText:
    'the score is the sum over the k representatives of the DILCA distance √Σ_a d_a², so an attribute’s larger term makes a larger score, without the terms adding up to it',
  definition: (model: SandcatModel) =>
    `the mean DILCA distance of the object’s value to its representatives’ values, under the model of ${model.learnt} (Sec. IV-C-2)`,
} as const;
