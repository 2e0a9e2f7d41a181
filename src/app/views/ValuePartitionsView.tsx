import { useCallback, useMemo, useState } from 'react';
import { findResult, type ValuePartitions } from '../../core/platform/results.ts';
import type { TableMeta } from '../../core/platform/session.ts';
import { Tooltip } from '../components/Tooltip.tsx';
import { useWidth } from '../components/useWidth.ts';
import { measureLabel } from '../components/heatmap/measureLabel.ts';
import { clusterColours, gridRows, type RowGroup } from '../model/clusterGrid.ts';
import { useStore } from '../store/index.ts';
import { useValueLinks } from './useValueLinks.ts';
import type { Panel } from '../store/panelsSlice.ts';
import { clusterMembers, labelColumn, valueName } from '../model/values.ts';
import { MethodPanel } from './MethodPanel.tsx';
import { EXPORT_NUMBERS_ATTRIBUTE, useExportNumbers } from '../components/export/exportHooks.ts';
import { clustersTable } from '../model/numberTables.ts';

const ROW = 15;
/** A granularity's column: its widest, and its narrowest before the grid scrolls sideways. */
const COL = 30;
const MIN_COL = 14;
const HEAD = 46;
const SHARE = 28;

/**
 * The width of a granularity's column so that every column fits beside the value labels in
 * `available` pixels (30 px when they do, down to 14 px; the grid scrolls below that).
 */
export function columnWidth(available: number, labels: number, columns: number): number {
  if (available <= 0 || columns === 0) return COL;
  return Math.max(MIN_COL, Math.min(COL, Math.floor((available - labels - 8) / columns)));
}

/**
 * A method's value clusterings (CDE and COSH: k on Mc, then on Mo; CURE, Jian et al. 2019, Sec. 5.1.1): one
 * column per granularity, one row per value, coloured by cluster; clusters the method does not
 * use (CDE removes one-value clusters) are grey and marked ×. Clicking a cell selects its
 * cluster's values everywhere.
 */
export function ValuePartitionsView({ panel }: { panel: Panel }) {
  return (
    <MethodPanel panel={panel} what="its value clusters">
      {(output, meta) => {
        const partitions = findResult(output.results, 'value-partitions')?.result;
        const embedding = findResult(output.results, 'value-embedding')?.result;
        if (!partitions) return null;
        return (
          <PartitionGrid
            panelId={panel.id}
            meta={meta}
            partitions={partitions}
            summary={embedding ? `value embedding ${embedding.dims} dims` : null}
          />
        );
      }}
    </MethodPanel>
  );
}

/**
 * One SVG grid of values by granularity whose rows, cells, labels and hover share its layout.
 * At real size (228 values × 36 granularities) the rows can be grouped by one granularity's
 * clusters, each group under a line naming it, and each column's colours keep touching clusters
 * apart (model/clusterGrid.ts).
 */
export function PartitionGrid({
  panelId,
  meta,
  partitions,
  summary,
  label = 'Value clusters',
}: {
  panelId: number;
  meta: TableMeta;
  partitions: ValuePartitions;
  summary: string | null;
  /** The name of its scrolling region (one per method where several are shown). */
  label?: string;
}) {
  const selectedCluster = useStore((s) =>
    s.selectedCluster?.panel === panelId ? s.selectedCluster : null,
  );
  const selectCluster = useStore((s) => s.selectCluster);
  const setHover = useStore((s) => s.setHover);
  const [tip, setTip] = useState<{ x: number; y: number; lines: string[] } | null>(null);
  // The granularity whose clusters group the rows (−1: the values in file order).
  const [by, setBy] = useState(-1);
  // Members of every cluster at every granularity, once per result (not once per cell).
  const members = useMemo(() => partitions.partitions.map((g) => clusterMembers(g)), [partitions]);
  const G = partitions.partitions;
  const [region, available] = useWidth<HTMLDivElement>();
  // The clusters out: each value's cluster at every granularity.
  useExportNumbers(
    region,
    useCallback(() => clustersTable(label, meta, partitions), [label, meta, partitions]),
  );
  const { emphasised, shares } = useValueLinks();
  const { rows, groups, colours, names, LABEL, col, angle, HEAD_H, yOf, width, height } =
    useGridLayout(meta, G, by, available, !!shares);
  const { kept, dropped } = clusterCounts(G, members);
  return (
    <>
      <GridControls
        partitions={G}
        by={by}
        onBy={setBy}
        summary={`${G.length} granularities · ${kept} kept clusters · ${dropped} removed${summary ? ` · ${summary}` : ''}`}
        selected={selectedCluster}
      />
      <div
        ref={region}
        className="scroll-x scroll-y"
        tabIndex={0}
        role="region"
        aria-label={label}
        {...{ [EXPORT_NUMBERS_ATTRIBUTE]: '' }}
      >
        <svg
          className="clusters-grid"
          width={width}
          height={height}
          data-testid="value-clusters"
          role="group"
          aria-label="Value clusters by granularity"
          onPointerLeave={() => {
            setTip(null);
            setHover(null);
          }}
        >
          <GridHead
            partitions={G}
            by={by}
            groups={groups}
            yOf={yOf}
            left={LABEL}
            col={col}
            angle={angle}
            head={HEAD_H}
          />
          {rows.map((v, r) => (
            <ValueRow
              key={v}
              v={v}
              r={r}
              y={yOf[r] ?? 0}
              text={names.text[r] ?? ''}
              labelWidth={names.width}
              left={LABEL}
              col={col}
              partitions={G}
              members={members}
              colours={colours}
              bold={emphasised.has(v)}
              shares={shares}
              picked={selectedCluster}
              onPick={(q, c, values) =>
                selectCluster({ panel: panelId, granularity: q, cluster: c }, values)
              }
              onPoint={(e, q, c, values) => {
                const g = G[q];
                const unused = g?.kept[c] === 0;
                setHover({ kind: 'values', values });
                setTip({
                  x: e.clientX,
                  y: e.clientY,
                  lines: [
                    `${g?.name ?? ''}, cluster ${c + 1}${unused ? ' (not used by the method)' : ''}`,
                    ...values.slice(0, 12).map((u) => valueName(meta, u)),
                    ...(values.length > 12 ? [`… ${values.length - 12} more`] : []),
                  ],
                });
              }}
            />
          ))}
        </svg>
      </div>
      {tip && <Tooltip owner="value-clusters" x={tip.x} y={tip.y} lines={tip.lines} />}
    </>
  );
}

