import type { TableMeta } from '../../core/platform/session.ts';
import type { ColumnSummary } from '../../core/data/table/types.ts';

/** Global value index of each value of a summary column, when the column is a feature. */
export function globalValues(meta: TableMeta, column: ColumnSummary): (number | null)[] {
  const attr = meta.attributes.find((a) => a.name === column.name);
  return column.values.map((v) => {
    if (!attr) return null;
    const k = attr.labels.indexOf(v.label);
    return k >= 0 ? attr.offset + k : null;
  });
}

/** The bars to draw: the most frequent values first, at most `limit`, and how many are hidden. */
export function barsOf(
  column: ColumnSummary,
  limit: number,
): { shown: { label: string; count: number; index: number }[]; hidden: number } {
  const indexed = column.values.map((v, index) => ({ ...v, index }));
  const sorted =
    column.kind === 'numeric' ? indexed : [...indexed].sort((a, b) => b.count - a.count);
  const hidden =
    Math.max(0, sorted.length - limit) +
    (column.valuesTruncated ? column.distinct - column.values.length : 0);
  return { shown: sorted.slice(0, limit), hidden };
}
