/**
 * FFT micro-benchmark behind the choice in src/core/project/fft.ts: `npx tsx bench/fft.bench.ts`.
 * One 2-D complex transform of an M × M grid (M row transforms, then M column transforms through
 * a scratch column), by the `fft.js` package (radix-4, interleaved arrays, out of place) and by
 * our radix-2 transform on split Float64Arrays (src/core/project/fft.ts), M = 256 … 1024. Prints
 * milliseconds per 2-D transform and the ratio, measured in one run; no pass/fail.
 */
import FFT from 'fft.js';
import { Fft } from '../src/core/project/fft.ts';

function timeIt(f: () => void, repeats: number): number {
  f();
  const t0 = performance.now();
  for (let r = 0; r < repeats; r++) f();
  return (performance.now() - t0) / repeats;
}

console.log('   M      fft.js ms   ours ms   ours / fft.js   max |difference|');
for (const m of [256, 512, 1024]) {
  const repeats = Math.max(3, Math.round(2e7 / (m * m * Math.log2(m))));
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
  const ours = new Fft(m);
  const gre = new Float64Array(m * m);
  const gim = new Float64Array(m * m);
  const oursRun = (): void => {
    gre.set(re);
    gim.set(im);
    ours.transform2d(gre, gim, false);
  };
  const libMs = timeIt(libRun, repeats);
  const oursMs = timeIt(oursRun, repeats);
  let diff = 0;
  for (let t = 0; t < m * m; t++)
    diff = Math.max(diff, Math.abs(grid[2 * t]! - gre[t]!), Math.abs(grid[2 * t + 1]! - gim[t]!));
  console.log(
    `${String(m).padStart(5)} ${libMs.toFixed(2).padStart(11)} ${oursMs.toFixed(2).padStart(9)} ` +
      `${(oursMs / libMs).toFixed(2).padStart(15)} ${diff.toExponential(1).padStart(18)}`,
  );
}
