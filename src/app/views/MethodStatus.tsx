import { describeCall } from '../../core/platform/calls.ts';
import type { ErrorInfo } from '../../core/base/errors.ts';
import { useStore } from '../store/index.ts';
import type { ResultEntry } from '../store/resultsSlice.ts';
import { NeedsRows } from '../components/NeedsRows.tsx';

/**
 * What a method view shows before its result exists: running, failed or cancelled (each with a
 * way to run it again), or refused (an invalid setting, with the reason).
 */
export function MethodStatus({
  entry,
  invalid,
}: {
  entry: ResultEntry | null;
  invalid: ErrorInfo | null;
}) {
  const rerun = useStore((s) => s.rerun);
  if (invalid)
    return (
      <p className="method-error" role="alert">
        {invalid.message}
      </p>
    );
  if (!entry) return <p className="muted">Starting…</p>;
  const name = describeCall(entry.call);
  // A call that found, while it ran, that it needs the rows (on a counts file): said as a panel
  // that needs them says it, not as a failure to run again.
  if (entry.status === 'failed' && entry.error?.code === 'needs-rows') return <NeedsRows />;
  // A precondition this table does not meet: said as Run all says it, with nothing to run again.
  if (entry.status === 'failed' && entry.error?.code === 'not-applicable')
    return (
      <p className="muted" data-testid="method-status">
        {name}: not applicable to this table — {entry.error.message}
      </p>
    );
  if (entry.status === 'failed' || entry.status === 'cancelled')
    return (
      <div className={entry.status === 'failed' ? 'method-error' : 'muted'} role="alert">
        <p data-testid="method-status">
          {entry.status === 'failed'
            ? `${name} failed: ${entry.error?.message ?? ''}`
            : `${name}: cancelled.`}
        </p>
        <button type="button" onClick={() => rerun(entry.key)}>
          {entry.status === 'failed' ? `Run ${name} again` : `Run ${name}`}
        </button>
      </div>
    );
  return <p className="muted">Running {name}…</p>;
}
