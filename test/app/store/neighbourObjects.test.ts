/**
 * The neighbours neighbour panels list (issue 29) are emphasised with the selection: each panel's
 * list is kept by panel id, replaced or dropped on its own, and joined to the selection once.
 */
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { createLinkSlice, selectedWithNeighbours } from '../../../src/app/store/linkSlice.ts';
import type { Store } from '../../../src/app/store/index.ts';

function linkStore() {
  return createStore<Store>()(
    (...a) => createLinkSlice(...(a as Parameters<typeof createLinkSlice>)) as Store,
  );
}

describe('neighbour objects', () => {
  it('keeps each panel’s list, replaces it and drops it on its own', () => {
    const store = linkStore();
    store.getState().setPanelNeighbours(3, [5, 6]);
    store.getState().setPanelNeighbours(4, [6, 7]);
    store.getState().setPanelNeighbours(3, [8]);
    expect(store.getState().neighbourObjects).toEqual({ 3: [8], 4: [6, 7] });
    store.getState().setPanelNeighbours(4, null);
    expect(store.getState().neighbourObjects).toEqual({ 3: [8] });
  });

  it('joins them to the selection, each object once; nothing without a selection', () => {
    const neighbourObjects = { 1: [4, 5], 2: [5, 9] };
    expect([...selectedWithNeighbours({ selectedObjects: [4, 2], neighbourObjects })]).toEqual([
      4, 2, 5, 9,
    ]);
    expect(selectedWithNeighbours({ selectedObjects: [], neighbourObjects }).size).toBe(0);
  });
});
