import type { MethodOutput } from '../../core/platform/spec.ts';
import { quoteString, rowLookupSql, type RowLookup } from '../../core/counts/sql.ts';
import type { Result } from '../../core/results.ts';
import { duckdbError, openDuckdb, type DuckdbTable, type EngineOptions } from './duckdb.ts';

/**
 * Object-level outputs of a table counted by DuckDB, written row by row: each is a look-up of
 * a row's values, so DuckDB reads the file again and streams every kept row's cells to a CSV —
 * no row is held in this process. Covered: a value-concatenation embedding (CDE, 0-1, IDF: the
 * row's value vectors side by side) and object scores that are weighted sums of value scores
 * (COSH, CBRW: `objectScore` of their value-scores result).
 */
export interface RowOutput {
  name: string;
  columns: string[];
  combine: 'concat' | 'sum';
  /** Cells of global value v. */
  cellsOf(v: number): number[];
}

/** The first result of the output that is a per-row look-up, or null. */
export function rowOutput(
  output: MethodOutput,
  valueAttribute: Int32Array,
  nAttributes: number,
): RowOutput | null {
  for (const [name, r] of Object.entries(output.results) as [string, Result][]) {
    if (r.kind === 'object-embedding' && r.form === 'values')
      return {
        name,
        columns: r.dims === 2 ? ['x', 'y'] : Array.from({ length: r.dims }, (_, j) => `d${j + 1}`),
        combine: 'concat',
        cellsOf: (v) => {
          const start = r.vectorStart[v] as number;
          const w = r.blockWidth[valueAttribute[v] as number] as number;
          return Array.from(r.vectors.subarray(start, start + w));
        },
      };
    if (
      r.kind === 'value-scores' &&
      r.objectScore &&
      r.objectScore.weights.length === nAttributes
    ) {
      const { weights, result } = r.objectScore;
      return {
        name: result,
        columns: ['score'],
        combine: 'sum',
        // The term this value adds to a row's score, as the in-memory sum adds it.
        cellsOf: (v) => [
          (weights[valueAttribute[v] as number] as number) * (r.scores[v] as number),
        ],
      };
    }
  }
  return null;
}

/** Streams the per-row output to a CSV file through DuckDB (COPY … TO). */
export async function writeRows(
  duckdb: DuckdbTable,
  out: RowOutput,
  file: string,
  engine: EngineOptions = {},
): Promise<void> {
  const { table, plan, valueCodes } = duckdb;
  const features: RowLookup[] = table.attributes.map((attr, a) =>
    (valueCodes[a] ?? []).map(({ value, code }) => ({
      value,
      cells: out.cellsOf(attr.offset + code),
    })),
  );
  const sql = rowLookupSql(plan, features, out.columns, out.combine);
  const { connection, close } = await openDuckdb(engine);
  try {
    await connection.run(`COPY (${sql}) TO ${quoteString(file)} (FORMAT csv, HEADER true)`);
  } catch (error) {
    throw duckdbError(error, file);
  } finally {
    close();
  }
}
