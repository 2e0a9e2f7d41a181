/**
 * Points grouped by colour string, so drawing sets fillStyle once per colour instead of once per
 * point. Built once per colour function (and point count), not per frame.
 */
export interface ColorGroups {
  /** Distinct colours in order of first appearance. */
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
