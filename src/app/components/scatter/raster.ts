import { color as parseColor } from 'd3';
import type { ColorGroups } from './colorGroups.ts';
import { ALPHA, emphasisLook, FADED_ALPHA, OUTLINE, OUTLINE_WIDTH } from './scatterStyle.ts';
import type { Mapping } from './viewTransform.ts';
import { signedDistance, SHAPES } from './shapes.ts';

/**
 * The points rasterised straight into an RGBA pixel buffer (ImageData's layout) over an opaque
 * background: an anti-aliased disc "stamp" per radius, blended per pixel. Chromium's software
 * canvas needs 50–100 ms to fill 50,000 rects or arcs, even batched by colour; this takes a few.
 * No DOM here, so it runs under Node too.
 */

export interface DrawInput {
  points: Float64Array;
  groups: ColorGroups;
  /** 1 = emphasised: drawn last, larger and outlined. */
  mask: Uint8Array;
  anyEmphasis: boolean;
  mapping: Mapping;
  /** CSS pixels. */
  width: number;
  height: number;
  radius: number;
  /** Opaque background; white when absent. */
  background?: string;
  /** Shape of each point (index into SHAPES); all discs when absent. */
  shapes?: Uint8Array | null;
  /**
   * Each point's radius as a multiple of `radius` (a dot standing for several identical rows is
   * larger, scatterStyle.ts `multiplicityScale`); all 1 when absent.
   */
  sizes?: Float32Array | null;
}

/** ImageData-compatible. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Pixels around a centre pixel with their fill and outline coverage in [0, 1]. */
interface Stamp {
  /** No pixel is further than this from the centre on either axis. */
  reach: number;
  dx: Int16Array;
  dy: Int16Array;
  fill: Float32Array;
  ring: Float32Array;
}

const stamps = new Map<string, Stamp>();

/** How far (device pixels, on either axis) a stamp of radius r and outline w reaches. */
export const stampReach = (r: number, w: number): number => Math.ceil(1.6 * r + w / 2 + 1);

/**
 * A shape of radius r device pixels (a disc by default), optionally with an outline of width w
 * centred on its edge.
 */
function stamp(r: number, w: number, shape = 0): Stamp {
  const key = `${r}|${w}|${shape}`;
  const cached = stamps.get(key);
  if (cached) return cached;
  const reach = stampReach(r, w);
  const dx: number[] = [];
  const dy: number[] = [];
  const fill: number[] = [];
  const ring: number[] = [];
  for (let y = -reach; y <= reach; y++)
    for (let x = -reach; x <= reach; x++) {
      const d = signedDistance(shape, x, y, r);
      const f = Math.min(1, Math.max(0, 0.5 - d));
      const o = w > 0 ? Math.min(1, Math.max(0, w / 2 + 0.5 - Math.abs(d))) : 0;
      if (f === 0 && o === 0) continue;
      dx.push(x);
      dy.push(y);
      fill.push(f);
      ring.push(o);
    }
  const s = {
    reach,
    dx: Int16Array.from(dx),
    dy: Int16Array.from(dy),
    fill: Float32Array.from(fill),
    ring: Float32Array.from(ring),
  };
  if (stamps.size > 256) stamps.clear();
  stamps.set(key, s);
  return s;
}

const rgbCache = new WeakMap<ColorGroups, Uint8Array>();

/** Each group's colour as r, g, b bytes, parsed once per grouping. */
export function groupRgb(groups: ColorGroups): Uint8Array {
  let rgb = rgbCache.get(groups);
  if (!rgb) {
    rgb = new Uint8Array(3 * groups.colors.length);
    groups.colors.forEach((c, g) => (rgb as Uint8Array).set(toRgb(c), 3 * g));
    rgbCache.set(groups, rgb);
  }
  return rgb;
}

