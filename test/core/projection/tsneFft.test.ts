import { describe, expect, it } from 'vitest';
import { createRandom, gaussian } from '../../../src/core/base/random.ts';
import { Fft } from '../../../src/core/projection/fft.ts';
import { exactRepulsion, barnesHutRepulsion } from '../../../src/core/projection/barnesHut.ts';
import { fftRepulsion } from '../../../src/core/projection/fftRepulsion.ts';
import { vectorInput } from '../../../src/core/platform/projectionInput.ts';
import { projectionQuality } from '../../../src/core/projection/quality.ts';
import { runTsne } from '../../../src/core/projection/tsne.ts';
import { gaussianMixture } from '../../../bench/generate.ts';
import { Defect } from '../../../src/core/base/errors.ts';

/** The DFT by its definition, O(m²). */
function naiveDft(
  re: Float64Array,
  im: Float64Array,
  inverse: boolean,
): [Float64Array, Float64Array] {
  const m = re.length;
  const outRe = new Float64Array(m);
  const outIm = new Float64Array(m);
  const sign = inverse ? 1 : -1;
  for (let k = 0; k < m; k++)
    for (let t = 0; t < m; t++) {
      const a = (sign * 2 * Math.PI * k * t) / m;
      outRe[k] += re[t]! * Math.cos(a) - im[t]! * Math.sin(a);
      outIm[k] += re[t]! * Math.sin(a) + im[t]! * Math.cos(a);
    }
  return [outRe, outIm];
}

/** Relative L2 distance between two force fields, each divided by its Z (the gradient's term). */
function relativeError(f: Float64Array, z: number, ref: Float64Array, zRef: number): number {
  let num = 0;
  let den = 0;
  for (let t = 0; t < f.length; t++) {
    num += (f[t]! / z - ref[t]! / zRef) ** 2;
    den += (ref[t]! / zRef) ** 2;
  }
  return Math.sqrt(num / den);
}

function layout(n: number, spread: number, seed: number): Float64Array {
  const random = createRandom(seed);
  return Float64Array.from({ length: 2 * n }, () => spread * gaussian(random));
}

describe('FFT on split arrays (fft.ts over fft.js)', () => {
  it('equals the DFT by definition, forward and inverse (÷ size), 1-D, strided', () => {
    const random = createRandom(3);
    for (const m of [2, 8, 64]) {
      const re = Float64Array.from({ length: m }, () => random.next() - 0.5);
      const im = Float64Array.from({ length: m }, () => random.next() - 0.5);
      for (const inverse of [false, true]) {
        const [er, ei] = naiveDft(re, im, inverse);
        // Stored with stride 3 from offset 1, the other slots untouched.
        const r = new Float64Array(3 * m + 1).fill(7);
        const i = new Float64Array(3 * m + 1).fill(7);
        for (let k = 0; k < m; k++) {
          r[1 + 3 * k] = re[k]!;
          i[1 + 3 * k] = im[k]!;
        }
        new Fft(m).transform(r, i, 1, 3, inverse);
        const scale = inverse ? 1 / m : 1;
        for (let k = 0; k < m; k++) {
          expect(r[1 + 3 * k]).toBeCloseTo(er[k]! * scale, 10);
          expect(i[1 + 3 * k]).toBeCloseTo(ei[k]! * scale, 10);
        }
        expect(r[0]).toBe(7);
        expect(i[2]).toBe(7);
      }
    }
  });

  it('2-D: the DFT by definition; forward then inverse returns the grid; padding rows skipped', () => {
    const m = 16;
    const random = createRandom(4);
    const re = new Float64Array(m * m);
    const im = new Float64Array(m * m);
    // Only the first 5 rows are non-zero: the padded case.
    for (let t = 0; t < 5 * m; t++) {
      re[t] = random.next();
      im[t] = random.next();
    }
    const r = re.slice();
    const i = im.slice();
    const fft = new Fft(m);
    fft.transform2d(r, i, false, 5);
    // The 2-D DFT at frequency (1, 2), by definition.
    let sr = 0;
    let si = 0;
    for (let a = 0; a < m; a++)
      for (let b = 0; b < m; b++) {
        const angle = (-2 * Math.PI * (1 * a + 2 * b)) / m;
        sr += re[a * m + b]! * Math.cos(angle) - im[a * m + b]! * Math.sin(angle);
        si += re[a * m + b]! * Math.sin(angle) + im[a * m + b]! * Math.cos(angle);
      }
    expect(r[1 * m + 2]).toBeCloseTo(sr, 9);
    expect(i[1 * m + 2]).toBeCloseTo(si, 9);
    fft.transform2d(r, i, true, m, 5);
    for (let t = 0; t < 5 * m; t++) {
      expect(r[t]).toBeCloseTo(re[t]!, 10);
      expect(i[t]).toBeCloseTo(im[t]!, 10);
    }
  });

  it('refuses sizes that are not powers of two', () => {
    expect(() => new Fft(12)).toThrow(Defect);
    expect(() => new Fft(1)).toThrow(Defect);
  });
});

