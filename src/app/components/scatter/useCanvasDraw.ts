import { useEffect, useRef, useState, type RefObject } from 'react';
import { liftedOn } from '../../model/colors.ts';
import { themeColor, useTheme } from '../theme.ts';
import type { ColorGroups } from './colorGroups.ts';
import type { DrawInput } from './draw.ts';
import { slicedDraw, type SlicedDraw } from './slicedDraw.ts';
import { createGlScatter, type GlScatter } from './glScatter.ts';
import { MAX_GL_SCATTERS, releaseGlSlot, takeGlSlot, type Renderer } from './renderer.ts';
import type { Mapping } from './viewTransform.ts';

/** The plot surface of each theme, read once (not on every frame of a pan or zoom). */
const plotBackgrounds = new Map<string, string>();

function plotBackground(theme: string, canvas: HTMLCanvasElement): string {
  let color = plotBackgrounds.get(theme);
  if (color === undefined) {
    color = themeColor('--plot-bg', '#ffffff', canvas);
    plotBackgrounds.set(theme, color);
  }
  return color;
}

/** Each grouping's colours lifted for a dark surface, per surface (liftedOn), built once. */
const liftedGroups = new WeakMap<ColorGroups, { background: string; groups: ColorGroups }>();

/**
 * The groups as drawn on `background`: the theme's own colours on the light surface; on the dark
 * one, those too dark to see lifted (the legend lifts the same ones, ScatterLegend.tsx). Exports
 * pass their white background themselves and never come here.
 */
function groupsOn(groups: ColorGroups, theme: string, background: string): ColorGroups {
  if (theme !== 'dark') return groups;
  const cached = liftedGroups.get(groups);
  if (cached?.background === background) return cached.groups;
  const lifted = { ...groups, colors: groups.colors.map((c) => liftedOn(c, background)) };
  liftedGroups.set(groups, { background, groups: lifted });
  return lifted;
}

/** The sliced raster of each 2-D context (slicedDraw.ts), kept across frames. */
const sliced = new WeakMap<CanvasRenderingContext2D, SlicedDraw>();

function slicedOf(ctx: CanvasRenderingContext2D): SlicedDraw {
  let s = sliced.get(ctx);
  if (!s) {
    s = slicedDraw(ctx);
    sliced.set(ctx, s);
  }
  return s;
}

/** What draws a scatter now, and why not WebGL when it was asked for. */
export interface Surface {
  renderer: Renderer;
  /** Why WebGL was asked for but the CPU draws (no slot left, the context lost), or null. */
  fallback: string | null;
}

/**
 * Draws the scatter once per animation frame however many updates arrive in it, on the theme's
 * plot surface (`--plot-bg`; the exports draw on white, exportFiles.ts), again when it changes:
 * with WebGL2 when `asked` is 'webgl' and a context is to be had, else by the CPU raster. A
 * canvas takes one kind of context for good, so the caller gives each renderer a canvas of its
 * own (keyed by the returned renderer). The raster draws in slices (slicedDraw.ts), showing the
 * last picture moved to a new view meanwhile. The canvas's `data-drawn` counts the finished
 * frames shown (for WebGL, once the GPU is done), `data-frame-ms` gives the last one's time from
 * its draw call, and `data-previews` counts the raster's previews.
 */
