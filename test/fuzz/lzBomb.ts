/**
 * Links written code by code in lz-string's URI-component format (independently of its
 * compressor), for the decoder's tests and the hostile-workspace links of the state fuzz: among
 * them the quadratic bomb, a short link that expands to hundreds of millions of characters.
 */
export const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-';
export type Op = { char: number } | { code: number } | 'end';

/**
 * A link written code by code, independently of lz-string's compressor: the same width schedule
 * as the format (2 bits first, then wider whenever the entries at the current width run out), the
 * same bit order and the same trailing zero bits, so a well-formed sequence gives lz-string's own
 * link (checked below). `{ char }` writes a literal, `{ code }` any code, even a wrong one.
 */
export function linkOf(ops: readonly Op[]): string {
  const bits: number[] = [];
  const write = (value: number, width: number) => {
    for (let k = 0; k < width; k++) bits.push(Math.floor(value / 2 ** k) % 2);
  };
  let numBits = 2;
  let enlargeIn = 1;
  let first = true;
  const added = () => {
    if (--enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  };
  for (const op of ops) {
    if (op === 'end') {
      write(2, numBits);
      continue;
    }
    if ('char' in op) {
      write(op.char < 256 ? 0 : 1, numBits);
      write(op.char, op.char < 256 ? 8 : 16);
      added();
    } else {
      write(op.code, numBits);
    }
    if (!first) added();
    first = false;
  }
  // lz-string's flush: 1 to 6 zero bits, a whole character when the last one was already full.
  const padding = 6 - (bits.length % 6);
  for (let k = 0; k < padding; k++) bits.push(0);
  let link = '';
  for (let i = 0; i < bits.length; i += 6) {
    let value = 0;
    for (let k = 0; k < 6; k++) value = value * 2 + bits[i + k]!;
    link += ALPHABET[value];
  }
  return link;
}

/**
 * The quadratic bomb: 'a', then `runs` times the code one past the dictionary (LZW's KwKwK), each
 * one character longer than the last — runs·(runs+1)/2 + 1 characters out of about
 * runs·log2(runs)/6 characters of link.
 */
export function bombLink(runs: number): string {
  const ops: Op[] = [{ char: 'a'.charCodeAt(0) }];
  for (let i = 0; i < runs; i++) ops.push({ code: 4 + i });
  ops.push('end');
  return linkOf(ops);
}
export const bombLength = (runs: number) => 1 + (runs * (runs + 3)) / 2;
