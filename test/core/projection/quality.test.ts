/**
 * Trustworthiness and continuity: perfect layouts, a hand-computed example, agreement with a
 * brute-force reference (full sorts, with and without ties), clustered vs random layouts, the
 * sampled estimate, and option validation.
 */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../src/core/base/random.ts';
import {
  distanceOf,
  vectorInput,
  type ProjectionInput,
} from '../../../src/core/platform/projectionInput.ts';
import {
  projectionQuality,
  qualitySteps,
  resolveQualityOptions,
} from '../../../src/core/projection/quality.ts';
import { hammingInput, integerData } from './projectionInputs.ts';
import { OptionError } from '../../../src/core/base/errors.ts';

/**
 * Reference T(k) and C(k) written straight from the definition (Venna & Kaski 2001, as in
 * scikit-learn): full sorts of every point's distances, ties broken by index.
 */
function reference(
  input: ProjectionInput,
  layout: Float64Array,
  k: number,
): { trustworthiness: number; continuity: number } {
  const { n } = input;
  const d = distanceOf(input);
  const e = (i: number, j: number): number =>
    Math.hypot(layout[2 * i] - layout[2 * j], layout[2 * i + 1] - layout[2 * j + 1]);
  /** Other points sorted by (distance from i, index). */
  const order = (i: number, f: (i: number, j: number) => number): number[] =>
    Array.from({ length: n }, (_, j) => j)
      .filter((j) => j !== i)
      .sort((a, b) => f(i, a) - f(i, b) || a - b);
  let t = 0;
  let c = 0;
  for (let i = 0; i < n; i++) {
    const inputOrder = order(i, d);
    const layoutOrder = order(i, e);
    const inputNear = new Set(inputOrder.slice(0, k));
    const layoutNear = new Set(layoutOrder.slice(0, k));
    for (const j of layoutNear) if (!inputNear.has(j)) t += inputOrder.indexOf(j) + 1 - k;
    for (const j of inputNear) if (!layoutNear.has(j)) c += layoutOrder.indexOf(j) + 1 - k;
  }
  const norm = 2 / (n * k * (2 * n - 3 * k - 1));
  return { trustworthiness: 1 - norm * t, continuity: 1 - norm * c };
}

function uniform(n: number, dims: number, seed: number, scale = 1): Float64Array {
  const rng = createRandom(seed);
  return Float64Array.from({ length: n * dims }, () => scale * rng.next());
}

