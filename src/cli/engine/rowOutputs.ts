import type { MethodOutput } from '../../core/platform/spec.ts';
import { doubleLiteral, quoteIdentifier, quoteString } from '../../core/data/counts/sql.ts';
import type { Result } from '../../core/platform/results.ts';
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
  const { table, coded } = duckdb;
  const cell = (a: number, j: number): string => {
    const attr = table.attributes[a] as { offset: number };
    const whens = (coded.valueOf[a] ?? []).flatMap((v, k) =>
      v < 0 ? [] : [`WHEN ${k} THEN ${doubleLiteral(out.cellsOf(attr.offset + v)[j] as number)}`],
    );
    return `CASE k${a} ${whens.join(' ')} END`;
  };
  const width = (a: number): number =>
    out.cellsOf((table.attributes[a] as { offset: number }).offset).length;
  const outputs =
    out.combine === 'sum'
      ? [
          `${table.attributes.map((_, a) => cell(a, 0)).join(' + ')} AS ${quoteIdentifier(out.columns[0] ?? 'score')}`,
        ]
      : table.attributes
          .flatMap((_, a) => Array.from({ length: width(a) }, (__, j) => cell(a, j)))
          .map((e, k) => `${e} AS ${quoteIdentifier(out.columns[k] ?? `d${k + 1}`)}`);
  // Row by row through DuckDB, in file order (no ORDER BY: DuckDB keeps insertion order).
  const sql = `SELECT row_no AS "row", ${outputs.join(', ')}
FROM (SELECT row_no, ${coded.codes.map((c, a) => `${c} AS k${a}`).join(', ')} FROM ${coded.from}) AS coded_rows`;
  const { connection, close } = await openDuckdb(engine);
  try {
    await connection.run(`COPY (${sql}) TO ${quoteString(file)} (FORMAT csv, HEADER true)`);
  } catch (error) {
    throw duckdbError(error, file);
  } finally {
    close();
  }
}
