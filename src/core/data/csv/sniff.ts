/** Cheap looks at the first bytes / characters of a file before parsing it. */

export const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

const MAGIC: [string, number[]][] = [
  ['a gzip archive', [0x1f, 0x8b]],
  ['a ZIP archive (or an Excel .xlsx file)', [0x50, 0x4b, 0x03, 0x04]],
  ['a PDF document', [0x25, 0x50, 0x44, 0x46]],
  ['a PNG image', [0x89, 0x50, 0x4e, 0x47]],
  ['a JPEG image', [0xff, 0xd8, 0xff]],
  ['an old Excel (.xls) file', [0xd0, 0xcf, 0x11, 0xe0]],
];

/**
 * Returns a reason when the bytes do not look like text, else null: a known file signature, NUL
 * bytes or a high share of control characters. (Which text encoding: see bytes.ts.)
 */
export function binaryReason(bytes: Uint8Array): string | null {
  for (const [what, magic] of MAGIC) {
    if (bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b))
      return `looks like ${what}`;
  }
  return controlReason(bytes.length, (i) => bytes[i] as number);
}

/** The same test on decoded text (UTF-16 has zero bytes but no NUL characters). */
export function textReason(text: string): string | null {
  return controlReason(text.length, (i) => text.charCodeAt(i));
}

function controlReason(length: number, at: (i: number) => number): string | null {
  let control = 0;
  for (let i = 0; i < length; i++) {
    const b = at(i);
    if (b === 0) return 'contains NUL bytes';
    if (b < 32 && b !== 9 && b !== 10 && b !== 13 && b !== 12) control++;
  }
  if (length > 0 && control / length > 0.05) return 'contains many control characters';
  return null;
}

/** UTF-8 validity, tolerating a multi-byte sequence cut off at the end of the sample. */
export function isValidUtf8Prefix(bytes: Uint8Array): boolean {
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i] as number;
    let extra: number;
    // Allowed range of the second byte (RFC 3629 Table 3): excludes overlong forms, UTF-16
    // surrogates (ED A0..BF) and code points above U+10FFFF.
    let low = 0x80;
    let high = 0xbf;
    if (b < 0x80) extra = 0;
    else if (b >= 0xc2 && b <= 0xdf) extra = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      extra = 2;
      if (b === 0xe0) low = 0xa0;
      if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      extra = 3;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f;
    } else return false;
    for (let k = 1; k <= extra; k++) {
      if (i + k >= n) return true;
      const c = bytes[i + k] as number;
      if (k === 1 ? c < low || c > high : (c & 0xc0) !== 0x80) return false;
    }
    i += extra + 1;
  }
  return true;
}

/**
 * Picks the delimiter that splits the sample's lines into the most consistent number of fields
 * (more than one). Quoted fields are respected; the last, possibly cut, line is ignored.
 */
export function detectDelimiter(sample: string): Delimiter {
  const lines = splitSampleLines(sample).slice(0, 50);
  let best: Delimiter = ',';
  let bestScore = -1;
  for (const d of DELIMITERS) {
    const widths = lines.map((line) => countFields(line, d));
    const first = widths[0] ?? 1;
    if (first < 2) continue;
    const consistent = widths.filter((w) => w === first).length / widths.length;
    const score = consistent * 1000 + first;
    if (score > bestScore) {
      bestScore = score;
      best = d;
    }
  }
  return best;
}

function splitSampleLines(sample: string): string[] {
  const lines: string[] = [];
  let inQuotes = false;
  let start = 0;
  for (let i = 0; i < sample.length; i++) {
    const ch = sample[i];
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === '\n' || ch === '\r')) {
      if (i > start) lines.push(sample.slice(start, i));
      start = i + 1;
    }
  }
  // The tail may be a cut line: only keep it when the sample holds a single line.
  if (lines.length === 0 && start < sample.length) lines.push(sample.slice(start));
  return lines.filter((l) => l.trim() !== '');
}

function countFields(line: string, delimiter: string): number {
  let n = 1;
  let inQuotes = false;
  for (const ch of line) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && ch === delimiter) n++;
  }
  return n;
}

export function delimiterName(d: string): string {
  return d === '\t' ? 'tab' : d === ';' ? 'semicolon' : d === ',' ? 'comma' : JSON.stringify(d);
}
