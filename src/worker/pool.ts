import type { TrainingSnapshot } from '../core/methods/untie/learning.ts';
import { proxy, type Remote } from 'comlink';
import type { ParseOptions } from '../core/data/csv/parse.ts';
import { toErrorInfo, type ErrorInfo } from '../core/base/errors.ts';
import type { Progress } from '../core/base/jobs.ts';
import { resolveCall, seededFits } from '../core/platform/calls.ts';
import { methodSpec } from '../core/platform/registry.ts';
import { bytesOf } from '../core/platform/results.ts';
import type { Call, MethodOutput, ResolvedCall } from '../core/platform/spec.ts';
import type { CallFailure, CountRequest, CountsReport, Loaded } from '../core/platform/session.ts';
import type { PrepareOptions } from '../core/data/table/prepare.ts';
import type { ExplorerApi, Outcome } from './api.ts';

/** Progress of a pool job; a t-SNE's carries its live layout, UNTIE's its training so far. */
export type JobProgress = Progress & {
  layout?: Float64Array | null;
  training?: TrainingSnapshot;
};

export interface JobHandle<T> {
  id: number;
  promise: Promise<Outcome<T>>;
  cancel(): void;
}

/** One worker as the pool sees it: its API, and how to stop it. */
export interface SpawnedWorker {
  api: Remote<ExplorerApi>;
  terminate(): void;
}

export interface PoolOptions {
  size: number;
  /** Starts worker `index`; `onCrash` must be called if it dies. */
  spawn(index: number, onCrash: (reason: string) => void): SpawnedWorker;
  /** Told how many jobs run on the workers whenever that changes (the page's beat uses it). */
  onRunning?(jobs: number): void;
}

interface Slot {
  index: number;
  worker: SpawnedWorker;
  /** Jobs running on it now. */
  active: number;
  /** Keys of the outputs it computed or was given for the current table. */
  has: Set<string>;
  /** Settles its running jobs when it crashes or is restarted. */
  pending: Map<number, (o: Outcome<never>) => void>;
}

/** One computation shared by every caller asking for the same call. */
interface SharedRun {
  key: string;
  promise: Promise<Outcome<MethodOutput>>;
  listeners: Set<(p: JobProgress) => void>;
  /** Callers still waiting; at zero the computation is cancelled. */
  holders: number;
  cancel(): void;
}

/** If a cancelled job has not stopped after this long, its worker is restarted. */
const CANCEL_GRACE_MS = 2500;
/**
 * Outputs kept on this side for handing to other workers (the store keeps its own), least
 * recently used out past this many bytes of typed arrays. Run all's evaluations re-fit each
 * seeded method 10 times and share those fits: on an 8,124-row table some 80 outputs.
 */
const OUTPUT_MEMO_BYTES = 256 * 1024 * 1024;

