import {
  color as parseColor,
  interpolateLab,
  interpolateSinebow,
  interpolateViridis,
  quantize,
} from 'd3';

/**
 * Okabe & Ito's colour-blind-safe palette (https://jfly.uni-koeln.de/color/), reordered so the
 * first colours differ most for every kind of colour vision: blue, orange, bluish green,
 * reddish purple, then sky blue, vermillion, yellow (weak on white, so late) and black.
 */
export const OKABE_ITO = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#000000',
] as const;

/**
 * Paul Tol's "muted" palette (https://personal.sron.nl/~pault/), also designed for colour-blind
 * readers; darker and greyer than Okabe–Ito, so the two together stay apart.
 */
export const TOL_MUTED = [
  '#332288',
  '#88CCEE',
  '#44AA99',
  '#117733',
  '#999933',
  '#DDCC77',
  '#CC6677',
  '#882255',
  '#AA4499',
] as const;

/**
 * One colour per class, shared by every view that colours by class. Up to 8: Okabe–Ito. Up to 17:
 * Okabe–Ito then Tol's muted palette. No palette keeps more than ~10 categories apart for
 * colour-blind readers, so past 17 the rest are evenly spaced hues (legend and tooltips still
 * name every class).
 */
export function classPalette(count: number): string[] {
  const safe: string[] = [...OKABE_ITO, ...TOL_MUTED];
  if (count <= safe.length) return safe.slice(0, Math.max(0, count));
  return [...safe, ...quantize((t) => interpolateSinebow(t * 0.92), count - safe.length)];
}

/** A label's numbers in order of appearance ("[25000, 35000)" → 25000, 35000; "65+" → 65). */
function numbersIn(label: string): number[] {
  // A minus right after a digit is a range's dash ("18-24"), not a sign; "25,000" is one number.
  return [...label.matchAll(/(?<!\d)-?\d+(?:,\d{3})*(?:\.\d+)?/g)].map((m) =>
    Number(m[0].replaceAll(',', '')),
  );
}

/**
 * The order of ordered labels — bins, bands, counts: every label holds a number ("<18",
 * "18-24", "[25000, 35000)", "65+") — as indices from the lowest to the highest (by their first
 * number, a "<" before, then their second); null when some label holds none (an unordered
 * category).
 */
export function labelOrder(labels: readonly string[]): number[] | null {
  if (labels.length < 3) return null;
  const keys = labels.map((l) => {
    const numbers = numbersIn(l);
    return numbers.length === 0
      ? null
      : [
          numbers[0] as number,
          /^\s*[<≤]/.test(l) ? -1 : /^\s*[>≥]|\+\s*$/.test(l) ? 1 : 0,
          numbers[1] ?? Number.POSITIVE_INFINITY,
        ];
  });
  if (keys.some((k) => k === null)) return null;
  const key = keys as number[][];
  return labels
    .map((_, i) => i)
    .sort((x, y) => {
      const [a, b] = [key[x] as number[], key[y] as number[]];
      return (
        (a[0] as number) - (b[0] as number) ||
        (a[1] as number) - (b[1] as number) ||
        (a[2] as number) - (b[2] as number) ||
        x - y
      );
    });
}

/**
 * The colours of a column's labels (a class, an attribute): a sequential ramp, light to dark in
 * the labels' order, when they are ordered (labelOrder: income bands, age groups, bins), so the
 * order shows; else classPalette's distinct colours.
 */
export function labelColors(labels: readonly string[]): string[] {
  const order = labelOrder(labels);
  if (!order) return classPalette(labels.length);
  const ramp = quantize((t) => interpolateViridis(0.92 - 0.85 * t), labels.length);
  const colors = new Array<string>(labels.length);
  order.forEach((label, rank) => (colors[label] = ramp[rank] as string));
  return colors;
}

/** Line styles (SVG dash arrays) that tell series apart when colours repeat: solid first. */
export const SERIES_DASHES = ['', '7 4', '2 3', '9 3 2 3'] as const;

/**
 * The colour and line style of series i of a chart with many lines ((ε,γ)-curves, ROC curves):
 * Okabe–Ito's eight colours, which stay apart under every kind of colour blindness, and past
 * eight the same colours again with a dash pattern, so series 1 and 9 differ by style rather
 * than by two look-alike colours (a second palette brought three greens and two light blues
 * among twelve curves).
 */
export function seriesStyle(i: number): { color: string; dash: string } {
  const n = OKABE_ITO.length;
  return {
    color: OKABE_ITO[i % n] as string,
    dash: SERIES_DASHES[Math.floor(i / n) % SERIES_DASHES.length] as string,
  };
}

/**
 * Sequential colour-blind-safe ramp for scores in [0, 1]: viridis, reversed so high scores are
 * dark and stand out on the white background while the many low ones stay light.
 */
export function scorePalette(t: number): string {
  return interpolateViridis(1 - Math.min(1, Math.max(0, t)));
}

/** WCAG relative luminance of a CSS colour (1, white, when it does not parse). */
export function luminance(css: string): number {
  const c = parseColor(css)?.rgb();
  if (!c) return 1;
  const lin = (x: number) => {
    const s = x / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

/** WCAG contrast ratio of two CSS colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Contrast a point's colour keeps against the dark plot surface (WCAG 1.4.11, graphics). */
export const MIN_MARK_CONTRAST = 3;

/**
 * `color` as shown on a dark `background`: unchanged when it contrasts at least `min` with it,
 * else mixed towards white (in Lab, so its hue stays) just until it does. The palettes were made
 * for white paper and hold black (Okabe–Ito's eighth), a deep indigo (Tol's first) and viridis's
 * dark purple (the highest scores): on a dark surface these would vanish. Lifting only those
 * keeps every other colour as the legend and the exports have it, and keeps a ramp's order (the
 * lifted dark end levels off at the same contrast, it never turns back).
 */
export function liftedOn(color: string, background: string, min = MIN_MARK_CONTRAST): string {
  if (contrastRatio(color, background) >= min) return color;
  const towardsWhite = interpolateLab(color, '#ffffff');
  const at = (t: number): string => parseColor(towardsWhite(t))?.formatHex() ?? '#ffffff';
  // The least mix that shows, by bisection (white, t = 1, always does on a dark surface).
  let [lo, hi] = [0, 1];
  for (let k = 0; k < 16; k++) {
    const mid = (lo + hi) / 2;
    if (contrastRatio(at(mid), background) >= min) hi = mid;
    else lo = mid;
  }
  return at(hi);
}
