import { useCallback, useMemo } from 'react';
import { useStore } from '../store/index.ts';
import { selectedWithNeighbours } from '../store/linkSlice.ts';
import { useObjectValues } from './useObjectValues.ts';
import { rowName } from '../model/rowNames.ts';
import type { TableMeta } from '../../core/platform/session.ts';

const TOOLTIP_ATTRIBUTES = 16;

/**
 * What every object scatter shares through the store: the emphasised objects (hovered, else
 * selected, else holding a selected value), a tooltip with the hovered object's values, and
 * hover/selection writers — so scatters side by side show one selection.
 */
export function useLinkedObjects() {
  const meta = useStore((s) => s.loaded?.meta);
  const selectedObjects = useStore((s) => s.selectedObjects);
  const neighbourObjects = useStore((s) => s.neighbourObjects);
  const rowsWithValues = useStore((s) => s.rowsWithSelectedValues);
  const hover = useStore((s) => s.hover);
  const setHover = useStore((s) => s.setHover);
  const setSelectedObjects = useStore((s) => s.setSelectedObjects);
  const hovered = useMemo(() => (hover?.kind === 'objects' ? hover.objects : []), [hover]);
  const emphasised = useMemo(() => {
    if (hovered.length > 0) return new Set(hovered);
    // The selection and the neighbours a neighbours panel lists of it.
    if (selectedObjects.length > 0)
      return selectedWithNeighbours({ selectedObjects, neighbourObjects });
    return new Set(rowsWithValues ?? []);
  }, [hovered, selectedObjects, neighbourObjects, rowsWithValues]);
  const tipRows = useMemo(() => hovered.slice(0, 1), [hovered]);
  const values = useObjectValues(tipRows);
  const tooltip = useCallback(
    (i: number) => (meta ? objectTooltip(meta, i, values.get(i)) : []),
    [meta, values],
  );
  const labelOf = useCallback(
    (i: number) => {
      const cls = meta?.classColumn;
      return cls ? (cls.labels[cls.codes[i] ?? 0] ?? '') : '';
    },
    [meta],
  );
  const onHover = useCallback(
    (i: number | null) => setHover(i === null ? null : { kind: 'objects', objects: [i] }),
    [setHover],
  );
  const selectionText = selectionLine(
    selectedObjects.length,
    selectedObjects.length > 0
      ? selectedWithNeighbours({ selectedObjects, neighbourObjects }).size - selectedObjects.length
      : 0,
    rowsWithValues?.length ?? null,
  );
  return {
    emphasised,
    tooltip,
    onHover,
    onSelect: setSelectedObjects,
    labelOf: meta?.classColumn ? labelOf : undefined,
    selectionText,
  };
}

/**
 * An object's tooltip: its file line and class, then its first 16 attributes' values (“…”
 * until they arrive) and how many more there are.
 */
export function objectTooltip(meta: TableMeta, i: number, codes: Int32Array | undefined): string[] {
  const cls = meta.classColumn;
  const shown = meta.attributes.slice(0, TOOLTIP_ATTRIBUTES);
  return [
    `${rowName(meta, i)}${cls ? ` · ${cls.name} = ${cls.labels[cls.codes[i] ?? 0]}` : ''}`,
    ...(codes ? shown.map((a, k) => `${a.name} = ${a.labels[codes[k] ?? 0]}`) : ['…']),
    ...(meta.attributes.length > TOOLTIP_ATTRIBUTES
      ? [`… ${meta.attributes.length - TOOLTIP_ATTRIBUTES} more`]
      : []),
  ];
}

/**
 * What the scatters say of the selection: the objects selected and the neighbours shown with
 * them, else the objects holding the selected values (null: no values selected).
 */
export function selectionLine(
  selected: number,
  neighbours: number,
  holding: number | null,
): string {
  if (selected > 0)
    return `${selected} ${selected === 1 ? 'object' : 'objects'} selected${
      neighbours > 0 ? ` and ${neighbours} of their nearest neighbours shown` : ''
    }`;
  return holding !== null
    ? `${holding} objects hold enough of the selected values`
    : 'No objects selected';
}
