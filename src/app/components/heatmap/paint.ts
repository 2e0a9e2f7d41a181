/**
 * Paints matrices on canvases without blocking the page: one pixel per cell is written into an
 * image a few rows at a time. Every heatmap painting at once shares one budget of ~6 ms per
 * animation frame (two CDE matrices arriving together used to paint 6 ms each in one frame),
 * taken in turns; the first rows too are painted in a frame, so the render that mounted a canvas
 * never pays for them. The canvas holds exactly one pixel per cell and the browser scales it to
 * the cells' CSS size when it composites — crisp (`image-rendering: pixelated`) when cells are
 * larger than a pixel, smoothed when a 1,000-value matrix is shown in fewer pixels than it has
 * cells. No scaled `drawImage` runs on the main thread (10–20 ms per soybean heatmap in software
 * rendering).
 */
export interface PaintJob {
  cancel(): void;
}

/** Main-thread time per frame for all heatmaps together. */
const FRAME_BUDGET_MS = 6;

interface Painting {
  /** Paints rows until the deadline; true when every row is painted. */
  step(deadline: number): boolean;
  finish(): void;
}

const queue: Painting[] = [];
let frame = 0;

function runFrame(): void {
  frame = 0;
  const deadline = performance.now() + FRAME_BUDGET_MS;
  // In turns: the painting that ran first this frame goes last next frame.
  let turns = queue.length;
  while (turns-- > 0 && performance.now() < deadline) {
    const painting = queue.shift() as Painting;
    if (painting.step(deadline)) painting.finish();
    else queue.push(painting);
  }
  if (queue.length > 0) frame = requestAnimationFrame(runFrame);
}

function enqueue(painting: Painting): void {
  queue.push(painting);
  if (frame === 0) frame = requestAnimationFrame(runFrame);
}

export function paintMatrix(
  canvas: HTMLCanvasElement,
  rows: readonly number[],
  cols: readonly number[],
  rgb: (i: number, j: number) => number,
  onDone?: () => void,
): PaintJob {
  const nRows = rows.length;
  const nCols = cols.length;
  const image = new ImageData(Math.max(1, nCols), Math.max(1, nRows));
  const pixels = new Uint32Array(image.data.buffer);
  let p = 0;
  const painting: Painting = {
    step(deadline) {
      while (p < nRows) {
        const i = rows[p] as number;
        const base = p * nCols;
        for (let q = 0; q < nCols; q++) {
          const c = rgb(i, cols[q] as number);
          // ImageData is RGBA in memory: on little-endian machines that is 0xAABBGGRR as a word.
          pixels[base + q] = 0xff000000 | ((c & 0xff) << 16) | (c & 0xff00) | ((c >> 16) & 0xff);
        }
        p++;
        if (performance.now() > deadline) break;
      }
      return p >= nRows;
    },
    finish() {
      if (canvas.width !== image.width) canvas.width = image.width;
      if (canvas.height !== image.height) canvas.height = image.height;
      canvas.getContext('2d')?.putImageData(image, 0, 0);
      onDone?.();
    },
  };
  enqueue(painting);
  return {
    // A cancelled painting leaves the queue: it is never stepped or finished again.
    cancel: () => {
      const at = queue.indexOf(painting);
      if (at >= 0) queue.splice(at, 1);
    },
  };
}
