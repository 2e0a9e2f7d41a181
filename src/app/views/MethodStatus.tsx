import type { ErrorInfo } from '../../core/errors.ts';
import { useStore } from '../store/index.ts';

/** What a method view shows before its result exists: running, failed (with retry), or waiting. */
export function MethodStatus({ kind, error }: { kind: 'cde' | 'cosh'; error: ErrorInfo | null }) {
  const running = useStore((s) => s.jobs.some((j) => j.kind === kind));
  const runCde = useStore((s) => s.runCde);
  const runCosh = useStore((s) => s.runCosh);
  const name = kind === 'cde' ? 'CDE' : 'COSH';
  if (error && !running)
    return (
      <div className="method-error" role="alert">
        <p>
          {name} failed: {error.message}
        </p>
        <button type="button" onClick={() => void (kind === 'cde' ? runCde() : runCosh())}>
          Run {name} again
        </button>
      </div>
    );
  return <p className="muted">{running ? `Running ${name}…` : `${name} will run shortly…`}</p>;
}
