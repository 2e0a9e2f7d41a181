import type { TrainingSnapshot } from '../core/methods/untie/learning.ts';
import { proxy, type Remote } from 'comlink';
import { CrashBackoff } from './crashBackoff.ts';
import { OutputMemo } from './outputMemo.ts';
import { failed, WorkerSlots, type JobHandle, type PoolOptions, type Slot } from './workerSlots.ts';

export type { JobHandle, PoolOptions, SpawnedWorker } from './workerSlots.ts';
import type { ParseOptions } from '../core/data/csv/parse.ts';
import { toErrorInfo, type ErrorInfo } from '../core/base/errors.ts';
import type { Progress } from '../core/base/jobs.ts';
import { resolveCall, seededFits } from '../core/platform/calls.ts';
import { methodSpec } from '../core/platform/registry.ts';
import type { Call, MethodOutput, ResolvedCall } from '../core/platform/spec.ts';
import type { CallFailure, CountRequest, CountsReport, Loaded } from '../core/platform/session.ts';
import type { PrepareOptions } from '../core/data/table/prepare.ts';
import type { ExplorerApi, Outcome } from './api.ts';

/** Progress of a pool job; a t-SNE's carries its live layout, UNTIE's its training so far. */
export type JobProgress = Progress & {
  layout?: Float64Array | null;
  training?: TrainingSnapshot;
};

/** One computation shared by every caller asking for the same call. */
interface SharedRun {
  key: string;
  promise: Promise<Outcome<MethodOutput>>;
  listeners: Set<(p: JobProgress) => void>;
  /** Callers still waiting; at zero the computation is cancelled. */
  holders: number;
  cancel(): void;
}

/**
 * A pool of workers, each holding the loaded table (shared memory when the page is
 * cross-origin isolated, copies otherwise). Independent jobs run in parallel on the least busy
 * worker; a call's inputs are computed first — once, however many callers want them — and
 * handed to the worker that runs the call if it does not have them, so a CDE behind a
 * projection, an evaluation and a CDE panel is computed once. Cancel, progress and crash
 * recovery are per job; a crashed worker is restarted — after a backoff, and not after the
 * workers crashed too often (crashBackoff.ts) — and takes the table from another.
 */
export class WorkerPool {
  private readonly workers: WorkerSlots;
  private primary = 0;
  /** Bumped on every load or re-model; outputs of older tables are never reused. */
  private version = 0;
  /** Resolves once every worker holds the current table. */
  private ready: Promise<void> = Promise.resolve();
  /** The last table change asked for, spread included: table changes apply one after another. */
  private modelling: Promise<unknown> = Promise.resolve();
  private loadedAny = false;
  private readonly outputs = new OutputMemo();
  /** Calls that failed on the current table (by key): asked again, they fail at once. */
  private readonly failures = new Map<string, ErrorInfo>();
  private readonly running = new Map<string, SharedRun>();
  /** The table version each worker holds (a fresh one holds none until it adopts one). */
  private readonly holds = new WeakMap<Slot, number>();
  /** The table version that no worker held any more (the page was told, once). */
  private lost = -1;
  private readonly crashes: CrashBackoff;
  /** Called when a worker was replaced and the table could not be restored from another. */
  onRestart: ((reason: string) => void) | null = null;
  /** Called once when the pool gives up on its workers (they crashed too often). */
  onBroken: ((message: string) => void) | null = null;

  constructor(options: PoolOptions) {
    this.crashes = new CrashBackoff(options.crashPolicy);
    this.workers = new WorkerSlots(options, (slot, reason, crashed) =>
      this.restart(slot, reason, crashed),
    );
  }

  /** Why the pool gave up on its workers (every job then fails with it), or null. */
  get broken(): string | null {
    return this.workers.broken;
  }

  get size(): number {
    return this.slots.length;
  }

  private get slots(): Slot[] {
    return this.workers.slots;
  }

  /** Reads a file on one worker, then hands the table to the others. */
  load(
    file: Blob,
    parseOptions: ParseOptions,
    prepareOptions: PrepareOptions,
    onProgress: (p: Progress) => void = () => {},
  ): JobHandle<Loaded> {
    return this.model((slot, id) =>
      slot.worker.api.load(file, parseOptions, prepareOptions, id, proxy(onProgress)),
    );
  }

