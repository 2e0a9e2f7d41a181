import { describeCall } from '../../core/platform/calls.ts';
import { useStore } from '../store/index.ts';
import { runAllJobs, type RunAllState } from '../store/runAllSlice.ts';
import { useSettledResults } from '../store/settledResults.ts';
import { formatSeconds } from '../model/numberFormat.ts';
import { StatusText } from './ResultsBoardView.tsx';

/**
 * Every job Run all planned — each method, each t-SNE, each evaluation — with its status, its
 * wall-clock time and, for a failure, a cancel or a precondition, its full reason: the rows the
 * Run all header counts. A failed job can be run again from here.
 */
export function RunAllJobs({ run }: { run: RunAllState }) {
  const results = useSettledResults();
  const rerun = useStore((s) => s.rerun);
  const jobs = runAllJobs(run, results);
  const open = jobs.some((j) => j.status === 'failed');
  return (
    <details className="run-all-jobs" data-testid="run-all-jobs" open={open || undefined}>
      <summary>
        Jobs ({jobs.length}): every method, its t-SNE and each evaluation, with times and reasons
      </summary>
      <table className="results">
        <thead>
          <tr>
            <th>job</th>
            <th>status</th>
            <th>time</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => {
            const planned = run.plan.calls[job.index];
            if (!planned) return null;
            return (
              <tr key={job.key} data-testid="run-all-job" data-status={job.status}>
                <td className="text">{describeCall(planned.call)}</td>
                <td className={`status status-${job.status.replace(' ', '-')}`}>
                  <StatusText status={job.status} reason={job.reason} seconds={null} />
                  {job.status === 'failed' && (
                    <button
                      type="button"
                      className="small"
                      onClick={() => rerun(job.key)}
                      title="Run this job again"
                    >
                      Retry
                    </button>
                  )}
                </td>
                <td className="number">{job.seconds === null ? '' : formatSeconds(job.seconds)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
