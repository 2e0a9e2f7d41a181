/**
 * Block summaries of a value × value matrix (pure, no DOM): with the values grouped (by
 * attribute, or by value cluster), the block of group g's values × group h's values becomes one
 * cell of a group × group overview holding the block's mean and maximum, and where the maximum
 * sits. Cells the method leaves undefined (NaN) and cells a view leaves out (`skip`: the
 * co-occurrence diagonal, pairs of one attribute) count in neither.
 */
export interface BlockSummary {
  /** Number of groups; the arrays below are groups × groups, row-major. */
  size: number;
  mean: Float64Array;
  max: Float64Array;
  /** The value indices (row, column) of each block's maximum; −1 when the block is empty. */
  argmaxRow: Int32Array;
  argmaxCol: Int32Array;
  /** How many cells each block summarises. */
  cells: Int32Array;
  /** Smallest and largest block mean and block maximum (0 … 0 when every block is empty). */
  meanRange: [number, number];
  maxRange: [number, number];
}

/** A group: the value indices shown at its positions. */
export type ValueGroups = readonly (readonly number[])[];

export function blockSummary(
  groups: ValueGroups,
  value: (i: number, j: number) => number,
  skip: (i: number, j: number) => boolean = () => false,
): BlockSummary {
  const D = groups.length;
  const out: BlockSummary = {
    size: D,
    mean: new Float64Array(D * D).fill(Number.NaN),
    max: new Float64Array(D * D).fill(Number.NaN),
    argmaxRow: new Int32Array(D * D).fill(-1),
    argmaxCol: new Int32Array(D * D).fill(-1),
    cells: new Int32Array(D * D),
    meanRange: [0, 0],
    maxRange: [0, 0],
  };
  for (let g = 0; g < D; g++)
    for (let h = 0; h < D; h++)
      summariseBlock(out, g * D + h, groups[g] ?? [], groups[h] ?? [], value, skip);
  out.meanRange = finiteRange(out.mean);
  out.maxRange = finiteRange(out.max);
  return out;
}

function summariseBlock(
  out: BlockSummary,
  at: number,
  rows: readonly number[],
  cols: readonly number[],
  value: (i: number, j: number) => number,
  skip: (i: number, j: number) => boolean,
): void {
  let sum = 0;
  let n = 0;
  let max = Number.NEGATIVE_INFINITY;
  for (const i of rows)
    for (const j of cols) {
      if (skip(i, j)) continue;
      const x = value(i, j);
      if (!Number.isFinite(x)) continue;
      sum += x;
      n++;
      if (x > max) {
        max = x;
        out.argmaxRow[at] = i;
        out.argmaxCol[at] = j;
      }
    }
  out.cells[at] = n;
  if (n === 0) return;
  out.mean[at] = sum / n;
  out.max[at] = max;
}

function finiteRange(xs: Float64Array): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const x of xs)
    if (Number.isFinite(x)) {
      if (x < lo) lo = x;
      if (x > hi) hi = x;
    }
  return lo <= hi ? [lo, hi] : [0, 0];
}

/** The value indices of each group of a layout, in display order. */
export function layoutGroups(layout: {
  order: readonly number[];
  groups: readonly { start: number; end: number }[];
}): number[][] {
  return layout.groups.map((g) => layout.order.slice(g.start, g.end));
}
