import { runToEnd } from '../../core/base/jobs.ts';
import { resolveOptions } from '../../core/base/parameters.ts';
import { codeCount } from '../../core/data/counts/sql.ts';
import type { ScoreModel, ZeroSqlMember } from '../../core/data/counts/scoreSql.ts';
import type { CategoricalTable } from '../../core/data/table/types.ts';
import { zeroDraws } from '../../core/methods/detectors/zeroPlusPlus.ts';
import { ZERO_PARAMETERS, zeroMethod } from '../../core/methods/detectors/zeroPlusPlusMethod.ts';
import { coshMethod } from '../../core/methods/cure/coshMethod.ts';
import { cbrwMethod } from '../../core/methods/detectors/cbrwMethod.ts';
import type { ExplorerSession } from '../../core/platform/session.ts';
import type { Call } from '../../core/platform/spec.ts';
import type { ValueScores } from '../../core/platform/results.ts';
import { openDuckdb, type DuckdbTable, type EngineOptions } from './duckdb.ts';
import { internal } from '../../core/base/errors.ts';

/** The detectors whose top outliers a query can score where the rows live. */
export const SQL_DETECTORS: readonly string[] = [coshMethod.id, cbrwMethod.id, zeroMethod.id];

/** One of the top rows: its number among the file's data rows (1 = first), score, values, terms. */
export interface TopRow {
  row: number;
  score: number;
  values: string[];
  /** Each feature's term of the score (they sum to it); null where not computed. */
  terms: number[] | null;
}

/**
 * The top K of the in-memory detector's object scores, ties broken by row order (the explorer's
 * ranking): the reference the queries are held to.
 */
export function topInMemory(session: ExplorerSession, call: Call, top: number): TopRow[] {
  const table = session.table;
  const output = runToEnd(session.runSteps(call));
  const scores = Object.values(output.results).find((r) => r.kind === 'object-scores');
  if (scores?.kind !== 'object-scores') throw internal(`${call.method} gave no object scores`);
  const explanations = Object.values(output.results).find((r) => r.kind === 'object-explanations');
  const D = table.attributes.length;
  const order = Array.from({ length: table.nRows }, (_, r) => r).sort(
    (p, q) => (scores.scores[q] as number) - (scores.scores[p] as number) || p - q,
  );
  return order.slice(0, top).map((r) => ({
    row: (table.sourceRows[r] as number) + 1,
    score: scores.scores[r] as number,
    values: table.attributes.map((a) => a.labels[a.codes[r] as number] as string),
    terms:
      explanations?.kind === 'object-explanations'
        ? Array.from(explanations.values.subarray(r * D, (r + 1) * D))
        : null,
  }));
}

/**
 * The scoring model of a detector fitted on counts (COSH, CBRW: each value's term, from the
 * value scores and the feature weights) or on seeded sub-samples (ZERO++: its members' pairs,
 * read from the file by DuckDB), in the codes of the counts query.
 */
export async function scoreModel(
  method: string,
  options: Record<string, unknown>,
  session: ExplorerSession,
  duckdb: DuckdbTable,
  codesAt: (positions: readonly number[]) => Promise<Map<number, number[]>>,
): Promise<ScoreModel> {
  const table = session.table;
  const D = table.attributes.length;
  if (method === zeroMethod.id) {
    const opts = resolveOptions(ZERO_PARAMETERS, options, 'ZERO++');
    const draws = zeroDraws(table.nRows, D, opts);
    const positions = [...new Set(draws.flatMap((d) => [...d.positions]))];
    const codesOf = await codesAt(positions);
    const sizes = duckdb.codes.map(codeCount);
    const members = draws.map(({ a, b, positions: rows }): ZeroSqlMember => {
      const ka = rows.map((p) => codesOf.get(p)?.[a] as number);
      const kb = rows.map((p) => codesOf.get(p)?.[b] as number);
      const sizeB = sizes[b] as number;
      return {
        a,
        b,
        sizeB,
        pairs: [...new Set(ka.map((x, i) => x * sizeB + (kb[i] as number)))],
        seenA: [...new Set(ka)],
        seenB: [...new Set(kb)],
      };
    });
    return { kind: 'members', t: opts.t, members };
  }
  const output = runToEnd(session.runSteps({ method, options }));
  const valueScores = Object.values(output.results).find(
    (r): r is ValueScores => r.kind === 'value-scores' && r.objectScore !== undefined,
  );
  if (!valueScores?.objectScore) throw internal(`${method} gave no value scores`);
  const { weights } = valueScores.objectScore;
  return {
    kind: 'sum',
    terms: table.attributes.map((attr, a) =>
      (duckdb.coded.valueOf[a] ?? []).map((v) =>
        // The term as the in-memory sum adds it: w_f·score(v) (valueScoreTerms).
        v < 0 ? null : (weights[a] as number) * (valueScores.scores[attr.offset + v] as number),
      ),
    ),
  };
}

/** The codes of the kept rows at these positions (0 = the first kept row), read by DuckDB. */
export const fileCodesAt =
  (duckdb: DuckdbTable, engine: EngineOptions) =>
  (positions: readonly number[]): Promise<Map<number, number[]>> =>
    keptRowCodes(duckdb, positions, engine);

async function keptRowCodes(
  duckdb: DuckdbTable,
  positions: readonly number[],
  engine: EngineOptions,
): Promise<Map<number, number[]>> {
  const coded = duckdbCodedRows(duckdb);
  const { connection, close } = await openDuckdb(engine);
  try {
    const result = await connection.runAndReadAll(
      `SELECT kept - 1 AS position, * EXCLUDE (kept, row_no) FROM (SELECT ROW_NUMBER() OVER (ORDER BY row_no) AS kept, * FROM (${coded}) AS coded) AS numbered WHERE kept - 1 IN (${positions.join(', ')})`,
    );
    return new Map(result.getRows().map((r) => [Number(r[0]), r.slice(1).map(Number)]));
  } finally {
    close();
  }
}

/**
 * The kept rows' codes with their number in the file (row_no, k0 …), for DuckDB reading the file:
 * the raw cells coded by their listed texts (as per-row outputs read them), which spares trimming
 * every cell.
 */
export function duckdbCodedRows(duckdb: DuckdbTable): string {
  const { coded } = duckdb;
  return `SELECT row_no, ${coded.codes.map((c, a) => `${c} AS k${a}`).join(', ')} FROM ${coded.from}`;
}

/** The query's rows (row_no, score, k0 …, t0 …) as top rows, codes read back as labels. */
export function topRowsOf(
  rows: readonly (readonly unknown[])[],
  table: CategoricalTable,
  valueOf: readonly (readonly number[])[],
): TopRow[] {
  const D = table.attributes.length;
  return rows.map((r) => ({
    row: Number(r[0]),
    score: Number(r[1]),
    values: table.attributes.map((attr, a) => {
      const v = valueOf[a]?.[Number(r[2 + a])] ?? -1;
      return v < 0 ? '' : (attr.labels[v] as string);
    }),
    terms: Array.from({ length: D }, (_, a) => Number(r[2 + D + a])),
  }));
}