/**
 * A pool of workers, each holding the loaded table (shared memory when the page is
 * cross-origin isolated, copies otherwise). Independent jobs run in parallel on the least busy
 * worker; a call's inputs are computed first — once, however many callers want them — and
 * handed to the worker that runs the call if it does not have them, so a CDE behind a
 * projection, an evaluation and a CDE panel is computed once. Cancel, progress and crash
 * recovery are per job; a crashed worker is restarted and takes the table from another.
 */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private primary = 0;
  /** Bumped on every load or re-model; outputs of older tables are never reused. */
  private version = 0;
  /** Resolves once every worker holds the current table. */
  private ready: Promise<void> = Promise.resolve();
  private loadedAny = false;
  private readonly outputs = new Map<string, MethodOutput>();
  private readonly outputBytes = new Map<string, number>();
  private memoBytes = 0;
  /** Calls that failed on the current table (by key): asked again, they fail at once. */
  private readonly failures = new Map<string, ErrorInfo>();
  private readonly running = new Map<string, SharedRun>();
  /** Called when a worker was replaced and the table could not be restored from another. */
  onRestart: ((reason: string) => void) | null = null;

  constructor(private readonly options: PoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1)
      throw new RangeError(`a pool needs at least one worker, got ${options.size}`);
    for (let i = 0; i < options.size; i++) this.slots.push(this.start(i));
  }

  get size(): number {
    return this.slots.length;
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
    const id = this.nextId++;
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
    for (const slot of this.slots) slot.worker.terminate();
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
      if (memo) {
        // Most recently used last: the memo drops from the front.
        this.outputs.delete(call.key);
        this.outputs.set(call.key, memo);
        return { ok: true, value: memo };
      }
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
      if (outcome.ok && version === this.version) this.remember(outcome.value);
      if (!outcome.ok && outcome.error.code !== 'cancelled' && version === this.version)
        this.failures.set(call.key, outcome.error);
      return outcome;
    })().finally(() => {
      if (this.running.get(key) === run) this.running.delete(key);
    });
    this.running.set(key, run);
    return run;
  }

  private remember(output: MethodOutput): void {
    this.forgetOutput(output.key);
    const bytes = bytesOf(output.results);
    this.outputs.set(output.key, output);
    this.outputBytes.set(output.key, bytes);
    this.memoBytes += bytes;
    for (const key of this.outputs.keys()) {
      if (this.memoBytes <= OUTPUT_MEMO_BYTES || key === output.key) break;
      this.forgetOutput(key);
    }
  }

  private forgetOutput(key: string): void {
    this.memoBytes -= this.outputBytes.get(key) ?? 0;
    this.outputBytes.delete(key);
    this.outputs.delete(key);
  }

  // --- tables -----------------------------------------------------------------------------

  /** A new table on the primary worker, then every other worker adopts it. */
  private model(work: (slot: Slot, id: number) => Promise<Outcome<Loaded>>): JobHandle<Loaded> {
    const handle = this.onWorker(work, [], this.slots[this.primary]);
    const promise = handle.promise.then(async (outcome) => {
      if (!outcome.ok) return outcome;
      this.version++;
      this.loadedAny = true;
      this.outputs.clear();
      this.outputBytes.clear();
      this.memoBytes = 0;
      this.failures.clear();
      for (const slot of this.slots) slot.has.clear();
      // A worker that fails to take the table answers its jobs with the error; the pool goes on.
      this.ready = this.spread().catch(() => {});
      await this.ready;
      return outcome;
    });
    return { ...handle, promise };
  }

  /** Every worker but the primary takes the primary's table. */
  private async spread(): Promise<void> {
    const source = this.slots[this.primary] as Slot;
    const snapshot = await source.worker.api.snapshot();
    if (!snapshot.ok) return;
    await Promise.all(
      this.slots.filter((s) => s !== source).map((s) => s.worker.api.adopt(snapshot.value)),
    );
  }

  // --- workers ----------------------------------------------------------------------------

  private start(index: number): Slot {
    const slot: Slot = {
      index,
      active: 0,
      has: new Set(),
      pending: new Map(),
      worker: this.options.spawn(index, (reason) => this.restart(slot, reason)),
    };
    return slot;
  }

  /**
   * Runs work on one worker (the given one, else the least busy, preferring one that holds
   * the given output keys), with an id for cancel and a settle hook for crashes.
   */
  private onWorker<T>(
    work: (slot: Slot, id: number) => Promise<Outcome<T>>,
    wanted: string[] = [],
    chosen?: Slot,
  ): JobHandle<T> {
    const id = this.nextId++;
    const slot = chosen ?? this.pick(wanted);
    slot.active++;
    this.runningChanged();
    const promise = new Promise<Outcome<T>>((resolve) => {
      slot.pending.set(id, resolve as (o: Outcome<never>) => void);
      work(slot, id).then(
        (outcome) => this.settle(slot, id, outcome),
        (error: unknown) =>
          this.settle(
            slot,
            id,
            failed({ code: 'internal', message: `The worker failed: ${String(error)}` }),
          ),
      );
    });
    const cancel = (): void => {
      if (!slot.pending.has(id)) return;
      void slot.worker.api.cancel(id);
      setTimeout(() => {
        if (!slot.pending.has(id)) return;
        this.settle(
          slot,
          id,
          failed({
            code: 'cancelled',
            message: 'The job was stopped (its worker had to be restarted).',
          }),
        );
        this.restart(slot, 'A job did not stop when asked, so its worker was restarted.');
      }, CANCEL_GRACE_MS);
    };
    return { id, promise, cancel };
  }

  private pick(wanted: string[]): Slot {
    let best = this.slots[0] as Slot;
    let bestScore = -Infinity;
    for (const slot of this.slots) {
      const holds = wanted.filter((k) => slot.has.has(k)).length;
      // Idle first; among equally busy workers, the one holding most inputs.
      const score = -slot.active * 1000 + holds;
      if (score > bestScore) {
        best = slot;
        bestScore = score;
      }
    }
    return best;
  }

  private settle(slot: Slot, id: number, outcome: Outcome<unknown>): void {
    const resolve = slot.pending.get(id);
    if (!resolve) return;
    slot.pending.delete(id);
    slot.active--;
    this.runningChanged();
    resolve(outcome as Outcome<never>);
  }

  private runningChanged(): void {
    this.options.onRunning?.(this.slots.reduce((sum, s) => sum + s.active, 0));
  }

  /** Replaces a worker; its jobs end with the reason, and it takes the table from another. */
  private restart(slot: Slot, reason: string): void {
    for (const id of [...slot.pending.keys()])
      this.settle(slot, id, failed({ code: 'internal', message: reason }));
    slot.worker.terminate();
    const fresh = this.start(slot.index);
    this.slots[slot.index] = fresh;
    if (!this.loadedAny) return;
    const donor = this.slots.find((s) => s !== fresh);
    if (!donor) {
      this.onRestart?.(reason);
      return;
    }
    if (this.primary === slot.index) this.primary = donor.index;
    const version = this.version;
    this.ready = this.ready
      .then(async () => {
        const snapshot = await donor.worker.api.snapshot();
        if (snapshot.ok && version === this.version) await fresh.worker.api.adopt(snapshot.value);
      })
      .catch(() => {});
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

function failed(error: ErrorInfo): Outcome<never> {
  return { ok: false, error };
}

/** Workers for this machine: its cores, at least 2 (one job never blocks another), at most 4. */
export function poolSize(hardwareConcurrency: number | undefined): number {
  return Math.min(4, Math.max(2, hardwareConcurrency ?? 2));
}
