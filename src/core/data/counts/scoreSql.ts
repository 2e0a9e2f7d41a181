import { doubleLiteral, type SqlDialect } from './sql.ts';
import { badOption } from '../../base/errors.ts';

/**
 * The top-K outliers scored where the rows live (`outliers-sql`): one query over a table's coded
 * rows (row_no, k0 … k(D−1): each feature's code, as the counts query codes it) that scores
 * every row from a model computed out of the counts, and keeps the K highest, ties broken by row
 * order as the explorer breaks them. Output columns: row_no, score, k0 …, t0 … (each feature's
 * term of the score).
 *
 * - 'sum': a score that is a sum of per-value terms (COSH: the value scores, CURE Jian et al.
 *   2019 Eq. 15; CBRW: w_f·π(x_f), Pang et al. 2016 Eq. 7). Each term is shipped as the double
 *   the in-memory detector adds, and the terms are added feature by feature, left to right, as
 *   the in-memory sum adds them: the engine's IEEE doubles give the same bits.
 * - 'members': ZERO++ (Pang et al. 2016): score = (1/t)·#{members whose ψ-row sub-sample holds the
 *   row's pair of values on its subspace zero times}; each member ships the pairs (and the single
 *   values) its sub-sample holds, in the query's codes. Each member's 1/t goes to the feature
 *   whose value the sub-sample lacks, half to each when both or neither are lacking
 *   (zeroPlusPlusExplain.ts).
 */
export type ScoreModel =
  | {
      kind: 'sum';
      /** terms[a][k]: the term of feature a's code k (null: a code no counted row holds). */
      terms: readonly (readonly (number | null)[])[];
    }
  | { kind: 'members'; t: number; members: readonly ZeroSqlMember[] };

/** One ZERO++ member in the query's codes. */
export interface ZeroSqlMember {
  a: number;
  b: number;
  /** Feature b's number of codes: a pair is k_a · sizeB + k_b. */
  sizeB: number;
  /** The pairs its sub-sample holds. */
  pairs: readonly number[];
  /** The codes of a, and of b, its sub-sample holds. */
  seenA: readonly number[];
  seenB: readonly number[];
}

/** What differs between engines in the scoring query. */
export interface ScoreDialect {
  /** A double that reads back as exactly this number. */
  double(x: number): string;
  /** x is one of the listed integers. */
  inList(x: string, list: readonly number[]): string;
  /** An integer count as a double. */
  toDouble(x: string): string;
  /** The term of code x: terms[x] (null: a code no counted row holds). */
  termOf(x: string, terms: readonly (number | null)[]): string;
}

export function scoreDialect(dialect: SqlDialect | 'duckdb' | 'clickhouse'): ScoreDialect {
  if (dialect === 'clickhouse')
    return {
      double: (x) => `toFloat64(${doubleLiteral(x)})`,
      inList: (x, list) => (list.length === 0 ? '0' : `has([${list.join(', ')}], ${x})`),
      toDouble: (x) => `toFloat64(${x})`,
      // A constant array read at the code (18.16's CASE x WHEN … compares UInt64 codes with
      // UInt8 literals as unequal).
      termOf: (x, terms) =>
        `arrayElement([${terms.map((t) => (t === null ? 'nan' : doubleLiteral(t))).join(', ')}], ${x} + 1)`,
    };
  const type = dialect === 'postgres' ? 'DOUBLE PRECISION' : 'DOUBLE';
  return {
    double: (x) => `CAST(${doubleLiteral(x)} AS ${type})`,
    inList: (x, list) => {
      if (list.length === 0) return '1 = 0';
      // DuckDB's in_clause optimizer turns each `x IN (…)` over a computed x into a join of its
      // own: ZERO++'s fifty members made labor's 57 rows take 18 s, against 0.7 s for
      // list_contains (DuckDB 1.5). PostgreSQL reads IN as = ANY of an array.
      if (dialect === 'duckdb') return `list_contains([${list.join(', ')}], ${x})`;
      return `${x} IN (${list.join(', ')})`;
    },
    toDouble: (x) => `CAST(${x} AS ${type})`,
    termOf: (x, terms) => {
      const whens = terms.flatMap((t, code) =>
        t === null ? [] : [`WHEN ${code} THEN CAST(${doubleLiteral(t)} AS ${type})`],
      );
      return whens.length === 0 ? 'NULL' : `CASE ${x} ${whens.join(' ')} END`;
    },
  };
}

/** The scoring query over `codedRows` (a subquery giving row_no, k0 … k(D−1)). */
export function topOutliersSql(
  codedRows: string,
  D: number,
  model: ScoreModel,
  top: number,
  dialect: ScoreDialect,
): string {
  if (!Number.isInteger(top) || top < 1) throw badOption(`top must be ≥ 1, got ${top}`);
  const ks = Array.from({ length: D }, (_, a) => `k${a}`);
  const ts = Array.from({ length: D }, (_, a) => `t${a}`);
  const zero = dialect.double(0);
  let termExprs: string[];
  let score: string;
  if (model.kind === 'sum') {
    termExprs = ks.map((k, a) => dialect.termOf(k, model.terms[a] ?? []));
    score = ts.join(' + ');
  } else {
    const { t, members } = model;
    const full = dialect.double(1 / t);
    const half = dialect.double(0.5 / t);
    const missed = members.map((m) => dialect.inList(`k${m.a} * ${m.sizeB} + k${m.b}`, m.pairs));
    // Each member's share for feature a (and b): zeroTerms' rule, added in member order.
    const contributions: string[][] = ks.map(() => [zero]);
    members.forEach((m, i) => {
      const miss = `NOT (${missed[i]})`;
      if (m.a === m.b) {
        contributions[m.a]?.push(`CASE WHEN ${miss} THEN ${full} ELSE ${zero} END`);
        return;
      }
      const newA = `NOT (${dialect.inList(`k${m.a}`, m.seenA)})`;
      const newB = `NOT (${dialect.inList(`k${m.b}`, m.seenB)})`;
      contributions[m.a]?.push(
        `CASE WHEN ${miss} THEN (CASE WHEN ${newA} AND NOT (${newB}) THEN ${full} WHEN ${newB} AND NOT (${newA}) THEN ${zero} ELSE ${half} END) ELSE ${zero} END`,
      );
      contributions[m.b]?.push(
        `CASE WHEN ${miss} THEN (CASE WHEN ${newB} AND NOT (${newA}) THEN ${full} WHEN ${newA} AND NOT (${newB}) THEN ${zero} ELSE ${half} END) ELSE ${zero} END`,
      );
    });
    termExprs = contributions.map((c) => c.join('\n      + '));
    const misses = missed.map((x) => `CASE WHEN ${x} THEN 0 ELSE 1 END`);
    termExprs.push(misses.length === 0 ? '0' : misses.join(' + '));
    score = `${dialect.toDouble('zero_misses')} / ${t}`;
  }
  const named = termExprs.map((e, i) => `${e} AS ${i < D ? ts[i] : 'zero_misses'}`);
  const indent = (text: string): string => text.replaceAll('\n', '\n    ');
  return [
    `SELECT row_no, ${score} AS score, ${[...ks, ...ts].join(', ')}`,
    `FROM (`,
    `  SELECT row_no, ${ks.join(', ')},`,
    `    ${named.join(',\n    ')}`,
    `  FROM (`,
    `    ${indent(codedRows)}`,
    `  ) AS coded`,
    `) AS termed`,
    `ORDER BY score DESC, row_no`,
    `LIMIT ${top}`,
  ].join('\n');
}