/** A cluster the method does not use: grey, marked ×. */
const UNUSED_CELL = '#e5e7eb';

/** One value's row of the grid: its label, its share of the selection, its cluster at each granularity. */
function ValueRow(props: {
  v: number;
  r: number;
  y: number;
  text: string;
  labelWidth: number;
  left: number;
  col: number;
  partitions: ValuePartitions['partitions'];
  members: number[][][];
  colours: Map<number, string>[];
  bold: boolean;
  shares: ReturnType<typeof useValueLinks>['shares'];
  picked: { granularity: number; cluster: number } | null;
  onPick(q: number, c: number, values: number[]): void;
  onPoint(e: React.PointerEvent, q: number, c: number, values: number[]): void;
}) {
  const { v, r, col, left, shares, picked } = props;
  return (
    <g transform={`translate(0, ${props.y})`}>
      <text
        x={props.labelWidth - 6}
        y={ROW - 4}
        fontSize={11}
        textAnchor="end"
        fontWeight={props.bold ? 700 : 400}
      >
        {props.text}
      </text>
      {shares && shares.of(v) > 0 && (
        <rect
          className="share"
          data-testid="value-share"
          x={left - 2 - shares.of(v) * (SHARE - 4)}
          y={2}
          width={shares.of(v) * (SHARE - 4)}
          height={ROW - 4}
        >
          <title>{shares.describe(v)}</title>
        </rect>
      )}
      {props.partitions.map((g, q) => {
        const c = g.labels[v] ?? 0;
        const values = props.members[q]?.[c] ?? [];
        const unused = g.kept[c] === 0;
        const isPicked = picked?.granularity === q && picked.cluster === c;
        return (
          <g key={q}>
            <rect
              className={isPicked ? 'cell picked' : 'cell'}
              data-granularity={q}
              data-cluster={c}
              data-value={v}
              data-row={r}
              x={left + q * col + 1}
              y={1}
              width={col - 2}
              height={ROW - 2}
              fill={unused ? UNUSED_CELL : (props.colours[q]?.get(c) ?? '#999')}
              stroke={isPicked ? '#111827' : 'none'}
              strokeWidth={isPicked ? 2 : 0}
              onClick={() => props.onPick(q, c, values)}
              onPointerMove={(e) => props.onPoint(e, q, c, values)}
            />
            {unused && (
              <text
                className="unused-mark"
                x={left + q * col + col / 2}
                y={ROW - 4}
                fontSize={10}
                textAnchor="middle"
                pointerEvents="none"
              >
                ×
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}

/**
 * Where everything of the grid goes: the rows (grouped by granularity `by`'s clusters or not),
 * each column's colours, the value labels, the columns' width and names' angle, a header as tall
 * as the longest name needs (none cut at the top), and each row's y (a group's line above it).
 */
function useGridLayout(
  meta: TableMeta,
  G: ValuePartitions['partitions'],
  by: number,
  available: number,
  shares: boolean,
) {
  const { rows, groups } = useMemo(
    () =>
      gridRows(
        meta.attributes.flatMap((a) => a.labels.map((_, k) => a.offset + k)),
        G[by] ?? null,
      ),
    [meta, G, by],
  );
  // Each granularity's colours, touching clusters apart in this row order.
  const colours = useMemo(() => G.map((g) => clusterColours(rows, g.labels)), [G, rows]);
  const names = labelColumn(
    rows.map((v) => valueName(meta, v)),
    (t) => measureLabel(t, 11, 700),
  );
  // The share of the selected objects holding each value, in a strip beside its label.
  const LABEL = names.width + (shares ? SHARE : 0);
  const longest = Math.max(0, ...G.map((g) => measureLabel(g.name, 10)));
  // The last name, turned, reaches past its column to the right: room kept for it (at the
  // shallower angle, the farther it reaches), so the grid fits when it can.
  const tail = (a: number) => Math.ceil(Math.cos((-a * Math.PI) / 180) * longest);
  const col = columnWidth(available - tail(-50), LABEL, G.length);
  // Narrow columns turn their names steeper, so neighbours do not overlap.
  const angle = col >= 24 ? -50 : -65;
  const HEAD_H = Math.max(HEAD, Math.ceil(12 + Math.sin((-angle * Math.PI) / 180) * longest));
  const groupAt = new Set(groups.map((g) => g.start));
  const yOf: number[] = [];
  let y = HEAD_H;
  rows.forEach((_, r) => {
    if (groupAt.has(r)) y += ROW;
    yOf.push(y);
    y += ROW;
  });
  return {
    rows,
    groups,
    colours,
    names,
    LABEL,
    col,
    angle,
    HEAD_H,
    yOf,
    width: LABEL + G.length * col + tail(angle) + 8,
    height: y + 4,
  };
}

/** Clusters kept and removed by the method, over every granularity (empty ones not counted). */
function clusterCounts(G: ValuePartitions['partitions'], members: number[][][]) {
  const count = (used: boolean) =>
    G.reduce(
      (s, g, q) =>
        s +
        g.kept.reduce(
          (t, x, c) => t + ((x === 1) === used && (members[q]?.[c]?.length ?? 0) > 0 ? 1 : 0),
          0,
        ),
      0,
    );
  return { kept: count(true), dropped: count(false) };
}

/** The granularities' names, turned, and (when the rows are grouped) each group's line. */
function GridHead(props: {
  partitions: ValuePartitions['partitions'];
  by: number;
  groups: RowGroup[];
  yOf: readonly number[];
  left: number;
  col: number;
  angle: number;
  head: number;
}) {
  const { partitions: G, by, left, col, angle, head } = props;
  return (
    <>
      {G.map((g, q) => (
        <text
          key={q}
          className="granularity-name"
          x={left + q * col + col / 2}
          y={head - 6}
          fontSize={10}
          fontWeight={q === by ? 700 : 400}
          textAnchor="start"
          transform={`rotate(${angle} ${left + q * col + col / 2} ${head - 6})`}
        >
          {g.name}
        </text>
      ))}
      {props.groups.map((group) => (
        <text
          key={`group-${group.cluster}`}
          className="cluster-group"
          data-testid="cluster-group"
          x={4}
          y={(props.yOf[group.start] ?? 0) - 4}
          fontSize={11}
          fontWeight={600}
        >
          {`${G[by]?.name ?? ''} · cluster ${group.cluster + 1}: ${group.size} value${group.size === 1 ? '' : 's'}${group.kept ? '' : ' (not used by the method)'}`}
        </text>
      ))}
    </>
  );
}

/** The grid's controls: which granularity groups the rows; what the grid holds; the selection. */
function GridControls(props: {
  partitions: ValuePartitions['partitions'];
  by: number;
  onBy(q: number): void;
  summary: string;
  selected: { granularity: number; cluster: number } | null;
}) {
  const { partitions: G, selected } = props;
  return (
    <div className="view-controls">
      <label>
        Group values by
        <select
          aria-label="Group values by"
          value={props.by}
          onChange={(e) => props.onBy(Number(e.target.value))}
        >
          <option value={-1}>nothing (attribute order)</option>
          {G.map((g, q) => (
            <option key={q} value={q}>
              the clusters of {g.name}
            </option>
          ))}
        </select>
      </label>
      <span className="muted" data-testid="cluster-summary">
        {props.summary}
      </span>
      {selected && (
        <span data-testid="selected-cluster">
          Selected: {G[selected.granularity]?.name} cluster {selected.cluster + 1}
        </span>
      )}
    </div>
  );
}
