import { badOption } from '../base/errors.ts';
/**
 * UMAP's low-dimensional similarity 1 / (1 + a d^{2b}) (McInnes, Healy & Melville 2018, Sec. 3.2
 * and Appendix C): a and b are fitted by least squares to the curve that is 1 up to `minDist`
 * and exp(−(d − minDist) / spread) beyond, on 300 points of [0, 3·spread] — what umap-learn's
 * `find_ab_params` does with scipy's `curve_fit` (Levenberg–Marquardt from a = b = 1). Ours is a
 * Levenberg–Marquardt of its own on the two parameters; for minDist 0.1, spread 1 it gives
 * umap-learn's published a ≈ 1.577, b ≈ 0.895 (test/core/projection/umapCurve.test.ts).
 */

export interface UmapCurve {
  a: number;
  b: number;
}

const SAMPLES = 300;
const MAX_STEPS = 500;

/** The target curve at x: 1 below minDist, exp(−(x − minDist) / spread) from there on. */
function target(x: number, minDist: number, spread: number): number {
  return x < minDist ? 1 : Math.exp(-(x - minDist) / spread);
}

/** Sum of squared residuals of 1 / (1 + a x^{2b}) against ys on xs. */
function residualSum(xs: Float64Array, ys: Float64Array, a: number, b: number): number {
  let s = 0;
  for (let t = 0; t < xs.length; t++) {
    const r = 1 / (1 + a * Math.pow(xs[t] as number, 2 * b)) - (ys[t] as number);
    s += r * r;
  }
  return s;
}

export function fitUmapCurve(minDist: number, spread: number): UmapCurve {
  if (!(spread > 0) || !Number.isFinite(spread))
    throw badOption(`spread must be a positive number, got ${spread}`);
  if (!(minDist >= 0) || !Number.isFinite(minDist))
    throw badOption(`minDist must be ≥ 0, got ${minDist}`);
  const xs = new Float64Array(SAMPLES);
  const ys = new Float64Array(SAMPLES);
  for (let t = 0; t < SAMPLES; t++) {
    xs[t] = (3 * spread * t) / (SAMPLES - 1);
    ys[t] = target(xs[t] as number, minDist, spread);
  }
  let a = 1;
  let b = 1;
  let lambda = 1e-3;
  let cost = residualSum(xs, ys, a, b);
  for (let step = 0; step < MAX_STEPS; step++) {
    // Normal equations JᵀJ δ = −Jᵀr of f = 1 / (1 + a u), u = x^{2b}:
    // ∂f/∂a = −u / (1 + a u)², ∂f/∂b = −2 a u ln x / (1 + a u)² (0 at x = 0).
    let jaa = 0;
    let jab = 0;
    let jbb = 0;
    let ga = 0;
    let gb = 0;
    for (let t = 0; t < SAMPLES; t++) {
      const x = xs[t] as number;
      if (x === 0) continue;
      const u = Math.pow(x, 2 * b);
      const denominator = 1 + a * u;
      const r = 1 / denominator - (ys[t] as number);
      const da = -u / (denominator * denominator);
      const db = 2 * a * Math.log(x) * da;
      jaa += da * da;
      jab += da * db;
      jbb += db * db;
      ga += da * r;
      gb += db * r;
    }
    let improved = false;
    while (lambda < 1e12) {
      const m11 = jaa * (1 + lambda);
      const m22 = jbb * (1 + lambda);
      const det = m11 * m22 - jab * jab;
      const da = (-ga * m22 + gb * jab) / det;
      const db = (-gb * m11 + ga * jab) / det;
      const next = residualSum(xs, ys, a + da, b + db);
      if (Number.isFinite(next) && next <= cost && a + da > 0 && b + db > 0) {
        const relative = (cost - next) / Math.max(cost, 1e-300);
        a += da;
        b += db;
        cost = next;
        lambda = Math.max(lambda / 10, 1e-12);
        improved = relative > 1e-15 || Math.abs(da) + Math.abs(db) > 1e-14;
        break;
      }
      lambda *= 10;
    }
    if (!improved) break;
  }
  return { a, b };
}
