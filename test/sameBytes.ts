/**
 * A fast path for Vitest's equality on typed arrays and Buffers (`toEqual`, `toStrictEqual`):
 * two of one constructor holding the same bytes, with no enumerable keys beyond their indices,
 * are equal at once. Vitest would reach the same verdict element by element and then again over
 * `Object.entries` of both (seconds for the 360 KB layouts and neighbour lists the determinism
 * tests compare bit for bit). Anything else — other types, other lengths, any byte that differs,
 * an extra key — is left to Vitest's own comparison, which decides and reports the difference:
 * this tester only ever answers `true`, and only where Vitest's answer is `true` too (the same
 * bits are the same number, NaN included, and −0 is not +0 in bits either).
 */
export function sameBytes(a: unknown, b: unknown): true | undefined {
  if (!ArrayBuffer.isView(a) || !ArrayBuffer.isView(b)) return undefined;
  if (a instanceof DataView || b instanceof DataView) return undefined;
  if (a.constructor !== b.constructor || a.byteLength !== b.byteLength) return undefined;
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  if (Buffer.compare(x, y) !== 0) return undefined;
  return onlyIndices(a) && onlyIndices(b) ? true : undefined;
}

/**
 * Whether a typed array's own enumerable keys are its indices alone (as `Object.entries` sees
 * them): its indices come first, in order; any key after them must be inherited (a Buffer's
 * methods).
 */
function onlyIndices(view: ArrayBufferView): boolean {
  const length = (view as unknown as ArrayLike<unknown>).length;
  let index = 0;
  for (const key in view)
    if (index < length) {
      if (key !== String(index++)) return false;
    } else if (Object.hasOwn(view, key)) return false;
  return index === length;
}
