import type { Remote } from 'comlink';
import type { ErrorInfo } from '../core/base/errors.ts';
import type { ExplorerApi, Outcome } from './api.ts';

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

export interface Slot {
  index: number;
  worker: SpawnedWorker;
  /** Jobs running on it now. */
  active: number;
  /** Keys of the outputs it computed or was given for the current table. */
  has: Set<string>;
  /** Settles its running jobs when it crashes or is restarted. */
  pending: Map<number, (o: Outcome<never>) => void>;
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

  constructor(
    private readonly options: PoolOptions,
    /** Called when a worker crashed or did not stop a cancelled job: the pool replaces it. */
    private readonly restart: (slot: Slot, reason: string) => void,
  ) {
    if (!Number.isInteger(options.size) || options.size < 1)
      throw new RangeError(`a pool needs at least one worker, got ${options.size}`);
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

  /** Ends a worker's jobs with the reason and puts a fresh worker in its place. */
  replace(slot: Slot, reason: string): Slot {
    for (const id of [...slot.pending.keys()])
      this.settle(slot, id, failed({ code: 'internal', message: reason }));
    slot.worker.terminate();
    const fresh = this.start(slot.index);
    this.slots[slot.index] = fresh;
    return fresh;
  }

  terminate(): void {
    for (const slot of this.slots) slot.worker.terminate();
  }

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
}

export function failed(error: ErrorInfo): Outcome<never> {
  return { ok: false, error };
}
