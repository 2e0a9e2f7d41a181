import { proxy, wrap, type Remote } from 'comlink';
import type { ErrorInfo } from '../../core/errors.ts';
import type { Progress } from '../../core/jobs.ts';
import type { ExplorerApi, Outcome } from '../../worker/api.ts';

export interface JobHandle<T> {
  id: number;
  promise: Promise<Outcome<T>>;
  cancel(): void;
}

type Call<T> = (
  api: Remote<ExplorerApi>,
  jobId: number,
  onProgress: (p: Progress) => void,
) => Promise<Outcome<T>>;

/** If a cancelled job has not stopped after this long, the worker is restarted. */
const CANCEL_GRACE_MS = 2500;

/**
 * Owns the worker. Jobs get an id, progress and cancel; a crashed worker, or one stuck in a job
 * that ignores cancel, is replaced and every pending job ends with a message instead of hanging.
 */
export class WorkerClient {
  private worker!: Worker;
  private api!: Remote<ExplorerApi>;
  private nextId = 1;
  private readonly pending = new Map<number, (o: Outcome<never>) => void>();
  /** Called after the worker was replaced (its loaded table is gone). */
  onRestart: ((reason: string) => void) | null = null;

  constructor() {
    this.start();
  }

  run<T>(call: Call<T>, onProgress: (p: Progress) => void = () => {}): JobHandle<T> {
    const id = this.nextId++;
    const promise = new Promise<Outcome<T>>((resolve) => {
      this.pending.set(id, resolve as (o: Outcome<never>) => void);
      call(this.api, id, proxy(onProgress)).then(
        (outcome) => this.settle(id, outcome),
        (error: unknown) =>
          this.settle(id, failure('internal', `The worker failed: ${String(error)}`)),
      );
    });
    const cancel = (): void => {
      if (!this.pending.has(id)) return;
      void this.api.cancel(id);
      setTimeout(() => {
        if (!this.pending.has(id)) return;
        this.settle(
          id,
          failure('cancelled', 'The job was stopped (the worker had to be restarted).'),
        );
        this.restart('A job did not stop when asked, so the worker was restarted.');
      }, CANCEL_GRACE_MS);
    };
    return { id, promise, cancel };
  }

  private settle(id: number, outcome: Outcome<unknown>): void {
    const resolve = this.pending.get(id);
    if (!resolve) return;
    this.pending.delete(id);
    resolve(outcome as Outcome<never>);
  }

  private start(): void {
    this.worker = new Worker(new URL('../../worker/explorer.worker.ts', import.meta.url), {
      type: 'module',
    });
    this.worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.restart(`The computation worker crashed${event.message ? `: ${event.message}` : ''}.`);
    });
    this.api = wrap<ExplorerApi>(this.worker);
  }

  private restart(reason: string): void {
    for (const id of [...this.pending.keys()]) this.settle(id, failure('internal', reason));
    this.worker.terminate();
    this.start();
    this.onRestart?.(reason);
  }
}

function failure(code: ErrorInfo['code'], message: string): Outcome<never> {
  return { ok: false, error: { code, message } };
}
