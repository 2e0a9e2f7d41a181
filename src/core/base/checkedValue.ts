import { OutOfRangeError } from './errors.ts';
import { ROUND_OFF, snapNonNegative } from './roundOff.ts';

/**
 * The check every consumer of object distances makes (evaluations, clusterings, indices): a
 * distance is finite and ≥ 0. Round-off below 0 is snapped (the sources snap already; this keeps
 * a consumer safe from any source); anything else fails with the method, the two rows by their
 * line in the file, and the value.
 */
export interface Owner {
  /** The method (or result) the numbers come from, as people know it: “CADO (IRSI)”. */
  method?: string;
  /** The file line of each object (CategoricalTable.sourceLines); objects are named by it. */
  lines?: ArrayLike<number>;
}

/** Two objects named to people: “the rows on lines 242 and 250”. */
export function pairName(i: number, j: number, lines?: ArrayLike<number>): string {
  const known = (k: number) => lines !== undefined && k < lines.length;
  return known(i) && known(j)
    ? `the rows on lines ${lines?.[i]} and ${lines?.[j]}`
    : `objects ${i + 1} and ${j + 1}`;
}

/**
 * A distance d(i, j) (or another pairwise quantity ≥ 0: an affinity, a similarity used as one)
 * checked: ≥ 0 with round-off snapped to 0, and finite; else an OutOfRangeError.
 */
export function checkedDistance(
  x: number,
  i: number,
  j: number,
  owner: Owner = {},
  what = 'distance',
): number {
  if (x >= 0 && x < Infinity) return x;
  const snapped = snapNonNegative(x);
  if (snapped === 0) return 0;
  throw new OutOfRangeError(
    `${owner.method ? `${owner.method}: ` : ''}${what} ${x} between ${pairName(i, j, owner.lines)}: it must be finite and ≥ 0 (round-off up to ${ROUND_OFF} below 0 is taken as 0)`,
  );
}

/** A similarity s(i, j) checked: a number (not NaN), else an OutOfRangeError naming the rows. */
export function checkedSimilarity(x: number, i: number, j: number, owner: Owner = {}): number {
  if (!Number.isNaN(x)) return x;
  throw new OutOfRangeError(
    `${owner.method ? `${owner.method}: ` : ''}similarity ${x} between ${pairName(i, j, owner.lines)}: a similarity must be a number`,
  );
}

/** d(i, j) ≥ 0 between objects i, j in 0..n−1, symmetric, d(i, i) = 0; computed on demand. */
export type Dissimilarity = (i: number, j: number) => number;
