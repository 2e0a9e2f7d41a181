import type { StateCreator } from 'zustand';
import type { Call } from '../../core/platform/spec.ts';
import type { ViewId } from '../model/viewIds.ts';
import type { Store } from './index.ts';

/**
 * A panel: a view, the call whose results it shows (null for the data views) and its own view
 * settings — all plain data, so a workspace can be saved and two panels can show CDE α = 10
 * beside α = 30.
 */
export interface Panel {
  id: number;
  view: ViewId;
  call: Call | null;
  settings: Record<string, unknown>;
}

export type WorkspaceLayout = 'panels' | 'compare';

export interface PanelsSlice {
  panels: Panel[];
  /** Panels side by side, or the compare layout (methods in columns, one kind of view a row). */
  layout: WorkspaceLayout;
  setLayout(layout: WorkspaceLayout): void;
  /** The panel added last (scrolled into view). */
  newestPanel: number | null;
  addPanel(view: ViewId, call?: Call | null, settings?: Record<string, unknown>): number;
  removePanel(id: number): void;
  /** Moves a panel by delta places (−1 = earlier). */
  movePanel(id: number, delta: number): void;
  setPanelCall(id: number, call: Call): void;
  setPanelSettings(id: number, change: Record<string, unknown>): void;
  /** Puts these panels (a restored workspace's) in place of all others, with fresh ids. */
  replacePanels(panels: readonly Omit<Panel, 'id'>[], layout: WorkspaceLayout): void;
}

let nextPanelId = 1;
const panel = (view: ViewId, call: Call | null = null, settings = {}): Panel => ({
  id: nextPanelId++,
  view,
  call,
  settings,
});

const update = (panels: Panel[], id: number, change: Partial<Panel>): Panel[] =>
  panels.map((p) => (p.id === id ? { ...p, ...change } : p));

export const createPanelsSlice: StateCreator<Store, [], [], PanelsSlice> = (set) => ({
  panels: [panel('summary'), panel('cooccurrence'), panel('su')],
  layout: 'panels',
  setLayout: (layout) => set({ layout }),
  newestPanel: null,
  addPanel: (view, call = null, settings = {}) => {
    const added = panel(view, call, settings);
    // A panel is added where it can be seen.
    set((s) => ({ panels: [...s.panels, added], newestPanel: added.id, layout: 'panels' }));
    return added.id;
  },
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
  replacePanels: (panels, layout) =>
    set({
      panels: panels.map((p) => panel(p.view, p.call, p.settings)),
      layout,
      newestPanel: null,
    }),
  setPanelCall: (id, call) => set((s) => ({ panels: update(s.panels, id, { call }) })),
  setPanelSettings: (id, change) =>
    set((s) => ({
      panels: s.panels.map((p) =>
        p.id === id ? { ...p, settings: { ...p.settings, ...change } } : p,
      ),
    })),
});
