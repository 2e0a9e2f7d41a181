import { wrap } from 'comlink';
import type { ExplorerApi } from '../../worker/api.ts';
import '../../worker/discover.ts';
import { poolSize, WorkerPool } from '../../worker/pool.ts';

let pool: WorkerPool | null = null;

/**
 * The app's pool of computation workers, started on first use: one per core (at least 2, at
 * most 4). Each is a module worker running src/worker/explorer.worker.ts; a worker that throws
 * is reported to the pool, which replaces it.
 */
export function workerPool(): WorkerPool {
  pool ??= new WorkerPool({
    size: poolSize(navigator.hardwareConcurrency),
    spawn(_index, onCrash) {
      const worker = new Worker(new URL('../../worker/explorer.worker.ts', import.meta.url), {
        type: 'module',
      });
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        onCrash(`A computation worker crashed${event.message ? `: ${event.message}` : ''}.`);
      });
      return { api: wrap<ExplorerApi>(worker), terminate: () => worker.terminate() };
    },
  });
  // For tests and the curious: how often each method was really computed, over all workers.
  (globalThis as { explorerStats?: () => Promise<Record<string, number>> }).explorerStats = () =>
    (pool as WorkerPool).stats();
  return pool;
}
