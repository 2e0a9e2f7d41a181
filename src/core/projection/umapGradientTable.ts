/**
 * UMAP's two gradient coefficients as functions of the squared layout distance d² alone, read from
 * a table instead of computing d^{2b} = (d²)^b for every sampled pair (umapEpochs.ts):
 *
 *   attraction  −2ab (d²)^{b−1} / (1 + a (d²)^b)            (McInnes et al. 2018, Sec. 3.2)
 *   repulsion    2γb / ((0.001 + d²)(1 + a (d²)^b))          (umap-learn's, with its 0.001)
 *
 * Measured at 100,000 points (scratch runs of the epochs alone, one thread): x^b took 63 % of the
 * epochs' time, 56 ns a call as exp(b ln x) (Math.pow: 60 ns), six calls a sample. The table is
 * indexed by d² as a 32-bit float shifted right by 15 bits (its 8 exponent bits and top 8
 * mantissa bits: 256 entries per power of two) and interpolated linearly on the 15 bits below;
 * its entries are the exact coefficients (Math.pow) at those floats. Within one power of two a
 * float is linear in its bits, so this is linear interpolation in d² over steps h of at most
 * 2⁻⁸ d²: relative error at most |f''| h² / 8 f = |p (p − 1)| 2⁻¹⁶ / 8 for a curve falling as
 * (d²)^p, the steepest here being the repulsion's far tail, p = −(1 + b): (1 + b)(2 + b) 2⁻¹⁹,
 * 1.05 · 10⁻⁵ at the default b = 0.895 (test/core/projection/umapGradientTable.test.ts). Far
 * below the noise of the sampled gradient, and of umap-learn's own float32 layout (squared
 * differences of nearly equal coordinates). Outside [2⁻¹⁰⁰, 2¹⁰⁰] the coefficient is computed
 * exactly. The same table on every thread, so the layout still does not depend on the team.
 */

/** Mantissa bits of the index (2^MANTISSA_BITS entries a power of two). */
const MANTISSA_BITS = 8;
const SHIFT = 23 - MANTISSA_BITS;
const FRACTION = 1 / (1 << SHIFT);
/** The table covers d² in [2^−RANGE, 2^RANGE). */
const RANGE = 100;
const LOW = 2 ** -RANGE;
const HIGH = 2 ** RANGE;

export interface GradientTable {
  /** Both coefficients' entries, attraction at 2t and repulsion at 2t + 1. */
  readonly entries: Float64Array;
  /** Index of the first entry (the bits of 2^−RANGE shifted). */
  readonly first: number;
}

export interface GradientCurve {
  a: number;
  b: number;
  gamma: number;
}

/** The exact attraction coefficient at d² > 0. */
export function attractionCoefficient(d2: number, { a, b }: GradientCurve): number {
  const powered = Math.pow(d2, b);
  return (-2 * a * b * powered) / d2 / (a * powered + 1);
}

/** The exact repulsion coefficient at d² > 0. */
export function repulsionCoefficient(d2: number, { a, b, gamma }: GradientCurve): number {
  return (2 * gamma * b) / ((0.001 + d2) * (a * Math.pow(d2, b) + 1));
}

const floatView = new Float32Array(1);
const bitsView = new Uint32Array(floatView.buffer);

/** The bits of x rounded to a 32-bit float. */
function floatBits(x: number): number {
  floatView[0] = x;
  return bitsView[0] as number;
}

/** The 32-bit float of the given bits. */
function fromBits(bits: number): number {
  bitsView[0] = bits;
  return floatView[0] as number;
}

export function gradientTable(curve: GradientCurve): GradientTable {
  const first = floatBits(LOW) >>> SHIFT;
  const last = (floatBits(HIGH) >>> SHIFT) + 1;
  const entries = new Float64Array(2 * (last - first + 1));
  for (let t = first; t <= last; t++) {
    const x = fromBits(t << SHIFT);
    entries[2 * (t - first)] = attractionCoefficient(x, curve);
    entries[2 * (t - first) + 1] = repulsionCoefficient(x, curve);
  }
  return { entries, first };
}

/**
 * Coefficient `which` (0: attraction, 1: repulsion) at d² > 0: interpolated in the table, or
 * exact outside its range.
 */
export function tabulated(
  table: GradientTable,
  curve: GradientCurve,
  which: 0 | 1,
  d2: number,
): number {
  if (!(d2 >= LOW && d2 < HIGH))
    return which === 0 ? attractionCoefficient(d2, curve) : repulsionCoefficient(d2, curve);
  floatView[0] = d2;
  const bits = bitsView[0] as number;
  const at = 2 * ((bits >>> SHIFT) - table.first) + which;
  const { entries } = table;
  const lo = entries[at] as number;
  return lo + (bits & ((1 << SHIFT) - 1)) * FRACTION * ((entries[at + 2] as number) - lo);
}
