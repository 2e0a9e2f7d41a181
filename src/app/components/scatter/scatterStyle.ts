/** How points look, shared by the canvas, the PNG and the SVG export. */

export const ALPHA = 0.85;
/** Alpha of the points that are not emphasised while some are. */
export const FADED_ALPHA = 0.25;
export const OUTLINE = '#111827';
export const OUTLINE_WIDTH = 1.2;
/** Emphasised points are this many pixels larger. */
export const EMPHASIS_GROWTH = 1.5;
/** Pixels kept free around the data when the view is fitted. */
export const FIT_PAD = 12;
/** Hover and click pick the nearest point within this many pixels. */
export const PICK_RADIUS = 8;

/** Smaller dots for more points; they grow a little when zoomed in (up to 2.5×). */
export function pointRadius(n: number, k: number): number {
  const base = n > 5000 ? 1.5 : n > 1000 ? 2.5 : 3.5;
  return base * Math.min(2.5, Math.max(1, Math.sqrt(k)));
}

/**
 * Up to this many emphasised points are drawn larger and outlined; more would merge into one
 * dark blot (and cost much more to draw), so they are only drawn opaque on top of the faded rest.
 */
export const OUTLINE_MAX = 2000;

/** Radius and outline of the emphasised points, given the mask of them. */
export function emphasisLook(
  mask: Uint8Array,
  radius: number,
): { radius: number; outline: boolean } {
  let count = 0;
  for (let i = 0; i < mask.length; i++) count += mask[i] as number;
  return count <= OUTLINE_MAX
    ? { radius: radius + EMPHASIS_GROWTH, outline: true }
    : { radius, outline: false };
}

/** A dot standing for many identical rows grows up to this many times the radius. */
export const MULTIPLICITY_CAP = 4;

/**
 * Radius factor of a dot standing for `count` identical rows: its area grows with the count
 * (radius ∝ √count), up to MULTIPLICITY_CAP, in quarter steps (so few stamps are drawn).
 */
export function multiplicityScale(count: number): number {
  if (count <= 1) return 1;
  return Math.round(4 * Math.min(MULTIPLICITY_CAP, Math.sqrt(count))) / 4;
}
