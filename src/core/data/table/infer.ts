import type { ColumnProfile } from '../csv/rawTable.ts';
import type { ColumnKind } from './types.ts';

/** A numeric column with at most this many distinct values stays categorical (e.g. zoo's legs). */
export const NUMERIC_MIN_DISTINCT = 10;
/** Categorical columns with more distinct values are excluded unless the user includes them. */
export const MAX_CATEGORICAL_VALUES = 1000;

/**
 * A plain decimal number ([+-] digits [. digits] [e [+-] digits], at least one digit before the
 * exponent) read in one pass — a regular expression with nested quantifiers backtracks on a long
 * digit run that ends in a letter — or null; also null when it overflows to ±∞.
 */
export function parseNumber(label: string): number | null {
  const n = label.length;
  let i = 0;
  const digits = (): number => {
    const start = i;
    while (i < n) {
      const c = label.charCodeAt(i);
      if (c < 48 || c > 57) break;
      i++;
    }
    return i - start;
  };
  if (label[i] === '+' || label[i] === '-') i++;
  let mantissa = digits();
  if (label[i] === '.') {
    i++;
    mantissa += digits();
  }
  if (mantissa === 0) return null;
  if (label[i] === 'e' || label[i] === 'E') {
    i++;
    if (label[i] === '+' || label[i] === '-') i++;
    if (digits() === 0) return null;
  }
  if (i !== n) return null;
  const x = Number(label);
  return Number.isFinite(x) ? x : null;
}

/** Written as a whole number: optional sign and digits only (1.5e300 is a float, not an id). */
function looksInteger(label: string): boolean {
  let i = label[0] === '+' || label[0] === '-' ? 1 : 0;
  if (i === label.length) return false;
  for (; i < label.length; i++) {
    const c = label.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * Infers a column's kind from its dictionary: constant (≤ 1 distinct value), identifier (every
 * value distinct over 3+ rows, unless they are numbers not written as whole numbers), numeric
 * (every value a number and more than NUMERIC_MIN_DISTINCT of them), else categorical.
 */
export function inferKind(column: ColumnProfile): ColumnKind {
  const distinct = column.labels.length;
  const present = column.rows - column.missing;
  if (distinct <= 1) return 'constant';
  const numbers = column.labels.map(parseNumber);
  const allNumeric = numbers.every((x) => x !== null);
  if (distinct === present && present >= 3) {
    const allIntegers = allNumeric && column.labels.every(looksInteger);
    if (!allNumeric || allIntegers) return 'identifier';
  }
  if (allNumeric && distinct > NUMERIC_MIN_DISTINCT) return 'numeric';
  return 'categorical';
}
