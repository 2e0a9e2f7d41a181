/**
 * Classical and landmark MDS: exact recovery of planar data embedded in 5-D (vector and distance
 * inputs), the block Lanczos solver against a full eigen-decomposition, non-Euclidean distances
 * (negative eigenvalues never chosen), repeated eigenvalues, tiny n, determinism, option
 * validation and Kruskal stress (exact and sampled).
 */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../src/core/base/random.ts';
import { symmetricEigen } from '../../../src/core/linalg/pca.ts';
import {
  distanceOf,
  vectorInput,
  type DistanceInput,
  type ProjectionInput,
  type VectorInput,
} from '../../../src/core/platform/projectionInput.ts';
import { blockLanczos } from '../../../src/core/linalg/lanczos.ts';
import {
  mdsSteps,
  resolveMdsOptions,
  runMds,
  type MdsOptions,
} from '../../../src/core/projection/mds.ts';
import { kruskalStress } from '../../../src/core/projection/stress.ts';
import { asDistance, gaussianVectors, hammingInput, normal } from './projectionInputs.ts';
import { Defect, OptionError } from '../../../src/core/base/errors.ts';

/** n points uniform in a 10 × 6 rectangle, placed on a random 2-D plane of R⁵ (seeded). */
function planeIn5D(n: number, seed: number): VectorInput {
  const rng = createRandom(seed);
  // Random orthonormal frame u, w of R⁵ (Gram–Schmidt of two Gaussian vectors) and an offset.
  const u = Array.from({ length: 5 }, () => normal(rng));
  const w = Array.from({ length: 5 }, () => normal(rng));
  const nu = Math.hypot(...u);
  for (let a = 0; a < 5; a++) u[a] /= nu;
  const uw = u.reduce((s, x, a) => s + x * w[a], 0);
  for (let a = 0; a < 5; a++) w[a] -= uw * u[a];
  const nw = Math.hypot(...w);
  for (let a = 0; a < 5; a++) w[a] /= nw;
  const offset = Array.from({ length: 5 }, () => 3 * normal(rng));
  const data = new Float64Array(n * 5);
  for (let i = 0; i < n; i++) {
    const x = 10 * rng.next();
    const y = 6 * rng.next();
    for (let a = 0; a < 5; a++) data[i * 5 + a] = offset[a] + x * u[a] + y * w[a];
  }
  return vectorInput(data, n, 5);
}

/** Dense B = −½ J D⁽²⁾ J of an input. */
function doubleCentred(input: ProjectionInput): Float64Array {
  const { n } = input;
  const d = distanceOf(input);
  const b = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) b[i * n + j] = d(i, j) ** 2;
  const row = new Float64Array(n);
  let grand = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) row[i] += b[i * n + j] / n;
    grand += row[i] / n;
  }
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) b[i * n + j] = -0.5 * (b[i * n + j] - row[i] - row[j] + grand);
  return b;
}

/** Largest |d(i, j) − ‖y_i − y_j‖| over all pairs. */
function maxDistanceError(input: ProjectionInput, y: Float64Array): number {
  const d = distanceOf(input);
  let worst = 0;
  for (let i = 0; i < input.n; i++)
    for (let j = i + 1; j < input.n; j++) {
      const e = Math.hypot(y[2 * i] - y[2 * j], y[2 * i + 1] - y[2 * j + 1]);
      worst = Math.max(worst, Math.abs(d(i, j) - e));
    }
  return worst;
}

