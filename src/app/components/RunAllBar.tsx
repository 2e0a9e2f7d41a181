import { useSettledResults } from '../store/settledResults.ts';
import { useStore } from '../store/index.ts';
import { runAllJobs, runAllProgress, type RunAllState } from '../store/runAllSlice.ts';
import type { Store } from '../store/index.ts';
import { formatSeconds } from '../model/numberFormat.ts';

/**
 * "Run all" and, while it runs, its overall progress with cancel: every registered method and
 * the evaluations of the results board, queued on the worker pool.
 */
export function RunAllBar({ compact = false }: { compact?: boolean }) {
  const loaded = useStore((s) => s.loaded !== null);
  const run = useStore((s) => s.runAll);
  const results = useSettledResults();
  const jobs = useStore((s) => s.jobs);
  const start = useStore((s) => s.startRunAll);
  const cancel = useStore((s) => s.cancelRunAll);
  const progress = run ? runAllProgress(run, results, jobs) : null;
  const active = progress !== null && !run?.cancelled && progress.finished < progress.total;
  return (
    <div className="run-all" data-testid="run-all">
      {!active && (
        <button
          type="button"
          disabled={!loaded}
          onClick={() => void start()}
          title="Compute every registered method on this data set and evaluate them side by side"
        >
          {run ? 'Run all again' : 'Run all'}
        </button>
      )}
      {progress && (
        <>
          <progress
            max={progress.total}
            value={progress.fraction * progress.total}
            aria-label="Run all"
            data-testid="run-all-progress"
          />
          <span className="muted small" data-testid="run-all-text" title={summaryTitle(progress)}>
            {progress.finished} of {progress.total} jobs ended: {progress.done} done
            {progress.failed > 0 ? ` · ${progress.failed} failed` : ''}
            {progress.notApplicable > 0 ? ` · ${progress.notApplicable} not applicable` : ''}
            {progress.cancelled > 0 ? ` · ${progress.cancelled} cancelled` : ''}
            {run?.cancelled && progress.finished < progress.total ? ' · stopped' : ''}
            {!compact && active ? ` · ${progress.running} running` : ''}
            {run && !compact ? ` · ${formatSeconds(elapsed(run, results))}` : ''}
          </span>
          {active && (
            <button type="button" className="small" onClick={cancel}>
              Cancel all
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** What the counts mean, on hover. */
function summaryTitle(p: ReturnType<typeof runAllProgress>): string {
  return `${p.total} jobs (each method, its t-SNE, each evaluation; listed under the board): ${p.done} done, ${p.failed} failed, ${p.notApplicable} not applicable to this table, ${p.cancelled} cancelled, ${p.running} running, ${p.total - p.finished - p.running} queued`;
}

/** Seconds since Run all started, up to its last job's end once every job has ended. */
function elapsed(run: RunAllState, results: Store['results']): number {
  const jobs = runAllJobs(run, results);
  if (jobs.some((j) => j.status === 'running' || j.status === 'queued'))
    return (performance.now() - run.startedAt) / 1000;
  let last = run.startedAt;
  for (const key of run.keys) last = Math.max(last, results[key]?.endedAt ?? last);
  return (last - run.startedAt) / 1000;
}
