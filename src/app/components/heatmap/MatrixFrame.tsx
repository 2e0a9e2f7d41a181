import { useEffect, useMemo, useRef, useState } from 'react';
import { Tooltip } from '../Tooltip.tsx';
import { cssOf } from './cellColors.ts';
import type { AxisGeometry, HeatmapGeometry } from './cellGeometry.ts';
import { paintMatrix } from './paint.ts';
import { cellsPicture } from './cellsPicture.ts';
import { useExportPicture } from '../export/exportHooks.ts';
import { useShownAfterFrame } from '../afterFrame.ts';
import { useCellKeyboard } from './useCellKeyboard.ts';
import { MatrixOverlay } from './MatrixOverlay.tsx';
import { useCellPointer } from './useCellPointer.ts';

/** One axis of a drawn matrix: the item (value or attribute index) at each position. */
export interface FrameAxis {
  items: readonly number[];
  labels: readonly string[];
  groups: readonly { label: string; start: number; end: number }[];
}

/** A rectangle of positions [r0, r1) × [c0, c1). */
export interface PositionRange {
  r0: number;
  r1: number;
  c0: number;
  c1: number;
}

/** The share of the selected objects that hold each item (value), for the strips beside labels. */
export interface ShareSpec {
  of(item: number): number;
  describe(item: number): string;
}

export interface FrameProps {
  testId: string;
  rows: FrameAxis;
  cols: FrameAxis;
  geometry: HeatmapGeometry;
  /** Packed 0xRRGGBB of cell (row item, column item). */
  color(i: number, j: number): number;
  tooltip(i: number, j: number): string[];
  emphasised: ReadonlySet<number>;
  shares: ShareSpec | null;
  onHover(cell: [number, number] | null): void;
  onClick?(i: number, j: number): void;
  /** A dragged rectangle of positions; without it a drag does nothing. */
  onBrush?(range: PositionRange): void;
  /** A click on an attribute band of either axis. */
  onBand?(axis: 'rows' | 'cols', group: number): void;
  /** A range to outline (the part shown enlarged). */
  outline?: PositionRange | null;
  /** Cells (row item, column item) outlined strongly, their items' labels bold (a tour's step). */
  highlight?: readonly (readonly [number, number])[];
}

/** Up to this many cells the matrix is one SVG rect per cell (addressable, crisp); above, a canvas. */
export const SVG_CELL_LIMIT = 2500;
export const LABEL_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/**
 * A matrix with both axes labelled (value labels when they fit, attribute bands always), its
 * selection-share strips, separators, emphasis, hover tooltip, click and brush.
 * The pointer is useCellPointer.ts, the keyboard useCellKeyboard.ts, the marks over the cells
 * MatrixOverlay.tsx; the geometry, colours and painting are cellGeometry.ts, cellColors.ts, paint.ts.
 */
