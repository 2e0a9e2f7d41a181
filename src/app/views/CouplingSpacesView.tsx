import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type RefObject,
} from 'react';
import { findResult, type CouplingSpacesResult } from '../../core/platform/results.ts';
import { valueKey, type TableMeta } from '../../core/platform/session.ts';
import { ColorLegend } from '../components/ColorLegend.tsx';
import { useExportTable } from '../components/export/exportHooks.ts';
import { LABEL_FAMILY } from '../components/heatmap/MatrixFrame.tsx';
import { measureLabel } from '../components/heatmap/measureLabel.ts';
import { useTheme } from '../components/theme.ts';
import { Tooltip } from '../components/Tooltip.tsx';
import {
  cellTooltip,
  columnGroups,
  couplingRamp,
  couplingSpacesTable,
  formatProbability,
  inkOn,
  type ColumnGroup,
  type CouplingAttribute,
} from '../model/couplingSpaces.ts';
import { useStore } from '../store/index.ts';
import type { Panel } from '../store/panelsSlice.ts';
import { MethodPanel } from './MethodPanel.tsx';
import { useValueLinks } from './useValueLinks.ts';
import './couplingSpacesView.css';

/**
 * Zhu et al. 2022 (UNTIE)'s coupling spaces (Sec. 4.2) of a method producing them (UNTIE,
 * Couplings): for one attribute at a time, each of its values as m_Ia (Eq. 1) and m_Ie (Eq. 4).
 */
export function CouplingSpacesView({ panel }: { panel: Panel }) {
  return (
    <MethodPanel panel={panel} what="its coupling spaces">
      {(output, meta) => {
        const spaces = findResult(output.results, 'coupling-spaces')?.result;
        return spaces ? (
          <CouplingSpaces meta={meta} spaces={spaces} />
        ) : (
          <p className="muted">This result holds no coupling spaces.</p>
        );
      }}
    </MethodPanel>
  );
}

/** The formulas, as the caption under the attribute's choice says them. */
const FORMULAS =
  'm_Ia(v) = |g(v)| / n_o (Eq. 1); m_Ie(v) = [p(v | v*)] over every value v* of the other attributes, p(v | v*) = |g(v) ∩ g(v*)| / |g(v*)| (Eq. 4) — Zhu et al. 2022';

/** Font size of the rotated value labels, in px (the measure is taken at the axes' 10 px). */
const HEAD_FONT = 11;

/**
 * One attribute's coupling spaces as a heatmap table: its values (rows) × [m_Ia | m_Ie grouped
 * by the other attributes], each cell coloured on a 0-1 ramp with its number. The table scrolls
 * sideways inside the panel (DNA's 60 attributes give one attribute ~240 m_Ie columns); the
 * value column stays in view. Its export holds every attribute's values.
 */
export function CouplingSpaces({
  meta,
  spaces,
}: {
  meta: TableMeta;
  spaces: CouplingSpacesResult;
}) {
  const [picked, setPicked] = useState(0);
  const j = picked < spaces.attributes.length ? picked : 0;
  const entry = spaces.attributes[j];
  const name = meta.attributes[entry?.attribute ?? 0]?.name ?? '';
  const { theme } = useTheme();
  const ramp = useMemo(() => couplingRamp(theme), [theme]);
  const tableRef = useRef<HTMLTableElement>(null);
  const everyValue = useCallback(async () => couplingSpacesTable(meta, spaces), [meta, spaces]);
  useExportTable(tableRef, everyValue);
  if (!entry) return <p className="muted">No attribute.</p>;
  const m = entry.intra.length;
  return (
    <div className="coupling-spaces" data-testid="coupling-spaces">
      <div className="view-controls">
        <label>
          Attribute
          <select
            aria-label="Attribute of the coupling spaces"
            value={j}
            onChange={(e) => setPicked(Number(e.target.value))}
          >
            {spaces.attributes.map((a, k) => (
              <option key={a.attribute} value={k}>
                {meta.attributes[a.attribute]?.name ?? a.attribute}
              </option>
            ))}
          </select>
        </label>
        <ColorLegend title="m_Ia, p(v | v*)" color={ramp} domain={[0, 1]} />
      </div>
      <p className="muted small coupling-formulas">{FORMULAS}</p>
      <h3 className="coupling-heading">
        {name}: {m} value{m === 1 ? '' : 's'} × (1 + {entry.columns.length}) coupling dimensions
      </h3>
      <SpacesTable
        tableRef={tableRef}
        meta={meta}
        spaces={spaces}
        entry={entry}
        name={name}
        ramp={ramp}
      />
    </div>
  );
}

