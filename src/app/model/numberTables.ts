import type { Curves, ValuePartitions } from '../../core/platform/results.ts';
import type { TableMeta } from '../../core/platform/session.ts';
import type { ExportTable } from './exportTable.ts';
import { valueName } from './values.ts';

/**
 * The numbers behind a picture, as the table its CSV and JSON export: rows and columns named by
 * attribute and value, in file order whatever order the picture is drawn in, every number at
 * full precision (undefined cells empty).
 */

/** The items of a square matrix: what names a row (its cells) and a column (its key). */
export interface MatrixItems {
  /** The titles of the cells naming a row: ['attribute', 'value'] or ['attribute']. */
  heads: string[];
  count: number;
  cells(i: number): string[];
  /** The column of item i: “attribute = value”, or the attribute's name. */
  key(i: number): string;
}

/** The table's values, each named by its attribute and label (global value index order). */
export function valueItems(meta: TableMeta): MatrixItems {
  return {
    heads: ['attribute', 'value'],
    count: meta.nValues,
    cells: (v) => {
      const a = meta.attributes[meta.valueAttribute[v] ?? 0];
      return [a?.name ?? '', a?.labels[v - a.offset] ?? ''];
    },
    key: (v) => valueName(meta, v),
  };
}

/** The table's attributes, by name. */
export function attributeItems(attributes: TableMeta['attributes']): MatrixItems {
  return {
    heads: ['attribute'],
    count: attributes.length,
    cells: (a) => [attributes[a]?.name ?? ''],
    key: (a) => attributes[a]?.name ?? '',
  };
}

const finite = (x: number | null | undefined): number | null =>
  x === null || x === undefined || !Number.isFinite(x) ? null : x;

/** Item × item: one row per item, its naming cells then one column per item. */
export function squareTable(
  name: string,
  items: MatrixItems,
  value: (i: number, j: number) => number | null | undefined,
): ExportTable {
  const all = Array.from({ length: items.count }, (_, i) => i);
  return {
    name,
    columns: [...items.heads, ...all.map(items.key)],
    rows: all.map((i) => [...items.cells(i), ...all.map((j) => finite(value(i, j)))]),
  };
}

/**
 * Value clusters: one row per value, one column per granularity, the value's cluster there
 * (1 = the first); empty where its cluster is one the method does not use (CDE's one-value
 * clusters), as the grid's grey ×.
 */
export function clustersTable(
  name: string,
  meta: TableMeta,
  partitions: ValuePartitions,
): ExportTable {
  const items = valueItems(meta);
  const G = partitions.partitions;
  return {
    name,
    columns: [...items.heads, ...G.map((g) => g.name)],
    rows: Array.from({ length: items.count }, (_, v) => [
      ...items.cells(v),
      ...G.map((g) => {
        const c = g.labels[v] ?? -1;
        return c >= 0 && g.kept[c] === 1 ? c + 1 : null;
      }),
    ]),
  };
}

/**
 * Curves as the table they are drawn from: a row per point of each series (its name, x and y),
 * with the 95 % band's bounds where the curve has one, at full precision.
 */
export function curvesTable(curves: Curves): ExportTable {
  const banded = curves.series.some((s) => s.low && s.high);
  return {
    name: curves.title,
    columns: [
      'series',
      curves.xLabel,
      curves.yLabel,
      ...(banded ? [`${curves.yLabel}: 95 % low`, `${curves.yLabel}: 95 % high`] : []),
    ],
    rows: curves.series.flatMap((s) =>
      Array.from(s.x, (x, i) => [
        s.name,
        x,
        s.y[i] as number,
        ...(banded ? [s.low?.[i] ?? null, s.high?.[i] ?? null] : []),
      ]),
    ),
  };
}

/** A column, one cell per item: its title and the item's number (or a text naming its source). */
export interface NumberColumn {
  title: string;
  value(i: number): number | string | null | undefined;
}

/**
 * One row per item (file order), its naming cells then each column's number: a word cloud's
 * weights, a list of bars, a kernel's weights.
 */
export function itemTable(
  name: string,
  items: Pick<MatrixItems, 'heads' | 'count' | 'cells'>,
  columns: readonly NumberColumn[],
): ExportTable {
  return {
    name,
    columns: [...items.heads, ...columns.map((c) => c.title)],
    rows: Array.from({ length: items.count }, (_, i) => [
      ...items.cells(i),
      ...columns.map((c) => {
        const x = c.value(i);
        return typeof x === 'string' ? x : finite(x);
      }),
    ]),
  };
}