/** A CSS colour as r, g, b bytes (grey when it does not parse). */
export function toRgb(c: string): [number, number, number] {
  const rgb = parseColor(c)?.rgb();
  return rgb ? [rgb.r, rgb.g, rgb.b] : [107, 114, 128];
}

/** Draws the scatter into `px`, whose size is the CSS size times `ratio`. */
export function rasterizeScatter(px: Pixels, ratio: number, d: DrawInput): void {
  const job = rasterJob(px, ratio, d);
  while (!job.step(Infinity));
}

/**
 * A raster drawn a slice at a time (the scatter at a million points keeps the page responsive
 * by drawing in slices of a few milliseconds, useCanvasDraw.ts): the same pixels as
 * `rasterizeScatter`, in the same order, whatever the slices.
 */
export interface RasterJob {
  /** Draws up to `count` more points (of the passes' n each); true once the picture is done. */
  step(count: number): boolean;
  /** The share of the work done, 0 to 1. */
  progress(): number;
}

/** A raster job: the background is filled at once, the points come with each `step`. */
export function rasterJob(px: Pixels, ratio: number, d: DrawInput): RasterJob {
  // One 32-bit word per pixel, bytes R, G, B, A on the little-endian machines browsers run on.
  const buf = new Uint32Array(px.data.buffer, px.data.byteOffset, px.width * px.height);
  const [br, bg, bb] = toRgb(d.background ?? '#ffffff');
  buf.fill((br | (bg << 8) | (bb << 16) | 0xff000000) >>> 0);
  const rgb = groupRgb(d.groups);
  const passes: { want: number; stamps: (factor: number) => Prepared[] }[] = [
    {
      want: 0,
      stamps: stampsOf(d, d.radius * ratio, 0, d.anyEmphasis ? FADED_ALPHA : ALPHA, px.width),
    },
  ];
  if (d.anyEmphasis) {
    const look = emphasisLook(d.mask, d.radius);
    const ring = look.outline ? OUTLINE_WIDTH * ratio : 0;
    passes.push({ want: 1, stamps: stampsOf(d, look.radius * ratio, ring, 1, px.width) });
  }
  const n = d.groups.index.length;
  let at = 0;
  let k = 0;
  return {
    step(count) {
      let left = count;
      while (at < passes.length && left > 0) {
        const p = passes[at] as (typeof passes)[number];
        const end = Math.min(n, k + left);
        pass(buf, px, ratio, d, rgb, p.want, p.stamps, k, end);
        left -= end - k;
        k = end;
        if (k >= n) {
          at++;
          k = 0;
        }
      }
      return at >= passes.length;
    },
    progress: () => (at >= passes.length ? 1 : (at * n + k) / (passes.length * n || 1)),
  };
}

/** The prepared stamps of a pass, by shape, for each radius factor met (made on first use). */
function stampsOf(
  d: DrawInput,
  r: number,
  w: number,
  alpha: number,
  W: number,
): (factor: number) => Prepared[] {
  const made = new Map<number, Prepared[]>();
  return (factor) => {
    let p = made.get(factor);
    if (!p) {
      const shapes = d.shapes ? SHAPES.map((_, s) => s) : [0];
      p = shapes.map((s) => prepare(stamp(r * factor, w, s), W, alpha));
      made.set(factor, p);
    }
    return p;
  };
}

const [OR, OG, OB] = toRgb(OUTLINE);

/** A stamp's pixel offsets from the centre and its weights in 1/256, for one pass. */
interface Prepared {
  off: Int32Array;
  fw: Int32Array;
  rw: Int32Array;
  dx: Int16Array;
  dy: Int16Array;
  m: number;
  reach: number;
  outline: boolean;
}

