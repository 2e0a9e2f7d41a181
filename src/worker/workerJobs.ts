import { transfer } from 'comlink';
import { CancelledError, toErrorInfo, type ErrorInfo } from '../core/base/errors.ts';
import type { Progress } from '../core/base/jobs.ts';
import { copyForTransfer } from '../core/platform/results.ts';
import type { ExplorerSession } from '../core/platform/session.ts';
import type { GiveWay } from './giveWay.ts';
import type { serveTeams, SharedTeam } from './teamLink.ts';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };
export type ProgressCallback = (p: Progress) => void;

/** What the worker's endpoints share: the session that does the work, and the running jobs. */
export interface WorkerState {
  session: ExplorerSession;
  /** Jobs asked to stop at their next step. */
  cancelled: Set<number>;
  /** Set when the page shares its beat: every job step then gives way to a busy page. */
  giveWay: GiveWay | null;
  /** Set when the pool shares a team channel (joinTeam). */
  team: { own: SharedTeam; served: ReturnType<typeof serveTeams> } | null;
}

/** Runs a job's work as an Outcome instead of a throw, so problems reach the UI as messages. */
export async function guard<T>(
  state: WorkerState,
  jobId: number,
  work: () => Promise<T>,
): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error: toErrorInfo(error) };
  } finally {
    state.cancelled.delete(jobId);
  }
}

/** Drives a steppable job, yielding to the event loop every ~30 ms so cancel() gets through. */
export async function drive<T, P extends Progress>(
  state: WorkerState,
  jobId: number,
  steps: Generator<P, T, void>,
  onProgress?: (p: P) => void,
): Promise<T> {
  let last = now();
  let lastReport = 0;
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    state.giveWay?.check(now());
    if (now() - last > 30) {
      await yieldToEventLoop();
      last = now();
    }
    // Checked at every step: a cancel may also come before the job's first step.
    if (state.cancelled.has(jobId)) throw new CancelledError();
    if (onProgress && now() - lastReport > 100) {
      lastReport = now();
      onProgress(step.value);
    }
  }
}

/**
 * A steppable job whose result is sent as a copy: its typed arrays are freshly made and those
 * copies are transferred, so nothing the session caches is ever detached.
 */
export function runCopied<T, P extends Progress>(
  state: WorkerState,
  jobId: number,
  steps: Generator<P, T, void>,
  onProgress?: (p: P) => void,
): Promise<Outcome<T>> {
  return guard(state, jobId, async () => sendCopy(await drive(state, jobId, steps, onProgress)));
}

/** A value with fresh copies of its typed arrays, transferring exactly those copies. */
export function sendCopy<T>(value: T): T {
  const { copy, buffers } = copyForTransfer(value);
  return transfer(copy, buffers);
}

export function now(): number {
  return performance.now();
}

/** A macrotask boundary without setTimeout's 4 ms clamp. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
