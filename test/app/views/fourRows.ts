/**
 * The views' tests' small table, its counts worked out by hand: four rows of two attributes,
 *   a b
 *   x p
 *   x q
 *   y p
 *   y p
 * values in order x, y (a) and p, q (b): counts 2, 2, 3, 1.
 */
import type { CountsReport, TableMeta } from '../../../src/core/platform/session.ts';

export const FOUR_META = {
  nRows: 4,
  nValues: 4,
  attributes: [
    { name: 'a', labels: ['x', 'y'], offset: 0 },
    { name: 'b', labels: ['p', 'q'], offset: 2 },
  ],
  valueAttribute: Int32Array.from([0, 0, 1, 1]),
  classColumn: null,
} as unknown as TableMeta;

export const FOUR_COUNTS = {
  nRows: 4,
  valueCounts: Float64Array.from([2, 2, 3, 1]),
  // Rows with both values: (x, p) 1, (x, q) 1, (y, p) 2, (y, q) 0.
  cooccurrence: Float64Array.from([2, 0, 1, 1, 0, 2, 2, 0, 1, 2, 3, 0, 1, 0, 0, 1]),
} as unknown as CountsReport;
