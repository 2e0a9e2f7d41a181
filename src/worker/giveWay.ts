import { internal } from '../core/base/errors.ts';
/**
 * Workers give way to the page (issue 14). On a machine with as many busy workers as cores, the
 * system preempts the page's main thread: tasks that did 2–19 ms of work took 50–90 ms of wall
 * clock. So the page beats while jobs run (a counter in shared memory, bumped every few ms;
 * src/app/workerPool/pageBeat.ts), and a worker whose page has not beaten for STALE_MS — the page is
 * busy, or waiting for a core — sleeps until the next beat instead of taking the core.
 *
 * Shared cells (Int32Array on a SharedArrayBuffer, so only when cross-origin isolated):
 * BEAT counts the page's beats; WATCHING is 1 while the page wants priority (jobs running, the
 * tab visible). A hidden tab's timers are throttled, so it never asks workers to wait.
 */
export const BEAT = 0;
export const WATCHING = 1;
export const GIVE_WAY_CELLS = 2;
/** How often the page beats while jobs run. */
export const BEAT_MS = 4;
/** A page silent this long is busy or preempted: workers wait for its next beat. */
export const STALE_MS = 12;
/** The longest a worker waits at once, so a page blocked for long slows jobs without stopping them. */
export const MAX_WAIT_MS = 60;

/** The worker's side: call `now` at every step of a job; it sleeps while the page is busy. */
export class GiveWay {
  private seen = -1;
  private seenAt = 0;
  /** Time spent waiting for the page, ms (for benches and tests). */
  waitedMs = 0;

  constructor(private readonly cells: Int32Array) {
    if (!(cells.buffer instanceof SharedArrayBuffer) || cells.length < GIVE_WAY_CELLS)
      throw internal('giving way needs two Int32 cells of shared memory');
  }

  /** Checks the page's beat at time `now` (performance.now); waits if the page is silent. */
  check(now: number): void {
    if (Atomics.load(this.cells, WATCHING) === 0) return;
    const beat = Atomics.load(this.cells, BEAT);
    if (beat !== this.seen) {
      this.seen = beat;
      this.seenAt = now;
      return;
    }
    if (now - this.seenAt < STALE_MS) return;
    Atomics.wait(this.cells, BEAT, beat, MAX_WAIT_MS);
    const after = performance.now();
    this.waitedMs += after - now;
    this.seen = Atomics.load(this.cells, BEAT);
    this.seenAt = after;
  }
}
