import { color as parseColor, scaleLinear, scaleSqrt, scaleSymlog } from 'd3';

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
  const base = kind === 'sqrt' ? scaleSqrt() : kind === 'symlog' ? scaleSymlog() : scaleLinear();
  const hi = domain[1] > domain[0] ? domain[1] : domain[0] + 1e-12;
  const t = base
    .domain([domain[0], hi])
    .range([0, STEPS - 1])
    .clamp(true);
  const rgb = (x: number): number => lut[Math.round(t(x)) || 0] ?? 0;
  return { rgb, css: (x) => cssOf(rgb(x)), domain, kind };
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
