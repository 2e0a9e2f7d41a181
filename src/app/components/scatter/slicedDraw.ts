import { rasterJob, type DrawInput, type RasterJob } from './raster.ts';
import { SLICE_MS, soon } from './slices.ts';

/**
 * The CPU raster on a 2-D canvas without long tasks: each picture is rasterised in slices of
 * about SLICE_MS (raster.ts `rasterJob`), yielding to input between them, and put on the canvas
 * in one call when done. While a pan or zoom waits for its picture, the last finished one is
 * shown moved and scaled to the new view at once (one drawImage: the preview). A small scatter
 * is done within the first slice, in the same frame, as before. Issue 30: at 1,000,000 points a
 * whole raster takes a few hundred ms, which as one task blocked the page while panning.
 */

/** Points drawn between two looks at the clock. */
const CHUNK = 4096;

interface Frame {
  input: DrawInput;
  ratio: number;
}

/** Only the view (mapping, radius) differs: the older picture, moved and scaled, previews it. */
function sameButView(a: Frame, b: Frame): boolean {
  const x = a.input;
  const y = b.input;
  return (
    a.ratio === b.ratio &&
    x.points === y.points &&
    x.groups === y.groups &&
    x.mask === y.mask &&
    x.anyEmphasis === y.anyEmphasis &&
    x.width === y.width &&
    x.height === y.height &&
    x.background === y.background &&
    (x.shapes ?? null) === (y.shapes ?? null) &&
    (x.sizes ?? null) === (y.sizes ?? null)
  );
}

export interface SlicedDraw {
  /** Asks for this picture (replacing any asked before); `done` runs when it is on the canvas. */
  draw(input: DrawInput, ratio: number, done: (ms: number) => void): void;
  /** Stops any slice still to come. */
  stop(): void;
}

/** The sliced raster of one 2-D canvas (its backing store already sized by the caller). */
export function slicedDraw(ctx: CanvasRenderingContext2D): SlicedDraw {
  let image: ImageData | null = null;
  /** The last finished picture, kept for previews. */
  let last: { frame: Frame; copy: OffscreenCanvas | HTMLCanvasElement } | null = null;
  let wanted: { frame: Frame; done: (ms: number) => void; since: number } | null = null;
  let job: { frame: Frame; raster: RasterJob } | null = null;
  let cancel: (() => void) | null = null;

  const start = (frame: Frame) => {
    const { width, height } = ctx.canvas;
    if (!image || image.width !== width || image.height !== height)
      image = ctx.createImageData(width, height);
    job = { frame, raster: rasterJob(image, frame.ratio, frame.input) };
  };

  /** The last picture moved and scaled to the wanted view (only the view differs). */
  const preview = () => {
    if (!wanted || !last || !sameButView(last.frame, wanted.frame)) return;
    const a = last.frame.input.mapping;
    const b = wanted.frame.input.mapping;
    const r = wanted.frame.ratio;
    const sx = b.ax / a.ax;
    const sy = b.ay / a.ay;
    ctx.save();
    ctx.fillStyle = wanted.frame.input.background ?? '#ffffff';
    ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
    ctx.setTransform(sx, 0, 0, sy, r * (b.bx - sx * a.bx), r * (b.by - sy * a.by));
    ctx.drawImage(last.copy, 0, 0);
    ctx.restore();
    const canvas = ctx.canvas;
    canvas.dataset.previews = String(Number(canvas.dataset.previews ?? 0) + 1);
  };

  const finish = (frame: Frame, done: Frame | null) => {
    if (!image) return;
    const { width, height } = image;
    if (!last || last.copy.width !== width || last.copy.height !== height) {
      const copy =
        typeof OffscreenCanvas === 'function'
          ? new OffscreenCanvas(width, height)
          : Object.assign(document.createElement('canvas'), { width, height });
      last = { frame, copy };
    }
    last.frame = frame;
    (last.copy.getContext('2d') as CanvasRenderingContext2D | null)?.putImageData(image, 0, 0);
    if (done) ctx.putImageData(image, 0, 0);
  };

  /** One slice: draws until the budget is spent; then finishes, or comes back soon. */
  const slice = () => {
    cancel = null;
    const t0 = performance.now();
    while (job) {
      if (!job.raster.step(CHUNK)) {
        if (performance.now() - t0 < SLICE_MS) continue;
        cancel = soon(slice);
        return;
      }
      const frame = job.frame;
      job = null;
      const current = wanted !== null && frame === wanted.frame;
      finish(frame, current ? frame : null);
      if (current && wanted) {
        const w = wanted;
        wanted = null;
        w.done(performance.now() - w.since);
        return;
      }
      // A newer view was asked for meanwhile: show this picture moved to it, and draw it.
      preview();
      if (wanted) start(wanted.frame);
      if (performance.now() - t0 >= SLICE_MS) {
        cancel = soon(slice);
        return;
      }
    }
  };

  return {
    draw(input, ratio, done) {
      const frame = { input, ratio };
      wanted = { frame, done, since: performance.now() };
      // A picture more than half drawn that differs from this one only in its view is finished
      // first (it becomes the next preview, so a long pan does not run off the last picture);
      // otherwise it is dropped.
      if (!job || !sameButView(job.frame, frame) || job.raster.progress() < 0.5) start(frame);
      preview();
      cancel?.();
      slice();
    },
    stop() {
      cancel?.();
      cancel = null;
      job = null;
      wanted = null;
    },
  };
}