describe('FFT-interpolated repulsion against the exact sums', () => {
  // Tolerances on the relative error of Z and the relative L2 error of F_rep / Z over all points,
  // at the default grid (p = 3, boxes ≤ 1 unit wide, ≥ 50 a side), about twice what was measured
  // (Barnes-Hut θ = 0.5 on the same layouts, for scale: Z 3e-3 … 1e-2, forces 2e-3 … 2e-2).
  // Dense layouts, where the grid is finer than the 1-unit box, are far more accurate than
  // Barnes-Hut; sparse ones, whose points sit alone in 1-unit boxes and feel tiny forces, are
  // less: the interpolation error of a point's own kernel value K(0) is then a visible part of Z.
  const cases: [string, Float64Array, number, number][] = [
    ['300 points, std 1', layout(300, 1, 1), 1e-5, 1e-4],
    ['2,000 points, std 5', layout(2000, 5, 2), 2e-4, 1e-2],
    ['1,500 points, std 30 (sparse, 1-unit boxes)', layout(1500, 30, 3), 2e-2, 0.08],
    ['500 points spread uniformly over ±150 (very sparse)', uniform(500, 150, 4), 0.3, 0.25],
    ['800 points, half of them on one spot', coincident(800, 5), 1e-4, 1e-3],
  ];
  for (const [name, y, zTolerance, forceTolerance] of cases)
    it(name, () => {
      const n = y.length / 2;
      const ref = new Float64Array(2 * n);
      const zRef = exactRepulsion(n).compute(y, ref);
      const f = new Float64Array(2 * n);
      const z = fftRepulsion(n).compute(y, f);
      expect(Math.abs(z / zRef - 1)).toBeLessThan(zTolerance);
      expect(relativeError(f, z, ref, zRef)).toBeLessThan(forceTolerance);
    });

  it('gets more accurate with more interpolation points', () => {
    const y = layout(1000, 4, 6);
    const ref = new Float64Array(2000);
    const zRef = exactRepulsion(1000).compute(y, ref);
    const errors = [2, 3, 5].map((p) => {
      const f = new Float64Array(2000);
      const z = fftRepulsion(1000, { interpolationPoints: p }).compute(y, f);
      return relativeError(f, z, ref, zRef);
    });
    expect(errors[1]!).toBeLessThan(errors[0]!);
    expect(errors[2]!).toBeLessThan(errors[1]! / 5);
  });

  it('is translation invariant (the grid follows the layout)', () => {
    const y = layout(400, 3, 7);
    const moved = y.map((v, t) => v + (t % 2 === 0 ? 1000 : -500));
    const a = new Float64Array(800);
    const b = new Float64Array(800);
    const za = fftRepulsion(400).compute(y, a);
    const zb = fftRepulsion(400).compute(moved, b);
    expect(zb / za).toBeCloseTo(1, 6);
    expect(relativeError(b, zb, a, za)).toBeLessThan(1e-6);
  });
});

