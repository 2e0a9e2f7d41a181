import { layoutCloud, type CloudLayout, type CloudLayoutRequest } from './cloudLayout.ts';

/**
 * The word-cloud layout off the main thread: one request at a time ({ id, request }), answered
 * with { id, layout } or { id, error }. Text is measured and rasterised on an OffscreenCanvas.
 * The page cancels a stale layout by terminating this worker.
 */
export type LayoutMessage = { id: number; request: CloudLayoutRequest };
export type LayoutReply =
  { id: number; layout: CloudLayout; ms: number } | { id: number; error: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<LayoutMessage>) => void) | null;
  postMessage(message: LayoutReply): void;
};

scope.onmessage = (event) => {
  const { id, request } = event.data;
  try {
    const start = performance.now();
    const layout = layoutCloud(request, () => new OffscreenCanvas(1, 1));
    scope.postMessage({ id, layout, ms: performance.now() - start });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
