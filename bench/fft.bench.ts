/**
 * FFT benchmark: `npx tsx bench/fft.bench.ts [--transforms-only]`.
 *
 * 1. The choice in src/core/projection/fft.ts: one 2-D complex transform of an M × M grid, by the
 *    `fft.js` package on an interleaved grid (radix-4, out of place; M row transforms, then M
 *    column transforms through a scratch column), by src/core/projection/fft.ts (the same package on
 *    the split Float64Arrays the repulsion uses, each line copied through a scratch line) and by
 *    our own radix-2 transform on split arrays (bench/radix2Fft.ts, columns combined as whole
 *    rows), M = 256 … 1024: milliseconds per 2-D transform, ratios to the first, and the largest
 *    difference from it.
 * 2. One repulsion evaluation, Barnes-Hut (θ = 0.5) against FFT interpolation, on a real final
 *    t-SNE layout (10,000 points of the 16-D mixture, 1,000 iterations, Barnes-Hut) and on that
 *    layout tiled into 100,000 points of the same density (~1 GB for the FFT grids there).
 *
 * Measured in one run; no pass/fail.
 *
 * --smoke: M = 64, one repeat; the repulsion on a 500-point layout of 300 iterations.
 */
import FFT from 'fft.js';
import { barnesHutRepulsion, type Repulsion } from '../src/core/projection/barnesHut.ts';
import { Fft } from '../src/core/projection/fft.ts';
import { Radix2Fft } from './radix2Fft.ts';
import { fftRepulsion } from '../src/core/projection/fftRepulsion.ts';
import { vectorInput } from '../src/core/platform/projectionInput.ts';
import { runTsne } from '../src/core/projection/tsne.ts';
import { gaussianMixture } from './generate.ts';
import { SMOKE, sized } from './timing.ts';

function timeIt(f: () => void, repeats: number): number {
  f();
  const t0 = performance.now();
  for (let r = 0; r < repeats; r++) f();
  return (performance.now() - t0) / repeats;
}

console.log(
  '   M    fft.js ms   fft.ts ms  (× fft.js)   radix-2 ms  (× fft.js)   max |difference|',
);
for (const m of sized([256, 512, 1024], [64])) {
  const repeats = SMOKE ? 1 : Math.max(3, Math.round(2e7 / (m * m * Math.log2(m))));
  const re = new Float64Array(m * m).map((_, t) => Math.sin(t * 0.37) + ((t * 7) % 13) / 13);
  const im = new Float64Array(m * m).map((_, t) => Math.cos(t * 0.11));

  // fft.js: interleaved complex rows, columns through scratch arrays.
  const lib = new FFT(m);
  const grid = new Float64Array(2 * m * m);
  const colIn = new Float64Array(2 * m);
  const colOut = new Float64Array(2 * m);
  const rowOut = new Float64Array(2 * m);
  const libRun = (): void => {
    for (let t = 0; t < m * m; t++) {
      grid[2 * t] = re[t]!;
      grid[2 * t + 1] = im[t]!;
    }
    for (let r = 0; r < m; r++) {
      const row = grid.subarray(2 * r * m, 2 * (r + 1) * m);
      lib.transform(rowOut, row);
      row.set(rowOut);
    }
    for (let c = 0; c < m; c++) {
      for (let r = 0; r < m; r++) {
        colIn[2 * r] = grid[2 * (r * m + c)]!;
        colIn[2 * r + 1] = grid[2 * (r * m + c) + 1]!;
      }
      lib.transform(colOut, colIn);
      for (let r = 0; r < m; r++) {
        grid[2 * (r * m + c)] = colOut[2 * r]!;
        grid[2 * (r * m + c) + 1] = colOut[2 * r + 1]!;
      }
    }
  };
  const core = new Fft(m);
  const radix2 = new Radix2Fft(m);
  const gre = new Float64Array(m * m);
  const gim = new Float64Array(m * m);
  const hre = new Float64Array(m * m);
  const him = new Float64Array(m * m);
  const coreRun = (): void => {
    gre.set(re);
    gim.set(im);
    core.transform2d(gre, gim, false);
  };
  const radix2Run = (): void => {
    hre.set(re);
    him.set(im);
    radix2.transform2d(hre, him, false);
  };
  const libMs = timeIt(libRun, repeats);
  const coreMs = timeIt(coreRun, repeats);
  const radix2Ms = timeIt(radix2Run, repeats);
  let diff = 0;
  for (let t = 0; t < m * m; t++)
    diff = Math.max(
      diff,
      Math.abs(grid[2 * t]! - gre[t]!),
      Math.abs(grid[2 * t + 1]! - gim[t]!),
      Math.abs(grid[2 * t]! - hre[t]!),
      Math.abs(grid[2 * t + 1]! - him[t]!),
    );
  console.log(
    `${String(m).padStart(5)} ${libMs.toFixed(2).padStart(10)} ${coreMs.toFixed(2).padStart(11)} ` +
      `${(coreMs / libMs).toFixed(2).padStart(11)} ${radix2Ms.toFixed(2).padStart(12)} ` +
      `${(radix2Ms / libMs).toFixed(2).padStart(11)} ${diff.toExponential(1).padStart(18)}`,
  );
}

if (!process.argv.includes('--transforms-only')) {
  console.log('\n   repulsion evaluation on a final t-SNE layout (BH = Barnes-Hut θ = 0.5)');
  const points = sized(10000, 500);
  const mixture = gaussianMixture(points, 10, 16, 1);
  const base = runTsne(vectorInput(mixture.data, points, 16), {
    seed: 1,
    init: 'random',
    repulsion: 'barnes-hut',
    ...(SMOKE ? { iterations: 300 } : {}),
  }).coordinates;
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of base) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const span = hi - lo;
  for (const tiles of [1, 10]) {
    // Copies of the layout side by side, one span apart: the same density over a larger area.
    const side = Math.ceil(Math.sqrt(tiles));
    const y = new Float64Array(base.length * tiles);
    for (let t = 0; t < tiles; t++)
      for (let i = 0; i < base.length; i += 2) {
        y[t * base.length + i] = base[i]! + (t % side) * span;
        y[t * base.length + i + 1] = base[i + 1]! + Math.floor(t / side) * span;
      }
    const n = y.length / 2;
    const force = new Float64Array(2 * n);
    const once = (r: Repulsion): number => {
      r.compute(y, force);
      const t0 = performance.now();
      r.compute(y, force);
      return performance.now() - t0;
    };
    const bh = once(barnesHutRepulsion(n, 0.5));
    const interpolated = fftRepulsion(n);
    const fft = once(interpolated);
    const grid = interpolated.lastGrid!;
    console.log(
      `   n = ${n.toLocaleString('en-US')}: BH ${bh.toFixed(0)} ms, FFT ${fft.toFixed(0)} ms ` +
        `(${grid.boxes} boxes a side, ${grid.size}² FFT), FFT / BH ${(fft / bh).toFixed(2)}`,
    );
  }
}