describe('trustworthiness and continuity', () => {
  it('are 1 when the layout is the 2-D input itself', () => {
    const data = uniform(200, 2, 1);
    for (const k of [1, 5, 10, 50]) {
      const q = projectionQuality(vectorInput(data, 200, 2), data, { k });
      expect(q).toEqual({ k, trustworthiness: 1, continuity: 1, sampled: 200 });
    }
  });

  it('match a hand-computed example: 6 points on a line, the two ends swapped', () => {
    // Input: x = 0, 1, 2, 3, 4, 5 (point i at i). Layout: points 0 and 5 swap places.
    //
    // k = 2. Input 2-NN (ties → lower index): 0:{1,2} 1:{0,2} 2:{1,3} 3:{2,4} 4:{3,5} 5:{4,3}.
    //   Layout 2-NN: 0:{4,3} 1:{2,5} 2:{1,3} 3:{2,4} 4:{0,3} 5:{1,2}.
    //   T: U(0) = {3,4}, input ranks 3, 4 → 1 + 2; U(1) = {5}, rank 5 → 3; U(4) = {0}, rank 5 → 3;
    //   U(5) = {1,2}, ranks 4, 3 → 2 + 1. Σ = 12; 2 / (n k (2n − 3k − 1)) = 2 / (6·2·5) = 1/30,
    //   so T = 1 − 12/30 = 0.6. C: V(0) = {1,2}, layout ranks 4, 3 → 3; V(1) = {0}, rank 5 → 3;
    //   V(4) = {5}, rank 5 → 3; V(5) = {3,4}, ranks 3, 4 → 3. Σ = 12, C = 0.6.
    //
    // k = 1. Input 1-NN: 0:1 1:0 2:1 3:2 4:3 5:4; layout 1-NN: 0:4 1:2 2:1 3:2 4:0 5:1.
    //   T: (0,4) rank 4 → 3; (1,2) rank 2 → 1; (4,0) rank 5 → 4; (5,1) rank 4 → 3. Σ = 11,
    //   normaliser 2 / (6·1·8) = 1/24, T = 13/24. C: (0,1) layout rank 4 → 3; (1,0) rank 5 → 4;
    //   (4,3) rank 2 → 1; (5,4) rank 4 → 3. Σ = 11, C = 13/24.
    const input = vectorInput(Float64Array.of(0, 1, 2, 3, 4, 5), 6, 1);
    const layout = Float64Array.of(5, 0, 1, 0, 2, 0, 3, 0, 4, 0, 0, 0);
    const two = projectionQuality(input, layout, { k: 2 });
    expect(two.trustworthiness).toBeCloseTo(0.6, 14);
    expect(two.continuity).toBeCloseTo(0.6, 14);
    const one = projectionQuality(input, layout, { k: 1 });
    expect(one.trustworthiness).toBeCloseTo(13 / 24, 14);
    expect(one.continuity).toBeCloseTo(13 / 24, 14);
    expect(reference(input, layout, 2).trustworthiness).toBeCloseTo(0.6, 14);
    expect(reference(input, layout, 1).continuity).toBeCloseTo(13 / 24, 14);
  });

  it('match a brute-force reference on random data, several k', () => {
    const n = 61;
    const input = vectorInput(uniform(n, 4, 2), n, 4);
    const layout = uniform(n, 2, 3);
    for (const k of [1, 2, 5, 13, 30]) {
      const q = projectionQuality(input, layout, { k });
      const r = reference(input, layout, k);
      expect(q.trustworthiness).toBeCloseTo(r.trustworthiness, 12);
      expect(q.continuity).toBeCloseTo(r.continuity, 12);
    }
  });

  it('match the reference with many ties (integer grids, Hamming distances)', () => {
    const n = 80;
    const layout = integerData(n, 2, 4, 4);
    const grid = vectorInput(integerData(n, 3, 5, 3), n, 3);
    const hamming = hammingInput(n, 5, 2, 6);
    for (const input of [grid, hamming])
      for (const k of [1, 3, 10, 39]) {
        const q = projectionQuality(input, layout, { k });
        const r = reference(input, layout, k);
        expect(q.trustworthiness).toBeCloseTo(r.trustworthiness, 12);
        expect(q.continuity).toBeCloseTo(r.continuity, 12);
      }
  });

  it('score a random layout of clustered data below the true layout', () => {
    // Four 5-D clusters whose first two coordinates separate them; the true layout is those two.
    const n = 400;
    const rng = createRandom(7);
    const data = new Float64Array(n * 5);
    const truth = new Float64Array(n * 2);
    for (let i = 0; i < n; i++) {
      const c = i % 4;
      for (let a = 0; a < 5; a++) data[i * 5 + a] = rng.next() + (a < 2 ? 10 * ((c >> a) & 1) : 0);
      truth[2 * i] = data[i * 5];
      truth[2 * i + 1] = data[i * 5 + 1];
    }
    const input = vectorInput(data, n, 5);
    const good = projectionQuality(input, truth);
    const random = projectionQuality(input, uniform(n, 2, 8, 20));
    expect(good.trustworthiness).toBeGreaterThan(0.85);
    expect(good.continuity).toBeGreaterThan(0.85);
    expect(random.trustworthiness).toBeLessThan(good.trustworthiness - 0.3);
    expect(random.continuity).toBeLessThan(good.continuity - 0.3);
    expect(Math.abs(random.trustworthiness - 0.5)).toBeLessThan(0.1);
  });

  it('the sampled estimate (300 of 2000 points) is within 0.02 of the exact value', () => {
    const n = 2000;
    const rng = createRandom(9);
    const data = uniform(n, 5, 10);
    // A mediocre layout: the first two coordinates plus noise.
    const layout = new Float64Array(n * 2);
    for (let i = 0; i < n; i++)
      for (let a = 0; a < 2; a++) layout[2 * i + a] = data[i * 5 + a] + 0.1 * rng.next();
    const input = vectorInput(data, n, 5);
    const exact = projectionQuality(input, layout, { sample: n });
    const sampled = projectionQuality(input, layout, { sample: 300, seed: 3 });
    expect(exact.sampled).toBe(n);
    expect(sampled.sampled).toBe(300);
    expect(sampled.trustworthiness).not.toBe(exact.trustworthiness);
    expect(Math.abs(sampled.trustworthiness - exact.trustworthiness)).toBeLessThan(0.02);
    expect(Math.abs(sampled.continuity - exact.continuity)).toBeLessThan(0.02);
    // The default sample is 1000 points, and the same seed gives the same sample.
    expect(projectionQuality(input, layout).sampled).toBe(1000);
    expect(projectionQuality(input, layout, { sample: 300, seed: 3 })).toEqual(sampled);
  });

  it('yields progress in [0, 1]', () => {
    const n = 2000;
    const steps = qualitySteps(vectorInput(uniform(n, 2, 11), n, 2), uniform(n, 2, 12), {
      sample: 1000,
    });
    let count = 0;
    for (let step = steps.next(); !step.done; step = steps.next()) {
      expect(step.value.fraction).toBeGreaterThan(0);
      expect(step.value.fraction).toBeLessThanOrEqual(1);
      count++;
    }
    expect(count).toBeGreaterThan(1);
  });
});

describe('quality options', () => {
  it('an explicit invalid k throws; the default k shrinks on tiny inputs', () => {
    const n = 10;
    const input = vectorInput(uniform(n, 2, 13), n, 2);
    const layout = uniform(n, 2, 14);
    for (const k of [0, -1, 1.5, 5, 6, Number.NaN]) {
      expect(() => projectionQuality(input, layout, { k })).toThrow(RangeError);
      expect(() => projectionQuality(input, layout, { k })).toThrow(/k must be/);
    }
    expect(projectionQuality(input, layout, { k: 4 }).k).toBe(4);
    expect(projectionQuality(input, layout).k).toBe(4);
    expect(resolveQualityOptions(7).k).toBe(3);
    expect(resolveQualityOptions(8).k).toBe(3);
    expect(resolveQualityOptions(100).k).toBe(10);
    expect(() => resolveQualityOptions(2)).toThrow(/at least 3 points/);
    expect(() => projectionQuality(input, layout, { sample: 0 })).toThrow(/sample/);
    expect(() => projectionQuality(input, layout, { seed: 0.5 })).toThrow(RangeError);
    expect(() => projectionQuality(input, layout, { seed: '1' as unknown as number })).toThrow(
      OptionError,
    );
    expect(() => projectionQuality(input, new Float64Array(19))).toThrow(/coordinates/);
  });
});
