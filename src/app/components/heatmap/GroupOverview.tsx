import { useMemo } from 'react';
import type { HeatmapLayout } from '../../model/heatmap.ts';
import type { LegendSpec } from './cellColors.ts';
import { heatmapGeometry, type HeatmapGeometry } from './cellGeometry.ts';
import { MatrixFrame, type FrameAxis, type PositionRange } from './MatrixFrame.tsx';
import { measureLabel } from './measureLabel.ts';

/**
 * A group × group overview of a value matrix, offered by its view: one cell per pair of groups
 * (attributes, or value clusters) of the layout, summarising the block of their values' cells.
 * Groups are named by their index in `layout.groups`.
 */
export interface HeatmapOverview {
  /** What the groups are, for the toggle and the hint ("attributes", "value clusters"). */
  groupName: string;
  color(g: number, h: number): number;
  tooltip(g: number, h: number): string[];
  /** The overview's colour scales, their titles saying what a cell summarises (max, mean). */
  legends: readonly LegendSpec[];
  onHover?(cell: [number, number] | null): void;
}

/** The overview's single axis (groups in display order, named) and its layout at `width`. */
export function useGroupGeometry(
  layout: HeatmapLayout,
  width: number,
): { axis: FrameAxis; geometry: HeatmapGeometry } {
  return useMemo(() => {
    const axis: FrameAxis = {
      items: layout.groups.map((_, g) => g),
      labels: layout.groups.map((g) => g.label),
      groups: [],
    };
    const geometry = heatmapGeometry({
      rows: axis,
      cols: axis,
      width: Math.max(width, 160),
      measure: measureLabel,
    });
    return { axis, geometry };
  }, [layout, width]);
}

/**
 * The overview's matrix: a click on a cell (or Enter on the keyboard's cell) shows that block's
 * values below, labelled; a drag across several cells shows their blocks together. Groups holding
 * an emphasised value are outlined; the part shown below is outlined too.
 */
export function GroupOverviewFrame(props: {
  name: string;
  layout: HeatmapLayout;
  overview: HeatmapOverview;
  axis: FrameAxis;
  geometry: HeatmapGeometry;
  emphasised: ReadonlySet<number>;
  focus: PositionRange | null;
  onFocus(range: PositionRange): void;
}) {
  const { layout, overview, focus } = props;
  const groups = layout.groups;
  const emphasised = useMemo(() => {
    const out = new Set<number>();
    groups.forEach((g, k) => {
      for (let p = g.start; p < g.end; p++)
        if (props.emphasised.has(layout.order[p] as number)) out.add(k);
    });
    return out;
  }, [groups, layout.order, props.emphasised]);
  const toValues = (r: PositionRange): PositionRange => ({
    r0: groups[r.r0]?.start ?? 0,
    r1: groups[r.r1 - 1]?.end ?? 0,
    c0: groups[r.c0]?.start ?? 0,
    c1: groups[r.c1 - 1]?.end ?? 0,
  });
  const outline = focus ? toGroups(groups, focus) : null;
  return (
    <MatrixFrame
      testId={props.name}
      rows={props.axis}
      cols={props.axis}
      geometry={props.geometry}
      color={overview.color}
      tooltip={overview.tooltip}
      emphasised={emphasised}
      shares={null}
      onHover={(cell) => overview.onHover?.(cell)}
      onClick={(g, h) => props.onFocus(toValues({ r0: g, r1: g + 1, c0: h, c1: h + 1 }))}
      onBrush={(r) => props.onFocus(toValues(r))}
      outline={outline}
    />
  );
}

/** A range of value positions as the range of the groups it touches. */
function toGroups(groups: HeatmapLayout['groups'], r: PositionRange): PositionRange {
  const at = (p: number) =>
    Math.max(
      0,
      groups.findIndex((g) => p >= g.start && p < g.end),
    );
  return { r0: at(r.r0), r1: at(r.r1 - 1) + 1, c0: at(r.c0), c1: at(r.c1 - 1) + 1 };
}

/** The "Cells: attributes | values" switch between the overview and the value matrix. */
export function LevelToggle(props: {
  name: string;
  groupName: string;
  level: 'groups' | 'values';
  onLevel(level: 'groups' | 'values'): void;
}) {
  const choice = (level: 'groups' | 'values', label: string) => (
    <button type="button" aria-pressed={props.level === level} onClick={() => props.onLevel(level)}>
      {label}
    </button>
  );
  return (
    <span className="heatmap-level" data-testid={`${props.name}-level`} data-export="skip">
      <span className="muted">Cells</span>
      <span className="button-group" role="group" aria-label="Cells of the matrix">
        {choice('groups', props.groupName)}
        {choice('values', 'values')}
      </span>
    </span>
  );
}
