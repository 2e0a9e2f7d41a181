import { rasterizeScatter, type DrawInput } from './raster.ts';

export type { DrawInput } from './raster.ts';

const buffers = new WeakMap<CanvasRenderingContext2D, ImageData>();

/**
 * Draws the scatter on a canvas whose backing store is `ratio` times its CSS size: rasterised
 * into an ImageData kept per context (no allocation per frame), then put in one call.
 */
export function drawScatter(ctx: CanvasRenderingContext2D, d: DrawInput, ratio: number): void {
  const { width, height } = ctx.canvas;
  let image = buffers.get(ctx);
  if (!image || image.width !== width || image.height !== height) {
    image = ctx.createImageData(width, height);
    buffers.set(ctx, image);
  }
  rasterizeScatter(image, ratio, d);
  ctx.putImageData(image, 0, 0);
}
