/**
 * Points grouped by colour string, so drawing sets fillStyle once per colour instead of once per
 * point. Built once per colour function (and point count), not per frame.
 */
export interface ColorGroups {
  /** Distinct colours, the largest group first (drawn first, under the smaller ones). */
  colors: string[];
  /** Group g holds index[start[g] .. start[g + 1]), ascending. */
  start: Int32Array;
  index: Int32Array;
}

export function groupByColor(n: number, color: (i: number) => string): ColorGroups {
  const ids = new Map<string, number>();
  const colors: string[] = [];
  const groupOf = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const c = color(i);
    let g = ids.get(c);
    if (g === undefined) {
      g = colors.length;
      ids.set(c, g);
      colors.push(c);
    }
    groupOf[i] = g;
  }
  return groupsFrom(groupOf, colors);
}

/**
 * The points listed group by group (a counting sort), ascending within a group, the largest
 * group first: groups are drawn in this order, so a small group (the outliers, a rare class) is
 * drawn over a large one rather than hidden under it. Equal sizes keep their first appearance.
 */
function groupsFrom(firstSeen: Int32Array, seenColors: string[]): ColorGroups {
  const n = firstSeen.length;
  const size = new Int32Array(seenColors.length);
  for (let i = 0; i < n; i++) size[firstSeen[i] as number]! += 1;
  const order = seenColors
    .map((_, g) => g)
    .sort((x, y) => (size[y] as number) - (size[x] as number) || x - y);
  const rank = new Int32Array(seenColors.length);
  order.forEach((g, r) => (rank[g] = r));
  const colors = order.map((g) => seenColors[g] as string);
  const groupOf = firstSeen.map((g) => rank[g] as number);
  const start = new Int32Array(colors.length + 1);
  for (let i = 0; i < n; i++) {
    const g = groupOf[i] as number;
    start[g + 1] = (start[g + 1] as number) + 1;
  }
  for (let g = 0; g < colors.length; g++)
    start[g + 1] = (start[g + 1] as number) + (start[g] as number);
  const fill = start.slice(0, colors.length);
  const index = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const g = groupOf[i] as number;
    const at = fill[g] as number;
    index[at] = i;
    fill[g] = at + 1;
  }
  return { colors, start, index };
}

/** 1 for every emphasised index in [0, n), else 0. */
export function emphasisMask(n: number, emphasised: Iterable<number>): Uint8Array {
  const mask = new Uint8Array(n);
  for (const i of emphasised) if (i >= 0 && i < n) mask[i] = 1;
  return mask;
}

/**
 * Each point's colour as a code into a palette: what a colour-by has before it makes strings
 * (a class, a cluster, an attribute's value, a score's step).
 */
export interface ColorCodes {
  codes: ArrayLike<number>;
  palette: readonly string[];
  /** The colour of a code outside the palette. */
  fallback: string;
}

/**
 * The groups `groupByColor` makes for the colour `palette[codes[i]]` (or `fallback`), from the
 * codes without a string per point: one look-up in a small table a point. At 1,000,000 points
 * the strings took about 100 ms of the scatter's first draw (issue 30).
 */
export function groupByCodes(n: number, { codes, palette, fallback }: ColorCodes): ColorGroups {
  const ids = new Map<string, number>();
  const colors: string[] = [];
  // The group of each code once met (−1 before), codes outside the palette at the end.
  const groupOfCode = new Int32Array(palette.length + 1).fill(-1);
  const groupOf = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    // A missing code counts as 0, as the colour-bys' `palette[codes[i] ?? 0]` does.
    const c = codes[i] ?? 0;
    const slot = c >= 0 && c < palette.length && (c | 0) === c ? c : palette.length;
    let g = groupOfCode[slot] as number;
    if (g < 0) {
      const color = slot < palette.length ? (palette[slot] ?? fallback) : fallback;
      g = ids.get(color) ?? colors.length;
      if (g === colors.length) {
        ids.set(color, g);
        colors.push(color);
      }
      groupOfCode[slot] = g;
    }
    groupOf[i] = g;
  }
  return groupsFrom(groupOf, colors);
}
