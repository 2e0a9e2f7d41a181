import { describe, expect, it } from 'vitest';
import type { ColumnSummary } from '../../../../src/core/data/table/types.ts';
import {
  isNumericLike,
  kindText,
  roleText,
  valuesText,
} from '../../../../src/app/views/summary/ColumnTable.tsx';

const column = (over: Partial<ColumnSummary>): ColumnSummary => ({
  name: 'c',
  kind: 'categorical',
  inferredKind: 'categorical',
  role: 'feature',
  distinct: 2,
  values: [],
  missing: 0,
  ...over,
});

describe('the summary table’s export texts', () => {
  it('kind: its label, “(inferred)” when the user kept what was inferred', () => {
    expect(kindText(column({}))).toBe('categorical (inferred)');
    expect(kindText(column({ kind: 'numeric', inferredKind: 'categorical' }))).toBe(
      'numeric → bins',
    );
    expect(kindText(column({ kind: 'numeric', inferredKind: 'numeric' }))).toBe(
      'numeric → bins (inferred)',
    );
  });

  it('role: an excluded column says why', () => {
    expect(roleText(column({}))).toBe('feature');
    expect(roleText(column({ role: 'excluded', reason: 'an identifier' }))).toBe(
      'excluded: an identifier',
    );
    expect(roleText(column({ role: 'excluded' }))).toBe('excluded');
  });

  it('values: every value, the most frequent first (a categorical column), counts with commas', () => {
    const c = column({
      values: [
        { label: 'M', count: 4075 },
        { label: 'F', count: 4918 },
        { label: '?', count: 3 },
      ],
    });
    expect(valuesText(c)).toBe('F: 4,918; M: 4,075; ?: 3');
  });

  it('values: a numeric column’s bins in their order; a truncated list says so', () => {
    const bins = column({
      kind: 'numeric',
      values: [
        { label: '< 3', count: 1 },
        { label: '3 – 7', count: 9 },
      ],
    });
    expect(valuesText(bins)).toBe('< 3: 1; 3 – 7: 9');
    const truncated = column({
      role: 'excluded',
      valuesTruncated: true,
      distinct: 900,
      values: [{ label: 'a', count: 2 }],
    });
    expect(valuesText(truncated)).toBe('a: 2; … (the most frequent only)');
  });

  it('numeric-like: every value reads as a number', () => {
    const of = (...labels: string[]) =>
      isNumericLike(column({ values: labels.map((label) => ({ label, count: 1 })) }));
    expect(of('1', '2.5', '-3')).toBe(true);
    expect(of('1', 'two')).toBe(false);
  });
});
