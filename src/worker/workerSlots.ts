import type { Remote } from 'comlink';
import type { ErrorInfo } from '../core/base/errors.ts';
import type { ExplorerApi, Outcome } from './api.ts';
import type { CrashPolicy } from './crashBackoff.ts';
import { internal } from '../core/base/errors.ts';

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
  /** When a crashed worker is replaced, and when the pool gives up (crashBackoff.ts). */
  crashPolicy?: CrashPolicy;
}

export interface Slot {
  index: number;
  worker: SpawnedWorker;
  /** Jobs running on it now. */
  active: number;
  /** Keys of the outputs it computed or was given for the current table. */
  has: Set<string>;
  /** Settles its running jobs when it crashes or is restarted. */
  pending: Map<number, (o: Outcome<never>) => void>;
  /** A crashed worker's replacement waiting out its backoff: its calls are sent once it starts. */
  waiting: boolean;
}

/** If a cancelled job has not stopped after this long, its worker is restarted. */
const CANCEL_GRACE_MS = 2500;

/**
 * The pool's workers and the scheduling of jobs on them: each job on the least busy worker (or
 * the one holding its inputs), an id for cancel, and every job settled — by its answer, by a
 * cancel that stopped it, or by the worker's crash or restart. What a restarted worker needs
 * besides (the table) is the pool's `restart`.
 */
export class WorkerSlots {
  readonly slots: Slot[] = [];
  private nextId = 1;
  /** Set once the pool gave up on its workers (stop): every job fails with it at once. */
  broken: string | null = null;

  constructor(
    private readonly options: PoolOptions,
    /**
     * Called when a worker crashed (`crashed`), or did not stop a cancelled job: the pool
     * replaces it.
     */
    private readonly restart: (slot: Slot, reason: string, crashed: boolean) => void,
  ) {
    if (!Number.isInteger(options.size) || options.size < 1)
      throw internal(`a pool needs at least one worker, got ${options.size}`);
    for (let i = 0; i < options.size; i++) this.slots.push(this.start(i));
  }

  /** A fresh id for a job. */
  newId(): number {
    return this.nextId++;
  }

  /**
   * Runs work on one worker (the given one, else the least busy, preferring one that holds
   * the given output keys), with an id for cancel and a settle hook for crashes.
   */
  onWorker<T>(
    work: (slot: Slot, id: number) => Promise<Outcome<T>>,
    wanted: string[] = [],
    chosen?: Slot,
  ): JobHandle<T> {
    const id = this.newId();
    if (this.broken !== null)
      return {
        id,
        promise: Promise.resolve(failed({ code: 'internal', message: this.broken })),
        cancel: () => {},
      };
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
      // Not started yet: the job never ran, so nothing needs stopping.
      if (slot.waiting) {
        this.settle(slot, id, failed({ code: 'cancelled', message: 'The job was cancelled.' }));
        return;
      }
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
        this.restart(slot, 'A job did not stop when asked, so its worker was restarted.', false);
      }, CANCEL_GRACE_MS);
    };
    return { id, promise, cancel };
  }

  /**
   * Ends a worker's jobs with the reason and puts a fresh worker in its place, started after
   * `delayMs` (a crashed worker's backoff); jobs given to it meanwhile wait for it.
   */
  replace(slot: Slot, reason: string, delayMs = 0): Slot {
    for (const id of [...slot.pending.keys()])
      this.settle(slot, id, failed({ code: 'internal', message: reason }));
    slot.worker.terminate();
    const fresh = this.start(slot.index, delayMs);
    this.slots[slot.index] = fresh;
    return fresh;
  }

  /** Gives up on the workers: every job, running or to come, fails with the message. */
  stop(message: string): void {
    this.broken = message;
    for (const slot of this.slots) {
      for (const id of [...slot.pending.keys()])
        this.settle(slot, id, failed({ code: 'internal', message }));
      slot.worker.terminate();
    }
  }

  terminate(): void {
    for (const slot of this.slots) slot.worker.terminate();
  }

  private start(index: number, delayMs = 0): Slot {
    const slot: Slot = {
      index,
      active: 0,
      has: new Set(),
      pending: new Map(),
      waiting: delayMs > 0,
      worker: null as unknown as SpawnedWorker,
    };
    const spawn = (): SpawnedWorker =>
      this.options.spawn(index, (reason) => this.restart(slot, reason, true));
    slot.worker =
      delayMs > 0
        ? later(spawn, delayMs, (error) => {
            slot.waiting = false;
            if (error !== undefined)
              this.restart(slot, `A computation worker could not start: ${String(error)}`, true);
          })
        : spawn();
    return slot;
  }

  private pick(wanted: string[]): Slot {
    let best = this.slots[0] as Slot;
    let bestScore = -Infinity;
    for (const slot of this.slots) {
      const holds = wanted.filter((k) => slot.has.has(k)).length;
      // Idle first, a started worker before one waiting to start; among equally busy workers,
      // the one holding most inputs.
      const score = -slot.active * 1000 - (slot.waiting ? 500 : 0) + holds;
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
}

/**
 * A worker spawned after `delayMs`: calls made to it meanwhile are sent, in order, once it runs.
 * Terminated before then, it never starts, and its calls never answer (as a terminated worker's
 * do not: the pool settles its jobs). `started` is told when it ran, or why it could not.
 */
function later(
  spawn: () => SpawnedWorker,
  delayMs: number,
  started: (error?: unknown) => void,
): SpawnedWorker {
  let worker: SpawnedWorker | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const running = new Promise<SpawnedWorker>((resolve) => {
    timer = setTimeout(() => {
      try {
        worker = spawn();
      } catch (error) {
        started(error);
        return;
      }
      started();
      resolve(worker);
    }, delayMs);
  });
  type Methods = Record<PropertyKey, (...args: unknown[]) => Promise<unknown>>;
  const api = new Proxy({} as Remote<ExplorerApi>, {
    // Not a thenable: `await api` is the api, not a call named `then`.
    get: (_target, key) =>
      key === 'then'
        ? undefined
        : (...args: unknown[]) =>
            running.then((w) => (w.api as unknown as Methods)[key]?.(...args)),
  });
  return {
    api,
    terminate: () => {
      if (worker) worker.terminate();
      else clearTimeout(timer);
    },
  };
}

export function failed(error: ErrorInfo): Outcome<never> {
  return { ok: false, error };
}
