import { useCallback, useRef, type RefObject } from 'react';
import type { ExportTable } from '../../model/exportTable.ts';
import { useExportNumbers } from '../export/exportHooks.ts';

/**
 * A scatter's numbers for the panel's CSV and JSON: every point's file line and coordinates at
 * full precision (the scatter's own CSV button writes the same), with its label when the view
 * gives one, in row order whatever is zoomed or selected. Returns the ref of the element that
 * exports them (the plot, which outlives a change of renderer's canvas).
 */
export function useScatterNumbers(
  name: string,
  points: Float64Array,
  lineOf: (i: number) => number,
  labelOf?: (i: number) => string,
): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  const build = useCallback((): ExportTable => {
    const n = points.length >> 1;
    const coord = (v: number) => (Number.isFinite(v) ? v : null);
    return {
      name,
      columns: labelOf ? ['line', 'x', 'y', 'label'] : ['line', 'x', 'y'],
      rows: Array.from({ length: n }, (_, i) => {
        const row = [lineOf(i), coord(points[2 * i] as number), coord(points[2 * i + 1] as number)];
        return labelOf ? [...row, labelOf(i)] : row;
      }),
    };
  }, [name, points, lineOf, labelOf]);
  useExportNumbers(ref, build);
  return ref;
}
