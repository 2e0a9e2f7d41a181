/**
 * The t-SNE gradient against a central finite difference of KL(P‖Q), in the spirit of
 * scikit-learn's test_gradient (sklearn/manifold/tests/test_t_sne.py): a small random sparse
 * symmetric P summing to 1, a random 2-D layout, KL computed here from P and Q directly (not by the
 * code under test). The code's gradient leaves out the factor 4 of ∂KL/∂y (README: learning rates
 * are "in the gradient convention without the factor 4"), so 4 · klGradient is compared with the
 * finite difference. Then the Barnes-Hut repulsion in the same gradient: θ = 0 equals the exact sum
 * to rounding, θ = 0.5 is within 5 % (relative error of the whole gradient vector).
 */
import { describe, expect, it } from 'vitest';
import { createRandom, gaussian } from '../../../src/core/base/random.ts';
import type { SparseAffinity } from '../../../src/core/projection/affinity.ts';
import {
  BarnesHutTree,
  barnesHutRepulsion,
  exactRepulsion,
  type Repulsion,
} from '../../../src/core/projection/barnesHut.ts';
import { klGradient } from '../../../src/core/projection/tsne.ts';

/** ‖a − b‖ / ‖b‖ over whole vectors. */
function relativeError(a: Float64Array, b: Float64Array): number {
  let difference = 0;
  let size = 0;
  for (let t = 0; t < b.length; t++) {
    difference += (a[t] - b[t]) ** 2;
    size += b[t] ** 2;
  }
  return Math.sqrt(difference / size);
}

/**
 * Dense n × n P: each point gets `k` distinct random neighbours with uniform random weights,
 * then P ← P + Pᵀ, scaled to sum 1 (zero diagonal).
 */
function randomP(n: number, k: number, seed: number): Float64Array {
  const rng = createRandom(seed);
  const p = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let c = 0; c < k; c++) {
      let j = rng.int(n - 1);
      if (j >= i) j++;
      if (p[i * n + j] > 0) continue;
      const w = 0.1 + rng.next();
      p[i * n + j] += w;
      p[j * n + i] += w;
    }
  const total = p.reduce((s, x) => s + x, 0);
  return p.map((x) => x / total);
}

/** P's non-zero entries in the compressed-row form the code takes (both (i, j) and (j, i)). */
function sparse(p: Float64Array, n: number): SparseAffinity {
  const rowStart = new Int32Array(n + 1);
  const columns: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++)
      if (p[i * n + j] > 0) {
        columns.push(j);
        values.push(p[i * n + j]);
      }
    rowStart[i + 1] = columns.length;
  }
  return { n, rowStart, columns: Int32Array.from(columns), values: Float64Array.from(values) };
}

/** n × 2 standard normal coordinates times `scale`. */
function randomLayout(n: number, scale: number, seed: number): Float64Array {
  const rng = createRandom(seed);
  return Float64Array.from({ length: 2 * n }, () => scale * gaussian(rng));
}

/**
 * The reference objective, from dense P and the Student-t Q: with α = 1 it is KL(P‖Q) =
 * Σ_{p_ij > 0} p_ij log(p_ij / q_ij), q_ij = w_ij / Σ_{k≠l} w_kl, w_ij = 1 / (1 + ‖y_i − y_j‖²).
 * With early exaggeration α the attraction alone is scaled: KL(P‖Q) + (α − 1) Σ p_ij log(1 / w_ij).
 */
function objective(p: Float64Array, y: Float64Array, alpha = 1): number {
  const n = y.length / 2;
  const w = (i: number, j: number) =>
    1 / (1 + (y[2 * i] - y[2 * j]) ** 2 + (y[2 * i + 1] - y[2 * j + 1]) ** 2);
  let z = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j) z += w(i, j);
  let kl = 0;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const pij = p[i * n + j];
      if (pij === 0) continue;
      kl += pij * Math.log(pij / (w(i, j) / z)) - (alpha - 1) * pij * Math.log(w(i, j));
    }
  return kl;
}

