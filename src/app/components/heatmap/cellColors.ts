import { color as parseColor } from 'd3';

/**
 * Colour scales for heatmaps: a 256-step lookup table of packed 0xRRGGBB colours, so a
 * 1,000 × 1,000 matrix is coloured by table look-ups rather than by building a million CSS strings.
 * The same scale gives CSS colours for SVG cells and for the legend.
 */
export interface CellScale {
  /** Packed 0xRRGGBB of a value (clamped to the domain). */
  rgb(x: number): number;
  css(x: number): string;
  domain: [number, number];
  /** 'sqrt' and 'symlog' spread small values; the legend says which. */
  kind: ScaleKind;
}

export type ScaleKind = 'linear' | 'sqrt' | 'symlog';

const STEPS = 256;

export function cellScale(
  interpolate: (t: number) => string,
  domain: [number, number],
  kind: ScaleKind = 'linear',
): CellScale {
  const lut = rampTable(interpolate);
  const hi = domain[1] > domain[0] ? domain[1] : domain[0] + 1e-12;
  const rgb = levelScale(lut, kind, domain[0], hi);
  return { rgb, css: (x) => cssOf(rgb(x)), domain, kind };
}

/**
 * The colour of x, as d3's clamped scaleLinear / scaleSqrt / scaleSymlog onto [0, 255] would
 * pick it (the same operations in the same order, so the same step), written out with no d3
 * call and no allocation: a heatmap colours up to a million cells a frame slice at a time, and
 * d3's generic scale boxed a number per call and was slow until optimised (10–28 ms slices).
 */
function levelScale(
  lut: Uint32Array,
  kind: ScaleKind,
  lo: number,
  hi: number,
): (x: number) => number {
  const top = STEPS - 1;
  const pick = (u: number): number => lut[u > 0 ? (u < top ? Math.round(u) : top) : 0] ?? 0;
  const transform = kind === 'sqrt' ? signedSqrt : kind === 'symlog' ? symlog : identity;
  const t0 = transform(lo);
  const span = transform(hi) - t0;
  // d3 maps a domain of zero width (after the transform) to the middle of the range.
  if (span === 0) return (x) => (Number.isNaN(x) ? pick(0) : pick(top / 2));
  return (x) => pick(((transform(x < lo ? lo : x > hi ? hi : x) - t0) / span) * top);
}

function identity(x: number): number {
  return x;
}

/** d3's scaleSqrt transform (a power scale of exponent ½, sign kept). */
function signedSqrt(x: number): number {
  return x < 0 ? -Math.sqrt(-x) : Math.sqrt(x);
}

/** d3's scaleSymlog transform with its default constant 1. */
function symlog(x: number): number {
  return Math.sign(x) * Math.log1p(Math.abs(x));
}

function rampTable(interpolate: (t: number) => string): Uint32Array {
  const lut = new Uint32Array(STEPS);
  for (let k = 0; k < STEPS; k++) lut[k] = packed(interpolate(k / (STEPS - 1)));
  return lut;
}

/** A CSS colour as 0xRRGGBB. */
export function packed(css: string): number {
  const c = parseColor(css)?.rgb();
  if (!c) return 0;
  return (Math.round(c.r) << 16) | (Math.round(c.g) << 8) | Math.round(c.b);
}

const HEX = Array.from({ length: 256 }, (_, k) => k.toString(16).padStart(2, '0'));
export function cssOf(rgb: number): string {
  return `#${HEX[(rgb >> 16) & 255]}${HEX[(rgb >> 8) & 255]}${HEX[rgb & 255]}`;
}

/** A legend entry drawn above a heatmap. */
export interface LegendSpec {
  title: string;
  scale: CellScale;
  /** Names the legend for tests (legend-ID); the title by default. */
  id?: string;
  format?(x: number): string;
}
