import { DataError, badOption } from '../../base/errors.ts';
import { runToEnd, type Steps } from '../../base/jobs.ts';
import { checkCountable } from './limits.ts';
import type { CategoricalTable } from '../table/types.ts';
import {
  allocateCooccurrence,
  countPair,
  countValues,
  denseCooccurrence,
  type Cooccurrence,
} from './cooccurrence.ts';
import { entropyOf, mutualInformationOf, symmetricUncertainty } from './information.ts';

/** Counts computed once per table (or row subset) and shared by every method. */
export interface Counts {
  /** Rows counted (all rows, or the subset). */
  nRows: number;
  nAttributes: number;
  cooccurrence: Cooccurrence;
  /** Entropy of each attribute in bits. */
  entropy: Float64Array;
  /** D × D mutual information in bits (diagonal = entropy). */
  mutualInformation: Float64Array;
  /** D × D symmetric uncertainty (diagonal 1, or 0 for a constant attribute). */
  symmetricUncertainty: Float64Array;
}

export interface CountOptions {
  /** Count only these rows; the value domain stays the whole table's. */
  rows?: Int32Array | null;
}

export function* countSteps(table: CategoricalTable, options: CountOptions = {}): Steps<Counts> {
  const rows = options.rows ?? null;
  if (table.rowless)
    throw new DataError(
      'needs-rows',
      'This table is known by its counts alone: it has no rows to count again.',
    );
  if (rows !== null) {
    for (const r of rows)
      if (!Number.isInteger(r) || r < 0 || r >= table.nRows)
        throw badOption(`row index ${r} is outside 0..${table.nRows - 1}`);
  }
  const n = rows === null ? table.nRows : rows.length;
  checkCountable(table, n);
  const D = table.attributes.length;
  const c = allocateCooccurrence(table);
  countValues(c, table, rows);
  const pairs = (D * (D - 1)) / 2;
  let done = 0;
  for (let a = 0; a < D; a++) {
    for (let b = a + 1; b < D; b++) countPair(c, table, a, b, rows);
    done += D - 1 - a;
    yield { fraction: pairs > 0 ? (0.9 * done) / pairs : 0.9, message: 'Counting co-occurrences…' };
  }
  return countsOf(c, n);
}

/**
 * Entropy, mutual information and symmetric uncertainty from the co-occurrence counts of n rows:
 * the counts as every method reads them, whoever counted (this module, SQL, an imported file).
 */
export function countsOf(c: Cooccurrence, n: number): Counts {
  const D = c.sizes.length;
  const entropy = Float64Array.from({ length: D }, (_, a) => entropyOf(c, a, n));
  const mutualInformation = new Float64Array(D * D);
  const su = new Float64Array(D * D);
  for (let a = 0; a < D; a++) {
    mutualInformation[a * D + a] = entropy[a] as number;
    su[a * D + a] = (entropy[a] as number) > 0 ? 1 : 0;
    for (let b = a + 1; b < D; b++) {
      const mi = mutualInformationOf(c, a, b, n);
      mutualInformation[a * D + b] = mutualInformation[b * D + a] = mi;
      su[a * D + b] = su[b * D + a] = symmetricUncertainty(
        mi,
        entropy[a] as number,
        entropy[b] as number,
      );
    }
  }
  return {
    nRows: n,
    nAttributes: D,
    cooccurrence: c,
    entropy,
    mutualInformation,
    symmetricUncertainty: su,
  };
}

export function computeCounts(table: CategoricalTable, options: CountOptions = {}): Counts {
  return runToEnd(countSteps(table, options));
}

/**
 * Count of each (class, value) pair, row-major C × L: entry [c·L + v] = rows of class c holding
 * global value v. Null when the table has no class column.
 */
export function classValueCounts(
  table: CategoricalTable,
  rows: Int32Array | null = null,
): Int32Array | null {
  const cls = table.classColumn;
  if (!cls) return null;
  const L = table.nValues;
  const out = new Int32Array(cls.labels.length * L);
  const n = rows === null ? table.nRows : rows.length;
  for (const attr of table.attributes) {
    for (let i = 0; i < n; i++) {
      const r = rows === null ? i : (rows[i] as number);
      const cell = (cls.codes[r] as number) * L + attr.offset + (attr.codes[r] as number);
      out[cell] = (out[cell] as number) + 1;
    }
  }
  return out;
}

/**
 * The covariance of the n × L value-indicator (one-hot) matrix, from the counts alone:
 * (C − n·p·pᵀ)/(n − 1), C the co-occurrence counts (diagonal = value counts), p(v) = count(v)/n.
 * Returns p too. L × L, row-major.
 */
export function indicatorCovariance(counts: Counts): { covariance: Float64Array; p: Float64Array } {
  const n = counts.nRows;
  const L = counts.cooccurrence.nValues;
  const co = denseCooccurrence(counts.cooccurrence);
  const p = Float64Array.from(counts.cooccurrence.valueCounts, (c) => c / n);
  const covariance = new Float64Array(L * L);
  const denominator = Math.max(n - 1, 1);
  for (let u = 0; u < L; u++)
    for (let v = 0; v < L; v++)
      covariance[u * L + v] =
        ((co[u * L + v] as number) - n * (p[u] as number) * (p[v] as number)) / denominator;
  return { covariance, p };
}
