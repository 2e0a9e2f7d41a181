/**
 * How the libraries' pages say a frame is shown, as the app's scatter does (useCanvasDraw.ts,
 * glScatter.ts): the canvas's `data-drawn` counts frames, bumped once the GPU has done the
 * frame's commands (a WebGL2 fence polled between tasks) or, without a fence, right away.
 */
import { bounds } from '../../src/core/projection/layout.ts';
export function markShown(canvas: HTMLCanvasElement): void {
  canvas.dataset.drawn = String(Number(canvas.dataset.drawn ?? 0) + 1);
}

/** Marks a frame shown once the GPU has signalled a fence put after its commands. */
export function markShownAfterFence(gl: WebGL2RenderingContext, canvas: HTMLCanvasElement): void {
  const fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  if (!fence) return markShown(canvas);
  gl.flush();
  const poll = () => {
    if (gl.getSyncParameter(fence, gl.SYNC_STATUS) !== gl.SIGNALED) return void setTimeout(poll, 2);
    gl.deleteSync(fence);
    markShown(canvas);
  };
  setTimeout(poll, 0);
}

/** A CSS colour (e.g. `hsl(…)`) as 8-bit [r, g, b], parsed by the browser. */
export function rgb(css: string): [number, number, number] {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return [128, 128, 128];
  ctx.fillStyle = css;
  const hex = String(ctx.fillStyle);
  return [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16)) as [number, number, number];
}

/** The layout's centre and extent (largest of width and height), for fitting it to a view. */
export function extent(points: Float64Array): { cx: number; cy: number; size: number } {
  const [x0, y0, x1, y1] = bounds(points);
  return { cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, size: Math.max(x1 - x0, y1 - y0) || 1 };
}
