import { useTeam } from '../core/parallel/ambient.ts';
import { GiveWay } from './giveWay.ts';
import { portLink, serveTeams, SharedTeam } from './teamLink.ts';
import { now, type WorkerState } from './workerJobs.ts';

/** The worker's endpoints for sharing: the page's beat, the pool's team, and cancelling jobs. */
export function cooperationEndpoints(state: WorkerState) {
  return {
    /** The page's beat (src/worker/giveWay.ts): from now on, job steps give way to a busy page. */
    givePageWay(cells: Int32Array): void {
      state.giveWay = new GiveWay(cells);
    },

    /**
     * Joins the pool's team (src/worker/teamLink.ts) through a port to the page's relay: this
     * worker's t-SNE steps are split with the other workers, and it helps theirs when idle.
     * Needs shared memory (cross-origin isolation).
     */
    joinTeam(port: MessagePort, size: number): void {
      if (state.team || typeof SharedArrayBuffer === 'undefined') return;
      const link = portLink(port);
      const own = new SharedTeam(link, size);
      useTeam(own);
      // Tasks it takes for the others give way to a busy page, as its own jobs' steps do.
      state.team = { own, served: serveTeams(link, () => state.giveWay?.check(now())) };
    },

    /** This worker's share of team work: steps it split, tasks, its own, and tasks it helped with. */
    async teamStats(): Promise<{ steps: number; tasks: number; local: number; helped: number }> {
      const { team } = state;
      return team
        ? { ...team.own.stats, helped: team.served.helped() }
        : { steps: 0, tasks: 0, local: 0, helped: 0 };
    },

    /** Time this worker's jobs spent waiting for the page, ms. */
    async waitedForPage(): Promise<number> {
      return state.giveWay?.waitedMs ?? 0;
    },

    /** Asks a running job to stop at its next step. */
    cancel(jobId: number): void {
      state.cancelled.add(jobId);
    },
  };
}
