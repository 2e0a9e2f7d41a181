import { DataError } from '../../base/errors.ts';
import { binaryReason, isValidUtf8Prefix, textReason } from './sniff.ts';

/**
 * The one reading contract of the browser and the CLI: a file arrives as bytes (a Blob in the
 * worker, a file on disk in the CLI) and the same rules decide whether it is text and how it is
 * decoded.
 * - Size: an empty file and one over MAX_FILE_BYTES are refused before anything is read.
 * - UTF-16 (with a BOM, or without one when most high or low bytes are zero) is decoded as such.
 * - A known binary signature (gzip, ZIP/xlsx, PDF, images, old Excel), NUL bytes or many control
 *   characters: refused with the same message in both places.
 * - UTF-8 is the default. Bytes that are not valid UTF-8 — in the first 8 KB or anywhere later —
 *   mean the file is read (again, from the start) as Windows-1252, the superset of Latin-1 that
 *   spreadsheets write, with a warning saying so: refusing would lose files a user can open in
 *   any spreadsheet, and Windows-1252 decodes every byte.
 */
export interface ByteSource {
  /** Size in bytes. */
  size: number;
  /** The bytes from the start, in chunks; may be called again to read the file again. */
  stream(): AsyncIterable<Uint8Array>;
}

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface ReadingPlan {
  encoding: TextEncoding;
  /** Said to the user with the table's warnings. */
  warning: string | null;
}

/** Files above this size are refused before reading (the cell limit applies while streaming). */
export const MAX_FILE_BYTES = 1024 * 1024 * 1024;
/** Bytes looked at before deciding. */
export const HEAD_BYTES = 8192;

export const LATIN1_WARNING =
  'The file is not valid UTF-8, so it was read as Windows-1252 (Latin-1). If accented letters look wrong, save it as UTF-8 and load it again.';

/** Refuses an empty or too large file, by its size alone. */
export function checkSize(size: number): void {
  if (size === 0) throw new DataError('empty', 'The file is empty.');
  if (size > MAX_FILE_BYTES)
    throw new DataError(
      'too-large',
      `The file is ${formatBytes(size)}; the explorer reads files up to ${formatBytes(MAX_FILE_BYTES)}.`,
    );
}

/** How to decode a file, from its first bytes; throws DataError('binary') when it is not text. */
export function readingPlan(head: Uint8Array): ReadingPlan {
  const utf16 = utf16Order(head);
  if (utf16) {
    const text = decoder(utf16).decode(head);
    const reason = textReason(text);
    if (reason) refuse(reason);
    return { encoding: utf16, warning: null };
  }
  const reason = binaryReason(head);
  if (reason) refuse(reason);
  return isValidUtf8Prefix(head)
    ? { encoding: 'utf-8', warning: null }
    : { encoding: 'windows-1252', warning: LATIN1_WARNING };
}

function refuse(reason: string): never {
  throw new DataError('binary', `This is not a CSV text file: it ${reason}.`);
}

/** Thrown by decodeChunks when UTF-8 turns out invalid past the head: read again as Windows-1252. */
export class NotUtf8Error extends Error {
  override readonly name = 'NotUtf8Error';
}

/** The source's text, chunk by chunk (a character split across chunks is decoded whole). */
export async function* decodeChunks(
  source: ByteSource,
  encoding: TextEncoding,
): AsyncGenerator<string> {
  const d = decoder(encoding, encoding === 'utf-8');
  try {
    for await (const chunk of source.stream()) {
      const text = d.decode(chunk, { stream: true });
      if (text.length > 0) yield text;
    }
    const tail = d.decode();
    if (tail.length > 0) yield tail;
  } catch (error) {
    if (encoding === 'utf-8' && error instanceof TypeError) throw new NotUtf8Error(error.message);
    throw error;
  }
}

/** The first `n` bytes of a source (fewer for a shorter file). */
export async function readHead(source: ByteSource, n = HEAD_BYTES): Promise<Uint8Array> {
  const head = new Uint8Array(Math.min(n, source.size));
  let filled = 0;
  const iterator = source.stream()[Symbol.asyncIterator]();
  try {
    while (filled < head.length) {
      const next = await iterator.next();
      if (next.done) break;
      const part = next.value.subarray(0, head.length - filled);
      head.set(part, filled);
      filled += part.length;
    }
  } finally {
    await iterator.return?.();
  }
  return head.subarray(0, filled);
}

/**
 * UTF-16 from a byte-order mark, or — without one — from zero bytes: text in UTF-16 has a zero
 * in every other byte for every ASCII character, which no UTF-8 or Latin-1 text has.
 */
function utf16Order(head: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  const pairs = Math.floor(head.length / 2);
  if (pairs < 2) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < pairs; i++) {
    if (head[2 * i] === 0) evenZero++;
    if (head[2 * i + 1] === 0) oddZero++;
  }
  if (oddZero >= 0.4 * pairs && evenZero <= 0.05 * pairs) return 'utf-16le';
  if (evenZero >= 0.4 * pairs && oddZero <= 0.05 * pairs) return 'utf-16be';
  return null;
}

interface TextDecoderLike {
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}

/** The platform's TextDecoder (browsers and Node have it; core's ES2022 typings do not). */
function decoder(encoding: TextEncoding, fatal = false): TextDecoderLike {
  const Ctor = (
    globalThis as unknown as {
      TextDecoder: new (label: string, options?: { fatal?: boolean }) => TextDecoderLike;
    }
  ).TextDecoder;
  return new Ctor(encoding, { fatal });
}

export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}