export function MatrixFrame(props: FrameProps) {
  const { rows, cols, geometry: g, shares } = props;
  const { cell } = g;
  const marked = useHighlight(rows, cols, props.highlight, props.emphasised);
  const emphasised = marked.labels;
  const nRows = rows.items.length;
  const nCols = cols.items.length;
  const { hover, brush, drag, move, down, up, leave } = useCellPointer(props);
  const keyboard = useCellKeyboard(
    nRows,
    nCols,
    (c) => props.onHover(c ? [rows.items[c.p] as number, cols.items[c.q] as number] : null),
    props.onClick && ((c) => props.onClick?.(rows.items[c.p] as number, cols.items[c.q] as number)),
  );
  const active = keyboard.active;
  const activeAt = keyboard.centre(cell);
  const width = cell * nCols;
  const height = cell * nRows;
  const svgCells = nRows * nCols <= SVG_CELL_LIMIT;
  const handlers = {
    onPointerMove: move,
    onPointerLeave: () => {
      if (!drag) leave();
    },
    onPointerDown: down,
    onPointerUp: up,
    ...keyboard.handlers,
    role: 'application' as const,
    'aria-roledescription': 'heatmap',
    'aria-label': `${props.testId} cells: arrow keys move from cell to cell${props.onClick ? ', Enter selects' : ''}`,
  };
  const outline = brush ?? props.outline ?? null;
  // The axes (hundreds of labels, share strips and band names) are laid out a frame after the
  // cells, so a new heatmap's first frame is not one long task of text layout.
  const axesShown = useShownAfterFrame();
  return (
    <div className="heatmap-frame" style={{ width: g.width, height: g.height }}>
      <svg
        className="heatmap-axes"
        width={g.width}
        height={g.height}
        fontFamily={LABEL_FAMILY}
        fontSize={g.font}
      >
        {axesShown && (
          <g transform={`translate(${g.left},${g.top})`}>
            {(['rows', 'cols'] as const).map((side) => (
              <Axis
                key={side}
                side={side}
                axis={side === 'rows' ? rows : cols}
                geometry={g[side]}
                emphasised={emphasised}
                shares={shares}
                onBand={props.onBand}
                step={cell}
              />
            ))}
          </g>
        )}
      </svg>
      {svgCells ? (
        <SvgCells
          rows={rows.items}
          cols={cols.items}
          cell={cell}
          color={props.color}
          style={{ left: g.left, top: g.top }}
          handlers={handlers}
        />
      ) : (
        <CanvasCells
          rows={rows.items}
          cols={cols.items}
          cell={cell}
          color={props.color}
          style={{ left: g.left, top: g.top, width, height }}
          handlers={handlers}
        />
      )}
      <MatrixOverlay
        rows={rows}
        cols={cols}
        cell={cell}
        style={{ left: g.left, top: g.top }}
        emphasised={props.emphasised}
        tourCells={marked.cells}
        outline={outline}
        active={active}
        hover={brush ? null : hover}
      />
      {hover && !brush && (
        <Tooltip
          owner={props.testId}
          x={hover.x}
          y={hover.y}
          lines={props.tooltip(rows.items[hover.p] as number, cols.items[hover.q] as number)}
        />
      )}
      {active && activeAt && !hover && (
        <Tooltip
          owner={props.testId}
          x={activeAt.x}
          y={activeAt.y}
          lines={props.tooltip(rows.items[active.p] as number, cols.items[active.q] as number)}
        />
      )}
      {/* What the keyboard's cell holds, read out by screen readers. */}
      <p className="visually-hidden" aria-live="polite" data-testid={`${props.testId}-active-cell`}>
        {active
          ? props.tooltip(rows.items[active.p] as number, cols.items[active.q] as number).join('; ')
          : ''}
      </p>
    </div>
  );
}

const NO_CELLS: readonly (readonly [number, number])[] = [];

/**
 * The highlighted cells as positions (those shown here), and the labels to draw bold: the
 * emphasised items and the highlighted cells' items. Emphasis of rows and columns stays as it is.
 */
function useHighlight(
  rows: FrameAxis,
  cols: FrameAxis,
  highlight: readonly (readonly [number, number])[] = NO_CELLS,
  emphasised: ReadonlySet<number>,
) {
  return useMemo(() => {
    if (highlight.length === 0) return { cells: [] as [number, number][], labels: emphasised };
    const cells = highlight.flatMap(([i, j]) => {
      const p = rows.items.indexOf(i);
      const q = cols.items.indexOf(j);
      return p >= 0 && q >= 0 ? [[p, q] as [number, number]] : [];
    });
    return { cells, labels: new Set([...emphasised, ...highlight.flat()]) };
  }, [rows, cols, highlight, emphasised]);
}

type Handlers = React.DOMAttributes<Element> & {
  role: 'application';
  'aria-roledescription': string;
  'aria-label': string;
  tabIndex: number;
  ref: (el: Element | null) => void;
};

/** The cells of rows × columns, drawn at `cell` pixels, with the frame's pointer handlers. */
interface CellsProps {
  rows: readonly number[];
  cols: readonly number[];
  cell: number;
  color(i: number, j: number): number;
  style: React.CSSProperties;
  handlers: Handlers;
}

function SvgCells({ rows, cols, cell, color, style, handlers }: CellsProps) {
  return (
    <svg
      className="heatmap-cells"
      style={style}
      width={cell * cols.length}
      height={cell * rows.length}
      {...handlers}
    >
      {rows.map((i, p) =>
        cols.map((j, q) => (
          <rect
            key={`${p}-${q}`}
            className="cell"
            x={q * cell}
            y={p * cell}
            width={cell}
            height={cell}
            fill={cssOf(color(i, j))}
          />
        )),
      )}
    </svg>
  );
}

