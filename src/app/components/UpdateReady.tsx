import { useState, useSyncExternalStore } from 'react';
import { newVersionReady, onNewVersion } from '../serviceWorker.ts';

/**
 * Says, until dismissed, that a new version of the explorer was installed while this tab runs
 * the one before (src/app/serviceWorker.ts), with a button to reload into it. The tab is never
 * reloaded for the person: it keeps working on the version it has.
 */
export function UpdateReady() {
  const ready = useSyncExternalStore(onNewVersion, newVersionReady);
  const [dismissed, setDismissed] = useState(false);
  if (!ready || dismissed) return null;
  return (
    <div className="notice update" role="status" data-testid="update-ready">
      <div>A new version of the explorer is ready — reload to use it.</div>
      <div className="notice-actions">
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
        <button
          type="button"
          className="icon"
          aria-label="Dismiss the update notice"
          onClick={() => setDismissed(true)}
        >
          ×
        </button>
      </div>
    </div>
  );
}
