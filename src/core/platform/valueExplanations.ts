import type { CategoricalTable } from '../data/table/types.ts';

/**
 * The terms of a detector whose object score is a weighted sum of its values' scores (CBRW:
 * w_f·π(x_f); COSH: the value scores themselves): row i's term in attribute a is
 * weights[a]·valueScores[x_ia] for the i-th of `rows`, so the terms sum to the object's score
 * exactly. rows.length × D.
 */
export function valueScoreTerms(
  table: CategoricalTable,
  valueScores: Float64Array,
  weights: Float64Array,
  rows: Int32Array,
): Float64Array {
  const n = rows.length;
  const D = table.attributes.length;
  const terms = new Float64Array(n * D);
  table.attributes.forEach((attr, a) => {
    const w = weights[a] as number;
    for (let i = 0; i < n; i++)
      terms[i * D + a] =
        w * (valueScores[attr.offset + (attr.codes[rows[i] as number] as number)] as number);
  });
  return terms;
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
