import { create } from 'zustand';
import { createDataSlice, type DataSlice } from './dataSlice.ts';
import { createJobsSlice, type JobsSlice } from './jobsSlice.ts';
import { createLinkSlice, valueSelection, type LinkSlice } from './linkSlice.ts';
import { createPanelsSlice, type PanelsSlice } from './panelsSlice.ts';
import { createResultsSlice, type ResultsSlice } from './resultsSlice.ts';
import { createRunAllSlice, type RunAllSlice } from './runAllSlice.ts';
import { createTourSlice, type TourSlice } from './tourSlice.ts';

/** One store built from slices: data and counts, running jobs, panels, linked hover/selection, results by call, the guided tour. */
export type Store = DataSlice &
  JobsSlice &
  PanelsSlice &
  LinkSlice &
  ResultsSlice &
  RunAllSlice &
  TourSlice;

export const useStore = create<Store>()((...a) => ({
  ...createDataSlice(...a),
  ...createJobsSlice(...a),
  ...createPanelsSlice(...a),
  ...createLinkSlice(...a),
  ...createResultsSlice(...a),
  ...createRunAllSlice(...a),
  ...createTourSlice(...a),
}));

/** A finished call lets the run-all queue start the next. */
useStore.subscribe((state, previous) => {
  if (state.runAll && state.results !== previous.results) state.pumpRunAll();
});

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

/**
 * The selected objects' value counts (for the share every value view shows) are counted in a
 * worker whenever the object selection changes: the objects picked, or else those holding enough
 * of the selected values.
 */
useStore.subscribe((state, previous) => {
  if (
    state.selectedObjects === previous.selectedObjects &&
    state.rowsWithSelectedValues === previous.rowsWithSelectedValues
  )
    return;
  const rows =
    state.selectedObjects.length > 0 ? state.selectedObjects : state.rowsWithSelectedValues;
  if (!rows || rows.length === 0) {
    if (state.selectionCounts) useStore.setState({ selectionCounts: null });
    return;
  }
  const wanted = Int32Array.from(rows);
  void state
    .query((api) => api.valueCountsOf(wanted))
    .then((outcome) => {
      const now = useStore.getState();
      const current =
        now.selectedObjects.length > 0 ? now.selectedObjects : now.rowsWithSelectedValues;
      if (outcome.ok && current === rows)
        useStore.setState({ selectionCounts: { counts: outcome.value, objects: rows.length } });
    });
});

/** The values of a hovered object are fetched so that value views can emphasise them. */
useStore.subscribe((state, previous) => {
  if (state.hover === previous.hover) return;
  const hover = state.hover;
  const row = hover?.kind === 'objects' && hover.objects.length === 1 ? hover.objects[0] : null;
  const meta = state.loaded?.meta;
  if (row == null || !meta) {
    if (state.hoveredObjectValues) useStore.setState({ hoveredObjectValues: null });
    return;
  }
  void state
    .query((api) => api.objectRows(Int32Array.of(row)))
    .then((outcome) => {
      if (!outcome.ok || useStore.getState().hover !== hover) return;
      const values = meta.attributes.map((a, k) => a.offset + (outcome.value[k] ?? 0));
      useStore.setState({ hoveredObjectValues: values });
    });
});
