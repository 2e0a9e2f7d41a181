import { dismissKeepFailure, useKeepFiles } from '../workspace/keepFiles.ts';
import { forgetWorkspace, storedText } from '../workspace/persist.ts';
import {
  dismissRefusal,
  openWithKeptFile,
  openWorkspace,
  useWorkspaceStatus,
  workspaceRefused,
  type Offer,
  type Refusal,
} from '../workspace/restore.ts';
import { downloadBlob } from './download.ts';

/**
 * What the user is told about their workspaces, each until dismissed: a link, file or saved
 * copy that was not opened (an unreadable copy can be exported or deleted: it is kept until
 * then), a save this browser refused, a file "Remember my files" could not keep (no room), and
 * on a fresh visit the most recent workspace of a closed tab, to reopen.
 */
export function WorkspaceNotices() {
  const refusals = useWorkspaceStatus((s) => s.refusals);
  const offer = useWorkspaceStatus((s) => s.offer);
  const saveFailure = useWorkspaceStatus((s) => s.saveFailure);
  const keepFailure = useKeepFiles((s) => s.failure);
  return (
    <>
      {refusals.map((r) => (
        <RefusalNotice key={r.id} refusal={r} />
      ))}
      {refusals.length > 1 && (
        <button
          type="button"
          className="dismiss-refusals"
          onClick={() => useWorkspaceStatus.setState({ refusals: [] })}
        >
          Dismiss these {refusals.length} messages
        </button>
      )}
      {saveFailure !== null && (
        <div className="notice error" role="alert" data-testid="workspace-save-failed">
          <div>
            <strong>Your workspace could not be saved in this browser: </strong>
            {saveFailure}. It still travels as a file or a link (Workspace menu).
          </div>
          <div className="notice-actions">
            <button
              type="button"
              className="icon"
              aria-label="Dismiss"
              onClick={() => useWorkspaceStatus.setState({ saveFailure: null })}
            >
              ×
            </button>
          </div>
        </div>
      )}
      {keepFailure !== null && (
        <div className="notice error" role="alert" data-testid="keep-file-failed">
          <div>{keepFailure}</div>
          <div className="notice-actions">
            <button
              type="button"
              className="icon"
              aria-label="Dismiss"
              onClick={dismissKeepFailure}
            >
              ×
            </button>
          </div>
        </div>
      )}
      {offer && <OfferNotice offer={offer} />}
    </>
  );
}

function RefusalNotice({ refusal }: { refusal: Refusal }) {
  const { aside } = refusal;
  return (
    <div
      className="notice error"
      role="alert"
      data-testid="workspace-refusal"
      data-code="bad-workspace"
    >
      <div data-testid="workspace-refusal-message">{refusal.message}</div>
      <div className="notice-actions">
        {aside !== undefined && (
          <>
            <button
              type="button"
              onClick={() =>
                void storedText(aside).then((text) =>
                  downloadBlob(
                    new Blob([text], { type: 'application/json' }),
                    'unreadable-workspace.json',
                  ),
                )
              }
            >
              Export the unreadable copy
            </button>
            <button
              type="button"
              onClick={() => {
                void forgetWorkspace(aside);
                dismissRefusal(refusal.id);
              }}
            >
              Delete it
            </button>
          </>
        )}
        <button
          type="button"
          className="icon"
          aria-label="Dismiss"
          onClick={() => dismissRefusal(refusal.id)}
        >
          ×
        </button>
      </div>
    </div>
  );
}

function OfferNotice({ offer }: { offer: Offer }) {
  const { state, savedAt } = offer;
  const n = state.panels.length;
  const when =
    savedAt === null
      ? ''
      : `, saved ${new Date(savedAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}`;
  const close = () => useWorkspaceStatus.setState({ offer: null });
  return (
    <div className="notice info" role="status" data-testid="workspace-offer">
      <div>
        <strong>Your most recent workspace: </strong>
        {n} panel{n === 1 ? '' : 's'} on {state.source.name}
        {when}.
      </div>
      <div className="notice-actions">
        <button
          type="button"
          onClick={() => {
            close();
            // On the user's file: its kept copy, else the banner asking for it.
            if (state.source.kind === 'file')
              void openWithKeptFile(state).then((opened) => {
                if (!opened) useWorkspaceStatus.setState({ pending: state });
              });
            else
              void openWorkspace(state).then((refused) => {
                if (refused) workspaceRefused(refused);
              });
          }}
        >
          Reopen it
        </button>
        <button type="button" className="icon" aria-label="Dismiss" onClick={close}>
          ×
        </button>
      </div>
    </div>
  );
}
