import { allSpecs } from '../../core/platform/registry.ts';
import type { MethodOutput } from '../../core/platform/spec.ts';
import { findResult, type Cell } from '../../core/results.ts';
import type { ResultEntry } from '../store/resultsSlice.ts';
import type { PlannedRole, RunAllPlan } from './runAllPlan.ts';

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
    help: 'k-means (k-modes for a distance) with k = classes, matched to the classes (seed 000)',
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
    help: 'area under the (ε,γ)-curve: how well similarities separate the classes (seed 004)',
  },
  {
    key: 'p10',
    title: 'precision@10',
    from: 'retrieval',
    column: 'p10',
    help: 'share of the 10 nearest neighbours of an object’s class (seed 004)',
  },
];

export type RowStatus = ResultEntry['status'] | 'queued';

export interface BoardRow {
  method: string;
  title: string;
  produces: string;
  status: RowStatus;
  /** Each measure's cell, or undefined where the method is not evaluated that way. */
  cells: Partial<Record<BoardMeasure, Cell>>;
  /** The paper's F-score for this method on this table's shape, when there is one. */
  paperF: number | null;
}

export function boardRows(
  plan: RunAllPlan,
  keys: readonly string[],
  results: Record<string, ResultEntry>,
): BoardRow[] {
  const entryOf = (i: number) => results[keys[i] as string];
  const outputOf = (role: PlannedRole): MethodOutput | null => {
    const i = plan.calls.findIndex((p) => p.role === role);
    return i < 0 ? null : (entryOf(i)?.output ?? null);
  };
  const tableRows = (role: PlannedRole) => {
    const output = outputOf(role);
    return output ? (findResult(output.results, 'table')?.result.rows ?? []) : [];
  };
  const rowsBy = new Map(BOARD_MEASURES.map((m) => [m.from, tableRows(m.from)]));
  return allSpecs('method').map((spec) => {
    const i = plan.calls.findIndex((p) => p.role === 'method' && p.method === spec.id);
    const entry = i < 0 ? undefined : entryOf(i);
    const cells: BoardRow['cells'] = {};
    let paperF: number | null = null;
    for (const measure of BOARD_MEASURES) {
      const row = rowsBy.get(measure.from)?.find((r) => r.method === spec.id);
      if (!row) continue;
      cells[measure.key] = row[measure.column] ?? null;
      if (measure.from === 'clustering' && typeof row.paper === 'number') paperF = row.paper;
    }
    return {
      method: spec.id,
      title: spec.title,
      produces: spec.produces.join(', '),
      status: entry?.status ?? 'queued',
      cells,
      paperF,
    };
  });
}

/** A cell's number for sorting: the mean of mean ± sd; null for none. */
export function cellNumber(cell: Cell | undefined): number | null {
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
