import { groupIdentical, type IdenticalGroups } from '../neighbours/identical.ts';

/**
 * The points of a 2-D layout that sit on exactly the same spot, grouped: identical rows, which
 * t-SNE optimises as one point (duplicates.ts) and MDS and PCA map to one place, are drawn as
 * one dot that stands for all of them. Coordinates are compared bit for bit (−0 and 0 apart).
 * Groups are numbered by their first point; `start`/`members` list each group's points. A point
 * without a position (NaN: outside a sampled layout, objectSample.ts) is a group of its own.
 */
export function coincidentPoints(points: Float64Array): IdenticalGroups {
  const n = points.length >> 1;
  // Each point is 2 doubles = 4 32-bit words.
  let words = new Int32Array(points.buffer, points.byteOffset, n * 4);
  for (let i = 0; i < n; i++) {
    if (Number.isFinite(points[2 * i]) && Number.isFinite(points[2 * i + 1])) continue;
    if (words.buffer === points.buffer) words = Int32Array.from(words);
    // A NaN no finite point has, made unique by the point's index.
    words.fill(0, 4 * i, 4 * i + 4);
    words[4 * i] = i;
    words[4 * i + 1] = 0x7ff80001;
  }
  return groupIdentical(words, n, 4);
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
