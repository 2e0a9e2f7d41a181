import { describe, expect, it } from 'vitest';
import type { CountsReport } from '../../../src/core/platform/session.ts';
import { rowSelection, selectionCounts } from '../../../src/app/views/useSelectionCooccurrence.ts';
import { FOUR_COUNTS } from './fourRows.ts';

describe('the rows selected, as the value views read them', () => {
  it('the selected objects first, else the rows holding the selected values, else none', () => {
    expect(rowSelection([3, 1], [0, 2])).toEqual({ rows: [3, 1], by: 'objects' });
    expect(rowSelection([], [0, 2])).toEqual({ rows: [0, 2], by: 'values' });
    expect(rowSelection([], [])).toBeNull();
    expect(rowSelection([], null)).toBeNull();
  });

  it('the counts of the selected rows: the diagonal as value counts, their number as rows', () => {
    // Rows 2 and 3 of fourRows.ts, (y, p) twice: y and p 2 rows each, together 2.
    const matrix = Int32Array.from([0, 0, 0, 0, 0, 2, 2, 0, 0, 2, 2, 0, 0, 0, 0, 0]);
    const counts = selectionCounts(
      FOUR_COUNTS,
      [2, 3],
      matrix as CountsReport['cooccurrence'] & {},
    );
    expect(counts.nRows).toBe(2);
    expect([...counts.valueCounts]).toEqual([0, 2, 2, 0]);
    expect(counts.cooccurrence).toBe(matrix);
    // The whole table's other fields stay.
    expect(counts.entropy).toBe(FOUR_COUNTS.entropy);
  });
});
