/**
 * Texts drawn over the scatter's points — cluster labels and count badges — as placed boxes, and
 * their three renderings: SVG markup for the exports (the page draws them as React elements,
 * ScatterAnnotations.tsx, from the same boxes), and canvas drawing for the PNG export. Dark ink on
 * a pale plate, as the plot surface is light in both themes. No DOM globals here.
 */

export interface PlacedText {
  kind: 'label' | 'badge';
  text: string;
  /** Box in CSS pixels of the plot (top left, size). */
  x: number;
  y: number;
  w: number;
  h: number;
  /** A badge's dot, in CSS pixels of the plot. */
  at?: [number, number];
}

/** Fonts as CSS shorthands: the measurement (measureText.ts) and every rendering use them. */
export const LABEL_FONT = '600 12px system-ui, -apple-system, "Segoe UI", sans-serif';
export const BADGE_FONT = '600 11px system-ui, -apple-system, "Segoe UI", sans-serif';
/** Box height and horizontal padding of each kind. */
export const TEXT_BOX = {
  label: { h: 18, pad: 5 },
  badge: { h: 15, pad: 3 },
} as const;
export const ANNOTATION_INK = '#111827';
export const ANNOTATION_PLATE = '#ffffff';
/** Plate opacity of each kind: a label's plate hides more of the points behind it. */
const PLATE_OPACITY = { label: 0.88, badge: 0.8 } as const;

const xml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const fontOf = (kind: PlacedText['kind']) => (kind === 'label' ? LABEL_FONT : BADGE_FONT);
const sizeOf = (kind: PlacedText['kind']) => (kind === 'label' ? 12 : 11);

/** The annotations as SVG elements (one group each: plate and text), for an exported file. */
export function annotationsSvg(list: readonly PlacedText[]): string[] {
  if (list.length === 0) return [];
  const out = [
    `<g font-family="system-ui, sans-serif" font-weight="600" fill="${ANNOTATION_INK}">`,
  ];
  for (const t of list) {
    const r = (v: number) => v.toFixed(1);
    out.push(
      `<g class="${t.kind === 'label' ? 'cluster-label' : 'count-badge'}">` +
        `<rect x="${r(t.x)}" y="${r(t.y)}" width="${r(t.w)}" height="${r(t.h)}" rx="3" ` +
        `fill="${ANNOTATION_PLATE}" fill-opacity="${PLATE_OPACITY[t.kind]}"/>` +
        `<text x="${r(t.x + t.w / 2)}" y="${r(t.y + t.h / 2)}" font-size="${sizeOf(t.kind)}" ` +
        `text-anchor="middle" dominant-baseline="central">${xml(t.text)}</text></g>`,
    );
  }
  out.push('</g>');
  return out;
}

/** Draws the annotations on a canvas whose backing store is `ratio` times the CSS size. */
export function drawAnnotations(
  ctx: CanvasRenderingContext2D,
  list: readonly PlacedText[],
  ratio: number,
): void {
  ctx.save();
  ctx.scale(ratio, ratio);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const t of list) {
    ctx.globalAlpha = PLATE_OPACITY[t.kind];
    ctx.fillStyle = ANNOTATION_PLATE;
    ctx.beginPath();
    ctx.roundRect(t.x, t.y, t.w, t.h, 3);
    ctx.fill();
    ctx.globalAlpha = 1;
    ctx.fillStyle = ANNOTATION_INK;
    ctx.font = fontOf(t.kind);
    ctx.fillText(t.text, t.x + t.w / 2, t.y + t.h / 2);
  }
  ctx.restore();
}

export { fontOf as annotationFont, PLATE_OPACITY };
