import type { StateCreator } from 'zustand';
import type { Store } from './index.ts';

export type JobKind = 'load' | 'counts' | 'run';

export interface Job {
  id: number;
  kind: JobKind;
  label: string;
  fraction: number;
  message: string;
  cancel: () => void;
  /** The call key of a method run, so only the panels showing that call show the job. */
  key?: string;
}

export interface JobsSlice {
  jobs: Job[];
  addJob(job: Job): void;
  updateJob(id: number, fraction: number, message: string): void;
  removeJob(id: number): void;
}

export const createJobsSlice: StateCreator<Store, [], [], JobsSlice> = (set) => ({
  jobs: [],
  addJob: (job) => set((s) => ({ jobs: [...s.jobs, job] })),
  updateJob: (id, fraction, message) =>
    set((s) => ({ jobs: s.jobs.map((j) => (j.id === id ? { ...j, fraction, message } : j)) })),
  removeJob: (id) => set((s) => ({ jobs: s.jobs.filter((j) => j.id !== id) })),
});
