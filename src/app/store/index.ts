import { create } from 'zustand';
import { createDataSlice, type DataSlice } from './dataSlice.ts';
import { createJobsSlice, type JobsSlice } from './jobsSlice.ts';
import { createLinkSlice, valueSelection, type LinkSlice } from './linkSlice.ts';
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

/**
 * Rows holding enough of the selected values (valueSelection) are looked up in a worker whenever
 * the value selection or the threshold changes.
 */
useStore.subscribe((state, previous) => {
  if (
    state.selectedValues === previous.selectedValues &&
    state.valueThreshold === previous.valueThreshold
  )
    return;
  const values = state.selectedValues;
  if (values.length === 0) {
    useStore.setState({ rowsWithSelectedValues: null });
    return;
  }
  const { threshold } = valueSelection(
    values,
    state.loaded?.meta.valueAttribute,
    state.valueThreshold,
  );
  void state
    .query((api) => api.rowsHolding(values, threshold))
    .then((outcome) => {
      const now = useStore.getState();
      if (
        outcome.ok &&
        now.selectedValues === values &&
        now.valueThreshold === state.valueThreshold
      )
        useStore.setState({ rowsWithSelectedValues: outcome.value });
    });
});