describe('classical MDS', () => {
  it('recovers a plane embedded in 5-D (full eigen path, n = 120)', () => {
    const input = planeIn5D(120, 1);
    const r = runMds(input);
    expect(r.method).toBe('classical');
    expect(r.landmarks).toBeUndefined();
    expect(r.stress).toBeLessThan(1e-9);
    expect(maxDistanceError(input, r.coordinates)).toBeLessThan(1e-9);
    expect(r.eigenvalues[0]).toBeGreaterThanOrEqual(r.eigenvalues[1]);
  });

  it('recovers a plane embedded in 5-D (Lanczos path, n = 400)', () => {
    const input = planeIn5D(400, 2);
    const r = runMds(input, { method: 'classical' });
    expect(r.stress).toBeLessThan(1e-9);
    expect(maxDistanceError(input, r.coordinates)).toBeLessThan(1e-8);
    // The coordinates are centred principal axes: mean 0, uncorrelated.
    let mx = 0;
    let my = 0;
    let xy = 0;
    for (let i = 0; i < 400; i++) {
      mx += r.coordinates[2 * i];
      my += r.coordinates[2 * i + 1];
      xy += r.coordinates[2 * i] * r.coordinates[2 * i + 1];
    }
    expect(Math.abs(mx) + Math.abs(my)).toBeLessThan(1e-8);
    expect(Math.abs(xy)).toBeLessThan(1e-6);
  });

  it('a DistanceInput wrapping the Euclidean distance gives the same result', () => {
    for (const n of [120, 400]) {
      const input = planeIn5D(n, 3);
      const a = runMds(input, { method: 'classical' });
      const b = runMds(asDistance(input), { method: 'classical' });
      expect(Array.from(b.coordinates)).toEqual(Array.from(a.coordinates));
      expect(b.stress).toBeLessThan(1e-9);
    }
  });

  it('finds a repeated top eigenvalue (20 × 20 grid: λ1 = λ2) with the block solver', () => {
    const data = new Float64Array(400 * 2);
    for (let i = 0; i < 400; i++) {
      data[2 * i] = i % 20;
      data[2 * i + 1] = Math.floor(i / 20);
    }
    const r = runMds(vectorInput(data, 400, 2), { method: 'classical' });
    expect(r.eigenvalues[1]).toBeCloseTo(r.eigenvalues[0], 6);
    expect(r.stress).toBeLessThan(1e-9);
  });

  it('matches a full eigen-decomposition of B on 10-D Gaussian data (n = 300, Lanczos path)', () => {
    const input = gaussianVectors(300, 10, 4);
    const r = runMds(input, { method: 'classical' });
    const eigen = symmetricEigen(doubleCentred(input), 300);
    for (let k = 0; k < 2; k++) {
      expect(r.eigenvalues[k]).toBeCloseTo(eigen.values[k], 6);
      const s = Math.sqrt(eigen.values[k]);
      for (let i = 0; i < 300; i++)
        expect(r.coordinates[2 * i + k]).toBeCloseTo(eigen.vectors[i * 300 + k] * s, 6);
    }
  });

  it('n = 2 and n = 3 are recovered exactly', () => {
    const two = vectorInput(Float64Array.of(1, 2, 4, 6), 2, 2);
    const r2 = runMds(two);
    expect(r2.coordinates[0]).toBeCloseTo(-r2.coordinates[2], 12);
    expect(Math.abs(r2.coordinates[0])).toBeCloseTo(2.5, 12);
    expect(r2.coordinates[1]).toBeCloseTo(0, 12);
    expect(r2.coordinates[3]).toBeCloseTo(0, 12);
    expect(r2.eigenvalues[0]).toBeCloseTo(12.5, 10);
    expect(r2.eigenvalues[1]).toBeCloseTo(0, 10);
    expect(r2.stress).toBeLessThan(1e-12);
    const three = vectorInput(Float64Array.of(0, 0, 3, 0, 0, 4), 3, 2);
    for (const method of ['classical', 'landmark'] as const) {
      const r3 = runMds(three, { method });
      expect(r3.method).toBe(method);
      expect(maxDistanceError(three, r3.coordinates)).toBeLessThan(1e-12);
    }
  });
});

