import type { Progress } from '../core/base/jobs.ts';
import { indicatorSteps, type IndicatorsReport } from '../core/evaluation/indicators.ts';
import { resolveCall } from '../core/platform/calls.ts';
import { preconditionOf } from '../core/platform/run.ts';
import type { CallFailure, CountRequest, CountsReport } from '../core/platform/session.ts';
import type { Call, MethodOutput } from '../core/platform/spec.ts';
import {
  drive,
  guard,
  runCopied,
  sendCopy,
  type Outcome,
  type ProgressCallback,
  type WorkerState,
} from './workerJobs.ts';

/** The worker's endpoints that compute: counts, methods by call, indicators. */
export function computeEndpoints(state: WorkerState) {
  const { session } = state;
  return {
    /** The shared counts (co-occurrence, entropy, MI, SU), optionally on a row subset. */
    async counts(
      request: CountRequest,
      jobId: number,
      onProgress?: ProgressCallback,
    ): Promise<Outcome<CountsReport>> {
      return runCopied(state, jobId, session.countSteps(request), onProgress);
    },

    /**
     * Any registered method or step, by call (src/core/platform): served from this worker's
     * cache when it was computed before; `provided` are outputs other workers computed, so they
     * are not computed again. Progress of a t-SNE carries its live layout.
     */
    async run(
      call: Call,
      provided: MethodOutput[],
      jobId: number,
      onProgress?: (p: Progress & { layout?: Float64Array | null }) => void,
      /**
       * Inputs that failed elsewhere (an evaluation reports them in their rows without running
       * them again), and `again`: the user asks to retry a call that failed here before.
       */
      handed: { failures?: CallFailure[]; again?: boolean } = {},
    ): Promise<Outcome<MethodOutput>> {
      return guard(state, jobId, async () => {
        session.provide(provided, handed.failures);
        if (handed.again) session.forgetFailure(resolveCall(call).key);
        return sendCopy(await drive(state, jobId, session.runSteps(call), onProgress));
      });
    },

    /**
     * Why each call does not apply to the current table (a precondition its spec declares), or
     * null where it applies; nothing is computed. Run all asks before it queues anything.
     */
    async preconditions(calls: Call[]): Promise<Outcome<(string | null)[]>> {
      return guard(state, -1, async () =>
        calls.map((call) => {
          try {
            return preconditionOf(session.table, resolveCall(call));
          } catch (error) {
            return error instanceof Error ? error.message : String(error);
          }
        }),
      );
    },

    /** FCI and VCI, and VSI and OCI for an outlier class. */
    async indicators(
      outlierClass: string | null,
      jobId: number,
    ): Promise<Outcome<IndicatorsReport>> {
      return guard(state, jobId, () => drive(state, jobId, indicatorSteps(session, outlierClass)));
    },

    /** How many times each method was computed on the current table (cache misses). */
    async stats(): Promise<Record<string, number>> {
      return session.computedCounts();
    },
  };
}
