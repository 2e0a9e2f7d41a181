import { startTransition, useEffect, useRef, useState } from 'react';

/**
 * Width of an element, kept up to date with a ResizeObserver. A change re-renders as a transition
 * (interruptible, in slices): a new width re-lays every label of a heatmap or a chart.
 */
export function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry?.contentRect.width ?? 0);
      startTransition(() => setWidth(width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
