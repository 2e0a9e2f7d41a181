/**
 * The bounded decoder of workspace links: it decodes whatever lz-string encodes exactly as
 * lz-string does, refuses an output longer than its limit before building it (a small hostile
 * link would otherwise expand to hundreds of millions of characters), and calls damaged input
 * damaged instead of throwing.
 */
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { createRandom, type Random } from '../../../src/core/base/random.ts';
import { decompressUriComponentBounded } from '../../../src/app/workspace/boundedDecompress.ts';
import { ALPHABET, bombLength, bombLink, linkOf, type Op } from '../../fuzz/lzBomb.ts';

/** The limit the app puts on a workspace's text. */
const LIMIT = 2_000_000;

// ---- seeded texts ----

const pick = <T>(random: Random, items: readonly T[]): T => items[random.int(items.length)]!;

/** Code point ranges: ASCII, Latin-1, Greek, Hebrew, Arabic, CJK, combining marks, emoji. */
const SCRIPTS: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x391, 0x3c9],
  [0x5d0, 0x5ea],
  [0x627, 0x64a],
  [0x4e00, 0x4fff],
  [0x300, 0x36f],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x2a6df],
];

function unicodeText(random: Random, length: number): string {
  const scripts = [pick(random, SCRIPTS), pick(random, SCRIPTS), pick(random, SCRIPTS)];
  let text = '';
  while (text.length < length) {
    const roll = random.next();
    if (roll < 0.02)
      text += '\u200d'; // zero-width joiner (emoji sequences)
    else if (roll < 0.04)
      text += '\u200f'; // right-to-left mark
    else if (roll < 0.1) text += ' ';
    else {
      const [lo, hi] = pick(random, scripts);
      text += String.fromCodePoint(lo + random.int(hi - lo + 1));
    }
  }
  return text;
}

function asciiText(random: Random, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += String.fromCharCode(random.int(128));
  return text;
}

/** Any UTF-16 code units, lone surrogates and NUL included: lz-string keeps them all. */
function codeUnitText(random: Random, length: number): string {
  const units = new Uint16Array(length);
  for (let i = 0; i < length; i++) units[i] = random.int(0x10000);
  return String.fromCharCode(...units);
}

function repeatedText(random: Random, length: number): string {
  const unit = pick(random, [
    'a',
    'ab',
    'abc ',
    '😀',
    'שלום ',
    'مرحبا ',
    asciiText(random, 1 + random.int(20)),
  ]);
  let text = unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
  // A few changes so the runs break now and then.
  for (let k = random.int(4); k > 0 && text.length > 0; k--) {
    const at = random.int(text.length);
    text = text.slice(0, at) + 'x' + text.slice(at + 1);
  }
  return text;
}

function workspaceText(random: Random, length: number): string {
  const views = ['scatter', 'table', 'heatmap', 'board', 'cloud'];
  const methods = ['cde', 'tsne', 'cure', 'dilca', 'pca', 'umap'];
  const state = {
    format: 'coupled-explorer-workspace',
    version: 1 + random.int(3),
    source: { kind: 'sample', name: pick(random, ['zoo.csv', 'mushroom.csv', 'עברית.csv']) },
    views: [] as unknown[],
  };
  while (JSON.stringify(state).length < length) {
    const size = random.int(40);
    state.views.push({
      view: pick(random, views),
      method: pick(random, methods),
      options: { perplexity: random.int(50), seed: random.int(1000), alpha: random.next() },
      selection: Array.from({ length: size }, () => random.int(8000)),
      label: unicodeText(random, random.int(12)),
    });
  }
  return JSON.stringify(state, null, random.int(2) === 0 ? 2 : undefined).slice(0, length);
}

/** About 300 texts of every kind, most short, some up to 50 000 code units. */
function seededTexts(): string[] {
  const random = createRandom(20_240_611);
  const kinds = [asciiText, unicodeText, codeUnitText, repeatedText, workspaceText];
  const texts = ['', ' ', 'a', 'aa', '😀', '\u05e9', '\0', '\ud800', 'Q', '+ -'];
  for (let i = 0; texts.length < 300; i++) {
    const roll = random.next();
    const length =
      roll < 0.5 ? random.int(64) : roll < 0.85 ? random.int(2_000) : random.int(50_001);
    texts.push(kinds[i % kinds.length]!(random, length));
  }
  return texts;
}

// ---- tests ----