describe('block Lanczos', () => {
  it('top-2 equals the full symmetricEigen on a 150-point double-centred matrix', () => {
    for (const input of [gaussianVectors(150, 6, 5), hammingInput(150, 8, 3, 6)]) {
      const n = 150;
      const b = doubleCentred(input);
      const full = symmetricEigen(b, n);
      const apply = (x: Float64Array, out: Float64Array): void => {
        for (let i = 0; i < n; i++) {
          let s = 0;
          for (let j = 0; j < n; j++) s += b[i * n + j] * x[j];
          out[i] = s;
        }
      };
      const lanczos = blockLanczos(apply, n, { count: 2, seed: 3, centred: true });
      expect(lanczos.converged).toBe(true);
      expect(lanczos.basis).toBeLessThan(n);
      for (let k = 0; k < 2; k++) {
        expect(lanczos.values[k]).toBeCloseTo(full.values[k], 8);
        for (let i = 0; i < n; i++)
          expect(lanczos.vectors[k][i]).toBeCloseTo(full.vectors[i * n + k], 7);
      }
    }
  });
});

describe('non-Euclidean distances', () => {
  it('Hamming distances: top-2 algebraic eigenvalues, λ1 ≥ λ2 ≥ 0, finite coordinates', () => {
    for (const n of [100, 300]) {
      const input = hammingInput(n, 6, 3, 7);
      const full = symmetricEigen(doubleCentred(input), n);
      // B really has negative eigenvalues, some larger in magnitude than λ2.
      expect(full.values[n - 1]).toBeLessThan(-1e-6);
      const r = runMds(input, { method: 'classical' });
      expect(r.eigenvalues[0]).toBeCloseTo(full.values[0], 6);
      expect(r.eigenvalues[1]).toBeCloseTo(full.values[1], 6);
      expect(r.eigenvalues[0]).toBeGreaterThanOrEqual(r.eigenvalues[1]);
      expect(r.eigenvalues[1]).toBeGreaterThanOrEqual(0);
      expect(r.coordinates.every(Number.isFinite)).toBe(true);
      expect(r.stress).toBeGreaterThan(0);
      expect(r.stress).toBeLessThan(1);
    }
  });

  it('picks eigenvalues by algebraic value when negative ones dominate in magnitude', () => {
    const n = 300;
    const rng = createRandom(16);
    const x = Float64Array.from({ length: n }, () => rng.next());
    // d = (x_i − x_j)² on a line: B has one positive eigenvalue, the rest ≈ 0 or clearly negative.
    const squaredLine: DistanceInput = {
      kind: 'distance',
      n,
      distance: (i, j) => (x[i] - x[j]) ** 2,
    };
    const full = symmetricEigen(doubleCentred(squaredLine), n);
    expect(full.values[n - 1]).toBeLessThan(-1);
    expect(Math.abs(full.values[1])).toBeLessThan(1e-9);
    const r = runMds(squaredLine, { method: 'classical' });
    expect(r.eigenvalues[0]).toBeCloseTo(full.values[0], 8);
    expect(Math.abs(r.eigenvalues[1])).toBeLessThan(1e-8);
    expect(r.coordinates.every(Number.isFinite)).toBe(true);
    // Complete bipartite graph distances (1 across, 2 within): λ = 2 (multiplicity n − 2), 0 for
    // the constant vector, and one eigenvalue of −223, far larger in magnitude, never chosen.
    const bipartite: DistanceInput = {
      kind: 'distance',
      n,
      distance: (i, j) => (i === j ? 0 : i % 2 !== j % 2 ? 1 : 2),
    };
    expect(symmetricEigen(doubleCentred(bipartite), n).values[n - 1]).toBeLessThan(-100);
    const rb = runMds(bipartite, { method: 'classical' });
    expect(rb.eigenvalues[0]).toBeCloseTo(2, 8);
    expect(rb.eigenvalues[1]).toBeCloseTo(2, 8);
    expect(rb.coordinates.every(Number.isFinite)).toBe(true);
  });

  it('landmark MDS on Hamming distances with many ties stays finite', () => {
    const input = hammingInput(500, 5, 2, 8);
    const r = runMds(input, { method: 'landmark', landmarks: 40 });
    expect(r.coordinates.every(Number.isFinite)).toBe(true);
    expect(new Set(r.landmarks).size).toBe(40);
    expect(r.eigenvalues[0]).toBeGreaterThanOrEqual(r.eigenvalues[1]);
  });
});

