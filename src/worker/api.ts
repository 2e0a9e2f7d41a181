import { ExplorerSession } from '../core/platform/session.ts';
import { computeEndpoints } from './computeEndpoints.ts';
import { cooperationEndpoints } from './cooperationEndpoints.ts';
import { loadEndpoints } from './loadEndpoints.ts';
import { rowEndpoints } from './rowEndpoints.ts';
import type { WorkerState } from './workerJobs.ts';

export type { Outcome, ProgressCallback } from './workerJobs.ts';

/**
 * The API the worker exposes through comlink. Tests call it directly. Every call returns an
 * Outcome instead of throwing, so data problems reach the UI as structured, readable messages.
 * Its endpoints come in groups by concern, each a few lines over the one session
 * (core/platform/session.ts), which does the work, and the jobs they share (workerJobs.ts).
 */
export function createExplorerApi() {
  const state: WorkerState = {
    session: new ExplorerSession(),
    cancelled: new Set<number>(),
    giveWay: null,
    team: null,
  };
  return {
    ...loadEndpoints(state),
    ...computeEndpoints(state),
    ...rowEndpoints(state),
    ...cooperationEndpoints(state),
  };
}

export type ExplorerApi = ReturnType<typeof createExplorerApi>;
