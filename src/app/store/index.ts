import { create } from 'zustand';
import { createDataSlice, type DataSlice } from './dataSlice.ts';
import { createJobsSlice, type JobsSlice } from './jobsSlice.ts';
import { createLinkSlice, type LinkSlice } from './linkSlice.ts';
import { createMethodsSlice, type MethodsSlice } from './methodsSlice.ts';
import { createPanelsSlice, type PanelsSlice } from './panelsSlice.ts';
import { createProjectionsSlice, type ProjectionsSlice } from './projectionsSlice.ts';

/** One store built from slices: data and counts, running jobs, the panel layout, linked hover/selection, method results. */
export type Store = DataSlice &
  JobsSlice &
  PanelsSlice &
  LinkSlice &
  MethodsSlice &
  ProjectionsSlice;

export const useStore = create<Store>()((...a) => ({
  ...createDataSlice(...a),
  ...createJobsSlice(...a),
  ...createPanelsSlice(...a),
  ...createLinkSlice(...a),
  ...createMethodsSlice(...a),
  ...createProjectionsSlice(...a),
}));

/** Rows holding a selected value are looked up in the worker whenever the value selection changes. */
useStore.subscribe((state, previous) => {
  if (state.selectedValues === previous.selectedValues) return;
  const values = state.selectedValues;
  if (values.length === 0) {
    useStore.setState({ rowsWithSelectedValues: null });
    return;
  }
  void state
    .query((api) => api.rowsHolding(values, 'any'))
    .then((outcome) => {
      if (outcome.ok && useStore.getState().selectedValues === values)
        useStore.setState({ rowsWithSelectedValues: outcome.value });
    });
});
