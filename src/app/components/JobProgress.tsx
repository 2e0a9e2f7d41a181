import type { Job } from '../store/jobsSlice.ts';

/** A progress bar with a cancel button for one running job. */
export function JobProgress({ job }: { job: Job }) {
  const pct = Math.round(job.fraction * 100);
  return (
    <div className="job" data-testid="job" role="status">
      <span className="job-label">{job.label}</span>
      <progress max={100} value={pct} aria-label={job.label} />
      <span className="job-message">{job.message}</span>
      <button type="button" className="small" onClick={job.cancel} data-testid="cancel-job">
        Cancel
      </button>
    </div>
  );
}
