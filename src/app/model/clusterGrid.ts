import type { ValuePartition } from '../../core/platform/results.ts';
import { OKABE_ITO, TOL_MUTED } from './colors.ts';

/**
 * The value-cluster grid at real size (issue 48: 228 values × 36 granularities): the rows in an
 * order that shows one granularity's clusters as labelled groups, and colours per granularity in
 * which two clusters that touch in the column never share a colour.
 */

/** The cluster palette: the colour-blind-safe colours without black (a grid's text colour). */
export const CLUSTER_PALETTE: readonly string[] = [...OKABE_ITO, ...TOL_MUTED].filter(
  (c) => c !== '#000000',
);

/** A group of rows: one cluster of the granularity the rows are ordered by. */
export interface RowGroup {
  cluster: number;
  /** Its first row and its number of rows, in the grid's order. */
  start: number;
  size: number;
  /** False for a cluster the method does not use (CDE's one-value clusters). */
  kept: boolean;
}

/**
 * The rows (values) in the grid's order: file order, or grouped by the clusters of granularity
 * `by` — its kept clusters largest first, then the ones it does not use — values in file order
 * within a cluster.
 */
export function gridRows(
  values: readonly number[],
  partition: ValuePartition | null,
): { rows: number[]; groups: RowGroup[] } {
  if (!partition) return { rows: [...values], groups: [] };
  const members = new Map<number, number[]>();
  for (const v of values) {
    const c = partition.labels[v] ?? -1;
    const list = members.get(c) ?? [];
    list.push(v);
    members.set(c, list);
  }
  const kept = (c: number) => partition.kept[c] === 1;
  const order = [...members.keys()].sort(
    (x, y) =>
      Number(kept(y)) - Number(kept(x)) ||
      (members.get(y)?.length ?? 0) - (members.get(x)?.length ?? 0) ||
      x - y,
  );
  const rows: number[] = [];
  const groups: RowGroup[] = [];
  for (const c of order) {
    const list = members.get(c) ?? [];
    groups.push({ cluster: c, start: rows.length, size: list.length, kept: kept(c) });
    rows.push(...list);
  }
  return { rows, groups };
}

/**
 * Each cluster's colour at one granularity, for the rows in this order: a greedy colouring of
 * the clusters in order of first appearance, each taking the first palette colour no cluster it
 * touches (the one in the row above or below, anywhere in the column) has, so neighbouring
 * clusters always differ; past the palette (a cluster touching more than 15 others) the colour
 * its neighbours use least.
 */
export function clusterColours(
  rows: readonly number[],
  labels: ArrayLike<number>,
  palette: readonly string[] = CLUSTER_PALETTE,
): Map<number, string> {
  const touches = new Map<number, Set<number>>();
  const link = (a: number, b: number) => {
    if (a === b) return;
    if (!touches.has(a)) touches.set(a, new Set());
    if (!touches.has(b)) touches.set(b, new Set());
    touches.get(a)?.add(b);
    touches.get(b)?.add(a);
  };
  const seen: number[] = [];
  rows.forEach((v, r) => {
    const c = labels[v] ?? -1;
    if (!seen.includes(c)) seen.push(c);
    if (r > 0) link(labels[rows[r - 1] as number] ?? -1, c);
  });
  const colour = new Map<number, number>();
  for (const c of seen) {
    const taken = new Map<number, number>();
    for (const n of touches.get(c) ?? []) {
      const k = colour.get(n);
      if (k !== undefined) taken.set(k, (taken.get(k) ?? 0) + 1);
    }
    let pick = palette.findIndex((_, k) => !taken.has(k));
    if (pick < 0)
      pick = palette
        .map((_, k) => k)
        .sort((x, y) => (taken.get(x) ?? 0) - (taken.get(y) ?? 0) || x - y)[0] as number;
    colour.set(c, pick);
  }
  return new Map([...colour].map(([c, k]) => [c, palette[k] as string]));
}