describe('landmark MDS', () => {
  it('recovers a plane embedded in 5-D with 20 landmarks, like classical MDS', () => {
    const input = planeIn5D(1000, 9);
    const r = runMds(input, { method: 'landmark', landmarks: 20 });
    expect(r.method).toBe('landmark');
    expect(r.landmarks).toHaveLength(20);
    expect(new Set(r.landmarks).size).toBe(20);
    expect(r.stress).toBeLessThan(1e-6);
    expect(maxDistanceError(input, r.coordinates)).toBeLessThan(1e-6);
    const viaDistance = runMds(asDistance(input), { method: 'landmark', landmarks: 20 });
    expect(Array.from(viaDistance.coordinates)).toEqual(Array.from(r.coordinates));
  });

  it('auto switches to landmarks above classicalLimit', () => {
    const input = planeIn5D(300, 10);
    const r = runMds(input, { classicalLimit: 299 });
    expect(r.method).toBe('landmark');
    expect(r.landmarks).toHaveLength(300);
    expect(r.stress).toBeLessThan(1e-6);
    expect(runMds(input, { classicalLimit: 300 }).method).toBe('classical');
  });

  it('MaxMin picks the farthest point each time', () => {
    // Points on a line at 0, 1, …, 9: after any start, the next landmark is an end point.
    const data = Float64Array.from({ length: 10 }, (_, i) => i);
    const r = runMds(vectorInput(data, 10, 1), { method: 'landmark', landmarks: 3, seed: 5 });
    const [first, second, third] = Array.from(r.landmarks!);
    expect([0, 9]).toContain(second);
    const ends = new Set([first, second, third]);
    expect(ends.has(0) && ends.has(9)).toBe(true);
    expect(maxDistanceError(vectorInput(data, 10, 1), r.coordinates)).toBeLessThan(1e-9);
  });
});

describe('determinism, progress and options', () => {
  it('the same seed gives identical results', () => {
    const input = gaussianVectors(500, 10, 11);
    for (const options of [
      { method: 'classical', seed: 4 },
      { method: 'landmark', landmarks: 50, seed: 4 },
    ] satisfies MdsOptions[]) {
      const a = runMds(input, options);
      const b = runMds(input, options);
      expect(Array.from(b.coordinates)).toEqual(Array.from(a.coordinates));
      expect(b.stress).toBe(a.stress);
    }
    const other = runMds(input, { method: 'landmark', landmarks: 50, seed: 5 });
    expect(Array.from(other.landmarks!)).not.toEqual(
      Array.from(runMds(input, { method: 'landmark', landmarks: 50, seed: 4 }).landmarks!),
    );
  });

  it('progress stays in [0, 1] and never goes back', () => {
    const steps = mdsSteps(gaussianVectors(400, 10, 12), { method: 'classical' });
    let last = 0;
    let count = 0;
    for (let step = steps.next(); !step.done; step = steps.next()) {
      expect(step.value.fraction).toBeGreaterThanOrEqual(last);
      expect(step.value.fraction).toBeLessThanOrEqual(1);
      last = step.value.fraction;
      count++;
    }
    expect(count).toBeGreaterThan(0);
  });

  it('invalid options throw, naming the option', () => {
    const input = planeIn5D(50, 13);
    // Checked against MDS_PARAMETERS (a fraction for a whole number is out of range, a value of
    // the wrong type is a user error too: OptionError) and then against n; every message starts
    // with the option.
    const cases: [MdsOptions, new (message?: string) => Error, RegExp][] = [
      [{ seed: 1.5 }, RangeError, /^seed /],
      [{ seed: '1' as unknown as number }, OptionError, /^seed /],
      [{ method: 'isomap' as 'auto' }, OptionError, /^method /],
      [{ landmarks: 2 }, RangeError, /^landmarks /],
      [{ landmarks: 51 }, RangeError, /^landmarks /],
      [{ landmarks: 10.5 }, RangeError, /^landmarks /],
      [{ landmarks: Number.NaN }, RangeError, /^landmarks /],
      [{ classicalLimit: -1 }, RangeError, /^classicalLimit /],
      [{ classicalLimit: 20_000 }, RangeError, /^classicalLimit /],
      [{ unknown: 1 } as MdsOptions, RangeError, /no option “unknown”/],
    ];
    for (const [options, type, message] of cases) {
      expect(() => runMds(input, options)).toThrow(type);
      expect(() => runMds(input, options)).toThrow(message);
    }
    expect(() => runMds(vectorInput(new Float64Array(1), 1, 1))).toThrow(/at least 2 points/);
    expect(() => resolveMdsOptions(2, { method: 'landmark' })).toThrow(RangeError);
    // Classical MDS past the memory cap is refused before anything is allocated.
    expect(() => resolveMdsOptions(20_000, { method: 'classical' })).toThrow(/classical/);
    expect(resolveMdsOptions(20_000).method).toBe('landmark');
    expect(resolveMdsOptions(20_000).landmarks).toBe(300);
    expect(resolveMdsOptions(120, { method: 'landmark' }).landmarks).toBe(120);
  });
});

