import cloud from 'd3-cloud';
import { createRandom } from '../../../core/base/random.ts';

/**
 * The word-cloud layout, as a pure function of (words, size, seed, canvas factory): d3-cloud
 * (Feinberg's spiral placement with pixel-mask collisions) with every word's font size
 * proportional to its value, a seeded random number generator (the same input gives the same
 * cloud) and no rotation. It runs in a worker (layout.worker.ts, with an OffscreenCanvas) and
 * could run on the main thread with a DOM canvas.
 *
 * Every word is placed. d3-cloud silently drops a word it cannot fit, so the layout compares the
 * words its 'end' event placed with the words it was given and, while some are missing, shrinks
 * the scale (× SHRINK) and lays the cloud out again, up to MAX_ATTEMPTS times. A name wider than
 * the cloud even at the smallest font size is shortened with "…" for the cloud (its full name
 * stays in the word's data and tooltip). Words still missing after the last attempt are
 * reported in `missing`, never dropped silently.
 */

export interface CloudWord {
  /** The full name (an attribute's name). */
  text: string;
  /** Its size is proportional to this (an impact in [0, 1]); negative or not finite count as 0. */
  value: number;
}

export interface CloudLayoutRequest {
  words: CloudWord[];
  /** The cloud's size in CSS pixels. */
  width: number;
  height: number;
  seed: number;
  /** CSS font family of the words (the renderer must use the same). */
  fontFamily: string;
  /** Font size of the largest value when everything fits (default 56 px). */
  maxFontSize?: number;
  /** Readability floor: a word whose proportional size is below this is drawn at it (default 9 px). */
  minFontSize?: number;
  /** Part of the area the words' boxes may cover at the first attempt (default 0.9). */
  firstFill?: number;
  /**
   * Longest name drawn in full (default 28 characters); a longer one is shortened with "…" in
   * the cloud, so that long names can still differ in size.
   */
  maxChars?: number;
}

export interface PlacedWord {
  /** Index of the word in the request. */
  index: number;
  /** The full name. */
  text: string;
  /** What is drawn: the name, or the name shortened with "…" when it is wider than the cloud. */
  display: string;
  value: number;
  /** Centre of the word's baseline, relative to the centre of the placed words' box. */
  x: number;
  y: number;
  /**
   * Font size in whole px: max(minFontSize, round(scale × value)). Whole pixels because a
   * browser sets up a font for every distinct size: 180 words at fractional sizes cost ~50 ms
   * of main-thread layout at every new layout, at whole sizes a few ms once.
   */
  size: number;
}

export interface CloudLayout {
  width: number;
  height: number;
  /** Placed words, in the order of the request. */
  placed: PlacedWord[];
  /**
   * The box of the placed words (centred on 0, 0: the layout is shifted so), at most
   * width × height; a renderer may crop the cloud to it.
   */
  content: { width: number; height: number };
  /** Indices of the words that could not be placed even at the smallest scale. */
  missing: number[];
  /** Pixels of font size per unit of value. */
  scale: number;
  /** Layouts run until every word was placed (1 = the first one fitted). */
  attempts: number;
  /** Words whose name is shortened in the cloud. */
  truncated: number;
  maxFontSize: number;
  minFontSize: number;
}

/** A 2-D canvas context as d3-cloud uses it. */
type Context2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
export type CanvasFactory = () => OffscreenCanvas | HTMLCanvasElement;

export const SHRINK = 0.85;
export const MAX_ATTEMPTS = 40;
/** Attempts with other random starts once every word is at the floor size. */
const FLOOR_ATTEMPTS = 4;
/**
 * Space around a word's glyphs (px): 0.15 em, at least 3, so that two words side by side never
 * read as one.
 */
const padding = (size: number): number => Math.max(3, Math.round(size * 0.15));
/** d3-cloud's sprite sheet is 2048 px wide: a word is never wider than this. */
const SPRITE_WIDTH = 2048;
/** Part of the cloud's area the words' boxes may cover at the first attempt. */
const FIRST_FILL = 0.9;

interface Tag {
  index: number;
  text: string;
  size: number;
  font: string;
  x?: number;
  y?: number;
  /** The word's box around (x, y), as d3-cloud computed it. */
  y0?: number;
  y1?: number;
}

