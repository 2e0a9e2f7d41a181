import { allSpecs } from '../../core/platform/registry.ts';
import { REPRESENTATION_KINDS } from '../../core/platform/representation.ts';
import { findResult, type Cell, type ResultKind } from '../../core/platform/results.ts';
import type { ResultEntry } from './resultsSlice.ts';
import { runAllJobs, type JobStatus, type RunAllJob, type RunAllState } from './runAllSlice.ts';
import type { PlannedRole } from '../model/runAllPlan.ts';

/**
 * The results board (pure): one row per registered method with what the run-all evaluations
 * measured of it — clustering F-score, NMI and accuracy (mean ± sd over runs, the paper's
 * F-score beside where the table has one of the papers' shapes), outlier AUC, the (ε,γ) area
 * and precision@10 — and where each number came from, so the board can open that view.
 */
export type BoardMeasure = 'fscore' | 'nmi' | 'accuracy' | 'auc' | 'area' | 'p10';

export const BOARD_MEASURES: readonly {
  key: BoardMeasure;
  title: string;
  from: PlannedRole;
  /** The column of the step's table. */
  column: string;
  help: string;
}[] = [
  {
    key: 'fscore',
    title: 'F-score',
    from: 'clustering',
    column: 'fscore',
    help: 'k-means (k-modes for a distance) with k = classes, matched to the classes (CURE, Jian et al. 2019)',
  },
  {
    key: 'nmi',
    title: 'NMI',
    from: 'clustering',
    column: 'nmi',
    help: 'normalised mutual information of the same clusterings',
  },
  {
    key: 'accuracy',
    title: 'accuracy',
    from: 'clustering',
    column: 'accuracy',
    help: 'share of objects in their class’s cluster (best matching)',
  },
  {
    key: 'auc',
    title: 'outlier AUC',
    from: 'outliers',
    column: 'auc',
    help: 'the smallest class as outliers, ranked by the method’s scores',
  },
  {
    key: 'area',
    title: '(ε,γ) area',
    from: 'eps-gamma',
    column: 'area',
    help: 'area under the (ε,γ)-curve: how well similarities separate the classes (UNTIE, Zhu et al. 2022)',
  },
  {
    key: 'p10',
    title: 'precision@10',
    from: 'retrieval',
    column: 'p10',
    help: 'share of the 10 nearest neighbours of an object’s class (UNTIE, Zhu et al. 2022)',
  },
];

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
  method: string;
  title: string;
  produces: string;
  status: JobStatus;
  /** Why the method failed, was cancelled or does not apply. */
  reason: string | null;
  /** Wall-clock seconds of the method's own job. */
  seconds: number | null;
  /** Each measure's cell, or undefined where the method is not evaluated that way. */
  cells: Partial<Record<BoardMeasure, BoardCell>>;
  /** The paper's F-score for this method on this table's shape, when there is one. */
  paperF: number | null;
}

/** Which methods each evaluation compares: representations, or detectors. */
const EVALUATES: Record<PlannedRole, readonly ResultKind[]> = {
  method: [],
  projection: [],
  clustering: REPRESENTATION_KINDS,
  'eps-gamma': REPRESENTATION_KINDS,
  retrieval: REPRESENTATION_KINDS,
  outliers: ['object-scores'],
};

export function boardRows(run: RunAllState, results: Record<string, ResultEntry>): BoardRow[] {
  const { plan } = run;
  const jobs = runAllJobs(run, results);
  const jobOf = (role: PlannedRole, method: string | null = null) => {
    const i = plan.calls.findIndex(
      (p) => p.role === role && (method === null || p.method === method),
    );
    return i < 0 ? null : (jobs[i] as RunAllJob);
  };
  const tableOf = (role: PlannedRole) => {
    const job = jobOf(role);
    const output = job ? results[job.key]?.output : null;
    return output ? (findResult(output.results, 'table')?.result ?? null) : null;
  };
  const tables = new Map(BOARD_MEASURES.map((m) => [m.from, tableOf(m.from)]));
  return allSpecs('method').map((spec) => {
    const own = jobOf('method', spec.id);
    const cells: BoardRow['cells'] = {};
    let paperF: number | null = null;
    for (const measure of BOARD_MEASURES) {
      if (!spec.produces.some((k) => EVALUATES[measure.from].includes(k))) continue;
      const evaluation = jobOf(measure.from);
      if (own?.status === 'not applicable') {
        cells[measure.key] = { kind: 'not applicable', reason: own.reason ?? '' };
        continue;
      }
      if (!evaluation) continue; // not planned (no class column): the board's note says why
      const row = tables.get(measure.from)?.rows.find((r) => r.method === spec.id);
      cells[measure.key] = cellOf(evaluation, row, measure.column);
      if (measure.from === 'clustering' && typeof row?.paper === 'number') paperF = row.paper;
    }
    return {
      method: spec.id,
      title: spec.title,
      produces: spec.produces.join(', '),
      status: own?.status ?? 'queued',
      reason: own?.reason ?? null,
      seconds: own?.seconds ?? null,
      cells,
      paperF,
    };
  });
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
