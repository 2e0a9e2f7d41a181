import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../core/base/random.ts';
import {
  layoutCloud,
  type CanvasFactory,
  type CloudLayoutRequest,
  type CloudWord,
} from './cloudLayout.ts';

/**
 * A canvas stand-in for Node: text is a box 0.6 em per character wide, from 0.75 em above the
 * baseline to 0.2 em below, rasterised into an RGBA buffer the way d3-cloud reads it back.
 */
const EM_WIDTH = 0.6;
const ASCENT = 0.75;
const DESCENT = 0.2;

class FakeContext {
  font = '10px sans-serif';
  fillStyle = '';
  strokeStyle = '';
  lineWidth = 1;
  private tx = 0;
  private ty = 0;
  private readonly stack: [number, number][] = [];
  constructor(private readonly canvas: FakeCanvas) {}
  private get size(): number {
    return Number(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? 10);
  }
  save(): void {
    this.stack.push([this.tx, this.ty]);
  }
  restore(): void {
    [this.tx, this.ty] = this.stack.pop() ?? [0, 0];
  }
  translate(x: number, y: number): void {
    this.tx += x;
    this.ty += y;
  }
  rotate(): void {}
  measureText(text: string): { width: number } {
    return { width: Array.from(text).length * EM_WIDTH * this.size };
  }
  private paint(text: string, x: number, y: number, grow: number): void {
    const s = this.size;
    const x0 = Math.floor(this.tx + x - grow);
    const x1 = Math.ceil(this.tx + x + this.measureText(text).width + grow);
    const y0 = Math.floor(this.ty + y - ASCENT * s - grow);
    const y1 = Math.ceil(this.ty + y + DESCENT * s + grow);
    const { width, height, data } = this.canvas;
    for (let r = Math.max(0, y0); r < Math.min(height, y1); r++)
      for (let c = Math.max(0, x0); c < Math.min(width, x1); c++)
        data.fill(255, (r * width + c) * 4, (r * width + c) * 4 + 4);
  }
  fillText(text: string, x: number, y: number): void {
    this.paint(text, x, y, 0);
  }
  strokeText(text: string, x: number, y: number): void {
    this.paint(text, x, y, this.lineWidth / 2);
  }
  clearRect(): void {
    this.canvas.data.fill(0);
  }
  getImageData(): { data: Uint8ClampedArray } {
    return { data: this.canvas.data };
  }
}

class FakeCanvas {
  private w = 1;
  private h = 1;
  data = new Uint8ClampedArray(4);
  private readonly context = new FakeContext(this);
  get width(): number {
    return this.w;
  }
  set width(w: number) {
    this.w = w;
    this.data = new Uint8ClampedArray(this.w * this.h * 4);
  }
  get height(): number {
    return this.h;
  }
  set height(h: number) {
    this.h = h;
    this.data = new Uint8ClampedArray(this.w * this.h * 4);
  }
  getContext(): FakeContext {
    return this.context;
  }
}

const fakeCanvas = (() => new FakeCanvas()) as unknown as CanvasFactory;

function request(words: CloudWord[], width: number, height: number, seed = 1): CloudLayoutRequest {
  return { words, width, height, seed, fontFamily: 'sans-serif', maxFontSize: 56, minFontSize: 9 };
}

function randomWords(n: number, seed: number, name = (i: number) => `a${i}`): CloudWord[] {
  const random = createRandom(seed);
  return Array.from({ length: n }, (_, i) => ({ text: name(i), value: random.next() }));
}

/** Every placed word's box lies inside the cloud and overlaps no other (1 px tolerance). */
function expectDisjointInside(layout: ReturnType<typeof layoutCloud>): void {
  const boxes = layout.placed.map((p) => {
    const w = Array.from(p.display).length * EM_WIDTH * p.size;
    return {
      x0: p.x - w / 2,
      x1: p.x + w / 2,
      y0: p.y - ASCENT * p.size,
      y1: p.y + DESCENT * p.size,
    };
  });
  for (const b of boxes) {
    expect(b.y0).toBeGreaterThanOrEqual(-layout.content.height / 2 - 1);
    expect(b.y1).toBeLessThanOrEqual(layout.content.height / 2 + 1);
    expect(b.x0).toBeGreaterThanOrEqual(-layout.width / 2 - 1);
    expect(b.x1).toBeLessThanOrEqual(layout.width / 2 + 1);
    expect(b.y0).toBeGreaterThanOrEqual(-layout.height / 2 - 1);
    expect(b.y1).toBeLessThanOrEqual(layout.height / 2 + 1);
  }
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const overlap =
        Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 1.5 &&
        Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 1.5;
      expect(overlap, `${layout.placed[i]!.text} overlaps ${layout.placed[j]!.text}`).toBe(false);
    }
}

