import { useCallback, useMemo, useRef, useState } from 'react';
import { useExportTable } from '../components/export/exportHooks.ts';
import { rowsTable } from './rowsExport.ts';
import { useTourHighlight } from '../components/tourHighlight.ts';
import { useStore } from '../store/index.ts';
import { selectedWithNeighbours } from '../store/linkSlice.ts';
import { useObjectColor } from './useObjectColor.ts';
import { useObjectValues } from './useObjectValues.ts';
import { lineOf, ROW_NUMBERING } from '../model/rowNames.ts';
import type { TableMeta } from '../../core/platform/session.ts';

const PAGE = 50;

/**
 * The data table: objects with their values, the selection first, linked to every view.
 */
export function RowsView() {
  const meta = useStore((s) => s.loaded?.meta);
  const selectedObjects = useStore((s) => s.selectedObjects);
  const neighbourObjects = useStore((s) => s.neighbourObjects);
  // The selection, then the neighbours neighbour panels list of it (marked).
  const selectedAndNeighbours = useMemo(
    () =>
      selectedObjects.length > 0
        ? [...selectedWithNeighbours({ selectedObjects, neighbourObjects })]
        : null,
    [selectedObjects, neighbourObjects],
  );
  const rowsWithValues = useStore((s) => s.rowsWithSelectedValues);
  const hover = useStore((s) => s.hover);
  const coloring = useObjectColor();
  const [page, setPage] = useState(0);
  const [onlyLinked, setOnlyLinked] = useState(true);
  // The rows to list first: the selected objects, or else those holding a selected value (a
  // typed array of up to n rows: only the shown page is turned into numbers).
  const linked: (ArrayLike<number> & { slice(a: number, b: number): ArrayLike<number> }) | null =
    selectedAndNeighbours ?? rowsWithValues;
  const n = meta?.nRows ?? 0;
  const total = onlyLinked && linked ? linked.length : n;
  const { pages, current } = pageOf(total, page);
  const shown = useMemo(
    () => pageRows(current, onlyLinked ? linked : null, n),
    [current, onlyLinked, linked, n],
  );
  const values = useObjectValues(shown);
  // The export holds every row the view lists, not only this page.
  const tableRef = useRef<HTMLTableElement>(null);
  const everyRow = useCallback(async () => {
    if (!meta) return { name: 'rows', columns: [], rows: [] };
    const all =
      onlyLinked && linked
        ? Array.from(linked as ArrayLike<number>)
        : Array.from({ length: n }, (_, i) => i);
    return rowsTable('rows', meta, all);
  }, [meta, onlyLinked, linked, n]);
  useExportTable(tableRef, everyRow);
  // A guided tour's step may point at values: the cells holding them are marked.
  const tourValues = useTourHighlight()?.values;
  if (!meta) return <p className="muted">Load a data set to see its rows.</p>;
  const cls = meta.classColumn;
  const hovered = hover?.kind === 'objects' ? new Set(hover.objects) : new Set<number>();
  const selected = new Set(selectedObjects);
  const neighbours = new Set(selectedAndNeighbours?.filter((r) => !selected.has(r)));
  return (
    <div className="view">
      <div className="view-controls">
        <label>
          <input
            type="checkbox"
            checked={onlyLinked}
            onChange={(e) => {
              setOnlyLinked(e.target.checked);
              setPage(0);
            }}
          />
          only selected objects (or those holding a selected value)
        </label>
        <button
          type="button"
          className="small"
          disabled={current === 0}
          onClick={() => setPage(current - 1)}
        >
          ‹
        </button>
        <span data-testid="rows-page">{pageLabel(total, current)}</span>
        <button
          type="button"
          className="small"
          disabled={current >= pages - 1}
          onClick={() => setPage(current + 1)}
        >
          ›
        </button>
      </div>
      <div className="scroll-x scroll-y" tabIndex={0} role="region" aria-label="Rows">
        <table ref={tableRef} className="results" data-testid="rows-table">
          <thead>
            <tr>
              <th title={ROW_NUMBERING}>line</th>
              {cls && <th>{cls.name}</th>}
              {coloring.valueOf && <th title={coloring.title ?? ''}>colour</th>}
              {meta.attributes.map((a) => (
                <th key={a.name} style={{ textAlign: 'left' }}>
                  {a.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <ObjectRow
                key={r}
                row={r}
                meta={meta}
                codes={values.get(r)}
                selected={selected}
                lit={selected.has(r) || hovered.has(r)}
                neighbour={neighbours.has(r)}
                coloring={coloring}
                tourValues={tourValues}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * One object's row: its line, class, colour and values; a click selects it (Ctrl-, ⌘- or
 * Shift-click adds or removes it), hovering lights it in every view.
 */
function ObjectRow({
  row,
  meta,
  codes,
  selected,
  lit,
  neighbour,
  coloring,
  tourValues,
}: {
  row: number;
  meta: TableMeta;
  /** Its value codes, one per attribute; undefined while they are fetched. */
  codes: ArrayLike<number> | undefined;
  selected: ReadonlySet<number>;
  /** Selected or hovered. */
  lit: boolean;
  /** A neighbour of the selection (a neighbour panel lists it). */
  neighbour: boolean;
  coloring: ReturnType<typeof useObjectColor>;
  /** Values a guided tour's step points at, as "attribute=label". */
  tourValues: readonly string[] | undefined;
}) {
  const setSelectedObjects = useStore((s) => s.setSelectedObjects);
  const setHover = useStore((s) => s.setHover);
  const cls = meta.classColumn;
  return (
    <tr
      data-row={row}
      className={`clickable${lit ? ' selected' : neighbour ? ' neighbour' : ''}`}
      data-neighbour={neighbour || undefined}
      title="Click to select; Ctrl-, ⌘- or Shift-click to add to the selection"
      onClick={(e) =>
        setSelectedObjects(clickedSelection(selected, row, e.ctrlKey || e.metaKey || e.shiftKey))
      }
      onPointerEnter={() => setHover({ kind: 'objects', objects: [row] })}
      onPointerLeave={() => setHover(null)}
    >
      <td>
        <span
          className="swatch"
          style={{
            background: coloring.color(row),
            display: 'inline-block',
            marginRight: 4,
          }}
        />
        {lineOf(meta, row)}
      </td>
      {cls && <td>{cls.labels[cls.codes[row] ?? 0]}</td>}
      {coloring.valueOf && <td>{coloring.valueOf(row)}</td>}
      {meta.attributes.map((a, k) => {
        const { label, marked } = valueCell(a, codes ? (codes[k] ?? 0) : undefined, tourValues);
        return (
          <td
            key={a.name}
            style={{ textAlign: 'left' }}
            data-highlight={marked ? 'tour' : undefined}
          >
            {label ?? '…'}
          </td>
        );
      })}
    </tr>
  );
}

/** The page shown of `total` rows (the one asked, or the last), and how many there are (≥ 1). */
export function pageOf(total: number, page: number): { pages: number; current: number } {
  const pages = Math.max(1, Math.ceil(total / PAGE));
  return { pages, current: Math.min(page, pages - 1) };
}

/** The rows of page `current`: of `linked` when given, else of the table's `n` rows. */
export function pageRows(
  current: number,
  linked: { slice(a: number, b: number): ArrayLike<number> } | null,
  n: number,
): number[] {
  const from = current * PAGE;
  if (linked) return Array.from(linked.slice(from, from + PAGE));
  return Array.from({ length: Math.min(PAGE, n - from) }, (_, i) => from + i);
}

/** "51–100 of 120": the rows of page `current` (from 1), and how many are listed. */
export function pageLabel(total: number, current: number): string {
  return `${total === 0 ? 0 : current * PAGE + 1}–${Math.min(total, (current + 1) * PAGE)} of ${total}`;
}

/**
 * The selection after a click on `row`: alone (or none if it was selected); with `adding` (a
 * Ctrl-, ⌘- or Shift-click) it joins the selection or leaves it.
 */
export function clickedSelection(
  selected: ReadonlySet<number>,
  row: number,
  adding: boolean,
): number[] {
  if (adding)
    return selected.has(row) ? [...selected].filter((x) => x !== row) : [...selected, row];
  return selected.has(row) ? [] : [row];
}

/**
 * A value cell: its label (undefined while the codes are fetched), and whether a guided tour's
 * step points at it ("attribute=label").
 */
export function valueCell(
  attribute: { name: string; labels: readonly string[] },
  code: number | undefined,
  tourValues: readonly string[] | undefined,
): { label: string | undefined; marked: boolean } {
  const label = code === undefined ? undefined : attribute.labels[code];
  return {
    label,
    marked: label !== undefined && tourValues?.includes(`${attribute.name}=${label}`) === true,
  };
}
