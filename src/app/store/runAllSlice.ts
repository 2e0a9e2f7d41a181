import type { StateCreator } from 'zustand';
import { resolveCall } from '../../core/platform/calls.ts';
import { poolSize } from '../../worker/pool.ts';
import { runAllPlan, type RunAllPlan } from '../model/runAllPlan.ts';
import { rowlessReasons } from '../model/rowless.ts';
import type { Store } from './index.ts';

/**
 * "Run all" for the data set: the plan's calls queued on the worker pool (as many at a time as
 * it has workers), each result cached by call like any panel's, so the results board, the
 * compare layout and any panel opened later read them without recomputing. Before anything
 * runs, every call's declared preconditions are checked in a worker: a method that does not
 * apply to this table is marked so, with why, and left out of the evaluations. Cancel stops
 * what runs and starts nothing more; what finished stays.
 */
export interface RunAllState {
  plan: RunAllPlan;
  /** The call key of each planned call, in plan order. */
  keys: string[];
  /** Why each planned call does not apply to this table, or null (it runs). */
  notApplicable: (string | null)[];
  /** The table it was planned on. */
  version: number;
  cancelled: boolean;
  /** When it started (performance.now(), ms), for the jobs' times and the total. */
  startedAt: number;
}

export interface RunAllSlice {
  runAll: RunAllState | null;
  /** Checks the plan's preconditions in a worker, then starts it. */
  startRunAll(): Promise<void>;
  cancelRunAll(): void;
  /** Starts queued calls while fewer than the pool's workers run (called on every result change). */
  pumpRunAll(): void;
}

const CONCURRENCY = poolSize(typeof navigator === 'undefined' ? 2 : navigator.hardwareConcurrency);

export const createRunAllSlice: StateCreator<Store, [], [], RunAllSlice> = (set, get) => ({
  runAll: null,
  startRunAll: async () => {
    const meta = get().loaded?.meta;
    if (!meta) return;
    const version = get().tableVersion;
    const startedAt = performance.now();
    const first = runAllPlan(meta);
    const methods = first.calls.filter((p) => p.role === 'method');
    const checked = await get().query((api) => api.preconditions(methods.map((p) => p.call)));
    if (get().tableVersion !== version) return;
    const reasons = rowlessReasons(
      meta,
      methods.map((p) => p.call),
      checked.ok ? checked.value : methods.map(() => null),
    );
    const inapplicable = new Set(
      methods.flatMap((p, i) => (reasons[i] !== null && p.method ? [p.method] : [])),
    );
    const plan = inapplicable.size > 0 ? runAllPlan(meta, undefined, inapplicable) : first;
    const all = await get().query((api) => api.preconditions(plan.calls.map((p) => p.call)));
    if (get().tableVersion !== version) return;
    const notApplicable = rowlessReasons(
      meta,
      plan.calls.map((p) => p.call),
      all.ok ? all.value : plan.calls.map(() => null),
    );
    const keys = plan.calls.map((p) => resolveCall(p.call).key);
    set({ runAll: { plan, keys, notApplicable, version, cancelled: false, startedAt } });
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
      if (run.notApplicable[i] !== null) return;
      const entry = results[run.keys[i] as string];
      // Not started yet (a cancelled one left from before is run again).
      if (running < CONCURRENCY && (!entry || entry.status === 'cancelled')) {
        get().ensure(planned.call);
        running++;
      }
    });
  },
});

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'not applicable';

/** One planned call as the jobs list shows it. */
export interface RunAllJob {
  index: number;
  key: string;
  status: JobStatus;
  /** Why it failed, was cancelled or does not apply. */
  reason: string | null;
  /** Wall-clock seconds from its start to its end (null until it ends). */
  seconds: number | null;
}

export function runAllJobs(run: RunAllState, results: Store['results']): RunAllJob[] {
  return run.keys.map((key, index) => {
    const na = run.notApplicable[index] ?? null;
    const entry = results[key];
    if (na !== null) return { index, key, status: 'not applicable', reason: na, seconds: null };
    if (!entry) return { index, key, status: 'queued', reason: null, seconds: null };
    return {
      index,
      key,
      status: entry.status,
      reason: entry.error?.message ?? null,
      seconds: entry.seconds,
    };
  });
}

/**
 * Where a run-all stands, counted over its jobs (the jobs list shows the same rows): done,
 * failed, cancelled, not applicable, running, and in all; `finished` counts every ended job.
 */
export function runAllProgress(
  run: RunAllState,
  results: Store['results'],
  jobs: Store['jobs'],
): {
  finished: number;
  running: number;
  total: number;
  fraction: number;
  done: number;
  failed: number;
  cancelled: number;
  notApplicable: number;
} {
  const counts = { done: 0, failed: 0, cancelled: 0, notApplicable: 0, running: 0 };
  let partial = 0;
  for (const job of runAllJobs(run, results)) {
    if (job.status === 'running') {
      counts.running++;
      partial += jobs.find((j) => j.key === job.key)?.fraction ?? 0;
    } else if (job.status === 'not applicable') counts.notApplicable++;
    else if (job.status !== 'queued') counts[job.status]++;
  }
  const total = run.keys.length;
  const finished = counts.done + counts.failed + counts.cancelled + counts.notApplicable;
  return {
    ...counts,
    finished,
    total,
    fraction: total > 0 ? (finished + partial) / total : 1,
  };
}
