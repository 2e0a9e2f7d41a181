import type { StateCreator } from 'zustand';
import type { Store } from './index.ts';
import type { ViewId } from '../views/registry.tsx';

export interface Panel {
  id: number;
  view: ViewId;
}

export interface PanelsSlice {
  panels: Panel[];
  addPanel(view: ViewId): void;
  removePanel(id: number): void;
  /** Moves a panel by delta places (−1 = earlier). */
  movePanel(id: number, delta: number): void;
}

let nextPanelId = 1;
const panel = (view: ViewId): Panel => ({ id: nextPanelId++, view });

export const createPanelsSlice: StateCreator<Store, [], [], PanelsSlice> = (set) => ({
  panels: [panel('summary'), panel('cooccurrence'), panel('su')],
  addPanel: (view) => set((s) => ({ panels: [...s.panels, panel(view)] })),
  removePanel: (id) => set((s) => ({ panels: s.panels.filter((p) => p.id !== id) })),
  movePanel: (id, delta) =>
    set((s) => {
      const i = s.panels.findIndex((p) => p.id === id);
      const j = i + delta;
      if (i < 0 || j < 0 || j >= s.panels.length) return s;
      const panels = [...s.panels];
      [panels[i], panels[j]] = [panels[j] as Panel, panels[i] as Panel];
      return { panels };
    }),
});
