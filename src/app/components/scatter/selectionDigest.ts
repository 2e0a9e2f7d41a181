/**
 * A short fingerprint of a selection, "count:hash" (FNV-1a over the row numbers in order), on
 * the scatter's root (`data-selection`): two renderers' selections on one layout compare
 * without listing a million rows.
 */
export function selectionDigest(rows: readonly number[]): string {
  let h = 0x811c9dc5;
  for (const r of rows) {
    for (let b = 0; b < 32; b += 8) {
      h ^= (r >>> b) & 255;
      h = Math.imul(h, 0x01000193);
    }
  }
  return `${rows.length}:${(h >>> 0).toString(16).padStart(8, '0')}`;
}
