import { pictureOf } from './exportHooks.ts';
import { escapeXml, px, withoutDeclaration } from './svgMarkup.ts';

/**
 * A view as vector SVG, drawn from its laid-out page elements: text as <text> at its place
 * and in its font, boxes with a background or border as <rect>/<line>, inline SVG charts
 * copied with their computed styles, canvases as the picture their component gives for export
 * (the whole data) or else as their pixels. Controls (buttons, inputs, menus) are left out: the
 * export's title line names the call instead.
 */

/** Elements an export leaves out. */
const SKIPPED =
  'button, input, select, textarea, label:has(input, select, textarea), .scatter-toolbar, [data-export="skip"], .visually-hidden, [role="tooltip"]';

/** Computed properties an inline SVG's elements keep in the copy. */
const SVG_STYLE = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
] as const;

const transparent = (color: string): boolean =>
  color === 'transparent' || /rgba\([^)]*,\s*0\)$/.test(color) || color === '';

/** The page position of the drawing's origin, and the extent of what has been drawn. */
interface Origin {
  x: number;
  y: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The drawing of `root` and everything in it, moved up so that the first thing drawn is at the
 * top; its width and height are those of what was drawn (a table wider than the panel whole).
 */
export function domToSvg(root: HTMLElement): { body: string; width: number; height: number } {
  const box = root.getBoundingClientRect();
  const o = { x: box.left, y: box.top, top: Infinity, right: 0, bottom: 0 };
  const out: string[] = [];
  walk(root, o, out);
  const top = Number.isFinite(o.top) ? o.top : 0;
  return {
    body: `<g transform="translate(0 ${px(-top)})">\n${out.join('\n')}\n</g>`,
    width: Math.max(box.width, o.right),
    height: Math.max(0, o.bottom - top),
  };
}

/** Legends: their buttons (a curve shown or hidden) are drawn, being the legend's entries. */
const LEGEND = '.legend, .ramp-legend, .curves-legend';

function walk(el: Element, o: Origin, out: string[]): void {
  // A menu inside a sentence ("weights for [attribute]") shows its choice as text.
  if (el instanceof HTMLSelectElement && !el.closest('label, .view-controls'))
    return chosenText(el, o, out);
  // A control is left out; a legend's buttons are its entries, and a table cell's label (a
  // column's role, its checkbox left out) is data.
  if (
    el.matches(SKIPPED) &&
    !(el.tagName === 'BUTTON' && el.closest(LEGEND)) &&
    !(el.tagName === 'LABEL' && el.closest('td'))
  )
    return;
  const style = getComputedStyle(el);
  if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return;
  const r = el.getBoundingClientRect();
  if (el !== el.ownerDocument.body && r.width > 0 && r.height > 0 && drawsItself(el, style)) {
    o.top = Math.min(o.top, r.top - o.y);
    o.right = Math.max(o.right, r.right - o.x);
    o.bottom = Math.max(o.bottom, r.bottom - o.y);
  }
  if (el instanceof SVGSVGElement) return void out.push(svgCopy(el, r, o));
  if (el instanceof HTMLCanvasElement) return void out.push(canvasPicture(el, r, o));
  if (el instanceof HTMLElement) boxOf(style, r, o, out);
  const legend = el.matches(LEGEND);
  if (legend) out.push('<g class="legend">');
  for (const child of el.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) textOf(child as Text, style, o, out);
    else if (child.nodeType === Node.ELEMENT_NODE) walk(child as Element, o, out);
  }
  if (legend) out.push('</g>');
}

/** An element whose own box shows: a chart, a picture, a coloured or bordered box, text. */
function drawsItself(el: Element, style: CSSStyleDeclaration): boolean {
  return (
    el instanceof SVGSVGElement ||
    el instanceof HTMLCanvasElement ||
    !transparent(style.backgroundColor) ||
    style.backgroundImage !== 'none' ||
    [...el.childNodes].some((c) => c.nodeType === Node.TEXT_NODE && /\S/.test(c.textContent ?? ''))
  );
}