function sizeOf(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * The widest a word may be: d3-cloud rounds a word's box (its text width + 1) up to a multiple
 * of 32 px and places a box only wholly inside the cloud.
 */
function maxTextWidth(width: number): number {
  return Math.max(16, Math.floor(Math.min(width, SPRITE_WIDTH) / 32) * 32 - 8);
}

/**
 * The name shortened with "…" to at most `maxChars` characters and at most `limit` px wide at
 * `size`.
 */
function shorten(
  ctx: Context2D,
  text: string,
  font: string,
  size: number,
  limit: number,
  maxChars: number,
): string {
  ctx.font = `normal normal ${size}px ${font}`;
  const chars = Array.from(text);
  if (chars.length <= maxChars && ctx.measureText(text).width <= limit) return text;
  let lo = 0;
  let hi = Math.min(chars.length, Math.max(1, maxChars - 1));
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ctx.measureText(`${chars.slice(0, mid).join('')}…`).width <= limit) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('')}…`;
}

/**
 * The cloud in four steps: measure the names (shortening those too wide), choose the first scale,
 * lay out with retries at shrinking scales until every word fits, and centre what was placed.
 */
export function layoutCloud(request: CloudLayoutRequest, canvas: CanvasFactory): CloudLayout {
  const width = Math.max(32, Math.floor(request.width));
  const height = Math.max(32, Math.floor(request.height));
  const maxFont = request.maxFontSize ?? 56;
  const minFont = Math.min(request.minFontSize ?? 9, maxFont);
  const words = request.words;
  const base = {
    width,
    height,
    truncated: 0,
    maxFontSize: maxFont,
    minFontSize: minFont,
  };
  if (words.length === 0)
    return {
      ...base,
      placed: [],
      content: { width: 0, height: 0 },
      missing: [],
      scale: 0,
      attempts: 0,
    };
  const measured = measureWords(request, canvas, width, minFont);
  const first = firstScale(measured, request, width, height, maxFont, minFont);
  const { chosen, attempts } = placeWithRetries(
    measured,
    request,
    canvas,
    first,
    width,
    height,
    minFont,
  );
  const { display } = measured;
  return {
    ...base,
    truncated: display.filter((d, i) => d !== words[i]?.text).length,
    ...centred(chosen.tags, measured, words, width, height),
    scale: chosen.scale,
    attempts,
  };
}

/** The names as drawn, their widths per px of font size, and the words' values. */
interface Measured {
  display: string[];
  width100: number[];
  values: number[];
  maxValue: number;
}

/** Measures every name once at 100 px; shortens those wider than the cloud at the floor size. */
function measureWords(
  request: CloudLayoutRequest,
  canvas: CanvasFactory,
  width: number,
  minFont: number,
): Measured {
  const font = request.fontFamily;
  const measureCanvas = canvas();
  const ctx = measureCanvas.getContext('2d') as Context2D | null;
  if (!ctx) throw new Error('No 2-D canvas context for the word cloud.');
  const limit = maxTextWidth(width);
  const maxChars = request.maxChars ?? 28;
  const display = request.words.map((w) =>
    shorten(ctx, w.text, font, minFont + 1, limit, maxChars),
  );
  ctx.font = `normal normal 100px ${font}`;
  const width100 = display.map((t) => ctx.measureText(t).width / 100);
  const values = request.words.map((w) => sizeOf(w.value));
  return { display, width100, values, maxValue: Math.max(...values) };
}

/**
 * The first scale: the largest value at maxFont, no word wider than the cloud, and the words'
 * boxes covering at most FIRST_FILL of the area. The retries shrink it from there.
 */
function firstScale(
  { width100, values, maxValue }: Measured,
  request: CloudLayoutRequest,
  width: number,
  height: number,
  maxFont: number,
  minFont: number,
): number {
  const limit = maxTextWidth(width);
  let scale = maxValue > 0 ? maxFont / maxValue : 0;
  let area = 0;
  values.forEach((v, i) => {
    const w = width100[i] ?? 0;
    if (v > 0 && w > 0) {
      // Size s (font size + 1 as d3-cloud draws it) must keep w·s within the limit.
      const widest = (limit / w - 1) / v;
      if (widest * v >= minFont) scale = Math.min(scale, widest);
    }
    area += w * v * v * 1.25;
  });
  const floorArea = values.reduce(
    (s, _v, i) => s + (width100[i] ?? 0) * minFont * minFont * 1.25,
    0,
  );
  if (area > 0 && scale > 0) {
    const room = Math.max(0, (request.firstFill ?? FIRST_FILL) * width * height - floorArea);
    scale = Math.min(scale, Math.sqrt(room / area));
  }
  return Math.max(scale, maxValue > 0 ? minFont / maxValue : 0);
}

/**
 * Lays the cloud out, shrinking the scale (× SHRINK) while words are missing, up to MAX_ATTEMPTS
 * times, then FLOOR_ATTEMPTS other random starts at the floor size; keeps the run that placed most.
 */
function placeWithRetries(
  { display, values, maxValue }: Measured,
  request: CloudLayoutRequest,
  canvas: CanvasFactory,
  first: number,
  width: number,
  height: number,
  minFont: number,
): { chosen: { tags: Tag[]; scale: number }; attempts: number } {
  const font = request.fontFamily;
  let scale = first;
  let best: { tags: Tag[]; scale: number } | null = null;
  let attempts = 0;
  let floorAttempts = 0;
  while (attempts < MAX_ATTEMPTS) {
    attempts++;
    const atFloor = scale * maxValue <= minFont;
    const tags = runCloud(
      request.words.map((_, i) => ({
        index: i,
        text: display[i] ?? '',
        size: Math.max(minFont, Math.round(scale * (values[i] ?? 0))),
        font,
      })),
      width,
      height,
      request.seed + attempts - 1,
      canvas,
    );
    if (!best || tags.length > best.tags.length) best = { tags, scale };
    if (tags.length === request.words.length) break;
    if (atFloor) {
      floorAttempts++;
      if (floorAttempts >= FLOOR_ATTEMPTS) break;
    } else scale *= SHRINK;
  }
  return { chosen: best ?? { tags: [], scale }, attempts };
}

/**
 * The placed words centred: their ink from top to bottom (d3-cloud trims a word's box to its
 * inked rows), their measured text from left to right; and the words that were not placed.
 */
function centred(
  tags: Tag[],
  { display, width100 }: Measured,
  words: CloudWord[],
  width: number,
  height: number,
): Pick<CloudLayout, 'placed' | 'content' | 'missing'> {
  let left = Infinity;
  let right = -Infinity;
  let top = Infinity;
  let bottom = -Infinity;
  for (const t of tags) {
    const half = ((width100[t.index] ?? 0) * t.size) / 2;
    left = Math.min(left, (t.x ?? 0) - half);
    right = Math.max(right, (t.x ?? 0) + half);
    top = Math.min(top, (t.y ?? 0) + (t.y0 ?? -t.size));
    bottom = Math.max(bottom, (t.y ?? 0) + (t.y1 ?? 0));
  }
  const found = tags.length > 0;
  const dx = found ? Math.round(-(left + right) / 2) : 0;
  const dy = found ? Math.round(-(top + bottom) / 2) : 0;
  const content = found
    ? { width: Math.min(width, right - left + 2), height: Math.min(height, bottom - top + 2) }
    : { width: 0, height: 0 };
  const placedAt = new Map(tags.map((t) => [t.index, t]));
  const placed: PlacedWord[] = [];
  const missing: number[] = [];
  words.forEach((w, i) => {
    const t = placedAt.get(i);
    if (!t) {
      missing.push(i);
      return;
    }
    placed.push({
      index: i,
      text: w.text,
      display: display[i] ?? w.text,
      value: w.value,
      x: (t.x ?? 0) + dx,
      y: (t.y ?? 0) + dy,
      size: t.size,
    });
  });
  return { placed, content, missing };
}

/** One d3-cloud run; returns the tags it placed ('end' fires synchronously: no time slicing). */
function runCloud(
  input: Tag[],
  width: number,
  height: number,
  seed: number,
  canvas: CanvasFactory,
): Tag[] {
  const random = createRandom(seed);
  let placed: Tag[] | null = null;
  // d3-cloud draws a word's sprite at size + 1 px; the renderer draws it at `size`.
  const layout = cloud<Tag & cloud.Word>()
    .size([width, height])
    .words(input.map((t) => ({ ...t })))
    .text((d) => d.text)
    .font(input[0]?.font ?? 'sans-serif')
    .fontSize((d) => d.size)
    .rotate(0)
    .padding((d) => padding(d.size))
    .spiral('archimedean')
    .random(() => random.next())
    .timeInterval(Infinity)
    .canvas(canvas as () => HTMLCanvasElement)
    .on('end', (tags: (Tag & cloud.Word)[]) => {
      placed = tags;
    });
  layout.start();
  layout.stop();
  if (placed === null) throw new Error('The word-cloud layout did not finish.');
  return placed;
}
