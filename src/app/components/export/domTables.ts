import { csvField } from '../../../core/data/table/writeCsv.ts';
import {
  EXPORT_NUMBERS_ATTRIBUTE,
  fullTableOf,
  numbersOf,
  type ExportTable,
} from './exportHooks.ts';

/** The tables of a view for CSV and JSON: every <table> in it, or the full data it stands for. */

/**
 * A cell's text as exported: its `data-export-text` where the cell says what it holds in words
 * (a dropdown's chosen option rather than every option, values with their counts apart), else
 * the text it shows.
 */
const cellText = (cell: Element): string =>
  (cell.getAttribute('data-export-text') ?? cell.textContent ?? '').replace(/\s+/g, ' ').trim();

/** A table's name: its caption, test id or accessible name, else the heading above it. */
function nameOf(table: HTMLTableElement, k: number): string {
  const caption = table.caption ? cellText(table.caption) : '';
  const label = table.getAttribute('aria-label') ?? table.dataset.testid ?? '';
  let heading = '';
  for (let el: Element | null = table; el && !heading; el = el.parentElement) {
    let prev = el.previousElementSibling;
    while (prev && !/^H[1-6]$/.test(prev.tagName)) prev = prev.previousElementSibling;
    if (prev) heading = cellText(prev);
  }
  return caption || heading || label || `table ${k + 1}`;
}

/** The on-screen table's columns (its last header row) and rows. */
function tableOnScreen(table: HTMLTableElement, k: number): ExportTable {
  const headRows = table.tHead ? [...table.tHead.rows] : [];
  const head = headRows[headRows.length - 1];
  const bodies = table.tBodies.length > 0 ? [...table.tBodies] : [table];
  const rows = bodies.flatMap((b) =>
    [...b.querySelectorAll(':scope > tr')].map((tr) => [...tr.children].map(cellText)),
  );
  const width = Math.max(head?.cells.length ?? 0, ...rows.map((r) => r.length));
  const columns = head
    ? [...head.cells].map(cellText)
    : Array.from({ length: width }, (_, i) => `column ${i + 1}`);
  return { name: nameOf(table, k), columns, rows };
}

/** The view's tables in page order: its <table>s, and the pictures drawn from numbers. */
const tableElements = (root: Element): Element[] =>
  [...root.querySelectorAll(`table, [${EXPORT_NUMBERS_ATTRIBUTE}]`)].filter(
    (t) => !t.parentElement?.closest('table'),
  );

/** How many tables the view holds. */
export const countTables = (root: Element): number => tableElements(root).length;

export function tablesIn(root: Element): Promise<ExportTable[]> {
  return Promise.all(
    tableElements(root).map(async (t, k) => {
      const drawn = numbersOf(t);
      if (drawn) return drawn();
      if (t instanceof HTMLTableElement) return fullTableOf(t)?.() ?? tableOnScreen(t, k);
      return { name: `table ${k + 1}`, columns: [], rows: [] };
    }),
  );
}

/**
 * CSV of one table: RFC 4180 with CRLF, every field formula-safe (csvField: a text beginning
 * with =, +, -, @ gets a leading '); `raw` keeps every text as it is, quoted only (for a program
 * rather than a spreadsheet).
 */
export function tableCsv(t: ExportTable, { raw = false }: { raw?: boolean } = {}): string {
  const field = raw ? quotedField : csvField;
  const line = (cells: readonly (string | number | null)[]) =>
    cells.map((c) => field(c === null ? '' : String(c))).join(',');
  return `${[line(t.columns), ...t.rows.map(line)].join('\r\n')}\r\n`;
}

/** A CSV field quoted per RFC 4180, nothing else changed. */
const quotedField = (s: string): string => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** JSON of the tables: each an array of objects keyed by column title, with the call. */
export function tablesJson(tables: readonly ExportTable[], about: Record<string, unknown>): string {
  return `${JSON.stringify(
    {
      ...about,
      tables: tables.map((t) => ({
        name: t.name,
        columns: t.columns,
        rows: t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c, r[i] ?? null]))),
      })),
    },
    null,
    2,
  )}\n`;
}
