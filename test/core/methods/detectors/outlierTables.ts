/** Tables shared by the outlier-detector tests: CSV lines as a table, a planted table, scoring. */
import {
  createRandom,
  parseCsvText,
  prepareTable,
  runToEnd,
  type CategoricalTable,
} from '../../../../src/core/index.ts';
import { allRows } from '../../../../src/core/data/table/rows.ts';
import type { DetectorRole } from '../../../../src/core/platform/detection.ts';

export async function tableOf(
  lines: string[],
  classColumn: string | null = null,
): Promise<CategoricalTable> {
  return prepareTable(await parseCsvText(lines.join('\n')), { classColumn }).table;
}

/** n rows of D coupled attributes (value (z + a) mod 3 with probability 0.85); the planted
 * rows hold a value of their own in attributes 0 and 1 and independent values elsewhere. */
export async function plantedTable(
  seed: number,
  n = 300,
  planted = 10,
  D = 8,
): Promise<{ table: CategoricalTable; positive: boolean[] }> {
  const rng = createRandom(seed);
  const rows = new Set<number>();
  while (rows.size < planted) rows.add(rng.int(n));
  const order = [...rows];
  const lines = [Array.from({ length: D }, (_, a) => `f${a}`).join(',')];
  for (let r = 0; r < n; r++) {
    const z = rng.int(3);
    lines.push(
      Array.from({ length: D }, (_, a) => {
        if (rows.has(r)) return a < 2 ? `rare${a}_${order.indexOf(r)}` : `v${rng.int(3)}`;
        return `v${rng.next() < 0.85 ? (z + a) % 3 : rng.int(3)}`;
      }).join(','),
    );
  }
  return {
    table: await tableOf(lines),
    positive: Array.from({ length: n }, (_, r) => rows.has(r)),
  };
}

/** A detector fitted on every row and scoring every row. */
export function scoreAll(
  detector: DetectorRole,
  table: CategoricalTable,
  seed: number,
  options = {},
): Float64Array {
  const rows = allRows(table.nRows);
  return runToEnd(detector.score({ table, fitRows: rows, scoreRows: rows, seed }, options));
}