/** ∂objective/∂y by central differences, step h on each coordinate. */
function finiteDifference(
  p: Float64Array,
  y: Float64Array,
  alpha: number,
  h: number,
): Float64Array {
  const grad = new Float64Array(y.length);
  const moved = y.slice();
  for (let t = 0; t < y.length; t++) {
    moved[t] = y[t] + h;
    const plus = objective(p, moved, alpha);
    moved[t] = y[t] - h;
    const minus = objective(p, moved, alpha);
    moved[t] = y[t];
    grad[t] = (plus - minus) / (2 * h);
  }
  return grad;
}

/** The code's gradient (without the factor 4) with the given repulsion. */
function codeGradient(p: SparseAffinity, y: Float64Array, repulsion: Repulsion, alpha = 1) {
  const gradient = new Float64Array(y.length);
  const z = klGradient(p, y, repulsion, alpha, gradient, new Float64Array(y.length));
  return { gradient, z };
}

function times(factor: number, x: Float64Array): Float64Array {
  return x.map((v) => factor * v);
}

/** Central-difference step, times the layout's spread. */
const FD_STEP = 1e-5;
/** Relative error allowed against the finite difference (measured 7.0e-9, 2.4e-9, 2.6e-9). */
const FD_TOLERANCE = 1e-5;

describe('t-SNE gradient against finite differences of KL(P‖Q)', () => {
  const n = 40;
  // A compact layout (spread 1, every w_ij matters) and a spread-out one (10, as after a run).
  it.each([
    [1, 1],
    [2, 10],
  ])('exact repulsion: 4 · gradient = ∂KL/∂y (seed %i, layout scale %d)', (seed, scale) => {
    const p = randomP(n, 5, seed);
    const y = randomLayout(n, scale, 100 + seed);
    const { gradient } = codeGradient(sparse(p, n), y, exactRepulsion(n));
    const reference = finiteDifference(p, y, 1, FD_STEP * scale);
    expect(relativeError(times(4, gradient), reference)).toBeLessThan(FD_TOLERANCE);
  });

  it('early exaggeration scales the attraction only', () => {
    const alpha = 12;
    const p = randomP(n, 5, 3);
    const y = randomLayout(n, 1, 103);
    const { gradient } = codeGradient(sparse(p, n), y, exactRepulsion(n), alpha);
    const reference = finiteDifference(p, y, alpha, FD_STEP);
    expect(relativeError(times(4, gradient), reference)).toBeLessThan(FD_TOLERANCE);
  });
});

