import type { CategoricalTable } from '../data/table/types.ts';
import type { ObjectExplanations } from './results.ts';

/**
 * The explanation of a detector whose object score is a weighted sum of its values' scores
 * (CBRW: w_f·π(x_f); COSH: the value scores themselves): object i's term in attribute a is
 * weights[a]·valueScores[x_ia], so the terms sum to the object's score exactly.
 */
export function valueScoreTerms(
  table: CategoricalTable,
  valueScores: Float64Array,
  weights: Float64Array,
): Float64Array {
  const n = table.nRows;
  const D = table.attributes.length;
  const terms = new Float64Array(n * D);
  table.attributes.forEach((attr, a) => {
    const w = weights[a] as number;
    for (let i = 0; i < n; i++)
      terms[i * D + a] = w * (valueScores[attr.offset + (attr.codes[i] as number)] as number);
  });
  return terms;
}

/** The shared result of a sum-of-value-scores detector. */
export function valueScoreExplanations(
  table: CategoricalTable,
  method: string,
  valueScores: Float64Array,
  weights: Float64Array,
  definition: string,
): ObjectExplanations {
  return {
    kind: 'object-explanations',
    title: `${method}: each value’s share of the score`,
    n: table.nRows,
    dims: table.attributes.length,
    values: valueScoreTerms(table, valueScores, weights),
    relation: 'sums-to-score',
    relationText: 'the terms sum to the object’s score',
    definition,
  };
}

/**
 * The most terms (rows × attributes) a detector's explanation holds: 4·10⁶ (32 MB), kept with
 * the scores and sent to the page. Above it the explanation is left out with a note.
 */
export const EXPLANATION_CELLS = 4_000_000;

/** Whether the table is small enough to explain every object; warns when it is not. */
export function explainable(
  table: CategoricalTable,
  method: string,
  warn: (message: string) => void,
): boolean {
  const cells = table.nRows * table.attributes.length;
  if (table.rowless) return false;
  if (cells <= EXPLANATION_CELLS) return true;
  warn(
    `${method}: no per-object explanation: ${table.nRows.toLocaleString('en-US')} rows × ${table.attributes.length} attributes is above ${EXPLANATION_CELLS.toLocaleString('en-US')} terms (use a sample of the rows)`,
  );
  return false;
}
