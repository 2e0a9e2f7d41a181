import { useStore } from '../store/index.ts';

/** Tells what went wrong (or was cancelled) and offers the fix when there is one. */
export function NoticeBanner() {
  const notice = useStore((s) => s.notice);
  const dismiss = useStore((s) => s.dismissNotice);
  const setParseOptions = useStore((s) => s.setParseOptions);
  if (!notice) return null;
  const { error } = notice;
  return (
    <div
      className={`notice ${notice.kind}`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
      data-testid="notice"
      data-code={error.code}
    >
      <div>
        <strong>
          {notice.kind === 'error' ? `Could not use ${notice.title}` : notice.title}:{' '}
        </strong>
        <span data-testid="notice-message">{error.message}</span>
      </div>
      <div className="notice-actions">
        {error.code === 'ragged' && (
          <button
            type="button"
            onClick={() => void setParseOptions({ skipRaggedRows: true })}
            data-testid="skip-ragged"
          >
            Skip {error.count ?? ''} ragged row{error.count === 1 ? '' : 's'} and load
          </button>
        )}
        {error.code === 'single-column' && (
          <>
            <button type="button" onClick={() => void setParseOptions({ delimiter: ';' })}>
              Read with semicolons
            </button>
            <button type="button" onClick={() => void setParseOptions({ delimiter: '\t' })}>
              Read with tabs
            </button>
          </>
        )}
        <button type="button" className="icon" aria-label="Dismiss" onClick={dismiss}>
          ×
        </button>
      </div>
    </div>
  );
}
