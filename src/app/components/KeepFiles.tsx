import { keptSummary, sizeText } from '../workspace/keepPolicy.ts';
import { forgetFiles, setRemember, useKeepFiles } from '../workspace/keepFiles.ts';

/**
 * Beside the file picker, where a user choosing their file sees it: "Remember my files in this
 * browser" (off until ticked), what it means, what is kept and the room left, and "Forget my
 * files". Turning it off forgets them too: off, no file is kept (workspace/keepFiles.ts).
 */
export function KeepFiles() {
  const on = useKeepFiles((s) => s.on);
  const kept = useKeepFiles((s) => s.kept);
  const free = useKeepFiles((s) => s.free);
  const persisted = useKeepFiles((s) => s.persisted);
  const some = kept !== null && kept.length > 0;
  return (
    <div className="keep-files" data-testid="keep-files">
      <label className="keep-files-toggle">
        <input
          type="checkbox"
          checked={on}
          aria-describedby="keep-files-hint"
          onChange={(e) => void setRemember(e.target.checked)}
        />
        Remember my files in this browser
      </label>
      <p id="keep-files-hint" className="keep-files-hint">
        Your files stay in this browser’s storage for this site, never sent anywhere: a reload
        reopens them without asking. Turning this off deletes them.
      </p>
      {(on || some) && (
        <p className="keep-files-status" data-testid="keep-files-status" aria-live="polite">
          {some ? `Kept: ${keptSummary(kept)}` : 'Nothing kept yet'}
          {free !== null && ` (room for ${sizeText(free)} more)`}.
          {on && persisted === false && ' The browser may clear them if space runs low.'}
        </p>
      )}
      {some && (
        <button type="button" className="keep-files-forget" onClick={() => void forgetFiles()}>
          Forget my files
        </button>
      )}
    </div>
  );
}