export function useCanvasDraw(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  input: DrawInput,
  asked: Renderer,
): Surface {
  const { theme } = useTheme();
  const [failure, setFailure] = useState<{ asked: Renderer; why: string } | null>(null);
  const fallback = failure?.asked === asked ? failure.why : null;
  const renderer: Renderer = asked === 'webgl' && fallback === null ? 'webgl' : 'cpu';
  const gl = useGlScatter(canvasRef, renderer === 'webgl', (why) => setFailure({ asked, why }));
  useEffect(() => {
    const canvas = canvasRef.current;
    // Never a 2-D context on the WebGL canvas: it would have no WebGL after.
    const ctx = canvas && renderer === 'cpu' ? canvas.getContext('2d') : null;
    if (!canvas || (!ctx && !gl)) return;
    const frame = requestAnimationFrame(() => {
      const ratio = window.devicePixelRatio || 1;
      const pw = Math.round(input.width * ratio);
      const ph = Math.round(input.height * ratio);
      if (canvas.width !== pw || canvas.height !== ph) {
        canvas.width = pw;
        canvas.height = ph;
      }
      const t0 = performance.now();
      const background = input.background ?? plotBackground(theme, canvas);
      const shownInput = {
        ...input,
        background,
        groups: groupsOn(input.groups, theme, background),
      };
      if (ctx) slicedOf(ctx).draw(shownInput, ratio, (ms) => shown(canvas, ms));
      else gl?.draw(shownInput, ratio, background);
      canvas.dataset.drawMs = (performance.now() - t0).toFixed(1);
    });
    return () => cancelAnimationFrame(frame);
  }, [canvasRef, renderer, gl, input, theme]);
  // The slices still to come stop with the canvas (another renderer, or unmounted).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (renderer !== 'cpu' || !canvas) return;
    return () => {
      const ctx = canvas.getContext('2d');
      if (ctx) sliced.get(ctx)?.stop();
    };
  }, [canvasRef, renderer]);
  return { renderer, fallback };
}

/** Marks a frame as shown on the scatter's 2-D canvas (see useCanvasDraw). */
function shown(canvas: HTMLCanvasElement, ms: number): void {
  canvas.dataset.drawn = String(Number(canvas.dataset.drawn ?? 0) + 1);
  canvas.dataset.frameMs = ms.toFixed(1);
}

/**
 * The WebGL scatter of the canvas while `wanted`, or null: made when a slot is free
 * (renderer.ts), given up when its context is lost (`fail` says why) or no longer wanted.
 */
function useGlScatter(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  wanted: boolean,
  fail: (why: string) => void,
): GlScatter | null {
  const [gl, setGl] = useState<GlScatter | null>(null);
  const failRef = useRef(fail);
  useEffect(() => {
    failRef.current = fail;
  });
  useEffect(() => {
    const glCanvas = canvasRef.current;
    if (!wanted || !glCanvas) return;
    if (!takeGlSlot()) {
      failRef.current(`more than ${MAX_GL_SCATTERS} scatters draw with WebGL on this page`);
      return;
    }
    let made: GlScatter | null = null;
    let why = 'the browser gave no WebGL2 context';
    try {
      made = createGlScatter(glCanvas, (ms) => shown(glCanvas, ms));
    } catch (e) {
      why = e instanceof Error ? e.message : String(e);
    }
    if (!made) {
      releaseGlSlot();
      failRef.current(why);
      return;
    }
    const lost = (e: Event) => {
      e.preventDefault();
      failRef.current('the WebGL context was lost');
    };
    glCanvas.addEventListener('webglcontextlost', lost);
    setGl(made);
    const scatter = made;
    return () => {
      glCanvas.removeEventListener('webglcontextlost', lost);
      // A canvas still in the page (React's development double mount) keeps its context.
      scatter.dispose(!glCanvas.isConnected);
      releaseGlSlot();
      setGl(null);
    };
  }, [canvasRef, wanted]);
  return wanted ? gl : null;
}

/**
 * Where the emphasised objects are on the canvas (CSS px, "x0,y0,x1,y1"), for tests and
 * assistive tools that need to reach them; empty when none is emphasised or in view.
 */
export function emphasisBoxOf(
  emphasised: ReadonlySet<number>,
  points: Float64Array,
  mapping: Mapping,
  width: number,
  height: number,
): string {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const i of emphasised) {
    const x = mapping.ax * (points[2 * i] as number) + mapping.bx;
    const y = mapping.ay * (points[2 * i + 1] as number) + mapping.by;
    if (!(x >= 0 && x <= width && y >= 0 && y <= height)) continue;
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return x0 <= x1 ? [x0, y0, x1, y1].map((v) => v.toFixed(1)).join(',') : '';
}