describe('Barnes-Hut repulsion in the gradient', () => {
  const n = 500;
  const p = sparse(randomP(n, 10, 4), n);

  // Only the summation order differs (measured 3.6e-15; Z 2.7e-15).
  it('θ = 0 equals the exact gradient and Z to rounding', () => {
    const y = randomLayout(n, 5, 104);
    const exact = codeGradient(p, y, exactRepulsion(n));
    const bh = codeGradient(p, y, barnesHutRepulsion(n, 0));
    expect(relativeError(bh.gradient, exact.gradient)).toBeLessThan(1e-12);
    expect(Math.abs(bh.z - exact.z) / exact.z).toBeLessThan(1e-12);
  });

  // Gradient error measured 1–2.7 % on Gaussian layouts of 500 and 1000 points at spreads 1, 5
  // and 20 (2.5 % here); Z's 0.9 % here.
  it('θ = 0.5 is within 5 % of the exact gradient', () => {
    const y = randomLayout(n, 5, 105);
    const exact = codeGradient(p, y, exactRepulsion(n));
    const bh = codeGradient(p, y, barnesHutRepulsion(n, 0.5));
    expect(relativeError(bh.gradient, exact.gradient)).toBeLessThan(0.05);
    expect(Math.abs(bh.z - exact.z) / exact.z).toBeLessThan(0.02);
  });

  // The far field (a Taylor expansion about each target node, η = θ by default) against the same
  // sources summed point by point (η = 0). F is kept to second order, so a far source's error is
  // O((s/R)³) with s / R < η: halving η must cut the whole error at least eightfold; at η = 0.5
  // it stays within the Barnes-Hut bound above (5 %). The expansion's own order: farField.test.ts.
  it('the far-field expansion converges at third order in η and stays within 5 %', () => {
    const m = 2000;
    const y = randomLayout(m, 20, 108);
    const forces = (eta: number): { force: Float64Array; z: number } => {
      const force = new Float64Array(2 * m);
      const z = barnesHutRepulsion(m, 0.5, null, eta).compute(y, force);
      return { force, z };
    };
    const direct = forces(0);
    const half = forces(0.5);
    const quarter = forces(0.25);
    const errorHalf = relativeError(half.force, direct.force);
    const errorQuarter = relativeError(quarter.force, direct.force);
    expect(errorHalf).toBeLessThan(0.05);
    expect(errorHalf).toBeGreaterThan(1e-9);
    expect(errorQuarter).toBeLessThan(errorHalf / 8);
    expect(Math.abs(half.z - direct.z) / direct.z).toBeLessThan(0.02);
  });

  // A leaf of the tree may lie across two ranges (as a team's chunks may cut it); a point's
  // force must not depend on the cut.
  it('gives each point the same force however the points are cut into ranges', () => {
    const y = randomLayout(n, 5, 106);
    const whole = new Float64Array(2 * n);
    const cut = new Float64Array(2 * n);
    const tree = new BarnesHutTree(n, 0.5, null);
    tree.build(y);
    const z = tree.repel(0, n, whole);
    let zCut = 0;
    for (const [from, to] of [
      [0, 7],
      [7, 200],
      [200, 333],
      [333, n],
    ])
      zCut += tree.repel(from, to, cut);
    expect(Array.from(cut)).toEqual(Array.from(whole));
    expect(Math.abs(zCut - z) / z).toBeLessThan(1e-12);
  });

  // Distances below 1 count as 1 in the summary and far tests (barnesHut.ts): in layouts
  // narrower than the kernel's scale whole clusters are summarised, yet a cell holding one of the
  // target's points never is. Measured here: force errors 3e-6, 0.73 % and 2.5 %, Z's 5e-7,
  // 0.12 % and 0.36 % (without that check, 3.8 % and 0.4 % at spread 0.05, the gradient's > 5 %).
  it.each([1e-3, 0.05, 0.5])(
    'θ = 0.5 stays within a 0.05 relative error in a layout of spread %s, a fifth on one spot',
    (spread) => {
      const y = randomLayout(n, spread, 109);
      for (let i = 0; i < n / 5; i++) {
        y[2 * i] = y[2 * n - 2] as number;
        y[2 * i + 1] = y[2 * n - 1] as number;
      }
      const exact = codeGradient(p, y, exactRepulsion(n));
      const bh = codeGradient(p, y, barnesHutRepulsion(n, 0.5));
      const force = new Float64Array(2 * n);
      const repulsive = new Float64Array(2 * n);
      const zExact = exactRepulsion(n).compute(y, repulsive);
      barnesHutRepulsion(n, 0.5).compute(y, force);
      expect(relativeError(force, repulsive)).toBeLessThan(0.05);
      expect(relativeError(bh.gradient, exact.gradient)).toBeLessThan(0.05);
      expect(Math.abs(bh.z - zExact) / zExact).toBeLessThan(0.02);
    },
  );

  // Coincident points share a leaf: each counts the others, never itself.
  it('θ = 0 equals the exact sums when a fifth of the points sit on one spot', () => {
    const y = randomLayout(n, 5, 107);
    for (let i = 0; i < n / 5; i++) {
      y[2 * i] = 1.25;
      y[2 * i + 1] = -0.5;
    }
    const exact = codeGradient(p, y, exactRepulsion(n));
    const bh = codeGradient(p, y, barnesHutRepulsion(n, 0));
    expect(relativeError(bh.gradient, exact.gradient)).toBeLessThan(1e-12);
    expect(Math.abs(bh.z - exact.z) / exact.z).toBeLessThan(1e-12);
  });
});
