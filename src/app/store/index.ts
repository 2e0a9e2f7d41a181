import { create } from 'zustand';
import { createDataSlice, type DataSlice } from './dataSlice.ts';
import { createJobsSlice, type JobsSlice } from './jobsSlice.ts';
import { createLinkSlice, type LinkSlice } from './linkSlice.ts';
import { createPanelsSlice, type PanelsSlice } from './panelsSlice.ts';
import { createResultsSlice, type ResultsSlice } from './resultsSlice.ts';

/** One store built from slices: data and counts, running jobs, panels, linked hover/selection, results by call. */
export type Store = DataSlice & JobsSlice & PanelsSlice & LinkSlice & ResultsSlice;

export const useStore = create<Store>()((...a) => ({
  ...createDataSlice(...a),
  ...createJobsSlice(...a),
  ...createPanelsSlice(...a),
  ...createLinkSlice(...a),
  ...createResultsSlice(...a),
}));

/** Rows holding a selected value are looked up in a worker whenever the value selection changes. */
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
