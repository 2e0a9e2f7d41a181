/**
 * Paints a matrix on a canvas without blocking the page: one pixel per cell is written into an
 * image a few rows at a time, each slice in its own animation frame and under ~6 ms (the first
 * slice too, so the render that mounted the canvas never pays for it). The canvas holds exactly
 * one pixel per cell and the browser scales it to the cells' CSS size when it composites — crisp
 * (`image-rendering: pixelated`) when cells are larger than a pixel, smoothed when a 1,000-value
 * matrix is shown in fewer pixels than it has cells. No scaled `drawImage` runs on the main
 * thread (it took 10–20 ms per soybean heatmap in software rendering).
 */
export interface PaintJob {
  cancel(): void;
}

const SLICE_MS = 6;

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
  let handle = 0;
  let cancelled = false;
  const slice = () => {
    if (cancelled) return;
    const until = performance.now() + SLICE_MS;
    while (p < nRows) {
      const i = rows[p] as number;
      const base = p * nCols;
      for (let q = 0; q < nCols; q++) {
        const c = rgb(i, cols[q] as number);
        // ImageData is RGBA in memory: on little-endian machines that is 0xAABBGGRR as a word.
        pixels[base + q] = 0xff000000 | ((c & 0xff) << 16) | (c & 0xff00) | ((c >> 16) & 0xff);
      }
      p++;
      if (performance.now() > until) break;
    }
    handle = requestAnimationFrame(p < nRows ? slice : finish);
  };
  const finish = () => {
    if (cancelled) return;
    if (canvas.width !== image.width) canvas.width = image.width;
    if (canvas.height !== image.height) canvas.height = image.height;
    canvas.getContext('2d')?.putImageData(image, 0, 0);
    onDone?.();
  };
  handle = requestAnimationFrame(slice);
  return {
    cancel: () => {
      cancelled = true;
      cancelAnimationFrame(handle);
    },
  };
}
