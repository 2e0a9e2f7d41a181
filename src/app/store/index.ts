import { create } from 'zustand';
import { createDataSlice, type DataSlice } from './dataSlice.ts';
import { createJobsSlice, type JobsSlice } from './jobsSlice.ts';
import { createLinkSlice, type LinkSlice } from './linkSlice.ts';
import { createPanelsSlice, type PanelsSlice } from './panelsSlice.ts';

/** One store built from slices: data and counts, running jobs, the panel layout, linked hover/selection. */
export type Store = DataSlice & JobsSlice & PanelsSlice & LinkSlice;

export const useStore = create<Store>()((...a) => ({
  ...createDataSlice(...a),
  ...createJobsSlice(...a),
  ...createPanelsSlice(...a),
  ...createLinkSlice(...a),
}));
