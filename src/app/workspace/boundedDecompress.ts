/**
 * lz-string's `decompressFromEncodedURIComponent`, rewritten so that a hostile link cannot make it
 * build an enormous string: the output is refused the moment it would pass a limit, instead of
 * being measured after it has been built (a 75 KB link expands to half a billion characters, and a
 * slightly larger one throws `RangeError: Invalid string length`).
 *
 * The format (lz-string 1.5, `compressToEncodedURIComponent`):
 *
 * - Characters: each carries 6 bits, its index in `A–Z a–z 0–9 + -`. A `+` may arrive as a space
 *   (form decoding, `URLSearchParams`), so a space reads as `+`, as in lz-string.
 * - Bits: taken from each character most significant first; a number of `n` bits is assembled
 *   least significant bit first.
 * - Codes (LZW): each step reads a code of `numBits` bits. Code 0 is followed by an 8-bit
 *   character, code 1 by a 16-bit one (a UTF-16 code unit); either becomes a new dictionary entry
 *   and is the step's output. Code 2 ends the stream. Any other code names a dictionary entry; the
 *   code one past the last entry is LZW's "KwKwK" case: the previous output plus its own first
 *   character. After every step but the first, the previous output plus the first character of
 *   this step's output becomes a new entry.
 * - Width: `numBits` starts at 2 for the first code and grows by one whenever `enlargeIn`, the
 *   number of entries that may still be added at the current width, runs out; it is then reset to
 *   2^numBits (before the increment). Both kinds of new entry count.
 *
 * What this bounds: every step but the last outputs at least one character and adds at most two
 * entries, a one-character literal and `previous + 1 character`. The previous outputs are disjoint
 * pieces of the output, so all entries together hold at most 3 × (output length) + 3 characters:
 * the dictionary, like the time (one step per output character at most), stays proportional to
 * `maxChars` and needs no cap of its own.
 */

export type Decoded = { ok: true; text: string } | { ok: false; reason: 'too-long' | 'damaged' };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-';
const BITS_PER_CHAR = 6;

/** Each ASCII character's 6-bit value, or -1 for a character the encoding never writes. */
const VALUE_OF: Int8Array = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) table[ALPHABET.charCodeAt(i)] = i;
  table[' '.charCodeAt(0)] = ALPHABET.indexOf('+'); // a '+' turned into a space by form decoding
  return table;
})();

const CHAR8 = 0;
const CHAR16 = 1;
const END = 2;
/** Codes 0–2 are the instructions above; the first dictionary entry is code 3. */
const FIRST_ENTRY = 3;

const DAMAGED: Decoded = { ok: false, reason: 'damaged' };
const TOO_LONG: Decoded = { ok: false, reason: 'too-long' };

/** The input's 6-bit values, or null if it holds a character outside the alphabet. */
function sixBitValues(encoded: string): Uint8Array | null {
  const values = new Uint8Array(encoded.length);
  for (let i = 0; i < encoded.length; i++) {
    const code = encoded.charCodeAt(i);
    const value = code < 128 ? VALUE_OF[code]! : -1;
    if (value < 0) return null;
    values[i] = value;
  }
  return values;
}

/**
 * Reads numbers of a given width from the 6-bit values; -1 when the input runs out first (lz-string
 * would read zeros past the end, which lets a truncated link pass for a shorter one).
 */
function bitReader(values: Uint8Array): (width: number) => number {
  let index = 0; // the next value to load
  let current = 0; // the value being read
  let mask = 0; // the bit of `current` read next; 0 when it is used up
  return (width) => {
    let result = 0;
    let weight = 1; // 2^k for the k-th bit read: a product, not a shift, so no 32-bit overflow
    for (let k = 0; k < width; k++) {
      if (mask === 0) {
        if (index >= values.length) return -1;
        current = values[index++]!;
        mask = 1 << (BITS_PER_CHAR - 1);
      }
      if ((current & mask) !== 0) result += weight;
      mask >>= 1;
      weight *= 2;
    }
    return result;
  };
}

/** lz-string's URI-component encoding decoded, stopping as soon as the output would pass maxChars. */
export function decompressUriComponentBounded(encoded: string, maxChars: number): Decoded {
  if (!(maxChars >= 0)) throw new RangeError(`maxChars must be at least 0, got ${maxChars}`);
  // lz-string returns null for '' (and '' for a damaged stream): nothing was encoded here, since
  // even the empty text encodes to one character ('Q').
  if (encoded.length === 0) return DAMAGED;
  const values = sixBitValues(encoded);
  if (values === null) return DAMAGED;
  const read = bitReader(values);

  // Entries 0–2 stand for the instructions and are never looked up.
  const dictionary: string[] = new Array<string>(FIRST_ENTRY).fill('');
  // Before the first code: 2 bits, and the first literal widens to 3 with room for 4 entries — the
  // state lz-string starts its main loop in (its first step, special-cased there, is not here).
  let numBits = 2;
  let enlargeIn = 1;
  const addEntry = (entry: string): void => {
    dictionary.push(entry);
    enlargeIn--;
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  };

  const chunks: string[] = [];
  let length = 0; // the characters in `chunks`
  let previous: string | null = null; // the last step's output, null before the first

  for (;;) {
    let code = read(numBits);
    if (code < 0) return DAMAGED; // the stream stopped without its end code
    if (code === END) return { ok: true, text: chunks.join('') };
    if (code === CHAR8 || code === CHAR16) {
      const unit = read(code === CHAR8 ? 8 : 16);
      if (unit < 0) return DAMAGED;
      addEntry(String.fromCharCode(unit));
      code = dictionary.length - 1;
    }

    let entry: string;
    if (code < dictionary.length) entry = dictionary[code]!;
    else if (code === dictionary.length && previous !== null)
      entry = previous + previous.charAt(0); // KwKwK: the entry this very step defines
    else return DAMAGED; // an entry not yet defined

    // Refused before the output grows past the limit; the dictionary grows with it (see the top).
    if (entry.length > maxChars - length) return TOO_LONG;
    chunks.push(entry);
    length += entry.length;

    if (previous !== null) addEntry(previous + entry.charAt(0));
    previous = entry;
  }
}
