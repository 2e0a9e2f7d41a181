import { describe, expect, it } from 'vitest';
import {
  binaryReason,
  delimiterName,
  detectDelimiter,
  isValidUtf8Prefix,
  LATIN1_WARNING,
  readingPlan,
} from '../../../../src/core/index.ts';
import { readDataset } from '../../../helpers.ts';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const bytes = (...b: number[]): Uint8Array => Uint8Array.from(b);
/** A text-like tail so signatures are not the only bytes. */
const withTail = (head: number[]): Uint8Array =>
  Uint8Array.from([...head, ...utf8('rest of the file, plain text\n')]);

describe('binaryReason: not text', () => {
  it.each([
    ['gzip', [0x1f, 0x8b, 0x08, 0x00], 'looks like a gzip archive'],
    ['zip / xlsx', [0x50, 0x4b, 0x03, 0x04], 'looks like a ZIP archive (or an Excel .xlsx file)'],
    ['PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'looks like a PNG image'],
    ['PDF', [0x25, 0x50, 0x44, 0x46, 0x2d], 'looks like a PDF document'],
    ['JPEG', [0xff, 0xd8, 0xff, 0xe0], 'looks like a JPEG image'],
    ['old Excel', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1], 'looks like an old Excel (.xls) file'],
  ])('recognises a %s signature', (_, head, reason) => {
    expect(binaryReason(withTail(head))).toBe(reason);
  });

  it('finds NUL bytes; UTF-16 text (zeros in every other byte) is read as UTF-16 instead', () => {
    expect(binaryReason(utf8('a,b\n1,\u00002\n'))).toBe('contains NUL bytes');
    // “a,b” in UTF-16LE: 61 00 2c 00 62 00
    expect(binaryReason(bytes(0x61, 0x00, 0x2c, 0x00, 0x62, 0x00))).toBe('contains NUL bytes');
    expect(readingPlan(bytes(0x61, 0x00, 0x2c, 0x00, 0x62, 0x00))).toEqual({
      encoding: 'utf-16le',
      warning: null,
    });
    expect(readingPlan(bytes(0x00, 0x61, 0x00, 0x2c, 0x00, 0x62))).toEqual({
      encoding: 'utf-16be',
      warning: null,
    });
    expect(() => readingPlan(utf8('a,b\n1,\u00002\n'))).toThrow(
      'This is not a CSV text file: it contains NUL bytes.',
    );
  });

  it('finds a high share of control characters', () => {
    // 3 control bytes (0x01, 0x02, 0x03) in 3 + 11 = 14 bytes: 21 % > 5 %.
    expect(binaryReason(bytes(0x01, 0x02, 0x03, ...utf8('a,b\n1,2\n3,4')))).toBe(
      'contains many control characters',
    );
  });

  it.each([
    ['a lone continuation byte', [0x61, 0x80, 0x62]],
    ['0xFF', [0x61, 0xff, 0x62]],
    ['an overlong lead byte 0xC0', [0xc0, 0xaf, 0x61]],
    ['a two-byte lead followed by ASCII', [0xc3, 0x41, 0x42]],
    ['a three-byte lead with one bad continuation', [0xe2, 0x82, 0x41, 0x42]],
    ['a Latin-1 “é” inside a word', [...utf8('caf'), 0xe9, ...utf8(' au lait,1\n')]],
  ])('invalid UTF-8 is read as Windows-1252, with a warning: %s', (_, b) => {
    expect(binaryReason(Uint8Array.from(b))).toBeNull();
    expect(isValidUtf8Prefix(Uint8Array.from(b))).toBe(false);
    expect(readingPlan(Uint8Array.from(b))).toEqual({
      encoding: 'windows-1252',
      warning: LATIN1_WARNING,
    });
  });
});

