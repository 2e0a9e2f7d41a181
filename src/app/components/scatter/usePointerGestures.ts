import { useEffect, useRef, useState, type RefObject } from 'react';
import { localPoint } from '../cssZoom.ts';
import { selectInBox, selectInPolygon } from './lasso.ts';
import { PICK_RADIUS } from './scatterStyle.ts';
import type { SpatialIndex } from './spatialIndex.ts';
import type { ScatterMode } from './ScatterToolbar.tsx';
import { panBy, toData, zoomAbout, type Mapping, type Zoom } from './viewTransform.ts';

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

export type Overlay =
  | { kind: 'pan' }
  | { kind: 'box'; x0: number; y0: number; x1: number; y1: number }
  | { kind: 'lasso'; path: number[] };

export interface Hover {
  i: number;
  cx: number;
  cy: number;
}

export interface GestureInput {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  points: Float64Array;
  mapping: Mapping;
  zoom: Zoom;
  mode: ScatterMode;
  width: number;
  height: number;
  /** Changes when the canvas is replaced by another (the renderer's), to listen to the new one. */
  surface?: string;
  /**
   * The points' grid index, built on first use; null while it is built in the background
   * (a large layout), unless `now`.
   */
  index(now: boolean): SpatialIndex | null;
  /** Changes the zoom (the caller pins the data bounds on the first change). */
  changeView(f: (z: Zoom) => Zoom): void;
  reset(): void;
  onHover(i: number | null): void;
  onSelect(objects: number[]): void;
  /** Hover and click pick within this many pixels (default PICK_RADIUS; larger dots reach further). */
  pickRadius?: number;
}

const isTextEntry = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

/**
 * The scatter's pointer, wheel and keyboard gestures: drag to select (box or lasso) or pan
 * (pan mode, middle button, or Space held over the plot), click to pick, hover through the grid
 * index, wheel and + / − to zoom, arrows to pan, 0 or a double click to reset.
 * Keys and the drag's selection are functions below; Space and wheel are hooks of their own.
 */
export function usePointerGestures(input: GestureInput) {
  const { canvasRef, points, mapping, mode, width, height, changeView, reset } = input;
  const [hover, setHover] = useState<Hover | null>(null);
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const space = useSpaceHeld();
  const drag = useRef<Drag | null>(null);
  useWheelZoom(canvasRef, changeView, input.surface);

  /** The point under (sx, sy), or −1; a hover (not `now`) finds none while the index is built. */
  const pick = (sx: number, sy: number, now: boolean): number => {
    const [x, y] = toData(mapping, sx, sy);
    const index = input.index(now);
    return index
      ? index.nearest(x, y, input.pickRadius ?? PICK_RADIUS, mapping.ax, mapping.ay)
      : -1;
  };
  const local = (e: React.PointerEvent<HTMLCanvasElement>): [number, number] => {
    return localPoint(e, e.currentTarget);
  };
  const clearHover = () => {
    if (!hover) return;
    setHover(null);
    input.onHover(null);
  };

  const onPointerDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0 && e.button !== 1) return;
    const [x, y] = local(e);
    const kind: ScatterMode = e.button === 1 || space.held || mode === 'pan' ? 'pan' : mode;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = {
      kind,
      x0: x,
      y0: y,
      zoom0: input.zoom,
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
      const i = pick(x, y, false);
      if (i < 0) return clearHover();
      if (hover?.i !== i) input.onHover(i);
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
      const i = pick(d.x0, d.y0, true);
      input.onSelect(i < 0 ? [] : [i]);
    } else if (d.kind !== 'pan') input.onSelect(dragSelection(d, x, y, mapping, points));
  };

  const cursor =
    overlay?.kind === 'pan' ? 'grabbing' : space.held || mode === 'pan' ? 'grab' : 'crosshair';
  return {
    hover,
    overlay,
    cursor,
    /** Forgets the hovered point (a new layout). */
    dropHover: () => setHover(null),
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel: () => {
        drag.current = null;
        setOverlay(null);
      },
      onPointerEnter: () => (space.inside.current = true),
      onPointerLeave: () => {
        space.inside.current = false;
        if (!drag.current) clearHover();
      },
      // Middle-button drags pan; keep Chromium's autoscroll out of it.
      onMouseDown: (e: React.MouseEvent) => e.button === 1 && e.preventDefault(),
      onDoubleClick: reset,
      onKeyDown: (e: React.KeyboardEvent<HTMLCanvasElement>) =>
        viewKey(e, width, height, changeView, reset),
    },
  };
}

/** The objects a box or lasso drag (`d`, released at x, y) encloses. */
function dragSelection(
  d: Drag,
  x: number,
  y: number,
  mapping: Mapping,
  points: Float64Array,
): number[] {
  if (d.kind === 'box') {
    const [ax, ay] = toData(mapping, d.x0, d.y0);
    const [bx, by] = toData(mapping, x, y);
    return selectInBox(points, ax, ay, bx, by);
  }
  return selectInPolygon(points, polygonInData(mapping, [...d.path, x, y]));
}

/** + / − zoom about the centre, arrows pan, 0 resets. */
function viewKey(
  e: React.KeyboardEvent<HTMLCanvasElement>,
  width: number,
  height: number,
  changeView: (f: (z: Zoom) => Zoom) => void,
  reset: () => void,
): void {
  const step = 40;
  const centre = (f: number) => changeView((z) => zoomAbout(z, width / 2, height / 2, f));
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
}

/** A lasso drawn in screen pixels, in data coordinates. */
function polygonInData(mapping: Mapping, path: readonly number[]): Float64Array {
  const polygon = new Float64Array(path.length);
  for (let k = 0; k < path.length; k += 2) {
    const [px, py] = toData(mapping, path[k] as number, path[k + 1] as number);
    polygon[k] = px;
    polygon[k + 1] = py;
  }
  return polygon;
}

/** Space held while the pointer is over the plot (it pans in any mode). */
function useSpaceHeld() {
  const [held, setHeld] = useState(false);
  const inside = useRef(false);
  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (e.code !== 'Space' || !inside.current || isTextEntry(e.target)) return;
      e.preventDefault();
      setHeld(true);
    };
    const up = (e: KeyboardEvent) => {
      if (e.code !== 'Space') return;
      if (inside.current && !isTextEntry(e.target)) e.preventDefault();
      setHeld(false);
    };
    const blur = () => setHeld(false);
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', blur);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', blur);
    };
  }, []);
  return { held, inside };
}

/** Wheel zoom about the pointer: native and non-passive, so the page does not scroll. */
function useWheelZoom(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  changeView: (f: (z: Zoom) => Zoom) => void,
  surface: string | undefined,
) {
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const [x, y] = localPoint(e, canvas);
      const unit = e.deltaMode === 1 ? 0.05 : e.deltaMode === 2 ? 1 : 0.002;
      const factor = 2 ** (-e.deltaY * unit);
      changeView((z) => zoomAbout(z, x, y, factor));
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [canvasRef, changeView, surface]);
}
