import { useMemo, useState } from 'react';
import type { HeatmapLayout } from '../model/heatmap.ts';
import type { LegendSpec } from './heatmap/cellColors.ts';
import { heatmapGeometry, LABEL_SLOT, type AxisInput } from './heatmap/cellGeometry.ts';
import { GroupOverviewFrame, useGroupGeometry } from './heatmap/GroupOverview.tsx';
import { HeatmapHead, Hint } from './heatmap/HeatmapHead.tsx';
import type { HeatmapOverview } from './heatmap/GroupOverview.tsx';
import { measureLabel } from './heatmap/measureLabel.ts';
import {
  MatrixFrame,
  type FrameAxis,
  type PositionRange,
  type ShareSpec,
} from './heatmap/MatrixFrame.tsx';
import { useTourCells } from './tourHighlight.ts';
import { useWidth } from './useWidth.ts';
import {
  EXPORT_NUMBERS_ATTRIBUTE,
  useExportNumbers,
  type ExportTable,
} from './export/exportHooks.ts';

export interface HeatmapProps {
  /** Rows and columns share one layout (a symmetric matrix of items). */
  layout: HeatmapLayout;
  /** Packed 0xRRGGBB of cell (i, j), item indices. */
  color(i: number, j: number): number;
  tooltip(i: number, j: number): string[];
  /** Items to emphasise (their rows and columns are outlined, their labels bold). */
  emphasised: ReadonlySet<number>;
  onHover(cell: [number, number] | null): void;
  onClick?(i: number, j: number): void;
  /** Accessible name and test id of the matrix. */
  name: string;
  /** The colour scales, drawn as legends above the matrix. */
  legends: readonly LegendSpec[];
  /** The share of the selected objects holding each value, drawn beside its label. */
  shares?: ShareSpec | null;
  /** What the items are, for the hint ("values", "attributes"). */
  itemName?: string;
  /**
   * Cells (i, j) of items to outline strongly, their labels bold. Without it, the cells the
   * running guided tour's step points at.
   */
  highlight?: readonly (readonly [number, number])[];
  /** A group × group overview the heatmap may open with (see Heatmap). */
  overview?: HeatmapOverview;
  /** The numbers the cells are drawn from, as the table the panel's CSV and JSON export. */
  numbers?: () => ExportTable;
}

const NO_NUMBERS = (): ExportTable => ({ name: '', columns: [], rows: [] });

/**
 * A square heatmap readable from 4 to 1,000+ items: both axes carry attribute bands and, when a
 * line of text fits a cell, every value's label; otherwise a drag across the matrix (or a click
 * on an attribute band) enlarges that part below with its labels (focus + context). Every
 * heatmap has its colour legend.
 *
 * With an `overview` from its view, a matrix of more than OVERVIEW_MIN_VALUES values that cannot
 * label every value opens as a group × group overview instead (attributes × attributes, each
 * cell summarising its block of value pairs, every attribute named): a click on a cell enlarges
 * that block's values below, labelled, and "Cells: attributes | values" switches levels.
 */
export function Heatmap(props: HeatmapProps) {
  const { layout, name, itemName = 'values', overview } = props;
  const tourCells = useTourCells(itemName === 'attributes' ? 'attributes' : 'values');
  const highlight = props.highlight ?? tourCells;
  const [ref, width] = useWidth<HTMLDivElement>();
  useExportNumbers(ref, props.numbers ?? NO_NUMBERS);
  const [focus, setFocus, band] = useFocus(layout);
  const [chosen, setChosen] = useState<'groups' | 'values' | null>(null);
  const n = layout.order.length;
  const axis: FrameAxis = useMemo(
    () => ({ items: layout.order, labels: layout.labels, groups: layout.groups }),
    [layout],
  );
  const geometry = useMemo(
    () =>
      heatmapGeometry({
        rows: axis,
        cols: axis,
        width: Math.max(width, 160),
        measure: measureLabel,
      }),
    [axis, width],
  );
  const groupLevel = useGroupGeometry(layout, width);
  const offered = !!overview && layout.groups.length > 1;
  const level = offered
    ? (chosen ?? automaticLevel(n, geometry.labelled, highlight.length > 0))
    : 'values';
  const shown = level === 'groups' ? groupLevel.geometry : geometry;
  const cellCount = level === 'groups' ? layout.groups.length ** 2 : n * n;
  return (
    <div
      ref={ref}
      className="heatmap-block"
      {...(props.numbers && { [EXPORT_NUMBERS_ATTRIBUTE]: '' })}
    >
      <div
        className="heatmap"
        data-testid={name}
        data-cells={cellCount}
        data-level={level === 'groups' ? overview?.groupName : 'values'}
        data-label-stride={shown.stride}
        aria-label={name}
      >
        <HeatmapHead
          name={name}
          level={level}
          overview={offered ? overview : undefined}
          onLevel={setChosen}
          legends={level === 'groups' ? (overview?.legends ?? []) : props.legends}
          shares={!!props.shares}
        />
        {n === 0 ? (
          <p className="muted">Nothing to show.</p>
        ) : (
          width > 0 &&
          (level === 'groups' && overview ? (
            <GroupOverviewFrame
              name={name}
              layout={layout}
              overview={overview}
              axis={groupLevel.axis}
              geometry={groupLevel.geometry}
              emphasised={props.emphasised}
              focus={focus}
              onFocus={setFocus}
            />
          ) : (
            <MatrixFrame
              testId={name}
              rows={axis}
              cols={axis}
              geometry={geometry}
              {...frameProps(props)}
              highlight={highlight}
              onBrush={setFocus}
              onBand={band}
              outline={focus}
            />
          ))
        )}
        {n > 0 && !focus && (
          <Hint
            level={level}
            geometry={shown}
            count={level === 'groups' ? layout.groups.length : n}
            itemName={level === 'groups' ? (overview?.groupName ?? itemName) : itemName}
            bands={layout.groups.length > 0}
          />
        )}
      </div>
      {focus && width > 0 && (
        <HeatmapFocus
          {...props}
          axis={axis}
          highlight={highlight}
          range={focus}
          width={width}
          onClose={() => setFocus(null)}
        />
      )}
    </div>
  );
}

