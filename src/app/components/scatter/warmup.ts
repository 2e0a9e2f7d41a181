import { emphasisMask, groupByColor } from './colorGroups.ts';
import { rasterizeScatter, type DrawInput } from './raster.ts';

/**
 * Warms the scatter's rasteriser up while the page is idle, so the first frame of a projection
 * runs compiled code: cold, a 5,000-point frame took 28 ms and the next three 10–13 ms before
 * V8 optimised the blending loop (1.3 ms after). Forty small frames (600 points on 120 × 120
 * pixels) are drawn a few at a time in idle callbacks, none of them longer than ~4 ms.
 */
const RUNS = 40;

export function warmRasterizerWhenIdle(): void {
  if (typeof requestIdleCallback !== 'function') return;
  const n = 600;
  const size = 120;
  const points = new Float64Array(2 * n);
  for (let i = 0; i < 2 * n; i++) points[i] = (i * 7919) % 97;
  const input: DrawInput = {
    points,
    groups: groupByColor(n, (i) => (i % 2 === 0 ? '#4e79a7' : '#f28e2b')),
    mask: emphasisMask(n, [1, 2, 3]),
    anyEmphasis: false,
    mapping: { ax: size / 97, bx: 0, ay: size / 97, by: 0 },
    width: size,
    height: size,
    radius: 2.5,
  };
  const pixels = { data: new Uint8ClampedArray(size * size * 4), width: size, height: size };
  let done = 0;
  const work = (deadline: IdleDeadline) => {
    const start = performance.now();
    while (done < RUNS && deadline.timeRemaining() > 2 && performance.now() - start < 4) {
      // Every other frame with emphasis, so both of the rasteriser's passes are compiled.
      rasterizeScatter(pixels, 1, { ...input, anyEmphasis: done % 2 === 1 });
      done++;
    }
    if (done < RUNS) requestIdleCallback(work);
  };
  requestIdleCallback(work);
}
