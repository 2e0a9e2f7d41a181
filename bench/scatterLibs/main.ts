import { generateLayout, PALETTE } from '../scatter/layout.ts';

/**
 * The scatter libraries bench's page (bench/scatterLibs.bench.ts builds it once per library and
 * drives it with bench/scatter.bench.ts's measure): the same generated layout of `?n=` points as
 * bench/scatter (layout.ts), 1,200 × 640 CSS px, dots of 3 px (the app's radius 1.5 past 5,000
 * points, scatterStyle.ts), coloured by blob, drawn by the library the build names
 * (`__SCATTER_LIB__`). Like the app's scatter it has a "Pan" button (a no-op here: the libraries
 * pan on drag anyway), a `data-testid="bench"` root with `data-renderer`, and a canvas whose
 * `data-drawn` counts frames shown; `window.bench` says when the points were ready and when the
 * library was asked to draw.
 */
declare const __SCATTER_LIB__: 'regl-scatterplot' | 'deck.gl' | 'ours-gl';
const WIDTH = 1200;
const HEIGHT = 640;
const DIAMETER = 3;

const lib = __SCATTER_LIB__;
// Loaded before the clock starts, as the app's scatter code is.
const draw =
  lib === 'deck.gl'
    ? (await import('./deck.ts')).drawDeck
    : lib === 'ours-gl'
      ? (await import('./oursGl.ts')).drawOursGl
      : (await import('./regl.ts')).drawRegl;

const params = new URLSearchParams(location.search);
const n = Number(params.get('n') ?? 1_000_000);
const t0 = performance.now();
const { points, cluster } = generateLayout(n);

const root = document.getElementById('root') as HTMLElement;
root.setAttribute('data-testid', 'bench');
root.dataset.renderer = lib;
const pan = document.createElement('button');
pan.textContent = 'Pan';
const canvas = document.createElement('canvas');
canvas.style.cssText = `display: block; width: ${WIDTH}px; height: ${HEIGHT}px`;
canvas.width = WIDTH;
canvas.height = HEIGHT;
root.append(pan, canvas);

const bench = { generatedMs: performance.now() - t0, renderAt: performance.now() };
(window as unknown as { bench: typeof bench }).bench = bench;
// The library's work in tasks of its own, as React schedules the app's scatter's: the longest
// task of the first draw counts only tasks that start after renderAt.
await new Promise((resolve) => setTimeout(resolve, 0));
await draw(canvas, points, cluster, PALETTE, DIAMETER);