describe('decompressUriComponentBounded', () => {
  it("the test's link writer gives lz-string's own links", () => {
    for (const runs of [0, 1, 2, 3, 5, 17, 200]) {
      const link = bombLink(runs);
      expect(link).toBe(compressToEncodedURIComponent('a'.repeat(bombLength(runs))));
      expect(decompressFromEncodedURIComponent(link)).toBe('a'.repeat(bombLength(runs)));
    }
    const text = 'Ab\u05e9😀';
    const chars = text.split('').map((unit) => ({ char: unit.charCodeAt(0) })); // code units
    expect(linkOf([...chars, 'end'])).toBe(compressToEncodedURIComponent(text));
  });

  it('decodes ~300 seeded texts exactly as lz-string does', () => {
    const texts = seededTexts();
    expect(texts.length).toBe(300);
    expect(Math.max(...texts.map((t) => t.length))).toBeGreaterThan(20_000);
    for (const text of texts) {
      const link = compressToEncodedURIComponent(text);
      const decoded = decompressUriComponentBounded(link, 1e7);
      expect(decoded).toEqual({ ok: true, text });
      if (text !== '') expect(decompressFromEncodedURIComponent(link)).toBe(text);
    }
  });

  it("reads a space as '+', as a link through form decoding arrives", () => {
    const random = createRandom(7);
    let checked = 0;
    for (let i = 0; i < 200; i++) {
      const text = unicodeText(random, 1 + random.int(300));
      const link = compressToEncodedURIComponent(text);
      if (!link.includes('+')) continue;
      const spaced = link.replaceAll('+', ' ');
      expect(decompressUriComponentBounded(spaced, 1e7)).toEqual({ ok: true, text });
      expect(decompressFromEncodedURIComponent(spaced)).toBe(text);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
    const viaParams = new URLSearchParams(`w=${compressToEncodedURIComponent('~~~~~~~~')}`).get(
      'w',
    );
    expect(decompressUriComponentBounded(viaParams!, 100)).toEqual({ ok: true, text: '~~~~~~~~' });
  });

  it('refuses a quadratic bomb before expanding it', () => {
    // ~75 KB of link for ~512 million characters: lz-string spends seconds building them; ~82 KB
    // passes the engine's longest string (2^29 − 24 in V8: lz-string throws RangeError).
    for (const runs of [32_000, 35_000]) {
      const link = bombLink(runs);
      expect(bombLength(runs)).toBeGreaterThan(100 * LIMIT);
      const start = performance.now();
      const decoded = decompressUriComponentBounded(link, LIMIT);
      const elapsed = performance.now() - start;
      console.log(
        `bomb: ${link.length} characters of link for ${bombLength(runs)} characters of text, ` +
          `refused at ${LIMIT} in ${elapsed.toFixed(1)} ms`,
      );
      expect(decoded).toEqual({ ok: false, reason: 'too-long' });

      // It stopped where the output passed the limit, without reading on: cut a little after the
      // run that passes it (at most 2 000 runs, each code at most 13 bits here), the link is
      // still too long — not damaged, which is what the same cut link is without a limit.
      const passing = Math.ceil(Math.sqrt(2 * LIMIT));
      expect(bombLength(passing)).toBeGreaterThan(LIMIT);
      const cut = link.slice(0, Math.ceil(((passing + 1) * 13) / 6) + 4);
      expect(cut.length).toBeLessThan(link.length / 10);
      expect(decompressUriComponentBounded(cut, LIMIT)).toEqual({ ok: false, reason: 'too-long' });
      expect(decompressUriComponentBounded(cut, 1e12)).toEqual({ ok: false, reason: 'damaged' });
    }
  });

  it('decodes a long run of one character within the limit, and refuses it above', () => {
    const runs = 1_999; // 2 000 999 characters: just past 2 000 000
    const link = bombLink(runs);
    const decoded = decompressUriComponentBounded(link, bombLength(runs));
    expect(decoded.ok && decoded.text === 'a'.repeat(bombLength(runs))).toBe(true);
    expect(decompressUriComponentBounded(link, LIMIT)).toEqual({ ok: false, reason: 'too-long' });
  });

  it('takes a text of exactly maxChars and refuses one character more', () => {
    const random = createRandom(11);
    const texts = [
      'a',
      '😀',
      'abababababababababab',
      'a'.repeat(1_000),
      workspaceText(random, 5_000),
      unicodeText(random, 3_000),
      codeUnitText(random, 2_000),
      repeatedText(random, 10_000),
    ];
    for (const text of texts) {
      const link = compressToEncodedURIComponent(text);
      const L = text.length;
      expect(decompressUriComponentBounded(link, L)).toEqual({ ok: true, text });
      expect(decompressUriComponentBounded(link, L - 1)).toEqual({
        ok: false,
        reason: 'too-long',
      });
    }
    expect(decompressUriComponentBounded(compressToEncodedURIComponent(''), 0)).toEqual({
      ok: true,
      text: '',
    });
  });

  it('calls garbage, cut links, undefined codes and a missing end damaged', () => {
    const damaged = { ok: false, reason: 'damaged' };
    const link = compressToEncodedURIComponent(workspaceText(createRandom(3), 300));
    for (const input of ['', '!', '!!!!', 'abc!def', 'abc$def', 'abc/def', 'é', '\0', '😀']) {
      expect(decompressUriComponentBounded(input, 1e7)).toEqual(damaged);
    }
    expect(decompressUriComponentBounded(`${link}!`, 1e7)).toEqual(damaged);
    expect(decompressUriComponentBounded(`${link.slice(0, 10)}%2B${link.slice(10)}`, 1e7)).toEqual(
      damaged,
    );
    // Cut before the end code's last character: every shorter prefix lacks bits it needs.
    for (let n = 1; n <= link.length - 2; n++) {
      expect(decompressUriComponentBounded(link.slice(0, n), 1e7)).toEqual(damaged);
    }
    const a = { char: 'a'.charCodeAt(0) };
    const b = { char: 'b'.charCodeAt(0) };
    const decode = (ops: Op[]) => decompressUriComponentBounded(linkOf(ops), 1e7);
    // After 'a' and 'b' the dictionary holds 3 'a', 4 'b' and 5 'ab'; 6 is the KwKwK code ('bb')
    // and 7 is not defined yet.
    expect(decode([a, b, { code: 5 }, 'end'])).toEqual({ ok: true, text: 'abab' });
    expect(decode([a, b, { code: 6 }, 'end'])).toEqual({ ok: true, text: 'abbb' });
    expect(decode([a, b, { code: 7 }, 'end'])).toEqual(damaged);
    expect(decode([a, b, { code: 1000 }, 'end'])).toEqual(damaged);
    // The first code cannot be KwKwK: there is nothing before it.
    expect(decode([{ code: 3 }, 'end'])).toEqual(damaged);
    // No end code.
    expect(decode([a, b, { code: 5 }])).toEqual(damaged);
  });

  it('never throws on 500 seeded mutations of valid links, and agrees with lz-string when ok', () => {
    const random = createRandom(500);
    const texts = seededTexts().filter((t) => t.length < 3_000);
    const letter = () => ALPHABET[random.int(ALPHABET.length)]!;
    const junk = () => pick(random, ['!', '$', '/', '=', '%', 'é', '\0', ' ', '😀', letter()]);
    const mutations: ((link: string) => string)[] = [
      (link) => link.slice(0, random.int(link.length + 1)), // cut
      (link) => link.slice(random.int(link.length + 1)), // front cut
      (link) => {
        const at = random.int(link.length);
        return link.slice(0, at) + letter() + link.slice(at + 1); // one character changed
      },
      (link) => {
        const at = random.int(link.length + 1);
        return link.slice(0, at) + junk() + link.slice(at); // one inserted
      },
      (link) => {
        const at = random.int(link.length);
        return link.slice(0, at) + link.slice(at + 1); // one removed
      },
      (link) => link + letter().repeat(1 + random.int(5)), // trailing characters
      (link) => Array.from({ length: link.length }, letter).join(''), // random letters
    ];
    let damaged = 0;
    let agreed = 0;
    for (let i = 0; i < 500; i++) {
      const link = compressToEncodedURIComponent(pick(random, texts));
      const input = pick(random, mutations)(link);
      let decoded: ReturnType<typeof decompressUriComponentBounded> | undefined;
      expect(() => (decoded = decompressUriComponentBounded(input, 1e6))).not.toThrow();
      if (decoded!.ok) {
        expect(decompressFromEncodedURIComponent(input)).toBe(decoded!.text);
        agreed++;
      } else if (decoded!.reason === 'damaged') {
        damaged++;
      }
    }
    console.log(`mutations: ${agreed} decoded as lz-string does, ${damaged} damaged`);
    expect(damaged).toBeGreaterThan(100);
    expect(agreed).toBeGreaterThan(50);
  });
});
