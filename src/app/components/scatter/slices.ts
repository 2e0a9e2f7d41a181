/**
 * Work cut into slices of a few milliseconds on the main thread, so that a scatter of a million
 * points never blocks the page for long (issue 30: no task over 50 ms while panning).
 */

/** A slice's budget: well under the 50 ms of a long task, with room for the frame's other work. */
export const SLICE_MS = 8;

/** Runs `f` as a task of its own soon (no 4 ms clamp as nested timeouts have); returns a cancel. */
export function soon(f: () => void): () => void {
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