interface HoveredCell {
  x: number;
  y: number;
  u: number;
  /** −1 for m_Ia. */
  col: number;
}

/**
 * Each value's coloured cells, m_Ia then m_Ie, built once per attribute and theme: hovering
 * re-renders the table's headers (their emphasis), never these.
 */
function useCells(meta: TableMeta, entry: CouplingAttribute, ramp: (t: number) => string) {
  return useMemo(() => {
    const dims = entry.columns.length;
    const starts = new Set(columnGroups(meta, entry).map((g) => g.from));
    const paint = (x: number) => {
      const background = ramp(x);
      return { background, color: inkOn(background) };
    };
    const columns = Array.from(entry.columns, (g) => valueKey(meta, g));
    return Array.from(entry.intra, (x, u) => [
      <td key="intra" data-col={-1} data-column="m_Ia" className="intra" style={paint(x)}>
        {formatProbability(x)}
      </td>,
      ...columns.map((column, col) => {
        const p = entry.inter[u * dims + col] ?? 0;
        return (
          <td
            key={col}
            data-col={col}
            data-column={column}
            className={starts.has(col) ? 'group-start' : undefined}
            style={paint(p)}
          >
            {formatProbability(p)}
          </td>
        );
      }),
    ]);
  }, [meta, entry, ramp]);
}

/**
 * The table itself: a corner and m_Ia over three header rows, then the m_Ie block's title, the
 * other attributes' names and their values (rotated SVG labels, so the export draws them too).
 * The pointer over a value or a cell lights its values up in every view (useValueLinks).
 */
function SpacesTable({
  tableRef,
  meta,
  spaces,
  entry,
  name,
  ramp,
}: {
  tableRef: RefObject<HTMLTableElement | null>;
  meta: TableMeta;
  spaces: CouplingSpacesResult;
  entry: CouplingAttribute;
  name: string;
  ramp: (t: number) => string;
}) {
  const { emphasised } = useValueLinks();
  const setHover = useStore((s) => s.setHover);
  // The tooltip follows the pointer on its own state: a move re-renders it, not the table.
  const tip = useRef<((cell: HoveredCell | null) => void) | null>(null);
  const linked = useRef('');
  const groups = useMemo(() => columnGroups(meta, entry), [meta, entry]);
  const cells = useCells(meta, entry, ramp);
  const offset = meta.attributes[entry.attribute]?.offset ?? 0;
  const labels = meta.attributes[entry.attribute]?.labels ?? [];
  const labelHeight = useMemo(
    () =>
      Math.ceil(
        Math.max(
          24,
          ...groups.flatMap((g) => g.values.map((v) => (measureLabel(v.label) * HEAD_FONT) / 10)),
        ) + 8,
      ),
    [groups],
  );
  const dims = entry.columns.length;
  const leave = () => {
    tip.current?.(null);
    if (linked.current) setHover(null);
    linked.current = '';
  };
  const onMove = (e: MouseEvent<HTMLTableSectionElement>) => {
    const target = e.target as Element;
    const tr = target.closest<HTMLTableRowElement>('tr[data-row]');
    if (!tr) return leave();
    const u = Number(tr.dataset.row);
    const td = target.closest<HTMLTableCellElement>('td[data-col]');
    // Over the value's name: the value alone.
    const col = td ? Number(td.dataset.col) : null;
    const star = col !== null && col >= 0 ? (entry.columns[col] ?? -1) : -1;
    const key = `${u}:${col}`;
    if (linked.current !== key) {
      linked.current = key;
      setHover({ kind: 'values', values: star >= 0 ? [offset + u, star] : [offset + u] });
    }
    tip.current?.(col === null ? null : { x: e.clientX, y: e.clientY, u, col });
  };
  return (
    <div
      className="coupling-scroll"
      role="region"
      aria-label={`Coupling spaces of ${name}`}
      tabIndex={0}
    >
      <table ref={tableRef} className="coupling-table" data-testid="coupling-table">
        <thead>
          <tr>
            <th scope="col" rowSpan={3} className="corner">
              {name}
            </th>
            <th scope="col" rowSpan={3} className="intra-head" aria-label="m_Ia">
              m<sub>Ia</sub>
              <span className="eq">Eq. 1</span>
            </th>
            {dims > 0 && (
              <th scope="colgroup" colSpan={dims} className="inter-title group-start">
                m<sub>Ie</sub>(v) = p(v | v*), Eq. 4
              </th>
            )}
          </tr>
          <tr>
            {groups.map((g) => (
              <th key={g.attribute} scope="colgroup" colSpan={g.values.length} className="group">
                {g.name}
              </th>
            ))}
          </tr>
          <tr>
            {groups.map((g) => (
              <GroupLabels
                key={g.attribute}
                group={g}
                height={labelHeight}
                meta={meta}
                emphasised={emphasised}
              />
            ))}
          </tr>
        </thead>
        <tbody onMouseMove={onMove} onMouseLeave={leave}>
          {labels.map((label, u) => (
            <tr key={label} data-row={u} data-value={label}>
              <th scope="row" className={emphasised.has(offset + u) ? 'emph' : undefined}>
                {label}
              </th>
              {cells[u]}
            </tr>
          ))}
        </tbody>
      </table>
      <CellTip tip={tip} meta={meta} spaces={spaces} entry={entry} />
    </div>
  );
}

