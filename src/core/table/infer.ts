import type { RawColumn } from '../csv/rawTable.ts';
import type { ColumnKind } from './types.ts';

/** A numeric column with at most this many distinct values stays categorical (e.g. zoo's legs). */
export const NUMERIC_MIN_DISTINCT = 10;
/** Categorical columns with more distinct values are excluded unless the user includes them. */
export const MAX_CATEGORICAL_VALUES = 1000;

export function parseNumber(label: string): number | null {
  if (label === '' || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(label)) return null;
  const x = Number(label);
  return Number.isFinite(x) ? x : null;
}

/**
 * Infers a column's kind from its dictionary: constant (≤ 1 distinct value), identifier (every
 * value distinct over 3+ rows, unless non-integer numbers), numeric (every value a number and more
 * than NUMERIC_MIN_DISTINCT of them), else categorical.
 */
export function inferKind(column: RawColumn): ColumnKind {
  const distinct = column.labels.length;
  const present = column.codes.length - column.missing;
  if (distinct <= 1) return 'constant';
  const numbers = column.labels.map(parseNumber);
  const allNumeric = numbers.every((x) => x !== null);
  if (distinct === present && present >= 3) {
    const allIntegers = allNumeric && numbers.every((x) => Number.isInteger(x));
    if (!allNumeric || allIntegers) return 'identifier';
  }
  if (allNumeric && distinct > NUMERIC_MIN_DISTINCT) return 'numeric';
  return 'categorical';
}
