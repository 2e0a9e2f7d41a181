import { useStore } from '../../store/index.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Tooltip } from '../Tooltip.tsx';
import { useWidth } from '../useWidth.ts';
import { emphasisMask, groupByColor } from './colorGroups.ts';
import { downloadBlob } from './download.ts';
import { drawScatter, type DrawInput } from './draw.ts';
import { selectInBox, selectInPolygon } from './lasso.ts';
import { ScatterLegend, type LegendSpec } from './ScatterLegend.tsx';
import { scatterCsv, scatterSvg } from './scatterExport.ts';
import { FIT_PAD, OUTLINE, PICK_RADIUS, pointRadius } from './scatterStyle.ts';
import { buildSpatialIndex, type SpatialIndex } from './spatialIndex.ts';
import { ScatterToolbar, type ScatterMode } from './ScatterToolbar.tsx';
import {
  applyZoom,
  type Bounds,
  dataBounds,
  fitMapping,
  formatZoom,
  IDENTITY,
  panBy,
  toData,
  toScreen,
  type Zoom,
  zoomAbout,
} from './viewTransform.ts';

export interface ProjectionScatterProps {
  /** n × 2 coordinates, row-major; may be replaced every frame while a layout animates. */
  points: Float64Array;
  color(i: number): string;
  /** Objects drawn on top, larger and outlined; the rest fade when any is emphasised. */
  emphasised: ReadonlySet<number>;
  tooltip(i: number): string[];
  onHover(i: number | null): void;
  /** Box, lasso or click selection, ascending; empty = cleared. */
  onSelect(objects: number[]): void;
  /** data-testid of the root. */
  name: string;
  /** Height of the plot in pixels (the toolbar comes on top). */
  height?: number;
  /**
   * The view is fitted again (and the user's zoom dropped) when this changes. Without it every
   * new `points` array is a new layout; pass one that stays the same over an animated run.
   */
  layoutKey?: string;
  /** File name of the exports without extension; defaults to `name`. */
  exportName?: string;
  /** Adds a label column to the CSV export. */
  labelOf?(i: number): string;
  /** Colour legend shown above the plot. */
  legend?: LegendSpec;
  /** 'fill' stretches each axis to the canvas; 'equal' keeps distances comparable. */
  aspect?: 'fill' | 'equal';
  /** Shape of each point (scatter/shapes.ts), e.g. by class while colour shows a score. */
  shapes?: Uint8Array | null;
}

/** The user's zoom, and the data bounds it was made on (null while the view follows the data). */
interface View {
  zoom: Zoom;
  frozen: Bounds | null;
}

const FOLLOW: View = { zoom: IDENTITY, frozen: null };
/** A press that moves less than this is a click. */
const CLICK_SLOP = 4;

interface Drag {
  kind: ScatterMode;
  x0: number;
  y0: number;
  zoom0: Zoom;
  moved: boolean;
  /** A middle-button press pans and never selects. */
  middle: boolean;
  /** Lasso vertices in screen pixels, flat. */
  path: number[];
}

type Overlay =
  | { kind: 'pan' }
  | { kind: 'box'; x0: number; y0: number; x1: number; y1: number }
  | { kind: 'lasso'; path: number[] };

const isTextEntry = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

/**
 * Objects of a 2-D projection on one canvas, for tens of thousands of points: colour-batched
 * drawing, wheel zoom and pan, box / lasso / click selection, hover through a grid index, and
 * PNG / SVG / CSV export of the current view.
 */