/** The hovered cell's tooltip: its formula with its numbers (model/couplingSpaces.ts). */
function CellTip({
  tip,
  meta,
  spaces,
  entry,
}: {
  tip: RefObject<((cell: HoveredCell | null) => void) | null>;
  meta: TableMeta;
  spaces: CouplingSpacesResult;
  entry: CouplingAttribute;
}) {
  const [cell, setCell] = useState<HoveredCell | null>(null);
  useEffect(() => {
    tip.current = setCell;
    return () => void (tip.current = null);
  }, [tip]);
  // Another attribute's table: the old cell is gone.
  useEffect(() => setCell(null), [entry]);
  if (!cell) return null;
  return (
    <Tooltip
      x={cell.x}
      y={cell.y}
      owner="coupling-table"
      lines={cellTooltip(meta, spaces, entry, cell.u, cell.col)}
    />
  );
}

/** One other attribute's value labels, each rotated to read bottom-up and named "A=v". */
function GroupLabels({
  group,
  height,
  meta,
  emphasised,
}: {
  group: ColumnGroup;
  height: number;
  meta: TableMeta;
  emphasised: ReadonlySet<number>;
}) {
  return (
    <>
      {group.values.map((v, k) => (
        <th
          key={v.g}
          scope="col"
          aria-label={valueKey(meta, v.g)}
          className={`value-head${k === 0 ? ' group-start' : ''}${emphasised.has(v.g) ? ' emph' : ''}`}
        >
          <svg width={20} height={height} aria-hidden="true">
            <title>{valueKey(meta, v.g)}</title>
            <text
              transform={`translate(14,${height - 4}) rotate(-90)`}
              fontSize={HEAD_FONT}
              fontFamily={LABEL_FAMILY}
            >
              {v.label}
            </text>
          </svg>
        </th>
      ))}
    </>
  );
}

/**
 * The coupling spaces folded under a summary (UNTIE's training view shows them below its
 * charts); the table is built only once opened.
 */
export function CouplingSpacesDetails({
  meta,
  spaces,
}: {
  meta: TableMeta;
  spaces: CouplingSpacesResult;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="coupling-details"
      data-testid="coupling-spaces-details"
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>Coupling spaces (Eqs. 1-5)</summary>
      {open && <CouplingSpaces meta={meta} spaces={spaces} />}
    </details>
  );
}
