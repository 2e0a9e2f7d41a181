/**
 * The epochs' gradient coefficients read from a table (src/core/projection/umapGradientTable.ts)
 * against the derivatives they stand for, taken numerically from UMAP's objective (McInnes et al.
 * 2018, Sec. 3.2) rather than from the module's own formulas: the attraction is
 * ∂/∂x log w(d) / x and the repulsion ∂/∂x log(1 − w(d)) / x with w = 1 / (1 + a d^{2b}), d² =
 * x² + y², umap-learn's repulsion dividing by 0.001 + d² where the derivative has d². Tolerance:
 * the bound of linear interpolation over steps of 2⁻⁸ d² for the steepest curve, (d²)^−(1+b):
 * (1 + b)(2 + b) 2⁻¹⁹ relative, with 10 % and 10⁻⁷ (the central difference) to spare.
 */
import { describe, expect, it } from 'vitest';
import { fitUmapCurve } from '../../../src/core/projection/umapCurve.ts';
import { gradientTable, tabulated } from '../../../src/core/projection/umapGradientTable.ts';

const TOLERANCE = 1e-5;

/** The interpolation's bound for exponent b, with room for the numerical derivative. */
const bound = (b: number): number => 1.1 * (1 + b) * (2 + b) * 2 ** -19 + 1e-7;

/** ∂/∂x f(x² + y²) / x at (x, y), by a central difference. */
function numericalCoefficient(f: (d2: number) => number, x: number, y: number): number {
  const h = 1e-4 * Math.abs(x);
  const at = (u: number) => f(u * u + y * y);
  return (at(x + h) - at(x - h)) / (2 * h) / x;
}

describe('the gradient table', () => {
  for (const [minDist, spread] of [
    [0.1, 1],
    [0, 1],
    [0.5, 2],
  ] as const) {
    it(`matches UMAP's derivatives over 12 decades of d² (min_dist ${minDist}, spread ${spread})`, () => {
      const { a, b } = fitUmapCurve(minDist, spread);
      const gamma = 1;
      const curve = { a, b, gamma };
      const table = gradientTable(curve);
      const logW = (d2: number) => -Math.log1p(a * Math.pow(d2, b));
      const logNotW = (d2: number) =>
        Math.log(a * Math.pow(d2, b)) - Math.log1p(a * Math.pow(d2, b));
      let worst = 0;
      // Irregular distances, so most fall between the table's entries.
      for (let t = 0; t < 400; t++) {
        const d2 = 10 ** (-6 + (12 * (t + (Math.SQRT1_2 * (t % 7)) / 7)) / 400);
        const x = Math.sqrt(d2 * 0.6);
        const y = Math.sqrt(d2 * 0.4);
        const attraction = numericalCoefficient(logW, x, y);
        const repulsion = (gamma * numericalCoefficient(logNotW, x, y) * d2) / (0.001 + d2);
        worst = Math.max(
          worst,
          Math.abs(tabulated(table, curve, 0, d2) / attraction - 1),
          Math.abs(tabulated(table, curve, 1, d2) / repulsion - 1),
        );
      }
      expect(worst).toBeLessThan(bound(b));
    });
  }

  it('is exact outside its range', () => {
    const curve = { ...fitUmapCurve(0.1, 1), gamma: 1 };
    const table = gradientTable(curve);
    for (const d2 of [1e-35, 1e35]) {
      const { a, b } = curve;
      const logW = (s: number) => -Math.log1p(a * Math.pow(s, b));
      const x = Math.sqrt(d2 / 2);
      expect(
        Math.abs(tabulated(table, curve, 0, d2) / numericalCoefficient(logW, x, x) - 1),
      ).toBeLessThan(TOLERANCE);
    }
  });
});