describe('Kruskal stress', () => {
  it('a random layout has far more stress than MDS', () => {
    // Three well separated 10-D clusters.
    const rng = createRandom(14);
    const n = 300;
    const data = new Float64Array(n * 10);
    for (let i = 0; i < n; i++)
      for (let a = 0; a < 10; a++) data[i * 10 + a] = (a === i % 3 ? 20 : 0) + normal(rng);
    const input = vectorInput(data, n, 10);
    const r = runMds(input);
    const random = r.coordinates.map(() => 30 * (rng.next() - 0.5));
    const randomStress = kruskalStress(input, random);
    expect(r.stress).toBeLessThan(0.3);
    expect(randomStress).toBeGreaterThan(2 * r.stress);
    expect(randomStress).toBeGreaterThan(0.5);
  });

  it('is exact for a perfect layout and 0 for identical points', () => {
    const input = vectorInput(Float64Array.of(0, 0, 3, 4, 6, 8), 3, 2);
    expect(kruskalStress(input, Float64Array.of(0, 0, 3, 4, 6, 8))).toBe(0);
    // Layout shrunk by half: every |δ − d| = δ/2, so stress = 1/2.
    expect(kruskalStress(input, Float64Array.of(0, 0, 1.5, 2, 3, 4))).toBeCloseTo(0.5, 12);
    const same = vectorInput(new Float64Array(6), 3, 2);
    expect(kruskalStress(same, new Float64Array(6))).toBe(0);
    expect(() => kruskalStress(input, new Float64Array(5))).toThrow(Defect);
    expect(() => kruskalStress(input, new Float64Array(6), { maxPairs: 0 })).toThrow(/maxPairs/);
  });

  it('the sampled estimate at n = 3000 is within 0.02 of the exact value', () => {
    const n = 3000;
    const input = gaussianVectors(n, 10, 15);
    // Layout: the first two coordinates, a poor but not random projection.
    const layout = new Float64Array(n * 2);
    for (let i = 0; i < n; i++) {
      layout[2 * i] = input.data[i * 10];
      layout[2 * i + 1] = input.data[i * 10 + 1];
    }
    const exact = kruskalStress(input, layout, { maxPairs: n * n });
    const sampled = kruskalStress(input, layout);
    expect(sampled).not.toBe(exact);
    expect(Math.abs(sampled - exact)).toBeLessThan(0.02);
    expect(
      Math.abs(kruskalStress(input, layout, { maxPairs: 100_000, seed: 1 }) - exact),
    ).toBeLessThan(0.02);
  });
});
