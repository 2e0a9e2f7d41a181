import { allSpecs, boardSteps, listInput } from '../../core/platform/registry.ts';
import { findResult, type Cell, type ResultKind } from '../../core/platform/results.ts';
import type { ResultEntry } from './resultsSlice.ts';
import { runAllJobs, type JobStatus, type RunAllJob, type RunAllState } from './runAllSlice.ts';
import { comparedCalls, type PlannedRole } from '../model/runAllPlan.ts';
import { describeCall } from '../../core/platform/calls.ts';
import type { RawOptions } from '../../core/base/parameters.ts';

/**
 * The results board (pure): one row per registered method with what the run-all evaluations
 * measured of it — clustering F-score, NMI and accuracy (mean ± sd over runs, the paper's
 * F-score beside where the table has one of the papers' shapes), outlier AUC, the (ε,γ) area
 * and precision@10 — and where each number came from, so the board can open that view.
 */
/** A measure's key: the column of its step's table (`fscore`), unique on the board. */
export type BoardMeasure = string;

export interface BoardMeasureSpec {
  key: BoardMeasure;
  title: string;
  /** The evaluation step whose table holds it. */
  from: string;
  /** The column of the step's table. */
  column: string;
  help: string;
  /** The column of the step's table holding the paper's value, shown beside ours. */
  paperColumn?: string;
  /** The result kinds of the methods the step compares. */
  evaluates: readonly ResultKind[];
}

/** The board's columns: every board step's declared columns (`board` on its spec), in order. */
export function boardMeasures(): BoardMeasureSpec[] {
  return boardSteps().flatMap((step) =>
    (step.board ?? []).map((b) => ({
      ...b,
      key: b.column,
      from: step.id,
      evaluates: listInput(step)?.accepts ?? [],
    })),
  );
}

/**
 * What a board cell holds: a number (or mean ± sd); a failure or a precondition, with its reason
 * (the cell shows a word, the reason on hover and in the jobs list); a number still to come; or
 * `undefined` where the method is not evaluated that way (a detector has no F-score).
 */
export type BoardCell =
  | { kind: 'value'; cell: Cell }
  | { kind: 'failed'; reason: string }
  | { kind: 'not applicable'; reason: string }
  | { kind: 'pending' };

export interface BoardRow {
  /** The row's id: the method, or `method@option=value…` for a setting its spec compares. */
  id: string;
  method: string;
  /** The options that differ from the method's defaults (a compared setting's). */
  options: RawOptions;
  title: string;
  produces: string;
  status: JobStatus;
  /** Why the method failed, was cancelled or does not apply. */
  reason: string | null;
  /** Wall-clock seconds of the method's own job. */
  seconds: number | null;
  /** Each measure's cell, or undefined where the method is not evaluated that way. */
  cells: Partial<Record<BoardMeasure, BoardCell>>;
  /** The paper's value of a measure for this method on this table's shape, where it has one. */
  paper: Partial<Record<BoardMeasure, number>>;
}

export function boardRows(run: RunAllState, results: Record<string, ResultEntry>): BoardRow[] {
  const { plan } = run;
  const jobs = runAllJobs(run, results);
  const jobOf = (role: PlannedRole, method: string) => {
    const i = plan.calls.findIndex((p) => p.role === role && p.method === method);
    return i < 0 ? null : (jobs[i] as RunAllJob);
  };
  const tableOf = (step: string) => {
    const job = jobOf('evaluation', step);
    const output = job ? results[job.key]?.output : null;
    return output ? (findResult(output.results, 'table')?.result ?? null) : null;
  };
  const measures = boardMeasures();
  const tables = new Map(measures.map((m) => [m.from, tableOf(m.from)]));
  return allSpecs('method').flatMap((spec) =>
    comparedCalls(spec).map((call) => {
      const own = jobOf('method', spec.id);
      const options = call.options ?? {};
      const title = describeCall(call);
      const cells: BoardRow['cells'] = {};
      const paper: BoardRow['paper'] = {};
      for (const measure of measures) {
        if (!spec.produces.some((k) => measure.evaluates.includes(k))) continue;
        const evaluation = jobOf('evaluation', measure.from);
        if (own?.status === 'not applicable') {
          cells[measure.key] = { kind: 'not applicable', reason: own.reason ?? '' };
          continue;
        }
        if (!evaluation) continue; // not planned (no class column): the board's note says why
        // A compared setting's row is the one titled as its call (evaluations title rows so).
        const row = tables
          .get(measure.from)
          ?.rows.find((r) => r.method === spec.id && r.title === title);
        cells[measure.key] = cellOf(evaluation, row, measure.column);
        const printed = measure.paperColumn ? row?.[measure.paperColumn] : undefined;
        if (typeof printed === 'number') paper[measure.key] = printed;
      }
      return {
        id: rowId(spec.id, options),
        method: spec.id,
        options,
        title,
        produces: spec.produces.join(', '),
        status: own?.status ?? 'queued',
        reason: own?.reason ?? null,
        seconds: own?.seconds ?? null,
        cells,
        paper,
      };
    }),
  );
}

/** A board row's id: the method, or `method@option=value@…` (the CLI's syntax for a call). */
export function rowId(method: string, options: RawOptions): string {
  const set = Object.entries(options);
  return set.length === 0
    ? method
    : `${method}${set.map(([k, v]) => `@${k}=${String(v)}`).join('')}`;
}

/** One method's cell of one evaluation: its number, or why there is none. */
function cellOf(
  evaluation: RunAllJob,
  row: Record<string, Cell> | undefined,
  column: string,
): BoardCell {
  switch (evaluation.status) {
    case 'queued':
    case 'running':
      return { kind: 'pending' };
    case 'not applicable':
    case 'failed':
    case 'cancelled':
      return {
        kind: evaluation.status === 'not applicable' ? 'not applicable' : 'failed',
        reason: `${evaluation.status === 'cancelled' ? 'cancelled: ' : ''}${evaluation.reason ?? ''}`,
      };
    case 'done':
      if (!row) return { kind: 'value', cell: null };
      if (typeof row.failed === 'string') return { kind: 'failed', reason: row.failed };
      if (typeof row.notApplicable === 'string')
        return { kind: 'not applicable', reason: row.notApplicable };
      return { kind: 'value', cell: row[column] ?? null };
  }
}

/** A cell's number for sorting: the mean of mean ± sd; null for none. */
export function cellNumber(value: BoardCell | Cell | undefined): number | null {
  const cell =
    value !== null && typeof value === 'object' && 'kind' in value
      ? value.kind === 'value'
        ? value.cell
        : null
      : value;
  if (cell === null || cell === undefined || typeof cell === 'string') return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  return Number.isFinite(cell.mean) ? cell.mean : null;
}

/** Rows sorted by a measure (missing numbers last), or by name. */
export function sortBoard(
  rows: readonly BoardRow[],
  by: BoardMeasure | 'title',
  descending: boolean,
): BoardRow[] {
  const sign = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    if (by === 'title') return sign * a.title.localeCompare(b.title);
    const x = cellNumber(a.cells[by]);
    const y = cellNumber(b.cells[by]);
    if (x === null && y === null) return a.title.localeCompare(b.title);
    if (x === null) return 1;
    if (y === null) return -1;
    return sign * (x - y) || a.title.localeCompare(b.title);
  });
}
