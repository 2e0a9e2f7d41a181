import { useSettledResults } from '../store/settledResults.ts';
import { useStore } from '../store/index.ts';
import { runAllProgress } from '../store/runAllSlice.ts';

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
          onClick={start}
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
          <span className="muted small" data-testid="run-all-text">
            {progress.finished} of {progress.total} done
            {progress.failed > 0 ? ` · ${progress.failed} failed` : ''}
            {run?.cancelled && progress.finished < progress.total ? ' · cancelled' : ''}
            {!compact && active ? ` · ${progress.running} running` : ''}
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
