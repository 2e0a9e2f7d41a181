import { useEffect, type RefObject } from 'react';

import type { ExportTable } from '../../model/exportTable.ts';

export type { ExportTable };

/**
 * A picture of an element in its export: SVG markup drawn in a box of the element's size at the
 * origin. A canvas that shows part of its data (a zoomed scatter) gives the whole data here.
 */
export type PictureBuilder = (width: number, height: number) => string;

const pictures = new WeakMap<Element, PictureBuilder>();
const tables = new WeakMap<Element, () => Promise<ExportTable>>();
const numbers = new WeakMap<Element, () => ExportTable>();

/** The attribute marking an element whose picture is drawn from numbers it exports. */
export const EXPORT_NUMBERS_ATTRIBUTE = 'data-export-numbers';

export const pictureOf = (el: Element): PictureBuilder | undefined => pictures.get(el);
export const fullTableOf = (el: Element): (() => Promise<ExportTable>) | undefined =>
  tables.get(el);
export const numbersOf = (el: Element): (() => ExportTable) | undefined => numbers.get(el);

/**
 * Keeps `value` for the element `ref` holds, while it is mounted; `element` changes when the ref
 * is given another element (a scatter's canvas replaced by its other renderer's).
 */
function useKeptFor<T>(
  map: WeakMap<Element, T>,
  ref: RefObject<Element | null>,
  value: T,
  element?: unknown,
): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    map.set(el, value);
    return () => void map.delete(el);
  }, [map, ref, value, element]);
}

/** The export draws this element (a canvas) with `build` instead of copying its pixels. */
export function useExportPicture(
  ref: RefObject<Element | null>,
  build: PictureBuilder,
  element?: unknown,
): void {
  useKeptFor(pictures, ref, build, element);
}

/**
 * The export's CSV and JSON take this table's full data from `build` rather than the rows on
 * screen (a paged data table, a ranking showing its top 25).
 */
export function useExportTable(
  ref: RefObject<Element | null>,
  build: () => Promise<ExportTable>,
): void {
  useKeptFor(tables, ref, build);
}

/**
 * A picture drawn from numbers (a heatmap, a grid of clusters) exports them as a table: the
 * element (marked with EXPORT_NUMBERS_ATTRIBUTE by its owner) counts as one of the view's tables
 * for CSV and JSON, built by `build` when exported.
 */
export function useExportNumbers(ref: RefObject<Element | null>, build: () => ExportTable): void {
  useKeptFor(numbers, ref, build);
}
