/**
 * Work cut into slices of a few milliseconds on the main thread, so that a scatter of a million
 * points never blocks the page for long (issue 30: no task over 50 ms while panning).
 */

/** A slice's budget: well under the 50 ms of a long task, with room for the frame's other work. */
export const SLICE_MS = 8;

/** The Prioritized Task Scheduling API, where the browser has it (Chromium, Firefox). */
interface TaskScheduler {
  postTask(f: () => void, options: { signal?: AbortSignal }): Promise<unknown>;
}

/**
 * Runs `f` as a task of its own soon; returns a cancel. `scheduler.postTask` queues it on the
 * page's own thread; a MessageChannel (the fallback) has no 4 ms clamp as nested timeouts
 * have, but in Chromium its message goes through another thread. Measured at load 10-13: a
 * 1,000,000-point first draw in MessageChannel slices took 0.4-0.7 s longer than one drawn
 * whole (about 10 ms a slice); postTask against MessageChannel was not told apart under that
 * load (results/bench/projections-log.md).
 */
export function soon(f: () => void): () => void {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (scheduler && typeof AbortController === 'function') {
    const abort = new AbortController();
    scheduler.postTask(f, { signal: abort.signal }).catch(() => {});
    return () => abort.abort();
  }
  const channel = new MessageChannel();
  let live = true;
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (live) f();
  };
  channel.port2.postMessage(null);
  return () => {
    live = false;
    channel.port1.close();
  };
}

/**
 * Calls `step` (which does a small bounded piece and says whether all is done) until done, in
 * slices of SLICE_MS, each a task of its own; `done` runs after the last. Returns a cancel.
 */
export function inSlices(step: () => boolean, done: () => void): () => void {
  let cancel = (): void => {};
  const slice = () => {
    const t0 = performance.now();
    while (performance.now() - t0 < SLICE_MS)
      if (step()) {
        done();
        return;
      }
    cancel = soon(slice);
  };
  cancel = soon(slice);
  return () => cancel();
}
