import type { StateCreator } from 'zustand';
import type { ErrorInfo } from '../../core/base/errors.ts';
import { describeCall, resolveCall } from '../../core/platform/calls.ts';
import type { Call, MethodOutput, ResolvedCall } from '../../core/platform/spec.ts';
import type { JobProgress } from '../../worker/pool.ts';
import type { Store } from './index.ts';
import type { TrainingSnapshot } from '../../core/methods/untie/learning.ts';

/** One call's result in the store: running (with a t-SNE's live layout), done, failed or cancelled. */
export interface ResultEntry {
  key: string;
  call: ResolvedCall;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  output: MethodOutput | null;
  error: ErrorInfo | null;
  live: { layout: Float64Array; message: string } | null;
  /**
   * A training method's (UNTIE's) latest iterate while it runs; kept when it is cancelled, so the
   * view still shows the last loss curve and weights.
   */
  training: TrainingSnapshot | null;
  /** Wall-clock seconds from its start to its end, waiting for inputs included (null while it runs). */
  seconds: number | null;
  /** When it ended (performance.now(), ms), or null while it runs. */
  endedAt: number | null;
}

export interface ResultsSlice {
  /** Results of the current table by call key: panels hold calls, so equal calls share one. */
  results: Record<string, ResultEntry>;
  /**
   * Starts the call unless the store already holds it (running, done or failed); a cancelled
   * one is started again, so a panel opened later does not inherit a cancel it never asked for.
   * Returns its key. Throws if invalid.
   */
  ensure(call: Call): string;
  /** Runs a call again (after a failure or a cancel). */
  rerun(key: string): void;
  cancelRun(key: string): void;
  resetResults(): void;
}

export const createResultsSlice: StateCreator<Store, [], [], ResultsSlice> = (set, get) => {
  const cancels = new Map<string, () => void>();

  const patch = (key: string, change: Partial<ResultEntry>): void =>
    set((s) => {
      const current = s.results[key];
      return current ? { results: { ...s.results, [key]: { ...current, ...change } } } : s;
    });

  async function start(call: ResolvedCall, again = false): Promise<void> {
    const { key } = call;
    const version = get().tableVersion;
    set((s) => ({
      results: {
        ...s.results,
        [key]: {
          key,
          call,
          status: 'running',
          output: null,
          error: null,
          live: null,
          training: null,
          seconds: null,
          endedAt: null,
        },
      },
    }));
    const startedAt = performance.now();
    const ended = () => {
      const endedAt = performance.now();
      return { endedAt, seconds: (endedAt - startedAt) / 1000 };
    };
    const outcome = await get().runJob(
      'run',
      describeCall(call),
      (pool, onProgress) => {
        const handle = pool.run(
          call,
          (p: JobProgress) => {
            onProgress(p);
            if (p.layout && get().tableVersion === version)
              patch(key, { live: { layout: p.layout, message: p.message } });
            if (p.training && get().tableVersion === version) patch(key, { training: p.training });
          },
          again,
        );
        cancels.set(key, handle.cancel);
        return handle;
      },
      key,
    );
    cancels.delete(key);
    if (get().tableVersion !== version) return;
    if (outcome.ok)
      patch(key, {
        status: 'done',
        output: outcome.value,
        live: null,
        training: null,
        ...ended(),
      });
    else
      patch(key, {
        status: outcome.error.code === 'cancelled' ? 'cancelled' : 'failed',
        error: outcome.error,
        live: null,
        ...ended(),
      });
  }

  return {
    results: {},
    ensure: (call) => {
      const resolved = resolveCall(call);
      const entry = get().results[resolved.key];
      if (get().loaded && (!entry || entry.status === 'cancelled')) void start(resolved);
      return resolved.key;
    },
    rerun: (key) => {
      const entry = get().results[key];
      if (entry && entry.status !== 'running') void start(entry.call, entry.status === 'failed');
    },
    cancelRun: (key) => cancels.get(key)?.(),
    resetResults: () => {
      for (const cancel of cancels.values()) cancel();
      cancels.clear();
      set({ results: {}, selectedCluster: null, rowsWithSelectedValues: null, runAll: null });
    },
  };
};
