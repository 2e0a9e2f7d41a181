import { describe, expect, it } from 'vitest';
import { shownColumns } from '../../../src/app/model/resultColumns.ts';
import type { ResultTable } from '../../../src/core/platform/results.ts';

const table = (rows: ResultTable['rows']): ResultTable => ({
  kind: 'table',
  title: '(ε,γ)',
  columns: [
    { key: 'title', title: 'representation' },
    { key: 'g0', title: 'γ at ε = 0', missing: 'γ < 0 there' },
    { key: 'extra', title: 'extra' },
    { key: 'area', title: 'area' },
  ],
  rows,
});

describe('a result table’s columns and its empty cells', () => {
  it('says why a column that may be empty is not shown, and what — means where it is', () => {
    const { columns, emptyNote } = shownColumns(
      table([
        { title: 'CDE', g0: null, area: 0.4 },
        { title: 'one-hot', g0: null, area: 0.3 },
      ]),
    );
    expect(columns.map((c) => c.key)).toEqual(['title', 'area']);
    expect(emptyNote).toBe('γ at ε = 0 is not shown: for every row, γ < 0 there.');
    const some = shownColumns(
      table([
        { title: 'CDE', g0: 0.1, area: 0.4 },
        { title: 'one-hot', g0: null, area: 0.3 },
      ]),
    );
    expect(some.columns.map((c) => c.key)).toEqual(['title', 'g0', 'area']);
    expect(some.emptyNote).toBe('— in γ at ε = 0: γ < 0 there.');
  });

  it('says nothing when no cell is empty, and explains a failed method’s row', () => {
    expect(shownColumns(table([{ title: 'CDE', g0: 0.1, area: 0.4 }])).emptyNote).toBeNull();
    const failed = shownColumns(
      table([{ title: 'CDE', g0: 0.1, area: null, failed: 'too large' }]),
    );
    expect(failed.emptyNote).toMatch(/^— elsewhere: no number where the method failed/);
  });
});
