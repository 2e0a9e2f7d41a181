import type { StateCreator } from 'zustand';
import type { Store } from './index.ts';

/** What the pointer is over, shared by every view so they all highlight the same things. */
export type Hover =
  | { kind: 'values'; values: number[] }
  | { kind: 'attributes'; attributes: number[] }
  | { kind: 'objects'; objects: number[] };

export type ColorBy = 'none' | 'class' | 'cluster' | 'outlier';

export interface LinkSlice {
  hover: Hover | null;
  /** Selected global value indices. */
  selectedValues: number[];
  /** Selected object (row) indices. */
  selectedObjects: number[];
  colorBy: ColorBy;
  setHover(hover: Hover | null): void;
  toggleValue(value: number): void;
  setSelectedValues(values: number[]): void;
  setSelectedObjects(objects: number[]): void;
  clearSelection(): void;
  setColorBy(colorBy: ColorBy): void;
}

export const createLinkSlice: StateCreator<Store, [], [], LinkSlice> = (set) => ({
  hover: null,
  selectedValues: [],
  selectedObjects: [],
  colorBy: 'none',
  setHover: (hover) => set({ hover }),
  toggleValue: (value) =>
    set((s) => ({
      selectedValues: s.selectedValues.includes(value)
        ? s.selectedValues.filter((v) => v !== value)
        : [...s.selectedValues, value],
    })),
  setSelectedValues: (selectedValues) => set({ selectedValues }),
  setSelectedObjects: (selectedObjects) => set({ selectedObjects }),
  clearSelection: () => set({ selectedValues: [], selectedObjects: [], selectedCluster: null }),
  setColorBy: (colorBy) => set({ colorBy }),
});

/** Values the views should emphasise: hovered ones, else the selection. */
export function emphasisedValues(
  s: Pick<LinkSlice, 'hover' | 'selectedValues'>,
): ReadonlySet<number> {
  if (s.hover?.kind === 'values') return new Set(s.hover.values);
  return new Set(s.selectedValues);
}