describe('layoutCloud', () => {
  it('places every word, with a font size proportional to its value above the floor', () => {
    const words = randomWords(16, 7);
    const layout = layoutCloud(request(words, 520, 260), fakeCanvas);
    expect(layout.placed).toHaveLength(16);
    expect(layout.missing).toEqual([]);
    expect(layout.placed.map((p) => p.index)).toEqual(words.map((_, i) => i));
    for (const p of layout.placed) {
      expect(Number.isInteger(p.size)).toBe(true);
      expect(p.size).toBe(Math.max(9, Math.round(layout.scale * p.value)));
      expect(p.size).toBeLessThanOrEqual(56);
    }
    expectDisjointInside(layout);
  });

  it('is deterministic for a seed', () => {
    const words = randomWords(30, 3);
    const a = layoutCloud(request(words, 480, 300, 5), fakeCanvas);
    const b = layoutCloud(request(words, 480, 300, 5), fakeCanvas);
    const c = layoutCloud(request(words, 480, 300, 6), fakeCanvas);
    expect(b).toEqual(a);
    expect(c.placed.map((p) => [p.x, p.y])).not.toEqual(a.placed.map((p) => [p.x, p.y]));
  });

  it('shrinks the scale and lays out again until every word fits', () => {
    const words = randomWords(60, 11, (i) => `attr${i}`);
    // Without the first estimate of the scale (any cover allowed), the first layouts drop words.
    const layout = layoutCloud({ ...request(words, 360, 200), firstFill: 100 }, fakeCanvas);
    expect(layout.missing).toEqual([]);
    expect(layout.placed).toHaveLength(60);
    expectDisjointInside(layout);
    // 60 words at the first scale do not fit in 360 × 200: it took retries.
    expect(layout.attempts).toBeGreaterThan(1);
  });

  it('shortens a name wider than the cloud and still places it', () => {
    const long = (c: string) => c.repeat(300);
    const words = ['a', 'b', 'c', 'd'].map((c, i) => ({ text: long(c), value: 0.2 + 0.2 * i }));
    const layout = layoutCloud(request(words, 500, 240), fakeCanvas);
    expect(layout.missing).toEqual([]);
    expect(layout.truncated).toBe(4);
    for (const p of layout.placed) {
      expect(p.text).toBe(words[p.index]!.text);
      expect(p.display.endsWith('…')).toBe(true);
      expect(Array.from(p.display).length * EM_WIDTH * p.size).toBeLessThanOrEqual(500);
    }
    expectDisjointInside(layout);
  });

  it('reports the words it cannot place instead of dropping them', () => {
    const words = randomWords(300, 2, (i) => `word${i}`);
    const layout = layoutCloud(request(words, 96, 64), fakeCanvas);
    expect(layout.missing.length).toBeGreaterThan(0);
    expect(layout.placed.length + layout.missing.length).toBe(300);
    expect(layout.attempts).toBeLessThanOrEqual(40);
  });

  it('draws zero, negative and non-finite values at the floor size', () => {
    const words = [
      { text: 'zero', value: 0 },
      { text: 'neg', value: -1 },
      { text: 'nan', value: Number.NaN },
      { text: 'one', value: 1 },
    ];
    const layout = layoutCloud(request(words, 400, 200), fakeCanvas);
    expect(layout.missing).toEqual([]);
    expect(layout.placed.slice(0, 3).map((p) => p.size)).toEqual([9, 9, 9]);
    const all0 = layoutCloud(request(words.slice(0, 1), 400, 200), fakeCanvas);
    expect(all0.placed[0]?.size).toBe(9);
    expect(layoutCloud(request([], 400, 200), fakeCanvas).placed).toEqual([]);
  });
});
