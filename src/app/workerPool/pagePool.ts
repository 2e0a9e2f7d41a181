import { spawnExplorerWorker } from './explorerWorker.ts';
import { transfer, wrap } from 'comlink';
import type { ExplorerApi } from '../../worker/api.ts';
import '../../worker/discover.ts';
import { poolSize, WorkerPool } from '../../worker/pool.ts';
import { startPageBeat } from './pageBeat.ts';
import { createTeamRelay } from './teamRelay.ts';
import { TESTING_WORKER_NAME, testingFailingMethod } from '../testing.ts';

let pool: WorkerPool | null = null;

/** Why the pool gave up on its workers (they kept crashing), or null; never starts the pool. */
export function poolBroken(): string | null {
  return pool?.broken ?? null;
}

/**
 * The app's pool of computation workers, started on first use: one per core (at least 2, at
 * most 4). Each is a module worker running src/worker/explorer.worker.ts; a worker that throws
 * is reported to the pool, which replaces it after a backoff, and gives up when they keep
 * crashing (src/worker/crashBackoff.ts). While jobs run, the workers give way to the page
 * whenever it is busy (pageBeat.ts), so drawing is not preempted by computation.
 */
export function workerPool(): WorkerPool {
  if (pool) return pool;
  const beat = startPageBeat();
  const size = poolSize(navigator.hardwareConcurrency);
  // One team for the pool's workers: a t-SNE splits its gradient with the idle ones.
  const team = globalThis.crossOriginIsolated ? createTeamRelay() : null;
  pool = new WorkerPool({
    size,
    onRunning: (jobs) => beat?.setRunning(jobs),
    spawn(_index, onCrash) {
      const worker = spawnExplorerWorker(testingFailingMethod() ? TESTING_WORKER_NAME : 'explorer');
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        onCrash(`A computation worker crashed${event.message ? `: ${event.message}` : ''}.`);
      });
      const api = wrap<ExplorerApi>(worker);
      if (beat) void api.givePageWay(beat.cells);
      const member = team?.connect();
      if (member) void api.joinTeam(transfer(member.port, [member.port]), size);
      return {
        api,
        terminate: () => {
          member?.disconnect();
          worker.terminate();
        },
      };
    },
  });
  // For tests and the curious: how often each method was really computed, over all workers.
  (globalThis as { explorerStats?: () => Promise<Record<string, number>> }).explorerStats = () =>
    (pool as WorkerPool).stats();
  (globalThis as { explorerWaitedForPage?: () => Promise<number[]> }).explorerWaitedForPage = () =>
    (pool as WorkerPool).waitedForPage();
  (globalThis as { explorerTeamStats?: () => Promise<unknown[]> }).explorerTeamStats = () =>
    (pool as WorkerPool).teamStats();
  return pool;
}
