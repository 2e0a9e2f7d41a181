import type { DuckDBConnection } from '@duckdb/node-api';
import {
  cellCountsSql,
  cellKeys,
  countsSql,
  readCountsRow,
  type CodeExpression,
  type CountsSqlPlan,
} from '../../core/data/counts/sql.ts';

/** Queries of the `pairs` form sent to DuckDB at once (joined by UNION ALL). */
const PAIRS_PER_QUERY = 24;

/** A grouped column's SQL value (a label, an interval number, a number; null: missing). */
export type SqlValue = string | number | null;

/** One pair of grouped columns' count of one pair of values. */
export interface PairCount {
  a: number;
  b: number;
  va: unknown;
  vb: unknown;
  n: number;
}

/** What a counting query gives: each grouped column's value counts, each pair's, the rows kept. */
export interface Tally {
  singles: Map<SqlValue, number>[];
  pairRows: PairCount[];
  kept: number;
}

function emptyTally(groups: number): Tally {
  return { singles: Array.from({ length: groups }, () => new Map()), pairRows: [], kept: 0 };
}

/**
 * The `pairs` form: every kept row's values as small codes, once (`codedRows`: the SELECT of a
 * `codes` table with columns k0, k1 …); then one GROUP BY per value and per pair of features
 * over two integer columns (DuckDB aggregates these with a perfect hash table).
 */
export async function tallyByPairs(
  connection: DuckDBConnection,
  codedRows: string,
  plan: CountsSqlPlan,
  valueOf: (g: number, k: number) => SqlValue,
): Promise<Tally> {
  const tally = emptyTally(plan.grouped.length);
  await connection.run(`CREATE TABLE codes AS ${codedRows}`);
  tally.kept = Number(
    (await connection.runAndReadAll('SELECT COUNT(*) FROM codes')).getRows()[0]?.[0] ?? 0,
  );
  const queries = [
    ...plan.grouped.map(
      (_, g) =>
        `SELECT ${g} AS a, -1 AS b, k${g} AS x, 0 AS y, COUNT(*) AS n FROM codes GROUP BY k${g}`,
    ),
    ...plan.pairs.map(
      ([a, b]) =>
        `SELECT ${a} AS a, ${b} AS b, k${a} AS x, k${b} AS y, COUNT(*) AS n FROM codes GROUP BY k${a}, k${b}`,
    ),
  ];
  for (let q = 0; q < queries.length; q += PAIRS_PER_QUERY) {
    const result = await connection.runAndReadAll(
      queries.slice(q, q + PAIRS_PER_QUERY).join(' UNION ALL '),
    );
    for (const [aValue, bValue, x, y, n] of result.getRows()) {
      const a = Number(aValue);
      const b = Number(bValue);
      if (b < 0) tally.singles[a]?.set(valueOf(a, Number(x)), Number(n));
      else
        tally.pairRows.push({
          a,
          b,
          va: valueOf(a, Number(x)),
          vb: valueOf(b, Number(y)),
          n: Number(n),
        });
    }
  }
  return tally;
}

/** The `grouping-sets` form: one GROUPING SETS query (core/data/counts/sql.ts, countsSql). */
export async function tallyByGroupingSets(
  connection: DuckDBConnection,
  plan: CountsSqlPlan,
): Promise<Tally> {
  const result = await connection.runAndReadAll(countsSql(plan));
  return tallyOfCountsRows(plan, result.getRows());
}

/** The rows of countsSql's output (g…, v…, n), from whichever engine ran it, as a tally. */
export function tallyOfCountsRows(
  plan: CountsSqlPlan,
  rows: readonly (readonly unknown[])[],
): Tally {
  const tally = emptyTally(plan.grouped.length);
  const k = plan.grouped.length;
  for (const raw of rows) {
    const row = readCountsRow(raw, k);
    if (row.set.length === 0) tally.kept = row.n;
    else if (row.set.length === 1) {
      const i = row.set[0] as number;
      tally.singles[i]?.set(row.values[i] ?? null, row.n);
    } else {
      const [a, b] = row.set as [number, number];
      tally.pairRows.push({ a, b, va: row.values[a], vb: row.values[b], n: row.n });
    }
  }
  return tally;
}

/**
 * The `cells` form: one query counting numbered cells (cellCountsSql): cell 0 the rows, then
 * each column's values, then each pair's value pairs, read back by the cell layout (cellKeys).
 */
export async function tallyByCells(
  connection: DuckDBConnection,
  plan: CountsSqlPlan,
  codes: readonly CodeExpression[],
  valueOf: (g: number, k: number) => SqlValue,
): Promise<Tally> {
  const result = await connection.runAndReadAll(cellCountsSql(keyedPlan(plan, codes)));
  return tallyOfCellRows(plan, codes, valueOf, result.getRows());
}

/** The plan with each grouped column's codes, for cellCountsSql. */
export function keyedPlan(plan: CountsSqlPlan, codes: readonly CodeExpression[]) {
  return {
    ...plan,
    grouped: plan.grouped.map((g, i) => ({ ...g, code: codes[i] as CodeExpression })),
  };
}

/** The rows of cellCountsSql's output (cell, n), from whichever engine ran it, as a tally. */
export function tallyOfCellRows(
  plan: CountsSqlPlan,
  codes: readonly CodeExpression[],
  valueOf: (g: number, k: number) => SqlValue,
  rows: readonly (readonly unknown[])[],
): Tally {
  const tally = emptyTally(plan.grouped.length);
  const keys = cellKeys(codes, plan.pairs);
  const G = plan.grouped.length;
  const pairStarts = [...keys.pair]
    .map(([ab, start]) => ({ a: Math.floor(ab / G), b: ab % G, start }))
    .sort((x, y) => x.start - y.start);
  for (const [cellValue, nValue] of rows) {
    const cell = Number(cellValue);
    const n = Number(nValue);
    if (cell === 0) {
      tally.kept = n;
      continue;
    }
    if (cell < (pairStarts[0]?.start ?? keys.total)) {
      let g = keys.single.length - 1;
      while (g > 0 && (keys.single[g] as number) > cell) g--;
      tally.singles[g]?.set(valueOf(g, cell - (keys.single[g] as number)), n);
      continue;
    }
    let lo = 0;
    let hi = pairStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((pairStarts[mid] as { start: number }).start <= cell) lo = mid;
      else hi = mid - 1;
    }
    const { a, b, start } = pairStarts[lo] as { a: number; b: number; start: number };
    const width = keys.sizes[b] as number;
    const offset = cell - start;
    tally.pairRows.push({
      a,
      b,
      va: valueOf(a, Math.floor(offset / width)),
      vb: valueOf(b, offset % width),
      n,
    });
  }
  return tally;
}
