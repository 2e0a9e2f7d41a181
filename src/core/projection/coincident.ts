import { groupsFrom, type IdenticalGroups } from '../neighbours/identical.ts';

/**
 * The points of a 2-D layout that sit on exactly the same spot, grouped: identical rows, which
 * t-SNE optimises as one point (duplicates.ts) and MDS and PCA map to one place, are drawn as
 * one dot that stands for all of them. Coordinates are compared bit for bit (−0 and 0 apart).
 * Groups are numbered by their first point; `start`/`members` list each group's points. A point
 * without a position (NaN: outside a sampled layout, objectSample.ts) is a group of its own.
 */
export function coincidentPoints(points: Float64Array): IdenticalGroups {
  const n = points.length >> 1;
  // Each point is 2 doubles = 4 32-bit words; the hash table holds group numbers. What
  // groupIdentical (neighbours/identical.ts) does for any width, specialised to 4 words and
  // inlined: at 1,000,000 points it took about 0.7 s, this about a third of that (issue 30).
  const words = new Int32Array(points.buffer, points.byteOffset, n * 4);
  let size = 16;
  while (size < 2 * n) size *= 2;
  const slots = new Int32Array(size).fill(-1);
  const groupOf = new Int32Array(n);
  const firstRow = new Int32Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const b = 4 * i;
    const w0 = words[b] as number;
    const w1 = words[b + 1] as number;
    const w2 = words[b + 2] as number;
    const w3 = words[b + 3] as number;
    // A NaN or infinite coordinate (exponent all ones, little-endian high words): its own group.
    if ((w1 & 0x7ff00000) === 0x7ff00000 || (w3 & 0x7ff00000) === 0x7ff00000) {
      groupOf[i] = count;
      firstRow[count++] = i;
      continue;
    }
    let h = 0x811c9dc5;
    h = Math.imul(h ^ w0, 0x01000193);
    h = Math.imul(h ^ w1, 0x01000193);
    h = Math.imul(h ^ w2, 0x01000193);
    h = Math.imul(h ^ w3, 0x01000193);
    let s = (h ^ (h >>> 15)) & (size - 1);
    for (;;) {
      const g = slots[s] as number;
      if (g < 0) {
        slots[s] = count;
        groupOf[i] = count;
        firstRow[count++] = i;
        break;
      }
      const f = 4 * (firstRow[g] as number);
      if (words[f] === w0 && words[f + 1] === w1 && words[f + 2] === w2 && words[f + 3] === w3) {
        groupOf[i] = g;
        break;
      }
      s = (s + 1) & (size - 1);
    }
  }
  return groupsFrom(groupOf, firstRow.slice(0, count));
}

/** Each point's multiplicity: how many points share its spot (itself included). */
export function multiplicityOf(groups: IdenticalGroups): Int32Array {
  const out = new Int32Array(groups.groupOf.length);
  for (let i = 0; i < out.length; i++) {
    const g = groups.groupOf[i] as number;
    out[i] = (groups.start[g + 1] as number) - (groups.start[g] as number);
  }
  return out;
}
