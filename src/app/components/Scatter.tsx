import { quadtree } from 'd3';
import { Tooltip } from './Tooltip.tsx';
import { useEffect, useMemo, useRef, useState } from 'react';
import { extent } from '../views/cureModel.ts';
import { useWidth } from './useWidth.ts';

export interface ScatterProps {
  /** n × 2 coordinates, row-major. */
  points: Float64Array;
  color(i: number): string;
  /** Objects drawn on top, larger and outlined; the rest fade when any is emphasised. */
  emphasised: ReadonlySet<number>;
  tooltip(i: number): string[];
  onHover(i: number | null): void;
  /** Box selection (drag) or a click on a point (one object); empty = cleared. */
  onSelect(objects: number[]): void;
  name: string;
  height?: number;
}

const PAD = 12;

/**
 * Objects as points on a canvas: hover for a tooltip, drag a box to select, click a point to
 * select it. Draws thousands of points without one DOM node each.
 */
export function Scatter({
  points,
  color,
  emphasised,
  tooltip,
  onHover,
  onSelect,
  name,
  height = 360,
}: ScatterProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const n = points.length / 2;
  const w = Math.max(width, 240);
  const [hover, setHover] = useState<{ i: number; x: number; y: number } | null>(null);
  const [brush, setBrush] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(
    null,
  );
  const scale = useMemo(() => {
    const [x0, x1] = extent(points, 2, 0);
    const [y0, y1] = extent(points, 2, 1);
    return {
      x: (x: number) => PAD + ((x - x0) / (x1 - x0)) * (w - 2 * PAD),
      y: (y: number) => height - PAD - ((y - y0) / (y1 - y0)) * (height - 2 * PAD),
    };
  }, [points, w, height]);
  const tree = useMemo(
    () =>
      quadtree<number>()
        .x((i) => scale.x(points[2 * i] as number))
        .y((i) => scale.y(points[2 * i + 1] as number))
        .addAll(Array.from({ length: n }, (_, i) => i)),
    [points, n, scale],
  );
  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = w * ratio;
    canvas.height = height * ratio;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, w, height);
    const faded = emphasised.size > 0;
    const radius = n > 5000 ? 1.5 : n > 1000 ? 2.5 : 3.5;
    ctx.globalAlpha = faded ? 0.25 : 0.85;
    for (let i = 0; i < n; i++) {
      if (faded && emphasised.has(i)) continue;
      ctx.fillStyle = color(i);
      ctx.beginPath();
      ctx.arc(
        scale.x(points[2 * i] as number),
        scale.y(points[2 * i + 1] as number),
        radius,
        0,
        2 * Math.PI,
      );
      ctx.fill();
    }
    ctx.globalAlpha = 1;
    ctx.strokeStyle = '#111827';
    ctx.lineWidth = 1.2;
    for (const i of emphasised) {
      if (i < 0 || i >= n) continue;
      ctx.fillStyle = color(i);
      ctx.beginPath();
      ctx.arc(
        scale.x(points[2 * i] as number),
        scale.y(points[2 * i + 1] as number),
        radius + 1.5,
        0,
        2 * Math.PI,
      );
      ctx.fill();
      ctx.stroke();
    }
  }, [points, n, w, height, color, emphasised, scale]);

  const local = (e: React.PointerEvent) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };
  const nearest = (x: number, y: number): number | undefined => tree.find(x, y, 8);

  return (
    <div ref={ref} className="scatter" data-testid={name} data-points={n} style={{ height }}>
      <canvas
        ref={canvasRef}
        style={{ width: w, height }}
        aria-label={name}
        onPointerDown={(e) => {
          const p = local(e);
          e.currentTarget.setPointerCapture(e.pointerId);
          setBrush({ x0: p.x, y0: p.y, x1: p.x, y1: p.y });
        }}
        onPointerMove={(e) => {
          const p = local(e);
          if (brush) {
            setBrush({ ...brush, x1: p.x, y1: p.y });
            return;
          }
          const i = nearest(p.x, p.y);
          if (i === undefined) {
            if (hover) {
              setHover(null);
              onHover(null);
            }
            return;
          }
          if (hover?.i !== i) onHover(i);
          setHover({ i, x: e.clientX, y: e.clientY });
        }}
        onPointerUp={(e) => {
          if (!brush) return;
          const small = Math.abs(brush.x1 - brush.x0) < 4 && Math.abs(brush.y1 - brush.y0) < 4;
          if (small) {
            const i = nearest(brush.x0, brush.y0);
            onSelect(i === undefined ? [] : [i]);
          } else {
            const [xa, xb] = [Math.min(brush.x0, brush.x1), Math.max(brush.x0, brush.x1)];
            const [ya, yb] = [Math.min(brush.y0, brush.y1), Math.max(brush.y0, brush.y1)];
            const inside: number[] = [];
            tree.visit((node, x0, y0, x1, y1) => {
              if (!('length' in node)) {
                let leaf: typeof node | undefined = node;
                while (leaf) {
                  const i = leaf.data;
                  const x = scale.x(points[2 * i] as number);
                  const y = scale.y(points[2 * i + 1] as number);
                  if (x >= xa && x <= xb && y >= ya && y <= yb) inside.push(i);
                  leaf = leaf.next;
                }
              }
              return x0 > xb || x1 < xa || y0 > yb || y1 < ya;
            });
            onSelect(inside.sort((a, b) => a - b));
          }
          e.currentTarget.releasePointerCapture(e.pointerId);
          setBrush(null);
        }}
        onPointerLeave={() => {
          setHover(null);
          onHover(null);
        }}
      />
      {brush && (
        <div
          className="brush"
          style={{
            left: Math.min(brush.x0, brush.x1),
            top: Math.min(brush.y0, brush.y1),
            width: Math.abs(brush.x1 - brush.x0),
            height: Math.abs(brush.y1 - brush.y0),
          }}
        />
      )}
      {hover && !brush && <Tooltip x={hover.x} y={hover.y} lines={tooltip(hover.i)} />}
    </div>
  );
}
