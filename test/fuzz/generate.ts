/**
 * A seeded generator of hostile inputs for the reading path (issue 10): random bytes, broken
 * encodings, NUL bytes, quotes, ragged rows, huge cells, thousands of columns, duplicate / empty /
 * prototype names, formula and script payloads, numeric extremes, mixed newlines, binary
 * signatures and more. One seed gives one list of cases, so a failure is reproduced by its name.
 */
import { gzipSync } from 'node:zlib';
import { createRandom, type Random } from '../../src/core/base/random.ts';

export interface FuzzCase {
  category: string;
  name: string;
  bytes: Uint8Array;
}

const encoder = new TextEncoder();
const utf8 = (text: string): Uint8Array => encoder.encode(text);

const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  'then',
];
const PAYLOADS = [
  "=cmd|' /C calc'!A0",
  '+1',
  '-1',
  '@SUM(A1)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '"><svg onload=alert(1)>',
  '${7*7}',
  '{{7*7}}',
  '\u202Eevil',
  '%00',
];
const NUMBERS = [
  '1e308',
  '-1e308',
  '1e-320',
  '-0',
  '0',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '9007199254740993',
  '0x1F',
  '1_000',
  '"1,5"',
  '.5',
  '5.',
  '+.5e-3',
  '٣',
];
const UNICODE = ['é', 'ß', '名前', '😀', 'e\u0301', 'مرحبا', '\u200B', '\uFEFF', 'Ω', '🏳️‍🌈'];

/** A pick from a list. */
const pick = <T>(rng: Random, xs: readonly T[]): T => xs[rng.int(xs.length)] as T;

/** A small categorical table as rows of cells (header first). */
function table(rows: number, columns: number, cell: (r: number, c: number) => string): string[][] {
  const header = Array.from({ length: columns }, (_, c) => `col${c}`);
  const body = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) => cell(r, c)),
  );
  return [header, ...body];
}

const plain = (rng: Random) => (): string => pick(rng, ['a', 'b', 'c', 'x', 'y']);

function join(rows: string[][], delimiter = ',', newline = '\n'): string {
  return rows.map((r) => r.join(delimiter)).join(newline) + newline;
}

function randomBytes(rng: Random, n: number): Uint8Array {
  return Uint8Array.from({ length: n }, () => rng.int(256));
}

