import { useStore } from '../store/index.ts';
import { workspaceOf } from './capture.ts';
import { knownSha256, sha256Of } from './fileHash.ts';
import { pruneKeptFiles } from './keepFiles.ts';
import { hashOf, pruneWorkspaces, saveWorkspace } from './persist.ts';
import { useWorkspaceStatus } from './restore.ts';
import type { WorkspaceState } from './schema.ts';

/**
 * Saves the workspace whenever it changes: in the address (a bundled sample's, so a reload or a
 * copied address right after a change has it) and as this tab's copy in this browser, each at
 * once — one browser write at a time, the newest state last — except while the page opens its
 * first workspace, while a workspace is being opened, or while one waits for its file. What the
 * page opened with is not written back: only a change is (so a refused link, or a copy that
 * could not be read, leaves every saved copy as it was). A failed save is said on screen. A
 * user's file is hashed once, when it is first saved.
 */
export function keepWorkspace(): () => void {
  let last: string | null = null;
  let writing = false;
  let again = false;
  let pruned = false;
  const paused = () => {
    const status = useWorkspaceStatus.getState();
    return status.starting || status.restoring || status.pending !== null || !status.tabKey;
  };
  /** The workspace now, or null (nothing loaded, or the user's file not hashed yet). */
  const current = (): WorkspaceState | null => {
    const s = useStore.getState();
    if (paused() || !s.source || !s.loaded) return null;
    if (s.source.sample) return workspaceOf(s, null);
    const file = s.source.file;
    const hash = knownSha256(file);
    if (hash === undefined) void sha256Of(file).then(changed, () => {});
    return hash === undefined ? null : workspaceOf(s, hash);
  };
  /** The source of the last copy saved: the kept files are pruned when it changes. */
  let named: string | null = null;
  /**
   * After a save: old closed tabs' copies are pruned (once a page), then the kept files no copy
   * names any more (whenever this tab's copy names another source: its old file may be unused).
   */
  const tidy = (state: WorkspaceState) => {
    const source = JSON.stringify(state.source);
    if (pruned && source === named) return;
    named = source;
    const workspaces = pruned ? Promise.resolve() : pruneWorkspaces();
    pruned = true;
    void workspaces.catch(() => {}).then(pruneKeptFiles);
  };
  const write = async () => {
    if (writing) {
      again = true;
      return;
    }
    writing = true;
    try {
      do {
        again = false;
        const state = current();
        const key = useWorkspaceStatus.getState().tabKey;
        const text = state ? JSON.stringify(state) : last;
        if (state && key && text !== last) {
          last = text;
          const failure = await saveWorkspace(key, state);
          useWorkspaceStatus.setState({ saveFailure: failure });
          if (failure === null) tidy(state);
        }
      } while (again);
    } finally {
      writing = false;
    }
  };
  function changed(): void {
    const state = current();
    if (!state) return;
    const text = JSON.stringify(state);
    // The first workspace the page shows is where saving starts from, not a change.
    if (last === null) {
      last = text;
      return;
    }
    if (text === last) return;
    writeAddress(state);
    void write();
  }
  const unsubscribe = useStore.subscribe((s, p) => {
    if (
      s.panels !== p.panels ||
      s.layout !== p.layout ||
      s.selectedValues !== p.selectedValues ||
      s.selectedObjects !== p.selectedObjects ||
      s.valueThreshold !== p.valueThreshold ||
      s.colorBy !== p.colorBy ||
      s.loaded !== p.loaded
    )
      changed();
  });
  const unsubscribeStatus = useWorkspaceStatus.subscribe(changed);
  return () => {
    unsubscribe();
    unsubscribeStatus();
  };
}

/** The address holds a bundled sample's workspace; a user's file's, none (a link cannot carry it). */
function writeAddress(state: WorkspaceState): void {
  const url = new URL(window.location.href);
  const hash = hashOf(state);
  if (url.hash === hash) return;
  url.hash = hash;
  window.history.replaceState(window.history.state, '', url);
}
