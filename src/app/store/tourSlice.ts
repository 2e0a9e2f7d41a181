import type { StateCreator } from 'zustand';
import type { Store } from './index.ts';

/** The guided tour running (by id) and its step, and whether type is enlarged for a projector. */
export interface TourSlice {
  tour: { id: string; step: number } | null;
  projector: boolean;
  setTour(tour: { id: string; step: number } | null): void;
  setProjector(on: boolean): void;
}

export const createTourSlice: StateCreator<Store, [], [], TourSlice> = (set) => ({
  tour: null,
  projector: false,
  setTour: (tour) => set({ tour }),
  setProjector: (projector) => set({ projector }),
});
