import CloudWorker from './layout.worker.ts?worker&inline';

/** The standalone build's word-cloud worker: its code is in the page, started from a blob. */
export const spawnCloudWorker = (): Worker => new CloudWorker();
