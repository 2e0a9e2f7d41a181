import { useMemo } from 'react';
import { tourById, type TourHighlight } from '../model/tours.ts';
import { attributeIndex, valueIndex } from '../model/tours/names.ts';
import { useStore } from '../store/index.ts';

/** What the running tour's step asks the live views to highlight (null without a tour). */
export function useTourHighlight(): TourHighlight | null {
  return useStore((s) =>
    s.tour ? (tourById(s.tour.id)?.steps[s.tour.step]?.highlight ?? null) : null,
  );
}

const NO_CELLS: readonly (readonly [number, number])[] = [];

/**
 * The step's heatmap cells as item pairs: global values (`Attribute=value`) for a value heatmap,
 * attribute indices (attribute names) for an attribute heatmap. Names the table lacks are skipped.
 */
export function useTourCells(
  items: 'values' | 'attributes',
): readonly (readonly [number, number])[] {
  const cells = useTourHighlight()?.cells;
  const meta = useStore((s) => s.loaded?.meta);
  return useMemo(() => {
    if (!cells || !meta) return NO_CELLS;
    const item = (name: string) =>
      items === 'values' ? valueIndex(meta, name) : attributeIndex(meta, name);
    return cells.flatMap(([a, b]) => {
      const [i, j] = [item(a), item(b)];
      return i >= 0 && j >= 0 ? [[i, j] as const] : [];
    });
  }, [cells, meta, items]);
}

/** Whether a table row (by its first cell's text) is one the step highlights. */
export function highlightsRow(highlight: TourHighlight | null, first: string): boolean {
  return highlight?.rows?.some((r) => first.startsWith(r)) ?? false;
}
