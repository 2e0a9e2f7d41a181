import type { TableMeta } from '../../core/platform/session.ts';
import type { ExportTable } from '../components/export/exportHooks.ts';
import { lineOf } from '../model/rowNames.ts';
import { useStore } from '../store/index.ts';

/** A column an export adds before the attributes (rank, score …). */
export interface LeadColumn {
  title: string;
  value(row: number, k: number): string | number;
}

/**
 * Every one of `rows` with its file line, the columns given, its class and its values, for a
 * table's CSV and JSON export (the view itself shows a page of them).
 */
export async function rowsTable(
  name: string,
  meta: TableMeta,
  rows: readonly number[],
  lead: readonly LeadColumn[] = [],
): Promise<ExportTable> {
  const D = meta.attributes.length;
  const outcome = await useStore.getState().query((api) => api.objectRows(Int32Array.from(rows)));
  if (!outcome.ok) throw new Error(outcome.error.message);
  const codes = outcome.value;
  const cls = meta.classColumn;
  return {
    name,
    columns: [
      'line',
      ...lead.map((c) => c.title),
      ...(cls ? [cls.name] : []),
      ...meta.attributes.map((a) => a.name),
    ],
    rows: rows.map((r, k) => [
      lineOf(meta, r),
      ...lead.map((c) => c.value(r, k)),
      ...(cls ? [cls.labels[cls.codes[r] ?? 0] ?? ''] : []),
      ...meta.attributes.map((a, d) => a.labels[codes[k * D + d] ?? 0] ?? ''),
    ]),
  };
}