export function ProjectionScatter({
  points,
  color,
  emphasised,
  tooltip,
  onHover,
  onSelect,
  name,
  height = 360,
  layoutKey,
  exportName,
  labelOf,
  legend,
  aspect = 'fill',
  shapes = null,
}: ProjectionScatterProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const n = points.length >> 1;
  // Less the plot's 1 px border on each side.
  const w = Math.max(width - 2, 240);
  const [mode, setMode] = useState<ScatterMode>('box');
  const [view, setView] = useState<View>(FOLLOW);
  const [hover, setHover] = useState<{ i: number; cx: number; cy: number } | null>(null);
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const [space, setSpace] = useState(false);
  const drag = useRef<Drag | null>(null);
  const inside = useRef(false);

  // A new layout: fit it afresh (state adjusted during render, React's "previous props" pattern).
  const key: unknown = layoutKey ?? points;
  const [seenKey, setSeenKey] = useState(key);
  if (seenKey !== key) {
    setSeenKey(key);
    setView(FOLLOW);
    setHover(null);
  }

  const liveBounds = useMemo(() => dataBounds(points), [points]);
  const fit = useMemo(
    () => fitMapping(view.frozen ?? liveBounds, w, height, FIT_PAD, aspect),
    [view.frozen, liveBounds, w, height, aspect],
  );
  const mapping = useMemo(() => applyZoom(fit, view.zoom), [fit, view.zoom]);
  const groups = useMemo(() => groupByColor(n, color), [n, color]);
  const mask = useMemo(() => emphasisMask(n, emphasised), [n, emphasised]);
  const radius = pointRadius(n, view.zoom.k);
  const drawInput = useMemo<DrawInput>(
    () => ({
      points,
      groups,
      mask,
      anyEmphasis: emphasised.size > 0,
      mapping,
      width: w,
      height,
      radius,
      shapes: shapes && shapes.length === n ? shapes : null,
    }),
    [points, groups, mask, emphasised, mapping, w, height, radius, shapes, n],
  );
  // Where the emphasised objects are on the canvas (CSS px, "x0,y0,x1,y1"), for tests and
  // assistive tools that need to reach them; empty when none is emphasised or in view.
  const emphasisBox = useMemo(() => {
    if (emphasised.size === 0) return '';
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const i of emphasised) {
      const x = mapping.ax * (points[2 * i] as number) + mapping.bx;
      const y = mapping.ay * (points[2 * i + 1] as number) + mapping.by;
      if (!(x >= 0 && x <= w && y >= 0 && y <= height)) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
    return x0 <= x1 ? [x0, y0, x1, y1].map((v) => v.toFixed(1)).join(',') : '';
  }, [emphasised, points, mapping, w, height]);
  // Built on the first hover after the points change, not on every animation frame.
  const index = useMemo(() => {
    let built: SpatialIndex | null = null;
    return () => (built ??= buildSpatialIndex(points));
  }, [points]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    // One draw per frame however many updates arrive in it.
    const frame = requestAnimationFrame(() => {
      const ratio = window.devicePixelRatio || 1;
      const pw = Math.round(w * ratio);
      const ph = Math.round(height * ratio);
      if (canvas.width !== pw || canvas.height !== ph) {
        canvas.width = pw;
        canvas.height = ph;
      }
      const t0 = performance.now();
      drawScatter(ctx, drawInput, ratio);
      canvas.dataset.drawMs = (performance.now() - t0).toFixed(1);
    });
    return () => cancelAnimationFrame(frame);
  }, [drawInput, w, height]);

  /** Changes the zoom; the first change pins the data bounds so later frames don't refit. */
  const changeView = useCallback(
    (f: (z: Zoom) => Zoom) => setView((v) => ({ frozen: v.frozen ?? liveBounds, zoom: f(v.zoom) })),
    [liveBounds],
  );
  const reset = () => setView(FOLLOW);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // Native and non-passive, so the page does not scroll while zooming.
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = canvas.getBoundingClientRect();
      const unit = e.deltaMode === 1 ? 0.05 : e.deltaMode === 2 ? 1 : 0.002;
      const factor = 2 ** (-e.deltaY * unit);
      changeView((z) => zoomAbout(z, e.clientX - rect.left, e.clientY - rect.top, factor));
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [changeView]);

  useEffect(() => {
    // Space held over the plot pans in any mode.
    const down = (e: KeyboardEvent) => {
      if (e.code !== 'Space' || !inside.current || isTextEntry(e.target)) return;
      e.preventDefault();
      setSpace(true);
    };
    const up = (e: KeyboardEvent) => {
      if (e.code !== 'Space') return;
      if (inside.current && !isTextEntry(e.target)) e.preventDefault();
      setSpace(false);
    };
    const blur = () => setSpace(false);
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', blur);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', blur);
    };
  }, []);

  const pick = (sx: number, sy: number): number => {
    const [x, y] = toData(mapping, sx, sy);
    return index().nearest(x, y, PICK_RADIUS, mapping.ax, mapping.ay);
  };
  const local = (e: React.PointerEvent<HTMLCanvasElement>): [number, number] => {
    const rect = e.currentTarget.getBoundingClientRect();
    return [e.clientX - rect.left, e.clientY - rect.top];
  };
  const clearHover = () => {
    if (!hover) return;
    setHover(null);
    onHover(null);
  };

  const onPointerDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0 && e.button !== 1) return;
    const [x, y] = local(e);
    const kind: ScatterMode = e.button === 1 || space || mode === 'pan' ? 'pan' : mode;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = {
      kind,
      x0: x,
      y0: y,
      zoom0: view.zoom,
      moved: false,
      middle: e.button === 1,
      path: [x, y],
    };
    clearHover();
  };

  const onPointerMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const [x, y] = local(e);
    const d = drag.current;
    if (!d) {
      const i = pick(x, y);
      if (i < 0) return clearHover();
      if (hover?.i !== i) onHover(i);
      setHover({ i, cx: e.clientX, cy: e.clientY });
      return;
    }
    if (!d.moved && Math.hypot(x - d.x0, y - d.y0) < CLICK_SLOP) return;
    d.moved = true;
    if (d.kind === 'pan') {
      // From the press, not the last move: no drift from rounding or skipped events.
      changeView(() => panBy(d.zoom0, x - d.x0, y - d.y0));
      setOverlay({ kind: 'pan' });
    } else if (d.kind === 'box') {
      setOverlay({ kind: 'box', x0: d.x0, y0: d.y0, x1: x, y1: y });
    } else {
      const lx = d.path[d.path.length - 2] as number;
      const ly = d.path[d.path.length - 1] as number;
      if (Math.hypot(x - lx, y - ly) >= 2) d.path.push(x, y);
      setOverlay({ kind: 'lasso', path: d.path.slice() });
    }
  };

  const onPointerUp = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (!d) return;
    drag.current = null;
    setOverlay(null);
    if (e.currentTarget.hasPointerCapture(e.pointerId))
      e.currentTarget.releasePointerCapture(e.pointerId);
    const [x, y] = local(e);
    if (!d.moved) {
      if (d.middle) return;
      const i = pick(d.x0, d.y0);
      onSelect(i < 0 ? [] : [i]);
    } else if (d.kind === 'box') {
      const [ax, ay] = toData(mapping, d.x0, d.y0);
      const [bx, by] = toData(mapping, x, y);
      onSelect(selectInBox(points, ax, ay, bx, by));
    } else if (d.kind === 'lasso') {
      const path = [...d.path, x, y];
      const polygon = new Float64Array(path.length);
      for (let k = 0; k < path.length; k += 2) {
        const [px, py] = toData(mapping, path[k] as number, path[k + 1] as number);
        polygon[k] = px;
        polygon[k + 1] = py;
      }
      onSelect(selectInPolygon(points, polygon));
    }
  };

  const cancelDrag = () => {
    drag.current = null;
    setOverlay(null);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLCanvasElement>) => {
    const step = 40;
    const centre = (f: number) => changeView((z) => zoomAbout(z, w / 2, height / 2, f));
    const moves: Record<string, () => void> = {
      '+': () => centre(1.25),
      '=': () => centre(1.25),
      '-': () => centre(0.8),
      '0': reset,
      ArrowLeft: () => changeView((z) => panBy(z, step, 0)),
      ArrowRight: () => changeView((z) => panBy(z, -step, 0)),
      ArrowUp: () => changeView((z) => panBy(z, 0, step)),
      ArrowDown: () => changeView((z) => panBy(z, 0, -step)),
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    move();
  };

  const base = exportName ?? name;
  const exportPng = () => {
    const canvas = document.createElement('canvas');
    const ratio = Math.max(2, window.devicePixelRatio || 1);
    canvas.width = Math.round(w * ratio);
    canvas.height = Math.round(height * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    drawScatter(ctx, { ...drawInput, background: '#ffffff' }, ratio);
    canvas.toBlob((blob) => blob && downloadBlob(blob, `${base}.png`), 'image/png');
  };
  const exportSvg = () => {
    const svg = scatterSvg({ ...drawInput, background: '#ffffff' });
    downloadBlob(new Blob([svg], { type: 'image/svg+xml' }), `${base}.svg`);
  };
  const fileLines = useStore((st) => st.loaded?.meta.lines);
  const exportCsv = () => {
    const csv = scatterCsv(points, labelOf, (i) => fileLines?.[i] ?? i + 2);
    downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${base}.csv`);
  };

  const panning = overlay?.kind === 'pan';
  const cursor = panning ? 'grabbing' : space || mode === 'pan' ? 'grab' : 'crosshair';
  const hovered = hover && hover.i < n && !overlay ? hover : null;
  const ring = hovered
    ? toScreen(mapping, points[2 * hovered.i] as number, points[2 * hovered.i + 1] as number)
    : null;

  return (
    <div
      ref={ref}
      className="scatter"
      data-testid={name}
      data-points={n}
      data-mode={mode}
      data-transform={formatZoom(view.zoom)}
      data-emphasis-box={emphasisBox}
      data-emphasised={emphasised.size}
    >
      <div className="scatter-head">
        {legend ? <ScatterLegend spec={legend} /> : <span />}
        <ScatterToolbar
          mode={mode}
          onMode={setMode}
          canReset={view.frozen !== null}
          onReset={reset}
          onExport={{ png: exportPng, svg: exportSvg, csv: exportCsv }}
        />
      </div>
      <div className="scatter-plot" style={{ width: w, height }}>
        <canvas
          ref={canvasRef}
          style={{ width: w, height, cursor }}
          tabIndex={0}
          aria-label={`${name}: ${n} points. Drag to ${mode === 'pan' ? 'pan' : 'select'}, wheel or + / − to zoom, arrows to pan, 0 to reset`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={cancelDrag}
          onPointerEnter={() => (inside.current = true)}
          onPointerLeave={() => {
            inside.current = false;
            if (!drag.current) clearHover();
          }}
          // Middle-button drags pan; keep Chromium's autoscroll out of it.
          onMouseDown={(e) => e.button === 1 && e.preventDefault()}
          onDoubleClick={reset}
          onKeyDown={onKeyDown}
        />
        <svg className="scatter-overlay" width={w} height={height} aria-hidden="true">
          {overlay?.kind === 'box' && (
            <rect
              className="brush"
              x={Math.min(overlay.x0, overlay.x1)}
              y={Math.min(overlay.y0, overlay.y1)}
              width={Math.abs(overlay.x1 - overlay.x0)}
              height={Math.abs(overlay.y1 - overlay.y0)}
            />
          )}
          {overlay?.kind === 'lasso' && (
            <polygon className="brush" points={overlay.path.join(' ')} />
          )}
          {ring && <circle cx={ring[0]} cy={ring[1]} r={radius + 3} fill="none" stroke={OUTLINE} />}
        </svg>
      </div>
      {hovered && <Tooltip x={hovered.cx} y={hovered.cy} lines={tooltip(hovered.i)} />}
    </div>
  );
}
