/**
 * The word-cloud layout worker: a same-origin module file (the page's CSP allows workers from
 * 'self' and blob: only). The standalone build swaps this module for cloudWorker.inline.ts.
 */
export const spawnCloudWorker = (): Worker =>
  new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