function CanvasCells({ rows, cols, cell, color, style, handlers }: CellsProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    setPainted(false);
    const job = paintMatrix(canvas, rows, cols, color, () => setPainted(true));
    return () => job.cancel();
  }, [rows, cols, color]);
  // Exports draw the cells as rectangles, not the canvas's one pixel per cell scaled up.
  const picture = useMemo(
    () => cellsPicture(rows, cols, color, () => ref.current, cell),
    [rows, cols, color, cell],
  );
  useExportPicture(ref, picture);
  const { ref: frameRef, ...rest } = handlers;
  return (
    <canvas
      className="heatmap-cells"
      data-painted={painted ? 'yes' : 'no'}
      style={{ ...style, imageRendering: cell >= 1 ? 'pixelated' : 'auto' }}
      {...(rest as React.DOMAttributes<HTMLCanvasElement>)}
      ref={(el) => {
        ref.current = el;
        frameRef(el);
      }}
      tabIndex={handlers.tabIndex}
      role={handlers.role}
      aria-roledescription={handlers['aria-roledescription']}
      aria-label={handlers['aria-label']}
    />
  );
}

/** One axis: share strip, value labels, attribute band bars and names. */
function Axis({
  side,
  axis,
  geometry,
  emphasised,
  shares,
  onBand,
  step,
}: {
  side: 'rows' | 'cols';
  /** The cell size along the axis. */
  step: number;
  axis: FrameAxis;
  geometry: AxisGeometry;
  emphasised: ReadonlySet<number>;
  shares: ShareSpec | null;
  onBand?: FrameProps['onBand'];
}) {
  const { share, values } = geometry;
  // Along the axis (a) and outwards from the matrix (o, positive): rows draw to the left, columns up.
  const at = (a: number, o: number) =>
    side === 'rows' ? `translate(${-o},${a})` : `translate(${a},${-o}) rotate(-90)`;
  const bar = (a0: number, a1: number, o0: number, o1: number) =>
    side === 'rows'
      ? { x: -o1, y: a0, width: o1 - o0, height: Math.max(a1 - a0, 0.5) }
      : { x: a0, y: -o1, width: Math.max(a1 - a0, 0.5), height: o1 - o0 };
  // A selection's share of each value: in its own strip, or behind the value's label.
  const shareDepth = share > 0 ? share - 4 : values - 4;
  const shareBars = useMemo(() => {
    if (!shares) return [];
    return axis.items.map((item, p) => ({ p, item, s: shares.of(item) }));
  }, [shares, axis.items]);
  const bandBar = share + values + 3;
  return (
    <g className={`axis axis-${side}`}>
      {shareBars.map(({ p, item, s }) =>
        s > 0 ? (
          <rect
            key={`s${p}`}
            className={share > 0 ? 'share' : 'share behind'}
            {...bar(p * step, (p + 1) * step - (step > 3 ? 1 : 0), 2, 2 + s * shareDepth)}
          >
            <title>{shares?.describe(item)}</title>
          </rect>
        ) : null,
      )}
      {geometry.valueLabels.map((label) => {
        const item = axis.items[label.index] as number;
        return (
          // Keyed by the value, not the position: a re-order then only moves labels (a transform)
          // and never re-shapes their text, which dominated the re-order's layout.
          <g
            key={`v${item}`}
            className={emphasised.has(item) ? 'label strong' : 'label'}
            transform={at(label.at, share + 3)}
          >
            <text dy="0.35em" textAnchor={side === 'rows' ? 'end' : 'start'}>
              {label.text}
            </text>
            {label.text !== label.full && <title>{label.full}</title>}
          </g>
        );
      })}
      {geometry.bands.map((band, k) => (
        <rect
          key={`b${k}`}
          className={`band band-${k % 2}`}
          {...bar(band.start + 0.5, band.end - 0.5, bandBar, bandBar + 3)}
        >
          <title>{band.label}</title>
        </rect>
      ))}
      {onBand &&
        geometry.bands.map((band, k) => (
          <rect
            key={`h${k}`}
            className="band-hit"
            {...bar(band.start, band.end, share + values, share + values + geometry.groups)}
            onClick={() => onBand(side, k)}
          >
            <title>{`${band.label} — click to enlarge`}</title>
          </rect>
        ))}
      {geometry.groupLabels.map((label) => (
        <g key={`g${label.full}`} className="group-name" transform={at(label.at, bandBar + 6)}>
          <text dy="0.35em" textAnchor={side === 'rows' ? 'end' : 'start'}>
            {label.text}
          </text>
          {!onBand && <title>{label.full}</title>}
        </g>
      ))}
    </g>
  );
}
