/**
 * A computation worker: a same-origin module file (the page's CSP allows workers from 'self'
 * and blob: only). The standalone build (`export-app`, opened from file://) swaps this module
 * for explorerWorker.inline.ts, whose worker is built into the page.
 */
export const spawnExplorerWorker = (name: string): Worker =>
  new Worker(new URL('../../worker/explorer.worker.ts', import.meta.url), { name, type: 'module' });
