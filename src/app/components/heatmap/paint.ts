/**
 * Paints a matrix on a canvas without blocking the page: one pixel per cell is written into an
 * image a few rows at a time (each slice under ~8 ms, then the browser gets the frame back), and
 * the finished image is drawn scaled to the cells' size — crisp when cells are larger than a
 * pixel, smoothed when a 1,000-value matrix is shown in fewer pixels than it has cells.
 */
export interface PaintJob {
  cancel(): void;
}

const SLICE_MS = 8;

export function paintMatrix(
  canvas: HTMLCanvasElement,
  rows: readonly number[],
  cols: readonly number[],
  rgb: (i: number, j: number) => number,
  cell: number,
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
    if (p < nRows) {
      handle = requestAnimationFrame(slice);
      return;
    }
    draw(canvas, image, nCols * cell, nRows * cell, cell < 1);
    onDone?.();
  };
  slice();
  return {
    cancel: () => {
      cancelled = true;
      cancelAnimationFrame(handle);
    },
  };
}

function draw(
  canvas: HTMLCanvasElement,
  image: ImageData,
  width: number,
  height: number,
  smooth: boolean,
): void {
  const ratio = window.devicePixelRatio || 1;
  const source = document.createElement('canvas');
  source.width = image.width;
  source.height = image.height;
  source.getContext('2d')?.putImageData(image, 0, 0);
  canvas.width = Math.max(1, Math.round(width * ratio));
  canvas.height = Math.max(1, Math.round(height * ratio));
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.imageSmoothingEnabled = smooth;
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
}
