/**
 * The Barnes-Hut walk's far field (src/core/projection/barnesHut.ts): a Taylor expansion about a
 * centre g of φ(p) = Σ m w(p − c) and F(p) = Σ m w²(p − c)(p − c), w(v) = 1 / (1 + ‖v‖²), kept to
 * third order for φ and second for F. Checked against the sums computed here directly from the
 * sources: the remainder of a Taylor polynomial of order k shrinks as |δ|^(k+1), so halving δ
 * must divide F's error by about 8 and φ's by about 16 (a missing or wrong term of order j would
 * leave 2^j); and re-expanding about another centre (shiftFar) changes nothing, the polynomials
 * being the same.
 */
import { describe, expect, it } from 'vitest';
import {
  addFarSources,
  FAR_TERMS,
  farForce,
  farPotential,
  shiftFar,
} from '../../../src/core/projection/barnesHut.ts';

/** Sources: x, y, size. */
const SOURCES = [
  [6, 2, 3],
  [7.5, -1, 1],
  [-5, 6, 2],
  [0.5, -8, 5],
];
const G = [0.3, -0.2];

function expansion(): Float64Array {
  const far = new Float64Array(2 * FAR_TERMS);
  const sources = new Float64Array(4 * SOURCES.length);
  SOURCES.forEach(([x, y, m], s) => {
    const vx = G[0]! - x!;
    const vy = G[1]! - y!;
    sources.set([vx, vy, vx * vx + vy * vy, m!], 4 * s);
  });
  addFarSources(far, 0, sources, sources.length);
  return far;
}

/** φ and F at p, summed directly. */
function direct(px: number, py: number): [number, number, number] {
  let phi = 0;
  let fx = 0;
  let fy = 0;
  for (const [x, y, m] of SOURCES) {
    const dx = px - x!;
    const dy = py - y!;
    const w = 1 / (1 + dx * dx + dy * dy);
    phi += m! * w;
    fx += m! * w * w * dx;
    fy += m! * w * w * dy;
  }
  return [phi, fx, fy];
}

function errors(far: Float64Array, ex: number, ey: number): { phi: number; force: number } {
  const [phi, fx, fy] = direct(G[0]! + ex, G[1]! + ey);
  return {
    phi: Math.abs(farPotential(far, 0, ex, ey) - phi),
    force: Math.hypot(farForce(far, 0, ex, ey, 0) - fx, farForce(far, 0, ex, ey, 1) - fy),
  };
}

describe('the far-field expansion', () => {
  it('is exact at its centre', () => {
    const far = expansion();
    const e = errors(far, 0, 0);
    expect(e.phi).toBeLessThan(1e-15);
    expect(e.force).toBeLessThan(1e-15);
  });

  it('converges as |δ|³ for F and |δ|⁴ for φ', () => {
    const far = expansion();
    for (const [dx, dy] of [
      [0.4, 0.1],
      [-0.2, 0.5],
      [0.3, -0.3],
    ]) {
      const big = errors(far, dx!, dy!);
      const small = errors(far, dx! / 2, dy! / 2);
      const forceRatio = big.force / small.force;
      const phiRatio = big.phi / small.phi;
      expect(forceRatio).toBeGreaterThan(6.5);
      expect(forceRatio).toBeLessThan(9.5);
      expect(phiRatio).toBeGreaterThan(13);
      expect(phiRatio).toBeLessThan(19);
    }
  });

  it('is the same polynomial when re-expanded about another centre', () => {
    const far = expansion();
    const [sx, sy] = [0.35, -0.15];
    shiftFar(far, 0, FAR_TERMS, sx, sy);
    for (const [dx, dy] of [
      [0.1, 0.2],
      [-0.3, 0.05],
    ]) {
      const moved = far.subarray(FAR_TERMS);
      expect(farPotential(moved, 0, dx! - sx, dy! - sy)).toBeCloseTo(
        farPotential(far, 0, dx!, dy!),
        12,
      );
      for (const axis of [0, 1] as const)
        expect(farForce(moved, 0, dx! - sx, dy! - sy, axis)).toBeCloseTo(
          farForce(far, 0, dx!, dy!, axis),
          12,
        );
    }
  });
});