/** The element's background (a colour or a linear gradient) and its borders. */
function boxOf(style: CSSStyleDeclaration, r: DOMRect, o: Origin, out: string[]): void {
  if (r.width === 0 || r.height === 0) return;
  const x = r.left - o.x;
  const y = r.top - o.y;
  const at = `x="${px(x)}" y="${px(y)}" width="${px(r.width)}" height="${px(r.height)}"`;
  const gradient = /linear-gradient\((?:to right,\s*)?(.*)\)$/.exec(style.backgroundImage);
  if (gradient) {
    const colors = (gradient[1] as string).match(/rgba?\([^)]*\)|#[0-9a-f]{3,8}/gi) ?? [];
    const id = `g${out.length}`;
    const stops = colors.map(
      (c, i) => `<stop offset="${px(i / Math.max(1, colors.length - 1))}" stop-color="${c}"/>`,
    );
    out.push(`<linearGradient id="${id}">${stops.join('')}</linearGradient>`);
    out.push(`<rect ${at} fill="url(#${id})"/>`);
  } else if (!transparent(style.backgroundColor)) {
    out.push(`<rect ${at} fill="${style.backgroundColor}"/>`);
  }
  const sides = [
    ['Top', x, y, x + r.width, y],
    ['Bottom', x, y + r.height, x + r.width, y + r.height],
    ['Left', x, y, x, y + r.height],
    ['Right', x + r.width, y, x + r.width, y + r.height],
  ] as const;
  for (const [side, x1, y1, x2, y2] of sides) {
    const width = parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`));
    const color = style.getPropertyValue(`border-${side.toLowerCase()}-color`);
    const kind = style.getPropertyValue(`border-${side.toLowerCase()}-style`);
    if (!(width > 0) || kind === 'none' || transparent(color)) continue;
    out.push(
      `<line x1="${px(x1)}" y1="${px(y1)}" x2="${px(x2)}" y2="${px(y2)}" stroke="${color}" stroke-width="${px(width)}"/>`,
    );
  }
}

/** A text node as one <text> per line it occupies, in its own font and colour. */
function textOf(node: Text, style: CSSStyleDeclaration, o: Origin, out: string[]): void {
  const raw = node.data;
  const start = raw.search(/\S/);
  if (start < 0) return;
  const end = raw.trimEnd().length;
  const range = document.createRange();
  range.setStart(node, start);
  range.setEnd(node, end);
  const lines = range.getClientRects();
  const font =
    `font-family="${escapeXml(style.fontFamily)}" font-size="${style.fontSize}"` +
    (style.fontWeight !== '400' ? ` font-weight="${style.fontWeight}"` : '') +
    (style.fontStyle === 'italic' ? ' font-style="italic"' : '') +
    ` fill="${style.color}"`;
  const put = (text: string, rect: DOMRect) => {
    if (rect.width === 0) return;
    const y = rect.top - o.y + rect.height / 2;
    out.push(
      `<text x="${px(rect.left - o.x)}" y="${px(y)}" dominant-baseline="central" ${font}>${escapeXml(text.replace(/\s+/g, ' '))}</text>`,
    );
  };
  if (lines.length <= 1) {
    const rect = range.getBoundingClientRect();
    return put(raw.slice(start, end), rect);
  }
  // Wrapped text: words grouped by the line their box sits on.
  let line: { text: string; rect: DOMRect } | null = null;
  const words = /\S+/g;
  for (let m = words.exec(raw); m; m = words.exec(raw)) {
    range.setStart(node, m.index);
    range.setEnd(node, m.index + m[0].length);
    const rect = range.getBoundingClientRect();
    if (line && Math.abs(rect.top - line.rect.top) < 2) {
      line.text += ` ${m[0]}`;
      continue;
    }
    if (line) put(line.text, line.rect);
    line = { text: m[0], rect };
  }
  if (line) put(line.text, line.rect);
}

function chosenText(select: HTMLSelectElement, o: Origin, out: string[]): void {
  const r = select.getBoundingClientRect();
  const style = getComputedStyle(select);
  const text = select.selectedOptions[0]?.textContent?.trim() ?? '';
  if (!text || r.width === 0) return;
  out.push(
    `<text x="${px(r.left - o.x + 4)}" y="${px(r.top - o.y + r.height / 2)}" dominant-baseline="central" font-family="${escapeXml(style.fontFamily)}" font-size="${style.fontSize}" font-weight="600" fill="${style.color}">${escapeXml(text)}</text>`,
  );
}

/** An inline SVG chart, copied with the computed styles its page rules give it. */
function svgCopy(svg: SVGSVGElement, r: DOMRect, o: Origin): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [copy, ...copy.querySelectorAll('*')];
  from.forEach((el, k) => {
    const target = to[k] as Element;
    const style = getComputedStyle(el);
    if (style.display === 'none') return target.remove();
    const kept = SVG_STYLE.map((p) => `${p}:${style.getPropertyValue(p)}`).join(';');
    target.setAttribute('style', kept);
    target.removeAttribute('class');
  });
  copy.setAttribute('x', px(r.left - o.x));
  copy.setAttribute('y', px(r.top - o.y));
  copy.setAttribute('width', px(r.width));
  copy.setAttribute('height', px(r.height));
  if (!copy.hasAttribute('viewBox')) copy.setAttribute('viewBox', `0 0 ${r.width} ${r.height}`);
  copy.setAttribute('overflow', 'visible');
  return new XMLSerializer().serializeToString(copy);
}

/** A canvas: its component's whole-data picture when it gives one, else its pixels. */
function canvasPicture(canvas: HTMLCanvasElement, r: DOMRect, o: Origin): string {
  const x = px(r.left - o.x);
  const y = px(r.top - o.y);
  const build = pictureOf(canvas);
  if (build) {
    const inner = withoutDeclaration(build(r.width, r.height)).replace(
      /^<svg /,
      `<svg x="${x}" y="${y}" `,
    );
    return inner;
  }
  let href: string;
  try {
    href = canvas.toDataURL('image/png');
  } catch {
    return '';
  }
  return `<image x="${x}" y="${y}" width="${px(r.width)}" height="${px(r.height)}" preserveAspectRatio="none" href="${href}"/>`;
}
