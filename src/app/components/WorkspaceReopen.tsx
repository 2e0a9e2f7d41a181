import { useState } from 'react';
import { pruneKeptFiles, useKeepFiles } from '../workspace/keepFiles.ts';
import { forgetWorkspace } from '../workspace/persist.ts';
import { openWorkspace, useWorkspaceStatus } from '../workspace/restore.ts';
import { FileInput } from './FileInput.tsx';

/**
 * The workspace saved in this browser was made on the user's own file, which a page cannot
 * read again by itself: choose that file (its size and SHA-256 are checked) or start over. With
 * "Remember my files" off, it says where to turn it on, so a reload need not ask.
 */
export function WorkspaceReopen() {
  const pending = useWorkspaceStatus((s) => s.pending);
  const remembering = useKeepFiles((s) => s.on);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!pending || pending.source.kind !== 'file') return null;
  const { name, size } = pending.source;
  return (
    <div className="notice info" role="status" data-testid="workspace-reopen">
      <div>
        <strong>Your last workspace: </strong>
        {pending.panels.length} panel{pending.panels.length === 1 ? '' : 's'} on your file {name} (
        {size.toLocaleString('en-US')} bytes). Choose that file again to reopen it.
        {!remembering && (
          <span className="muted">
            {' '}
            Tick “Remember my files in this browser” (under the drop zone) and a reload will not
            ask.
          </span>
        )}
        {refusal && (
          <div className="error-text" data-testid="workspace-reopen-refusal">
            {refusal}
          </div>
        )}
      </div>
      <div className="notice-actions">
        <label className="button-like">
          Choose {name}…
          <FileInput
            testId="workspace-reopen-input"
            onFile={(file) => void openWorkspace(pending, file).then(setRefusal)}
          />
        </label>
        <button
          type="button"
          onClick={() => {
            const { tabKey } = useWorkspaceStatus.getState();
            // Its file, if kept, is deleted unless another workspace names it.
            if (tabKey) void forgetWorkspace(tabKey).then(pruneKeptFiles);
            useWorkspaceStatus.setState({ pending: null });
          }}
        >
          Start over
        </button>
      </div>
    </div>
  );
}
