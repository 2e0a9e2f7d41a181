import type { StateCreator } from 'zustand';
import type { Store } from './index.ts';

/** What the pointer is over, shared by every view so they all highlight the same things. */
export type Hover =
  | { kind: 'values'; values: number[] }
  | { kind: 'attributes'; attributes: number[] }
  | { kind: 'objects'; objects: number[] };

/**
 * How objects are coloured in every view: by class, or by any object partition or object
 * scores result held in the store (its call key and result name).
 */
export type ColorBy =
  | { kind: 'none' }
  | { kind: 'class' }
  /** A feature attribute's values (issue 14: colour by any attribute). */
  | { kind: 'attribute'; attribute: number }
  | { kind: 'result'; key: string; name: string };

export interface LinkSlice {
  hover: Hover | null;
  /** Selected global value indices. */
  selectedValues: number[];
  /** Selected object (row) indices. */
  selectedObjects: number[];
  /**
   * The nearest neighbours of the selected object that neighbour panels list, by panel id:
   * every object view emphasises them with the selection.
   */
  neighbourObjects: Readonly<Record<number, readonly number[]>>;
  setPanelNeighbours(panel: number, objects: readonly number[] | null): void;
  /** The value cluster picked in a value-partition view (its panel, granularity, cluster). */
  selectedCluster: { panel: number; granularity: number; cluster: number } | null;
  /**
   * Rows holding at least `valueThreshold` of the selected values (null when no value is
   * selected): objects are selected by how many of the values they hold, not by any one.
   */
  rowsWithSelectedValues: Int32Array | null;
  /**
   * How many of the selected objects (or, with none, of the objects holding enough of the
   * selected values) hold each value: every value view shows that share beside the value.
   */
  selectionCounts: { counts: Int32Array; objects: number } | null;
  /** The values of the object under the pointer (global indices), emphasised in value views. */
  hoveredObjectValues: number[] | null;
  /** How many selected values an object must hold; null = half the attributes spanned, rounded up. */
  valueThreshold: number | null;
  setValueThreshold(threshold: number | null): void;
  colorBy: ColorBy;
  setHover(hover: Hover | null): void;
  toggleValue(value: number): void;
  setSelectedValues(values: number[]): void;
  setSelectedObjects(objects: number[]): void;
  selectCluster(cluster: NonNullable<LinkSlice['selectedCluster']>, values: number[]): void;
  clearSelection(): void;
  setColorBy(colorBy: ColorBy): void;
}

export const createLinkSlice: StateCreator<Store, [], [], LinkSlice> = (set) => ({
  hover: null,
  selectedValues: [],
  selectedObjects: [],
  selectedCluster: null,
  neighbourObjects: {},
  setPanelNeighbours: (panel, objects) =>
    set((s) => {
      const { [panel]: _old, ...others } = s.neighbourObjects;
      return { neighbourObjects: objects ? { ...others, [panel]: objects } : others };
    }),
  rowsWithSelectedValues: null,
  selectionCounts: null,
  hoveredObjectValues: null,
  valueThreshold: null,
  colorBy: { kind: 'none' },
  setHover: (hover) => set({ hover }),
  toggleValue: (value) =>
    set((s) => ({
      selectedValues: s.selectedValues.includes(value)
        ? s.selectedValues.filter((v) => v !== value)
        : [...s.selectedValues, value],
    })),
  setSelectedValues: (selectedValues) => set({ selectedValues }),
  setSelectedObjects: (selectedObjects) => set({ selectedObjects }),
  selectCluster: (selectedCluster, selectedValues) => set({ selectedCluster, selectedValues }),
  clearSelection: () =>
    set({ selectedValues: [], selectedObjects: [], selectedCluster: null, valueThreshold: null }),
  setColorBy: (colorBy) => set({ colorBy }),
  setValueThreshold: (valueThreshold) => set({ valueThreshold }),
});

/**
 * The attributes the selected values span (an object holds at most one value of each) and the
 * threshold in force: the user's, clamped, or by default half of them rounded up — so a value
 * cluster spanning 34 values of 30 attributes selects the objects holding 15 of them, not every
 * object holding one.
 */
export function valueSelection(
  values: readonly number[],
  valueAttribute: ArrayLike<number> | undefined,
  threshold: number | null,
): { attributes: number; threshold: number } {
  const attributes = new Set(values.map((v) => valueAttribute?.[v] ?? v)).size;
  const t = threshold ?? Math.ceil(attributes / 2);
  return { attributes, threshold: Math.min(Math.max(1, t), Math.max(1, attributes)) };
}

/** The selected objects and the neighbours panels list of them, each once. */
export function selectedWithNeighbours(
  s: Pick<LinkSlice, 'selectedObjects' | 'neighbourObjects'>,
): Set<number> {
  const out = new Set(s.selectedObjects);
  if (out.size > 0)
    for (const list of Object.values(s.neighbourObjects)) for (const i of list) out.add(i);
  return out;
}

/** Values the views should emphasise: hovered ones, else the hovered object's, else the selection. */
export function emphasisedValues(
  s: Pick<LinkSlice, 'hover' | 'selectedValues' | 'hoveredObjectValues'>,
): ReadonlySet<number> {
  if (s.hover?.kind === 'values') return new Set(s.hover.values);
  if (s.hover?.kind === 'objects' && s.hoveredObjectValues) return new Set(s.hoveredObjectValues);
  return new Set(s.selectedValues);
}
