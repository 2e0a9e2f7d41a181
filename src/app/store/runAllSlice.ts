import type { StateCreator } from 'zustand';
import { resolveCall } from '../../core/platform/calls.ts';
import { poolSize } from '../../worker/pool.ts';
import { runAllPlan, type RunAllPlan } from '../views/runAllPlan.ts';
import type { Store } from './index.ts';

/**
 * "Run all" for the data set: the plan's calls queued on the worker pool (as many at a time as
 * it has workers), each result cached by call like any panel's, so the results board, the
 * compare layout and any panel opened later read them without recomputing. Cancel stops what
 * runs and starts nothing more; what finished stays.
 */
export interface RunAllState {
  plan: RunAllPlan;
  /** The call key of each planned call, in plan order. */
  keys: string[];
  /** The table it was planned on. */
  version: number;
  cancelled: boolean;
}

export interface RunAllSlice {
  runAll: RunAllState | null;
  startRunAll(): void;
  cancelRunAll(): void;
  /** Starts queued calls while fewer than the pool's workers run (called on every result change). */
  pumpRunAll(): void;
}

const CONCURRENCY = poolSize(typeof navigator === 'undefined' ? 2 : navigator.hardwareConcurrency);

export const createRunAllSlice: StateCreator<Store, [], [], RunAllSlice> = (set, get) => ({
  runAll: null,
  startRunAll: () => {
    const meta = get().loaded?.meta;
    if (!meta) return;
    const plan = runAllPlan(meta);
    const keys = plan.calls.map((p) => resolveCall(p.call).key);
    set({ runAll: { plan, keys, version: get().tableVersion, cancelled: false } });
    get().pumpRunAll();
  },
  cancelRunAll: () => {
    const run = get().runAll;
    if (!run) return;
    set({ runAll: { ...run, cancelled: true } });
    for (const key of run.keys) if (get().results[key]?.status === 'running') get().cancelRun(key);
  },
  pumpRunAll: () => {
    const run = get().runAll;
    if (!run || run.cancelled || run.version !== get().tableVersion) return;
    const results = get().results;
    let running = run.keys.filter((k) => results[k]?.status === 'running').length;
    run.plan.calls.forEach((planned, i) => {
      const entry = results[run.keys[i] as string];
      // Not started yet (a cancelled one left from before is run again).
      if (running < CONCURRENCY && (!entry || entry.status === 'cancelled')) {
        get().ensure(planned.call);
        running++;
      }
    });
  },
});

/** Where a run-all stands: calls finished (done, failed or cancelled), running, and in all. */
export function runAllProgress(
  run: RunAllState,
  results: Store['results'],
  jobs: Store['jobs'],
): { finished: number; running: number; total: number; fraction: number; failed: number } {
  let finished = 0;
  let running = 0;
  let failed = 0;
  let partial = 0;
  for (const key of run.keys) {
    const status = results[key]?.status;
    if (status === 'running') {
      running++;
      partial += jobs.find((j) => j.key === key)?.fraction ?? 0;
    } else if (status) {
      finished++;
      if (status === 'failed') failed++;
    }
  }
  const total = run.keys.length;
  return {
    finished,
    running,
    total,
    failed,
    fraction: total > 0 ? (finished + partial) / total : 1,
  };
}
