import ExplorerWorker from '../../worker/explorer.worker.ts?worker&inline';

/** The standalone build's computation worker: its code is in the page, started from a blob. */
export const spawnExplorerWorker = (name: string): Worker => new ExplorerWorker({ name });