/** Every category: a generator of one case from the stream. */
const CATEGORIES: Record<string, (rng: Random) => Uint8Array> = {
  'random bytes': (rng) => randomBytes(rng, 1 + rng.int(4096)),
  'random text': (rng) =>
    utf8(
      Array.from({ length: 1 + rng.int(2000) }, () => String.fromCharCode(32 + rng.int(95))).join(
        '',
      ),
    ),
  'broken UTF-8': (rng) => {
    const base = utf8(join(table(20, 3, () => pick(rng, UNICODE))));
    const out = base.slice();
    for (let k = 0; k < 1 + rng.int(5); k++) out[rng.int(out.length)] = 0x80 + rng.int(128);
    return out;
  },
  'Latin-1': (rng) =>
    Uint8Array.from(
      join(table(10 + rng.int(50), 3, () => pick(rng, ['café', 'naïve', 'señor', 'über', 'x']))),
      (ch) => ch.charCodeAt(0) & 0xff,
    ),
  'late invalid UTF-8': (rng) => {
    const head = utf8(join(table(3000, 2, plain(rng))));
    return Uint8Array.from([...head, 0x61, 0xe9, 0x2c, 0x62, 0x0a]);
  },
  'UTF-16': (rng) => {
    const text = join(table(5 + rng.int(40), 3, () => pick(rng, [...UNICODE, 'a', 'b'])));
    const le = rng.next() < 0.5;
    const bom = rng.next() < 0.5;
    const units = bom ? `\uFEFF${text}` : text;
    const out = new Uint8Array(units.length * 2 + (rng.next() < 0.2 ? 1 : 0));
    for (let i = 0; i < units.length; i++) {
      const u = units.charCodeAt(i);
      out[2 * i + (le ? 0 : 1)] = u & 0xff;
      out[2 * i + (le ? 1 : 0)] = u >> 8;
    }
    return out;
  },
  'NUL bytes': (rng) => {
    const out = utf8(join(table(20, 3, plain(rng)))).slice();
    for (let k = 0; k < 1 + rng.int(3); k++) out[rng.int(out.length)] = 0;
    return out;
  },
  'control characters': (rng) =>
    utf8(join(table(20, 3, () => String.fromCharCode(1 + rng.int(30)) + pick(rng, ['a', 'b'])))),
  quotes: (rng) =>
    utf8(
      join(
        table(20 + rng.int(200), 3, () =>
          pick(rng, [
            '"a"',
            '"a""b"',
            '"x"y"',
            '"unterminated',
            'a"b',
            '""',
            '"',
            '"a,b"',
            '"line\nbreak"',
            'plain',
          ]),
        ),
      ),
    ),
  'bad-quote rows': (rng) => utf8(`a,b\n${'0,"x"y"\n'.repeat(1000 + rng.int(20000))}`),
  ragged: (rng) => {
    const rows = table(30, 4, plain(rng));
    for (let k = 0; k < 1 + rng.int(10); k++) {
      const r = rows[1 + rng.int(rows.length - 1)] as string[];
      if (rng.next() < 0.5) r.pop();
      else r.push('extra');
    }
    return utf8(join(rows));
  },
  'huge cell': (rng) => {
    const size = 10_000 + rng.int(300_000);
    const cell = rng.next() < 0.5 ? `${'1'.repeat(size)}x` : 'y'.repeat(size);
    return utf8(`a,b\n${cell},1\nq,2\nq,1\n`);
  },
  'many columns': (rng) => {
    const columns = 1000 + rng.int(9001);
    return utf8(join(table(3 + rng.int(5), columns, (r, c) => `${(r + c) % 3}`)));
  },
  'many rows': (rng) =>
    utf8(join(table(20_000 + rng.int(60_000), 3, (r, c) => `v${(r * (c + 3)) % 7}`))),
  'duplicate names': (rng) => {
    const columns = 2 + rng.int(3000);
    const header = Array.from({ length: columns }, () => pick(rng, ['x', 'x (2)', 'y', '']));
    const row = header.map((_, c) => `${c % 3}`);
    return utf8(join([header, row, row.map((v) => `${v}b`)]));
  },
  'prototype names': (rng) => {
    const names = [...PROTOTYPE_NAMES].sort(() => rng.next() - 0.5).slice(0, 2 + rng.int(5));
    return utf8(
      join([names, ...table(30, names.length, (r, c) => `${(r * (c + 1)) % 13}`).slice(1)]),
    );
  },
  payloads: (rng) => {
    const rows = table(20, 3, () => pick(rng, PAYLOADS));
    rows[0] = [pick(rng, PAYLOADS), pick(rng, PAYLOADS), pick(rng, PAYLOADS)];
    return utf8(
      join(rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)))),
    );
  },
  'numeric extremes': (rng) => utf8(join(table(30 + rng.int(100), 3, () => pick(rng, NUMBERS)))),
  'mixed newlines': (rng) => {
    const rows = table(40, 3, plain(rng));
    return utf8(
      rows
        .map((r) => r.join(','))
        .map((l) => l + pick(rng, ['\n', '\r\n', '\r']))
        .join(''),
    );
  },
  delimiters: (rng) => {
    const d = pick(rng, [';', '\t', '|', ' ', ',']);
    const rows = table(20, 3, () => pick(rng, ['a', 'b;c', 'd\te', 'f,g']));
    return utf8(join(rows, d));
  },
  'empty and blank': (rng) =>
    utf8(
      pick(rng, ['', '\n', '\n\n\n', '   ', '\r\n\r\n', ',,,\n', 'a,b\n', 'a,b\n\n\n', '\uFEFF']),
    ),
  'single column': (rng) =>
    utf8(
      `only\n${Array.from({ length: 5 + rng.int(20) }, () => pick(rng, ['a', 'b'])).join('\n')}\n`,
    ),
  'missing everywhere': (rng) =>
    utf8(join(table(30, 4, () => pick(rng, ['?', 'NA', '', 'null', 'NaN', 'a'])))),
  'binary signatures': (rng) => {
    const kind = rng.int(4);
    if (kind === 0) return gzipSync(join(table(50, 3, plain(rng))));
    const magic = [
      [0x50, 0x4b, 0x03, 0x04],
      [0x25, 0x50, 0x44, 0x46, 0x2d],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    ][kind - 1] as number[];
    return Uint8Array.from([...magic, ...randomBytes(rng, 200)]);
  },
  BOMs: (rng) =>
    utf8(
      `${pick(rng, ['\uFEFF', '\uFEFF\uFEFF', ''])}a,b\n${pick(rng, ['\uFEFF', ''])}x,y\ny,x\nx,x\n`,
    ),
  whitespace: (rng) => utf8(join(table(20, 3, () => pick(rng, [' ', '  a ', '\t', 'b', ' b '])))),
  unicode: (rng) => utf8(join(table(20, 3, () => pick(rng, UNICODE)))),
  'identifiers and constants': (rng) =>
    utf8(
      join(
        table(20 + rng.int(30), 3, (r, c) => (c === 0 ? `id${r}` : c === 1 ? 'same' : `${r % 2}`)),
      ),
    ),
  'numeric columns': (rng) =>
    utf8(
      join(
        table(50 + rng.int(200), 3, () => (rng.next() * 10 ** (rng.int(40) - 20)).toExponential(3)),
      ),
    ),
  'many values': (rng) =>
    utf8(join(table(3000, 2, (r, c) => `v${(r * 7 + c) % (500 + rng.int(2000))}`))),
  'long header': (rng) => utf8(`${'h'.repeat(10_000 + rng.int(100_000))},b\n1,2\n3,4\n`),
};

export const CATEGORY_NAMES = Object.keys(CATEGORIES);

/** `perCategory` cases of every category from one seed (at least 1,000 in all with 35 each). */
export function generateCases(seed: number, perCategory: number): FuzzCase[] {
  const rng = createRandom(seed);
  const cases: FuzzCase[] = [];
  for (const [category, make] of Object.entries(CATEGORIES))
    for (let i = 0; i < perCategory; i++)
      cases.push({ category, name: `${category} #${i} (seed ${seed})`, bytes: make(rng) });
  return cases;
}
