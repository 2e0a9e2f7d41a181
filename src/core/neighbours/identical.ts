/**
 * Identical objects grouped once before a neighbour search. Categorical tables repeat rows, and
 * objects with the same codes (or bit-identical vectors) are indistinguishable to any distance
 * computed from them: they are each other's nearest neighbours (d = 0) and share their distances
 * to everything else, so the search runs over the distinct objects and expands the groups after.
 */
export interface IdenticalGroups {
  /** Distinct objects. */
  count: number;
  /** Group of each object. */
  groupOf: Int32Array;
  /** The objects of group g are members[start[g] … start[g + 1] − 1], ascending. */
  start: Int32Array;
  members: Int32Array;
  /** First (smallest) object of each group. */
  representative: Int32Array;
}

/**
 * Groups the n rows of `words` (n × width 32-bit words, row-major) that are equal word for word,
 * by hashing (open addressing; rows compared on a hit). Groups are numbered by their first row.
 */
export function groupIdentical(words: Int32Array, n: number, width: number): IdenticalGroups {
  let size = 16;
  while (size < 2 * n) size *= 2;
  const slots = new Int32Array(size).fill(-1);
  const groupOf = new Int32Array(n);
  const firstRow: number[] = [];
  for (let i = 0; i < n; i++) {
    const base = i * width;
    let h = 0x811c9dc5;
    for (let t = 0; t < width; t++) h = Math.imul(h ^ (words[base + t] as number), 0x01000193);
    let s = (h ^ (h >>> 15)) & (size - 1);
    for (;;) {
      const g = slots[s] as number;
      if (g < 0) {
        slots[s] = firstRow.length;
        groupOf[i] = firstRow.length;
        firstRow.push(i);
        break;
      }
      if (sameRow(words, width, base, (firstRow[g] as number) * width)) {
        groupOf[i] = g;
        break;
      }
      s = (s + 1) & (size - 1);
    }
  }
  return groupsFrom(groupOf, Int32Array.from(firstRow));
}

/**
 * The groups given each object's group (numbered by first appearance) and each group's first
 * object: the members of every group listed side by side, ascending.
 */
export function groupsFrom(groupOf: Int32Array, representative: Int32Array): IdenticalGroups {
  const n = groupOf.length;
  const count = representative.length;
  const start = new Int32Array(count + 1);
  for (let i = 0; i < n; i++)
    start[(groupOf[i] as number) + 1] = (start[(groupOf[i] as number) + 1] as number) + 1;
  for (let g = 0; g < count; g++) start[g + 1] = (start[g + 1] as number) + (start[g] as number);
  const fill = start.slice(0, count);
  const members = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const g = groupOf[i] as number;
    members[fill[g] as number] = i;
    fill[g] = (fill[g] as number) + 1;
  }
  return { count, groupOf, start, members, representative };
}

function sameRow(words: Int32Array, width: number, a: number, b: number): boolean {
  for (let t = 0; t < width; t++) if (words[a + t] !== words[b + t]) return false;
  return true;
}

/** Every object its own group (when nothing tells identical objects apart from distinct ones). */
export function singletonGroups(n: number): IdenticalGroups {
  const all = Int32Array.from({ length: n }, (_, i) => i);
  return {
    count: n,
    groupOf: all,
    start: Int32Array.from({ length: n + 1 }, (_, i) => i),
    members: all,
    representative: all,
  };
}
