import { useEffect, useMemo, useRef, useState } from 'react';
import { Tooltip } from './Tooltip.tsx';
import type { HeatmapLayout } from '../views/heatmapModel.ts';
import { useWidth } from './useWidth.ts';

export interface HeatmapProps {
  /** Rows and columns share one layout (a symmetric matrix of items). */
  layout: HeatmapLayout;
  /** Fill of cell (i, j), item indices. */
  color(i: number, j: number): string;
  tooltip(i: number, j: number): string[];
  /** Items to emphasise (their rows and columns are outlined, their labels bold). */
  emphasised: ReadonlySet<number>;
  onHover(cell: [number, number] | null): void;
  onClick?(i: number, j: number): void;
  /** Accessible name and test id of the matrix. */
  name: string;
}

/** Above this many cells the matrix is painted on a canvas instead of one SVG rect per cell. */
const SVG_CELL_LIMIT = 40_000;
const LABEL_FONT = 11;
/** Labels longer than this are cut with an ellipsis. */
const MAX_LABEL = 22;

/**
 * A square heatmap with labelled axes and group separators, shared by every view that shows a
 * value × value or attribute × attribute matrix. Hover and click report item indices.
 */
export function Heatmap({
  layout,
  color,
  tooltip,
  emphasised,
  onHover,
  onClick,
  name,
}: HeatmapProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const n = layout.order.length;
  const maxLabel = Math.min(MAX_LABEL, Math.max(4, ...layout.labels.map((l) => l.length)));
  const margin = Math.min(150, 14 + maxLabel * 6.2) + (layout.groups.length > 0 ? 20 : 0);
  // Leave room on the right for rotated column labels (about half a label's length).
  const cell =
    n > 0
      ? Math.max(
          2,
          Math.min(28, Math.floor((Math.max(width, 200) - margin - 8 - maxLabel * 3.2) / n)),
        )
      : 0;
  const size = cell * n;
  // Rotated column labels reach past the last column by about half their length.
  const rightPad = showLabelsFor(cell) ? Math.min(margin, maxLabel * 3.2) : 8;
  const showLabels = showLabelsFor(cell);
  // x, y: pointer position in the viewport; the tooltip is fixed-positioned so no panel clips it.
  const [hover, setHover] = useState<{ p: number; q: number; x: number; y: number } | null>(null);

  const positionOf = useMemo(() => {
    const m = new Map<number, number>();
    layout.order.forEach((item, p) => m.set(item, p));
    return m;
  }, [layout]);

  const pointer = (event: React.PointerEvent<SVGElement | HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - rect.left;
    const y = event.clientY - rect.top;
    const q = Math.floor(x / cell);
    const p = Math.floor(y / cell);
    if (p < 0 || q < 0 || p >= n || q >= n) return leave();
    const i = layout.order[p] as number;
    const j = layout.order[q] as number;
    if (!hover || hover.p !== p || hover.q !== q) onHover([i, j]);
    setHover({ p, q, x: event.clientX, y: event.clientY });
  };
  const leave = () => {
    setHover(null);
    onHover(null);
  };
  const click = () => {
    if (hover && onClick) onClick(layout.order[hover.p] as number, layout.order[hover.q] as number);
  };

  const useCanvas = n * n > SVG_CELL_LIMIT;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!useCanvas || !canvasRef.current) return;
    const ctx = canvasRef.current.getContext('2d');
    if (!ctx) return;
    const ratio = window.devicePixelRatio || 1;
    canvasRef.current.width = size * ratio;
    canvasRef.current.height = size * ratio;
    ctx.scale(ratio, ratio);
    for (let p = 0; p < n; p++)
      for (let q = 0; q < n; q++) {
        ctx.fillStyle = color(layout.order[p] as number, layout.order[q] as number);
        ctx.fillRect(q * cell, p * cell, cell, cell);
      }
  }, [useCanvas, size, n, cell, color, layout]);

  const emphasisedPositions = [...emphasised]
    .map((v) => positionOf.get(v))
    .filter((p): p is number => p !== undefined);

  return (
    <div ref={ref} className="heatmap" data-testid={name} data-cells={n * n} aria-label={name}>
      {n === 0 ? (
        <p className="muted">Nothing to show.</p>
      ) : (
        <div
          className="heatmap-frame"
          style={{ width: margin + size + rightPad, height: margin + size }}
        >
          <svg className="heatmap-axes" width={margin + size + rightPad} height={margin + size}>
            <g transform={`translate(${margin},${margin})`}>
              {showLabels &&
                layout.labels.map((label, p) => {
                  const strong = emphasised.has(layout.order[p] as number);
                  return (
                    <g key={p} className={strong ? 'label strong' : 'label'}>
                      <text
                        x={-4}
                        y={p * cell + cell / 2}
                        dy="0.35em"
                        textAnchor="end"
                        fontSize={LABEL_FONT}
                      >
                        {truncate(label)}
                      </text>
                      <text
                        transform={`translate(${columnLabelX(p, cell)},-4) rotate(-60)`}
                        fontSize={LABEL_FONT}
                      >
                        {truncate(label)}
                      </text>
                    </g>
                  );
                })}
              {layout.groups.map((g) => (
                <g key={g.label} className="group">
                  {!showLabels && (g.end - g.start) * cell >= 12 && (
                    <text
                      x={-4}
                      y={((g.start + g.end) / 2) * cell}
                      dy="0.35em"
                      textAnchor="end"
                      fontSize={LABEL_FONT}
                    >
                      {truncate(g.label)}
                    </text>
                  )}
                  <title>{g.label}</title>
                </g>
              ))}
              {showLabels &&
                layout.groups.map((g) => {
                  const height = (g.end - g.start) * cell;
                  const fits = Math.floor((height - 4) / 6.5);
                  return (
                    <g key={`b-${g.label}`} className="group-name">
                      <rect
                        className="group-bar"
                        x={-margin + 2}
                        width={3}
                        y={g.start * cell + 1}
                        height={height - 2}
                      />
                      {fits >= 3 && (
                        <text
                          transform={`translate(${-margin + 14},${(g.start * cell + height / 2).toFixed(1)}) rotate(-90)`}
                          textAnchor="middle"
                          fontSize={10}
                        >
                          {g.label.length > fits ? `${g.label.slice(0, fits - 1)}…` : g.label}
                        </text>
                      )}
                      <title>{g.label}</title>
                    </g>
                  );
                })}
            </g>
          </svg>
          {useCanvas ? (
            <canvas
              ref={canvasRef}
              className="heatmap-cells"
              style={{ left: margin, top: margin, width: size, height: size }}
              onPointerMove={pointer}
              onPointerLeave={leave}
              onClick={click}
              role="img"
              aria-label={`${name} cells`}
            />
          ) : (
            <svg
              className="heatmap-cells"
              style={{ left: margin, top: margin }}
              width={size}
              height={size}
              onPointerMove={pointer}
              onPointerLeave={leave}
              onClick={click}
              role="img"
              aria-label={`${name} cells`}
            >
              {layout.order.map((i, p) =>
                layout.order.map((j, q) => (
                  <rect
                    key={`${p}-${q}`}
                    className="cell"
                    x={q * cell}
                    y={p * cell}
                    width={cell}
                    height={cell}
                    fill={color(i, j)}
                  />
                )),
              )}
            </svg>
          )}
          <svg
            className="heatmap-overlay"
            style={{ left: margin, top: margin }}
            width={size}
            height={size}
          >
            {layout.groups.slice(1).map((g) => (
              <g key={g.label} className="separator">
                <line x1={0} x2={size} y1={g.start * cell} y2={g.start * cell} />
                <line y1={0} y2={size} x1={g.start * cell} x2={g.start * cell} />
              </g>
            ))}
            {emphasisedPositions.map((p) => (
              <g key={p}>
                <rect className="emph" x={0} y={p * cell} width={size} height={cell} />
                <rect className="emph" x={p * cell} y={0} width={cell} height={size} />
              </g>
            ))}
            {hover && (
              <rect
                className="hover-cell"
                x={hover.q * cell}
                y={hover.p * cell}
                width={cell}
                height={cell}
              />
            )}
          </svg>
          {hover && (
            <Tooltip
              x={hover.x}
              y={hover.y}
              lines={tooltip(layout.order[hover.p] as number, layout.order[hover.q] as number)}
            />
          )}
        </div>
      )}
    </div>
  );
}

function showLabelsFor(cell: number): boolean {
  return cell >= 9;
}

/** x of a rotated column label: the column's centre, nudged right so the text sits over it. */
function columnLabelX(q: number, cell: number): number {
  return q * cell + cell / 2 + 3;
}

function truncate(label: string): string {
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}
