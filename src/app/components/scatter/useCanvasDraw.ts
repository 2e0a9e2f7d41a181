import { useEffect, type RefObject } from 'react';
import { themeColor, useTheme } from '../theme.ts';
import { drawScatter, type DrawInput } from './draw.ts';
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

/**
 * Draws the scatter once per animation frame however many updates arrive in it, on the theme's
 * plot surface (`--plot-bg`; the exports draw on white, exportFiles.ts), again when it changes.
 */
export function useCanvasDraw(canvasRef: RefObject<HTMLCanvasElement | null>, input: DrawInput) {
  const { theme } = useTheme();
  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
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
      drawScatter(ctx, { ...input, background }, ratio);
      canvas.dataset.drawMs = (performance.now() - t0).toFixed(1);
    });
    return () => cancelAnimationFrame(frame);
  }, [canvasRef, input, theme]);
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
