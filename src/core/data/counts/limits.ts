import { DataError } from '../../base/errors.ts';
import type { CategoricalTable } from '../table/types.ts';

/**
 * What the shared counts may cost, checked from the table's shape alone — before a single cell is
 * counted — so a table too wide to count is refused at once with the columns to drop, not after a
 * minute and a gigabyte. Co-occurrence keeps one |V_a| × |V_b| block per attribute pair.
 */
export const COUNT_CELL_LIMIT = 2 ** 25; // 33.5 million cells, 134 MB of counts
/** Attribute pairs: each is one pass over the rows. */
export const PAIR_LIMIT = 2_000_000; // about 2,000 feature columns
/** Pair × row visits: the counting time (a few seconds at this limit on one core). */
export const PAIR_ROW_LIMIT = 3e9;

/** Refuses a table whose counts would exceed the limits, naming the widest columns. */
export function checkCountable(table: CategoricalTable, rows = table.nRows): void {
  const D = table.attributes.length;
  const sizes = table.attributes.map((a) => a.labels.length);
  let cells = 0;
  let before = 0;
  for (const m of sizes) {
    cells += m * before;
    before += m;
  }
  const pairs = (D * (D - 1)) / 2;
  const fmt = (x: number): string => Math.round(x).toLocaleString('en-US');
  let why: string | null = null;
  if (pairs > PAIR_LIMIT)
    why = `${fmt(D)} feature columns make ${fmt(pairs)} column pairs to count (the explorer counts up to ${fmt(PAIR_LIMIT)})`;
  else if (cells > COUNT_CELL_LIMIT)
    why = `their ${fmt(table.nValues)} values need ${fmt(cells)} co-occurrence counts (the explorer keeps up to ${fmt(COUNT_CELL_LIMIT)})`;
  else if (pairs * rows > PAIR_ROW_LIMIT)
    why = `${fmt(pairs)} column pairs over ${fmt(rows)} rows are ${fmt(pairs * rows)} pair visits (the explorer makes up to ${fmt(PAIR_ROW_LIMIT)})`;
  if (why === null) return;
  throw new DataError(
    'too-large',
    `This table is too wide to count: ${why}. Exclude columns in the data summary (or --drop them), starting with those with the most values: ${widestColumns(table)}.`,
  );
}

/** The columns with the most values, for messages: “a (40 values), b (38 values) and 9 more”. */
export function widestColumns(table: CategoricalTable, shown = 5): string {
  const widest = [...table.attributes]
    .sort((x, y) => y.labels.length - x.labels.length)
    .slice(0, shown)
    .map((a) => `${a.name} (${a.labels.length} values)`);
  const more = table.attributes.length - widest.length;
  return `${widest.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`;
}