/**
 * The part enlarged below (positions of the value matrix), reset when the layout changes, and a
 * click on an attribute band setting its rows or columns.
 */
function useFocus(layout: HeatmapLayout) {
  const [focus, setFocus] = useState<PositionRange | null>(null);
  // A focus set on another layout (reordered, another attribute shown) no longer applies.
  const [focusLayout, setFocusLayout] = useState(layout);
  if (focusLayout !== layout) {
    setFocusLayout(layout);
    setFocus(null);
  }
  const band = (side: 'rows' | 'cols', group: number) => {
    const g = layout.groups[group];
    if (!g) return;
    const current = focus ?? { r0: g.start, r1: g.end, c0: g.start, c1: g.end };
    setFocus(
      side === 'rows'
        ? { ...current, r0: g.start, r1: g.end }
        : { ...current, c0: g.start, c1: g.end },
    );
  };
  return [focus, setFocus, band] as const;
}

/**
 * Above this many values a matrix that cannot label them opens as its attribute overview; up to
 * it (zoo's 36) the value matrix, its attributes named on their bands, is read at a glance.
 */
export const OVERVIEW_MIN_VALUES = 40;

/** By group when the values are many and unlabelled, unless a tour's step points at value cells. */
function automaticLevel(n: number, labelled: boolean, toured: boolean): 'groups' | 'values' {
  return n > OVERVIEW_MIN_VALUES && !labelled && !toured ? 'groups' : 'values';
}

/** The enlarged part: rows r0…r1 × columns c0…c1 of the overview, labelled. */
function HeatmapFocus({
  axis,
  range,
  width,
  onClose,
  ...props
}: HeatmapProps & { axis: FrameAxis; range: PositionRange; width: number; onClose(): void }) {
  const { rows, cols, cut } = useMemo(() => {
    const fullRows = slice(axis, range.r0, range.r1);
    // As many columns as fit one line of text each beside the rows' labels.
    const depth = heatmapGeometry({
      rows: fullRows,
      cols: fullRows,
      width: Number.POSITIVE_INFINITY,
      measure: measureLabel,
    }).left;
    const fit = Math.max(1, Math.floor((width - depth - LABEL_SLOT) / LABEL_SLOT));
    const c1 = Math.min(range.c1, range.c0 + fit);
    const r1 = Math.min(range.r1, range.r0 + MAX_FOCUS_ROWS);
    return {
      rows: slice(axis, range.r0, r1),
      cols: slice(axis, range.c0, c1),
      cut: c1 < range.c1 || r1 < range.r1,
    };
  }, [axis, range, width]);
  const geometry = useMemo(
    () => heatmapGeometry({ rows, cols, width, measure: measureLabel, minLabelledCell: 0 }),
    [rows, cols, width],
  );
  const describe = (a: FrameAxis) =>
    a.groups.length === 1 ? a.groups[0]?.label : `${a.items.length} values`;
  return (
    <div className="heatmap-focus" data-testid={`${props.name}-focus`}>
      <div className="heatmap-focus-head">
        <span>
          Enlarged: rows {describe(rows)} × columns {describe(cols)}
          {cut ? ' (cut to what fits; drag a smaller part to see the rest)' : ''}
        </span>
        <button type="button" onClick={onClose} aria-label="Close the enlarged part">
          ×
        </button>
      </div>
      <MatrixFrame
        testId={`${props.name}-focus`}
        rows={rows}
        cols={cols}
        geometry={geometry}
        {...frameProps(props)}
      />
    </div>
  );
}

const MAX_FOCUS_ROWS = 60;

/** What the overview and the enlarged part draw alike: colours, tooltips, emphasis, shares. */
function frameProps(props: HeatmapProps) {
  return {
    color: props.color,
    tooltip: props.tooltip,
    emphasised: props.emphasised,
    shares: props.shares ?? null,
    highlight: props.highlight,
    onHover: props.onHover,
    onClick: props.onClick,
  };
}

/** Positions [start, end) of an axis, with the attribute spans cut to them. */
function slice(axis: FrameAxis, start: number, end: number): FrameAxis & AxisInput {
  return {
    items: axis.items.slice(start, end),
    labels: axis.labels.slice(start, end),
    groups: axis.groups
      .filter((g) => g.end > start && g.start < end)
      .map((g) => ({
        label: g.label,
        start: Math.max(g.start, start) - start,
        end: Math.min(g.end, end) - start,
      })),
  };
}