function prepare(s: Stamp, W: number, alpha: number): Prepared {
  const m = s.dx.length;
  const off = new Int32Array(m);
  const fw = new Int32Array(m);
  const rw = new Int32Array(m);
  let outline = false;
  for (let q = 0; q < m; q++) {
    off[q] = (s.dy[q] as number) * W + (s.dx[q] as number);
    fw[q] = Math.round(alpha * (s.fill[q] as number) * 256);
    rw[q] = Math.round((s.ring[q] as number) * 256);
    if ((rw[q] as number) > 0) outline = true;
  }
  return { off, fw, rw, dx: s.dx, dy: s.dy, m, reach: s.reach, outline };
}

function pass(
  buf: Uint32Array,
  px: Pixels,
  ratio: number,
  d: DrawInput,
  rgb: Uint8Array,
  want: number,
  preparedFor: (factor: number) => Prepared[],
  from: number,
  to: number,
): void {
  const { width: W, height: H } = px;
  const { points, groups, mask } = d;
  const shapes = d.shapes ?? null;
  const ax = d.mapping.ax * ratio;
  const bx = d.mapping.bx * ratio;
  const ay = d.mapping.ay * ratio;
  const by = d.mapping.by * ratio;
  const sizes = d.sizes ?? null;
  const base = preparedFor(1);
  // Positions from … to − 1 of the drawing order (groups.index), group by group.
  for (let g = 0; g < groups.colors.length; g++) {
    const first = Math.max(from, groups.start[g] as number);
    const end = Math.min(to, groups.start[g + 1] as number);
    if (first >= end) continue;
    const R = rgb[3 * g] as number;
    const G = rgb[3 * g + 1] as number;
    const B = rgb[3 * g + 2] as number;
    const RB = R | (B << 16);
    const G8 = G << 8;
    for (let k = first; k < end; k++) {
      const i = groups.index[k] as number;
      if (mask[i] !== want) continue;
      const prepared = sizes && sizes[i] !== 1 ? preparedFor(sizes[i] as number) : base;
      const st = prepared[shapes ? (shapes[i] as number) : 0] ?? (prepared[0] as Prepared);
      const { off, fw, rw, m, reach, outline } = st;
      const cx = Math.floor(ax * (points[2 * i] as number) + bx);
      const cy = Math.floor(ay * (points[2 * i + 1] as number) + by);
      // Also false for NaN.
      if (!(cx >= -reach && cx < W + reach && cy >= -reach && cy < H + reach)) continue;
      const clip = cx < reach || cx >= W - reach || cy < reach || cy >= H - reach;
      const centre = cy * W + cx;
      if (!clip && !outline) {
        // The common case, kept tight: red and blue blended together in one word (no carries:
        // each channel's sum stays below 256 · 256).
        for (let q = 0; q < m; q++) {
          const p = centre + (off[q] as number);
          const v = buf[p] as number;
          const f = fw[q] as number;
          const h = 256 - f;
          const rb = ((((v & 0xff00ff) * h + RB * f) >>> 8) & 0xff00ff) >>> 0;
          const g8 = (((v & 0xff00) * h + G8 * f) >>> 8) & 0xff00;
          buf[p] = rb | g8 | 0xff000000;
        }
        continue;
      }
      for (let q = 0; q < m; q++) {
        if (clip) {
          const x = cx + (st.dx[q] as number);
          const y = cy + (st.dy[q] as number);
          if (x < 0 || x >= W || y < 0 || y >= H) continue;
        }
        const p = centre + (off[q] as number);
        const v = buf[p] as number;
        let r = v & 255;
        let gg = (v >>> 8) & 255;
        let b = (v >>> 16) & 255;
        const f = fw[q] as number;
        r += ((R - r) * f) >> 8;
        gg += ((G - gg) * f) >> 8;
        b += ((B - b) * f) >> 8;
        if (outline) {
          const o = rw[q] as number;
          r += ((OR - r) * o) >> 8;
          gg += ((OG - gg) * o) >> 8;
          b += ((OB - b) * o) >> 8;
        }
        buf[p] = r | (gg << 8) | (b << 16) | 0xff000000;
      }
    }
  }
}
