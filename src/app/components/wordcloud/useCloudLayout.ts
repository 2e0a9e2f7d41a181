import { useEffect, useRef, useState } from 'react';
import { spawnCloudWorker } from './cloudWorker.ts';
import { layoutCloud, type CloudLayout, type CloudLayoutRequest } from './cloudLayout.ts';
import type { LayoutMessage, LayoutReply } from './layout.worker.ts';

let nextId = 1;

/** Layouts run in a worker when the browser can measure text there. */
function workerAvailable(): boolean {
  return typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined';
}

/** On the main thread, as a fallback: one task (may be long for many words). */
function layoutHere(request: CloudLayoutRequest): CloudLayout {
  return layoutCloud(request, () => document.createElement('canvas'));
}

export interface CloudLayoutState {
  /** The newest finished layout (possibly of an older request while a new one runs). */
  layout: CloudLayout | null;
  /** Whether `layout` is the layout of the current request. */
  current: boolean;
  error: string | null;
  /** How long the current layout took, and where it ran. */
  ms: number | null;
  where: 'worker' | 'main thread' | null;
}

/**
 * The layout of a request, computed in a dedicated worker (one per cloud). A new request while a
 * layout runs terminates that worker (its result would be stale) and starts another; replies
 * carry the id of their request and only the current one is taken.
 */
export function useCloudLayout(request: CloudLayoutRequest | null): CloudLayoutState {
  const key = request ? JSON.stringify(request) : null;
  const [state, setState] = useState<{
    key: string | null;
    layout: CloudLayout | null;
    error: string | null;
    ms: number | null;
    where: CloudLayoutState['where'];
  }>({ key: null, layout: null, error: null, ms: null, where: null });
  const workerRef = useRef<Worker | null>(null);

  useEffect(() => {
    if (key === null) return;
    const req = JSON.parse(key) as CloudLayoutRequest;
    const id = nextId++;
    let settled = false;
    const finish = (
      layout: CloudLayout | null,
      error: string | null,
      ms: number | null,
      where: CloudLayoutState['where'],
    ) => {
      if (settled) return;
      settled = true;
      setState({ key, layout, error, ms, where });
    };
    let timer: ReturnType<typeof setTimeout> | null = null;
    const fallback = () => {
      timer = setTimeout(() => {
        const start = performance.now();
        try {
          finish(layoutHere(req), null, performance.now() - start, 'main thread');
        } catch (error) {
          finish(null, error instanceof Error ? error.message : String(error), null, null);
        }
      }, 0);
    };
    if (!workerAvailable()) {
      fallback();
      return () => {
        settled = true;
        if (timer !== null) clearTimeout(timer);
      };
    }
    const worker = workerRef.current ?? spawnCloudWorker();
    workerRef.current = worker;
    const onMessage = (event: MessageEvent<LayoutReply>) => {
      const reply = event.data;
      if (reply.id !== id) return; // an outdated layout
      if ('layout' in reply) finish(reply.layout, null, reply.ms, 'worker');
      else finish(null, reply.error, null, 'worker');
    };
    const onError = (event: ErrorEvent) => {
      // The worker could not start or crashed: lay this cloud out here instead.
      event.preventDefault();
      worker.terminate();
      if (workerRef.current === worker) workerRef.current = null;
      fallback();
    };
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    worker.postMessage({ id, request: req } satisfies LayoutMessage);
    return () => {
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      if (timer !== null) clearTimeout(timer);
      if (!settled) {
        // Still laying out a request nobody wants any more: stop it.
        worker.terminate();
        if (workerRef.current === worker) workerRef.current = null;
      }
      settled = true;
    };
  }, [key]);

  useEffect(
    () => () => {
      workerRef.current?.terminate();
      workerRef.current = null;
    },
    [],
  );

  return {
    layout: state.layout,
    current: key !== null && state.key === key,
    error: state.key === key ? state.error : null,
    ms: state.key === key ? state.ms : null,
    where: state.key === key ? state.where : null,
  };
}
