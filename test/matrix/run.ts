/**
 * Runs the matrix's cells on one table: a cell completes, or does not apply (a precondition its
 * spec declares, checked before anything runs), or fails — and a failure is what the matrix
 * exists to find: no cell may fail by round-off, NaN or an unexplained exception.
 */
import { runToEnd } from '../../src/core/base/jobs.ts';
import { resolveCall } from '../../src/core/platform/calls.ts';
import { preconditionOf } from '../../src/core/platform/run.ts';
import { resultsOfKind, type Result } from '../../src/core/platform/results.ts';
import type { ExplorerSession } from '../../src/core/platform/session.ts';
import { now } from '../../src/core/base/clock.ts';
import type { CellKind, PlannedCell } from './plan.ts';

export type Outcome = 'done' | 'n/a' | 'failed';

export interface CellResult {
  table: string;
  kind: CellKind;
  step: string;
  method: string;
  outcome: Outcome;
  seconds: number;
  /** Why it does not apply, or why it failed. */
  reason?: string;
}

export function runCells(
  tableName: string,
  session: ExplorerSession,
  cells: readonly PlannedCell[],
): CellResult[] {
  return cells.flatMap((cell) => runCell(tableName, session, cell));
}

function runCell(tableName: string, session: ExplorerSession, cell: PlannedCell): CellResult[] {
  const base = { table: tableName, kind: cell.kind, step: cell.step };
  const each = (outcome: Outcome, seconds: number, reason?: string): CellResult[] =>
    (cell.methods.length > 0 ? cell.methods : [cell.step]).map((method) => ({
      ...base,
      method,
      outcome,
      seconds,
      ...(reason !== undefined && { reason }),
    }));
  let resolved;
  try {
    resolved = resolveCall(cell.call);
  } catch (error) {
    return each('failed', 0, messageOf(error));
  }
  const precondition = preconditionOf(session.table, resolved);
  if (precondition !== null) return each('n/a', 0, precondition);
  const start = now();
  let output;
  try {
    output = runToEnd(session.runSteps(resolved));
  } catch (error) {
    return each('failed', (now() - start) / 1000, messageOf(error));
  }
  const seconds = (now() - start) / 1000;
  const problems = Object.values(output.results).flatMap(numberProblems);
  if (cell.kind === 'word-cloud') {
    const impacts = [
      ...resultsOfKind(output.results, 'attribute-impacts').map((r) => r.result.values),
      ...resultsOfKind(output.results, 'object-impacts').map((r) => r.result.values),
    ];
    if (impacts.length === 0) problems.push('no impacts to draw');
  }
  if (problems.length > 0) return each('failed', seconds, problems.join('; '));
  // A list step runs each compared method on its own: its failures are that method's cells.
  const failures = new Map(
    Object.values(output.results).flatMap((r) =>
      ('failures' in r ? (r.failures ?? []) : []).map((f) => [f.method, f] as const),
    ),
  );
  // A row saying `failed` without the table's `failures` listing it is a defect of the step.
  for (const r of Object.values(output.results))
    if (r.kind === 'table')
      for (const row of r.rows)
        if (typeof row.failed === 'string' && !failures.has(String(row.method)))
          problems.push(`${cell.step}: ${String(row.method)} failed but is not in its failures`);
  if (problems.length > 0) return each('failed', seconds, problems.join('; '));
  if (cell.methods.length <= 1 || failures.size === 0) return each('done', seconds);
  return cell.methods.map((method) => {
    const f = failures.get(method);
    return {
      ...base,
      method,
      outcome: f ? (f.notApplicable ? 'n/a' : 'failed') : 'done',
      seconds,
      ...(f && { reason: f.reason }),
    };
  });
}

/** NaN where a number is promised: scores, impacts, embeddings, measures, curves. */
function numberProblems(result: Result): string[] {
  const bad = (values: ArrayLike<number>, what: string): string[] => {
    for (let i = 0; i < values.length; i++)
      if (Number.isNaN(values[i] as number)) return [`${result.title}: ${what} ${i} is NaN`];
    return [];
  };
  switch (result.kind) {
    case 'object-scores':
    case 'value-scores':
      return bad(result.scores, 'score');
    case 'attribute-impacts':
    case 'object-impacts':
      return bad(result.values, 'impact');
    case 'object-embedding':
      return result.form === 'dense'
        ? bad(result.data, 'coordinate')
        : bad(result.vectors, 'value vector entry');
    case 'value-embedding':
      return bad(result.vectors, 'value vector entry');
    case 'curves':
      return result.series.flatMap((s) => bad(s.y, `${s.name} point`));
    default:
      return [];
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