describe('binaryReason: text', () => {
  it('accepts plain ASCII and every bundled dataset', () => {
    expect(binaryReason(utf8('a,b\r\n1,2\r\n'))).toBeNull();
    expect(binaryReason(utf8('a\tb\f\n'))).toBeNull(); // tab, form feed and newlines are text
    for (const file of ['zoo.csv', 'vote.csv', 'sales.csv', 'soybean.csv']) {
      expect(binaryReason(utf8(readDataset(file))), file).toBeNull();
    }
  });

  it('accepts multi-byte UTF-8 and a BOM', () => {
    expect(binaryReason(utf8('\uFEFFnom,prix\ncafé,2 €\n名前,😀\n'))).toBeNull();
  });

  it('accepts an empty sample', () => {
    expect(binaryReason(new Uint8Array(0))).toBeNull();
  });

  it.each([
    ['“é” (2 bytes) cut after 1', 'café', 1],
    ['“€” (3 bytes) cut after 1', 'prix €', 2],
    ['“€” (3 bytes) cut after 2', 'prix €', 1],
    ['“😀” (4 bytes) cut after 3', 'smile 😀', 1],
    ['“😀” (4 bytes) cut after 1', 'smile 😀', 3],
  ])('accepts a sample ending in a cut multi-byte character: %s', (_, text, drop) => {
    const full = utf8(text);
    const cut = full.subarray(0, full.length - drop);
    expect(binaryReason(cut)).toBeNull();
    expect(isValidUtf8Prefix(cut)).toBe(true);
  });

  it('a bad byte before a cut character still makes the sample invalid UTF-8', () => {
    expect(isValidUtf8Prefix(bytes(0x61, 0xff, 0x62, 0xe2, 0x82))).toBe(false);
  });
});

describe('detectDelimiter', () => {
  it.each([
    [',', 'a,b,c\n1,2,3\n'],
    [';', 'a;b;c\n1;2;3\n'],
    ['\t', 'a\tb\tc\n1\t2\t3\n'],
    [';', 'a;b\n1,5;2,5\n3,25;4\n'], // decimal commas: comma gives 1 field in the header
    ['\t', 'name\tnote\nx\thello, world\ny\ta, b, c\n'], // commas inside tab cells
    [',', '"a;1","b;2"\n"x;y",2\n'], // semicolons only inside quotes
    [',', 'a,"b\nc;d;e;f",g\n1,2,3\n'], // a quoted newline does not end the line
  ])('picks %j', (d, sample) => {
    expect(detectDelimiter(sample)).toBe(d);
  });

  it('prefers the delimiter that splits lines consistently', () => {
    // Commas: 2, 2, 2, 3 fields, score 3/4·1000 + 2 = 752; semicolons: 3 on every line, 1000 + 3.
    expect(detectDelimiter('a,b;c;d\nx;y,z;w\n1,2;3;4\np;q;r,s,t\n')).toBe(';');
  });

  it('ignores a cut last line of a multi-line sample', () => {
    // Complete lines split in 2 by both: a tie (1002 each) that the comma wins. Counting the cut
    // tail “4;5” would make commas 2/3 consistent (669) and hand the file to the semicolon.
    expect(detectDelimiter('a,b;c\n1,2;3\n4;5')).toBe(',');
    expect(detectDelimiter('a,b;c\n1,2;3\n4;5\n')).toBe(';');
  });

  it('falls back to the comma when nothing splits the header', () => {
    expect(detectDelimiter('single\nx\ny\n')).toBe(',');
    expect(detectDelimiter('')).toBe(',');
  });
});

describe('delimiterName', () => {
  it('names the delimiters for messages', () => {
    expect([',', ';', '\t', '|'].map(delimiterName)).toEqual(['comma', 'semicolon', 'tab', '"|"']);
  });
});

describe('isValidUtf8Prefix: ill-formed UTF-8 sequences (RFC 3629 Table 3)', () => {
  const text = (bytes: number[]) => new Uint8Array([0x61, 0x2c, 0x62, 0x0a, ...bytes, 0x0a]);
  it.each([
    ['overlong 3-byte form', [0xe0, 0x80, 0x80]],
    ['UTF-16 surrogate', [0xed, 0xa0, 0x80]],
    ['overlong 4-byte form', [0xf0, 0x80, 0x80, 0x80]],
    ['code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
  ])('%s', (_name, bytes) => {
    expect(isValidUtf8Prefix(text(bytes))).toBe(false);
  });
  it.each([
    ['U+0800', [0xe0, 0xa0, 0x80]],
    ['U+D7FF', [0xed, 0x9f, 0xbf]],
    ['U+10000', [0xf0, 0x90, 0x80, 0x80]],
    ['U+10FFFF', [0xf4, 0x8f, 0xbf, 0xbf]],
  ])('accepts the boundary %s', (_name, bytes) => {
    expect(isValidUtf8Prefix(text(bytes))).toBe(true);
  });
});
