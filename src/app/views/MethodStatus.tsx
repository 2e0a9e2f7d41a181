import type { ReactNode } from 'react';
import { describeCall } from '../../core/platform/calls.ts';
import { REPORT_DEFECT, isDefect, type ErrorInfo } from '../../core/base/errors.ts';
import { useStore } from '../store/index.ts';
import type { ResultEntry } from '../store/resultsSlice.ts';
import { NeedsRows } from '../components/NeedsRows.tsx';

/**
 * What a method view shows before its result exists: running, failed or cancelled (each with a
 * way to run it again), or refused (an invalid setting, with the reason). A defect of the
 * explorer (an internal error) is never told as a bad setting: it names the call that hit it and
 * asks for a report (InternalError).
 */
export function MethodStatus({
  entry,
  invalid,
}: {
  entry: ResultEntry | null;
  invalid: ErrorInfo | null;
}) {
  const rerun = useStore((s) => s.rerun);
  if (invalid && isDefect(invalid)) return <InternalError error={invalid} name={null} />;
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
  if (entry.status === 'failed' && entry.error && isDefect(entry.error))
    return (
      <InternalError error={entry.error} name={name} call={entry.key}>
        <button type="button" onClick={() => rerun(entry.key)}>
          Run {name} again
        </button>
      </InternalError>
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

/**
 * The line an internal error is told with: the method and the call that hit it (the innermost
 * call running, else the view's own), the message, and the request to report it.
 */
export function internalErrorText(
  error: ErrorInfo,
  name: string | null,
  call: string | undefined,
): string {
  const hit = error.call ?? call ?? '(unknown)';
  const method = methodOf(hit) ?? name ?? 'a method';
  return `Internal error in ${method} (call ${hit}): ${error.message} — ${REPORT_DEFECT}.`;
}

function methodOf(call: string): string | null {
  try {
    const parsed = JSON.parse(call) as { method?: unknown };
    return typeof parsed.method === 'string' ? parsed.method : null;
  } catch {
    return null;
  }
}

function InternalError({
  error,
  name,
  call,
  children,
}: {
  error: ErrorInfo;
  name: string | null;
  call?: string;
  children?: ReactNode;
}) {
  const hit = error.call ?? call;
  return (
    <div className="method-error" role="alert" data-error-kind="internal">
      <p data-testid="method-status">{internalErrorText(error, name, call)}</p>
      {hit !== undefined && (
        <button
          type="button"
          onClick={() => void navigator.clipboard?.writeText(hit).catch(() => {})}
        >
          Copy the call
        </button>
      )}
      {children}
    </div>
  );
}
