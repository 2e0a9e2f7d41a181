import { afterNextFrame } from '../afterFrame.ts';
import { domToSvg } from './domToSvg.ts';
import { withLightTheme } from '../theme.ts';
import { EXPORT_FONT, escapeXml, px, svgDocument } from './svgMarkup.ts';

/** What an export says about its panel above the picture. */
export interface PanelCaption {
  title: string;
  /** The data and the call in words: "zoo.csv, 101 rows × 16 attributes · CDE (α 2)". */
  detail: string;
  /** The exact call (the JSON export's; the CLI's `run` takes it), or null for a data view. */
  call?: { method: string; options: Record<string, unknown> } | null;
}

const nextFrame = () => new Promise<void>((resolve) => afterNextFrame(resolve));

/**
 * Runs `draw` with every part of the panel's body that scrolls shown whole (a long table, value
 * clusters wider than the panel, a panel taller than the window), then puts the page back.
 */
async function unclipped<T>(body: HTMLElement, draw: () => T): Promise<T> {
  const clipped = [body, ...body.querySelectorAll<HTMLElement>('*')].filter((el) => {
    const s = getComputedStyle(el);
    const scrolls = /(auto|scroll|hidden)/.test(`${s.overflowX} ${s.overflowY}`);
    return (
      el === body ||
      (scrolls && (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1))
    );
  });
  const saved = clipped.map((el) => el.getAttribute('style'));
  for (const el of clipped) {
    el.style.setProperty('overflow', 'visible', 'important');
    el.style.setProperty('max-height', 'none', 'important');
  }
  await nextFrame();
  try {
    return draw();
  } finally {
    clipped.forEach((el, k) => {
      const s = saved[k];
      if (s === null || s === undefined) el.removeAttribute('style');
      else el.setAttribute('style', s);
    });
  }
}

const TITLE_SIZE = 16;
const DETAIL_SIZE = 12;
const MARGIN = 16;

/** The panel's view as one SVG document: its title and call above, the view below, whole. */
export async function panelSvg(section: HTMLElement, caption: PanelCaption): Promise<string> {
  const body = section.querySelector<HTMLElement>('.panel-body') ?? section;
  // Drawn from the light theme's colours whatever the page shows: the file is on white.
  const view = await unclipped(body, () => withLightTheme(() => domToSvg(body)));
  const width = Math.max(view.width, 320) + 2 * MARGIN;
  const top = MARGIN + TITLE_SIZE + 8 + DETAIL_SIZE + 10;
  const head = [
    `<text x="${MARGIN}" y="${MARGIN + TITLE_SIZE}" font-family="${escapeXml(EXPORT_FONT)}" font-size="${TITLE_SIZE}" font-weight="600" fill="#111111">${escapeXml(caption.title)}</text>`,
    `<text x="${MARGIN}" y="${MARGIN + TITLE_SIZE + 8 + DETAIL_SIZE}" font-family="${escapeXml(EXPORT_FONT)}" font-size="${DETAIL_SIZE}" fill="#444444">${escapeXml(caption.detail)}</text>`,
  ].join('\n');
  const height = top + view.height + MARGIN;
  return svgDocument(
    width,
    height,
    `${head}\n<g transform="translate(${MARGIN} ${px(top)})">\n${view.body}\n</g>`,
  );
}

/** The SVG's width and height attributes. */
export function svgSize(svg: string): { width: number; height: number } {
  const m = /<svg[^>]*\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"/.exec(svg);
  return { width: Number(m?.[1] ?? 800), height: Number(m?.[2] ?? 600) };
}

/** A PNG of an SVG document at `scale` × its size (2: sharp on a high-density screen or print). */
export async function svgToPng(svg: string, scale = 2): Promise<Blob> {
  const { width, height } = svgSize(svg);
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    // Browsers cap a canvas near 16,384 px a side and 268 M pixels.
    const k = Math.min(scale, 16000 / width, 16000 / height, Math.sqrt(2.6e8 / (width * height)));
    canvas.width = Math.max(1, Math.round(width * k));
    canvas.height = Math.max(1, Math.round(height * k));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No 2-D canvas for the PNG.');
    ctx.scale(k, k);
    ctx.drawImage(image, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (b) => (b ? resolve(b) : reject(new Error('The PNG could not be made.'))),
        'image/png',
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
