import { useEffect, useState } from 'react';
import type { CountsReport } from '../../core/platform/session.ts';
import { useStore } from '../store/index.ts';

/** The rows selected now, as every value view's share reads them (store/index.ts). */
export interface RowSelection {
  rows: ArrayLike<number>;
  /** Picked as objects (a scatter's box or lasso, the table), or holding the selected values. */
  by: 'objects' | 'values';
}

/** The selected objects, else the rows holding enough of the selected values; null when none. */
export function useRowSelection(): RowSelection | null {
  const objects = useStore((s) => s.selectedObjects);
  const byValues = useStore((s) => s.rowsWithSelectedValues);
  return rowSelection(objects, byValues);
}

/** The selected objects, else the rows holding the selected values (none: null). */
export function rowSelection(
  objects: ArrayLike<number>,
  byValues: ArrayLike<number> | null | undefined,
): RowSelection | null {
  if (objects.length > 0) return { rows: objects, by: 'objects' };
  if (byValues && byValues.length > 0) return { rows: byValues, by: 'values' };
  return null;
}

/**
 * The whole table's counts restricted to `rows`, given their co-occurrence matrix: its diagonal
 * as the value counts, the rows' number as nRows; the other fields stay the whole table's.
 */
export function selectionCounts(
  counts: CountsReport,
  rows: ArrayLike<number>,
  matrix: NonNullable<CountsReport['cooccurrence']>,
): CountsReport {
  const L = counts.valueCounts.length;
  const valueCounts = new Int32Array(L);
  for (let v = 0; v < L; v++) valueCounts[v] = matrix[v * L + v] as number;
  return { ...counts, nRows: rows.length, valueCounts, cooccurrence: matrix };
}

/**
 * The whole table's counts restricted to the selected rows, while `wanted`: their co-occurrence
 * matrix (counted in a worker, ExplorerSession.cooccurrenceOf), its diagonal as value counts and
 * their number as nRows; the other fields stay the whole table's. Null while counting, with no
 * selection, or without a whole-table matrix (too many values).
 */
export function useSelectionCooccurrence(
  selection: RowSelection | null,
  counts: CountsReport | null,
  wanted: boolean,
): CountsReport | null {
  const query = useStore((s) => s.query);
  const rows = selection?.rows ?? null;
  const [shown, setShown] = useState<{
    rows: ArrayLike<number>;
    base: CountsReport;
    counts: CountsReport;
  } | null>(null);
  const dense = !!counts?.cooccurrence;
  useEffect(() => {
    if (!wanted || !rows || rows.length === 0 || !counts || !dense) return;
    let current = true;
    void query((api) => api.cooccurrenceOf(Int32Array.from(rows))).then((outcome) => {
      if (!current || !outcome.ok) return;
      setShown({ rows, base: counts, counts: selectionCounts(counts, rows, outcome.value) });
    });
    return () => {
      current = false;
    };
  }, [query, rows, counts, dense, wanted]);
  // A result for other rows (the selection changed or was cleared) or another count (a row
  // filter) is never shown.
  return wanted && shown && shown.rows === rows && shown.base === counts ? shown.counts : null;
}