  /** Re-models the loaded file with other column options, on every worker. */
  prepare(options: PrepareOptions): JobHandle<Loaded> {
    return this.model((slot) => slot.worker.api.prepare(options));
  }

  /** Counts (optionally on a row subset) on one worker. */
  counts(
    request: CountRequest,
    onProgress: (p: Progress) => void = () => {},
  ): JobHandle<CountsReport> {
    return this.onWorker(async (slot, id) => {
      await this.ready;
      return slot.worker.api.counts(request, id, proxy(onProgress));
    });
  }

  /** A short query (rows of objects …) on the least busy worker. */
  query<T>(call: (api: Remote<ExplorerApi>) => Promise<Outcome<T>>): Promise<Outcome<T>> {
    return this.onWorker(async (slot) => {
      await this.ready;
      return call(slot.worker.api);
    }).promise;
  }

  /**
   * Runs a call (src/core/platform): the same call asked twice is computed once; its inputs
   * are computed first (each once) and given to the worker that runs it.
   */
  run(
    call: Call,
    onProgress: (p: JobProgress) => void = () => {},
    /** Retry a call that failed before (the user asked for it) instead of repeating its failure. */
    again = false,
  ): JobHandle<MethodOutput> {
    const id = this.workers.newId();
    let resolved: ResolvedCall;
    try {
      resolved = resolveCall(call);
    } catch (error) {
      return { id, promise: Promise.resolve(failed(toErrorInfo(error))), cancel: () => {} };
    }
    if (again) this.failures.delete(resolved.key);
    const shared = this.share(resolved, again);
    shared.listeners.add(onProgress);
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      shared.listeners.delete(onProgress);
      if (--shared.holders === 0) shared.cancel();
    };
    const promise = shared.promise.then((outcome) => {
      released = true;
      shared.listeners.delete(onProgress);
      return outcome;
    });
    return { id, promise, cancel: release };
  }

  /** Cache misses per method, summed over the workers (how often each was really computed). */
  async stats(): Promise<Record<string, number>> {
    const all = await Promise.all(this.slots.map((s) => s.worker.api.stats()));
    const total: Record<string, number> = {};
    for (const counts of all)
      for (const [method, n] of Object.entries(counts)) total[method] = (total[method] ?? 0) + n;
    return total;
  }

  /** Time the workers' jobs spent waiting for a busy page, ms each (src/worker/giveWay.ts). */
  waitedForPage(): Promise<number[]> {
    return Promise.all(this.slots.map((s) => s.worker.api.waitedForPage()));
  }

  /** Each worker's share of team work (src/worker/teamLink.ts): steps split, tasks, helped. */
  teamStats(): Promise<{ steps: number; tasks: number; local: number; helped: number }[]> {
    return Promise.all(this.slots.map((s) => s.worker.api.teamStats()));
  }

  terminate(): void {
    this.workers.terminate();
  }

  // --- runs -------------------------------------------------------------------------------

  private share(call: ResolvedCall, again = false): SharedRun {
    const key = `${this.version}|${call.key}`;
    const existing = this.running.get(key);
    if (existing && existing.holders > 0) {
      existing.holders++;
      return existing;
    }
    const listeners = new Set<(p: JobProgress) => void>();
    const emit = (p: JobProgress): void => {
      for (const l of listeners) l(p);
    };
    let cancelled = false;
    const handles: JobHandle<unknown>[] = [];
    const run: SharedRun = {
      key,
      listeners,
      holders: 1,
      promise: Promise.resolve(failed({ code: 'internal', message: '' })),
      cancel: () => {
        cancelled = true;
        for (const h of handles) h.cancel();
      },
    };
    run.promise = (async (): Promise<Outcome<MethodOutput>> => {
      const version = this.version;
      const memo = this.outputs.get(call.key);
      if (memo) return { ok: true, value: memo };
      const known = this.failures.get(call.key);
      if (known) return failed(known);
      // Inputs first, each through the pool (so each is computed once, and shared).
      const refs = inputRefs(call);
      const inputs = refs.map(({ ref }) => {
        const title = methodSpec(ref.method).title;
        const h = this.run(ref, (p) =>
          emit({ fraction: 0, message: `waiting for ${title}: ${p.message}` }),
        );
        handles.push(h);
        return h;
      });
      const provided: MethodOutput[] = [];
      const inputFailures: CallFailure[] = [];
      for (const [i, outcome] of (await Promise.all(inputs.map((h) => h.promise))).entries()) {
        const { ref, listed } = refs[i] as (typeof refs)[number];
        if (outcome.ok) provided.push(outcome.value);
        // One of the methods a step compares: the step runs each on its own and reports this
        // one's failure in its row (steps/isolated.ts), so the others still complete.
        else if (listed && outcome.error.code !== 'cancelled')
          inputFailures.push({ key: ref.key, error: outcome.error });
        else
          return failed({
            ...outcome.error,
            message: `${methodSpec(ref.method).title} failed: ${outcome.error.message}`,
          });
      }
      await this.ready;
      if (cancelled) return failed({ code: 'cancelled', message: 'The job was cancelled.' });
      if (version !== this.version)
        return failed({ code: 'cancelled', message: 'The table changed.' });
      const handle = this.onWorker(
        (slot, id) =>
          slot.worker.api
            .run(
              call,
              provided.filter((o) => !slot.has.has(o.key)),
              id,
              proxy(emit),
              {
                failures: inputFailures,
                again,
              },
            )
            .then((outcome) => {
              if (outcome.ok && version === this.version)
                for (const k of [...provided.map((o) => o.key), call.key]) slot.has.add(k);
              return outcome;
            }),
        provided.map((o) => o.key),
      );
      handles.push(handle);
      const outcome = await handle.promise;
      if (outcome.ok && version === this.version) this.outputs.remember(outcome.value);
      if (!outcome.ok && outcome.error.code !== 'cancelled' && version === this.version)
        this.failures.set(call.key, outcome.error);
      return outcome;
    })().finally(() => {
      if (this.running.get(key) === run) this.running.delete(key);
    });
    this.running.set(key, run);
    return run;
  }

  // --- tables -----------------------------------------------------------------------------

  /**
   * A new table on the least busy worker (the primary when several are idle), which becomes the
   * primary; then every other worker adopts it. Every worker holds the parsed file, so any can
   * re-model it, and a column change does not wait behind a long job of the old table. Table
   * changes apply in the order they were asked for, each once the one before has spread, so the
   * last one asked for is the table every worker ends with (two files opened in quick succession
   * once left the workers holding different tables).
   */
  private model(work: (slot: Slot, id: number) => Promise<Outcome<Loaded>>): JobHandle<Loaded> {
    const primary = this.slots[this.primary] as Slot;
    const idlest = this.slots.reduce((best, s) => (s.active < best.active ? s : best), primary);
    const before = this.modelling;
    const handle = this.onWorker(
      async (slot, id) => {
        await before;
        // A worker restarted a moment ago holds the table only once it has adopted it.
        await this.ready;
        return work(slot, id);
      },
      [],
      idlest,
    );
    const promise = handle.promise.then(async (outcome) => {
      if (!outcome.ok) return outcome;
      this.primary = idlest.index;
      this.version++;
      this.holds.set(idlest, this.version);
      this.loadedAny = true;
      this.outputs.clear();
      this.failures.clear();
      for (const slot of this.slots) slot.has.clear();
      // A worker that fails to take the table answers its jobs with the error; the pool goes on.
      this.ready = this.spread().catch(() => {});
      await this.ready;
      return outcome;
    });
    this.modelling = promise;
    return { ...handle, promise };
  }

  /** Every worker but the primary takes the primary's table. */
  private async spread(): Promise<void> {
    const source = this.slots[this.primary] as Slot;
    await this.handOver(
      source,
      this.slots.filter((s) => s !== source),
      () => true,
    );
  }

  /**
   * `to` take `from`'s table (its snapshot), if `still()` holds once the snapshot is taken. Both
   * steps are jobs of their slots, so a worker restarted meanwhile settles them (a call to a
   * terminated worker never answers). True when every one of `to` holds the table.
   */
  private async handOver(from: Slot, to: readonly Slot[], still: () => boolean): Promise<boolean> {
    const version = this.version;
    const snapshot = await this.onWorker((s) => s.worker.api.snapshot(), [], from).promise;
    if (!snapshot.ok || !still()) return false;
    const adopted = await Promise.all(
      to.map((s) => this.onWorker((w) => w.worker.api.adopt(snapshot.value), [], s).promise),
    );
    let all = true;
    for (const [i, outcome] of adopted.entries()) {
      if (outcome.ok && version === this.version) this.holds.set(to[i] as Slot, version);
      else all = false;
    }
    return all;
  }

  // --- workers ----------------------------------------------------------------------------

  private onWorker<T>(
    work: (slot: Slot, id: number) => Promise<Outcome<T>>,
    wanted: string[] = [],
    chosen?: Slot,
  ): JobHandle<T> {
    return this.workers.onWorker(work, wanted, chosen);
  }

  /**
   * Replaces a worker; its jobs end with the reason, and it takes the table from another. A
   * crashed one is replaced after a backoff, and after too many crashes the pool gives up: its
   * jobs fail, and the page is told once. A worker already replaced is not replaced again.
   */
  private restart(slot: Slot, reason: string, crashed: boolean): void {
    if (this.broken !== null || this.slots[slot.index] !== slot) return;
    let delay = 0;
    if (crashed) {
      const wait = this.crashes.crashed();
      if (wait === null) {
        this.workers.stop(this.crashes.message);
        this.onBroken?.(this.crashes.message);
        return;
      }
      delay = wait;
    }
    const fresh = this.workers.replace(slot, reason, delay);
    if (!this.loadedAny) return;
    const version = this.version;
    this.ready = this.ready.then(() => this.refill(fresh, version, reason)).catch(() => {});
  }

  /**
   * A fresh worker takes the table from a worker holding it — another one if that one crashes
   * meanwhile — unless the table changed or this worker was replaced again. When no worker holds
   * it any more (all crashed), the page is told once, and reads its data again.
   */
  private async refill(fresh: Slot, version: number, reason: string): Promise<void> {
    const current = (): boolean => version === this.version && this.slots[fresh.index] === fresh;
    const tried = new Set<Slot>();
    while (current()) {
      const donor = this.slots.find(
        (s) => s !== fresh && !tried.has(s) && this.holds.get(s) === version,
      );
      if (!donor) {
        if (this.lost === version) return;
        this.lost = version;
        this.onRestart?.(reason);
        return;
      }
      tried.add(donor);
      if (this.holds.get(this.slots[this.primary] as Slot) !== version) this.primary = donor.index;
      if (await this.handOver(donor, [fresh], current)) return;
    }
  }
}

/**
 * A call's input calls, and whether each is one of a list (the methods a step compares). A list
 * whose methods the step re-fits with seeds of their own (InputSpec.fitsOption) is expanded to
 * every fit, so the fits are jobs of the pool: spread over the workers, computed once for every
 * evaluation that re-fits them (the results board's columns share them), and handed over.
 */
function inputRefs(call: ResolvedCall): { ref: ResolvedCall; listed: boolean }[] {
  const spec = methodSpec(call.method);
  return Object.entries(call.inputs).flatMap(
    ([name, v]): { ref: ResolvedCall; listed: boolean }[] => {
      if (!Array.isArray(v)) return [{ ref: v, listed: false }];
      const option = spec.inputs?.find((i) => i.name === name)?.fitsOption;
      const fits = option === undefined ? 1 : Number(call.options[option] ?? 1);
      return v.flatMap((ref) => seededFits(ref, fits).map((fit) => ({ ref: fit, listed: true })));
    },
  );
}

/** Workers for this machine: its cores, at least 2 (one job never blocks another), at most 4. */
export function poolSize(hardwareConcurrency: number | undefined): number {
  return Math.min(4, Math.max(2, hardwareConcurrency ?? 2));
}
