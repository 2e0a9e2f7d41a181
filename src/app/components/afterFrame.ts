import { startTransition, useEffect, useState } from 'react';

/** Runs `f` in a task after the next frame is drawn; returns a cancel. */
export function afterNextFrame(f: () => void): () => void {
  let timer = 0;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(f, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/**
 * False on the first render, true once the frame showing it is drawn — set in a transition, so
 * the part it reveals renders interruptibly and is laid out in a later frame. Splits the mount of
 * a heavy view (its frame first, its hundreds of labels next) over two frames, where one frame
 * took 40–80 ms of style, layout and text shaping. With `now`, true from the start.
 */
export function useShownAfterFrame(now = false): boolean {
  const [shown, setShown] = useState(now);
  useEffect(() => {
    if (shown) return;
    return afterNextFrame(() => startTransition(() => setShown(true)));
  }, [shown]);
  return shown;
}