describe('multiplicities: a point of weight m equals m coincident points', () => {
  const random = createRandom(8);
  const unique = layout(300, 3, 9);
  const multiplicity = Float64Array.from({ length: 300 }, () => 1 + random.int(4));
  // The expanded layout: every point repeated m times at its position.
  const total = multiplicity.reduce((s, m) => s + m, 0);
  const expanded = new Float64Array(2 * total);
  const first = new Int32Array(300);
  let at = 0;
  for (let i = 0; i < 300; i++) {
    first[i] = at;
    for (let c = 0; c < multiplicity[i]!; c++) {
      expanded[2 * at] = unique[2 * i]!;
      expanded[2 * at + 1] = unique[2 * i + 1]!;
      at++;
    }
  }
  const ref = new Float64Array(2 * total);
  const zRef = exactRepulsion(total).compute(expanded, ref);
  const refAtUnique = Float64Array.from(
    { length: 600 },
    (_, t) => ref[2 * first[t >> 1]! + (t & 1)]!,
  );

  it('exact', () => {
    const f = new Float64Array(600);
    const z = exactRepulsion(300, multiplicity).compute(unique, f);
    expect(z).toBeCloseTo(zRef, 6);
    expect(relativeError(f, z, refAtUnique, zRef)).toBeLessThan(1e-12);
  });

  it('Barnes-Hut (θ = 0 is exact)', () => {
    const f = new Float64Array(600);
    const z = barnesHutRepulsion(300, 0, multiplicity).compute(unique, f);
    expect(z / zRef).toBeCloseTo(1, 10);
    expect(relativeError(f, z, refAtUnique, zRef)).toBeLessThan(1e-10);
    const g = new Float64Array(600);
    const zg = barnesHutRepulsion(300, 0.5, multiplicity).compute(unique, g);
    expect(Math.abs(zg / zRef - 1)).toBeLessThan(1e-2);
    expect(relativeError(g, zg, refAtUnique, zRef)).toBeLessThan(3e-2);
  });

  it('FFT', () => {
    const f = new Float64Array(600);
    const z = fftRepulsion(300, {}, multiplicity).compute(unique, f);
    expect(Math.abs(z / zRef - 1)).toBeLessThan(1e-3);
    expect(relativeError(f, z, refAtUnique, zRef)).toBeLessThan(3e-3);
  });
});

function uniform(n: number, half: number, seed: number): Float64Array {
  const random = createRandom(seed);
  return Float64Array.from({ length: 2 * n }, () => half * (2 * random.next() - 1));
}

function coincident(n: number, seed: number): Float64Array {
  const y = layout(n, 2, seed);
  for (let i = 0; i < n / 2; i++) {
    y[2 * i] = 0.25;
    y[2 * i + 1] = -0.5;
  }
  return y;
}

describe('t-SNE with the FFT repulsion', () => {
  it('reaches the KL and trustworthiness of Barnes-Hut on a seeded mixture, deterministically', () => {
    // 2,000 points of a 10-component mixture in 16-D (bench/generate.ts), 500 iterations.
    const mixture = gaussianMixture(2000, 10, 16, 1);
    const input = vectorInput(mixture.data, mixture.n, mixture.dims);
    const run = (repulsion: 'fft' | 'barnes-hut', seed: number, iterations = 500) =>
      runTsne(input, { seed, init: 'random', iterations, repulsion });
    const fft = run('fft', 1);
    const bh = run('barnes-hut', 1);
    expect(fft.gradient).toBe('fft');
    expect(bh.gradient).toBe('barnes-hut');
    const quality = (layout: Float64Array) =>
      projectionQuality(input, layout, { k: 10, seed: 1 }).trustworthiness;
    // Measured: FFT KL 1.302, T(10) 0.9835; Barnes-Hut 1.291, 0.9832 (with seed 2: 1.284, 0.9834).
    expect(Math.abs(fft.kl - bh.kl)).toBeLessThan(0.03 * bh.kl);
    expect(Math.abs(quality(fft.coordinates) - quality(bh.coordinates))).toBeLessThan(0.005);
    // Two runs with one seed are identical (a short run: the grid code is the same every step).
    const once = run('fft', 3, 60);
    const again = run('fft', 3, 60);
    expect(again.coordinates).toEqual(once.coordinates);
    expect(again.kl).toBe(once.kl);
  }, 300_000);
});
