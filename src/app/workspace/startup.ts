import type { Sample, SampleManifest } from '../model/samples.ts';
import { closedTabCopies, keyOfTab, storedWorkspace, workspaceInHash } from './persist.ts';
import {
  openWithKeptFile,
  openWorkspace,
  useWorkspaceStatus,
  workspaceRefused,
} from './restore.ts';
import type { WorkspaceState } from './schema.ts';
import { openEmbedded } from './embedded.ts';
import { claimTab, renewTab } from './tab.ts';

/**
 * The workspace the page opens with:
 * 1. a copy written by `export-app`: the data (and workspace) built into it;
 * 2. the one in the address (`#w=…`);
 * 3. the sample named by `?sample=`;
 * 4. this tab's own copy, saved in this browser before a reload (on the user's own file, it
 *    opens with the copy of that file kept in this browser when "Remember my files" is on, else
 *    it waits for that file to be chosen again while the default sample shows);
 * 5. else the default sample, and a fresh tab is offered the most recent copy of a closed tab.
 * A refused link or copy is said on screen until dismissed, and what opens instead is this tab's
 * own copy or the default sample. A copy that cannot be read is kept aside, untouched: this tab
 * saves under a new key from then on. Autosave starts only once this is done, from what opened.
 */
export async function openInitialWorkspace(
  manifest: SampleManifest,
  openSample: (sample: Sample) => Promise<void>,
): Promise<void> {
  try {
    await openFirst(manifest, openSample);
  } finally {
    useWorkspaceStatus.setState({ starting: false });
  }
}

async function openFirst(
  manifest: SampleManifest,
  openSample: (sample: Sample) => Promise<void>,
): Promise<void> {
  if (await openEmbedded()) return;
  const named = new URLSearchParams(window.location.search).get('sample');
  const fallback =
    manifest.datasets.find((d) => d.file === (named ?? 'zoo.csv')) ?? manifest.datasets[0];
  const openFallback = async () => {
    if (fallback) await openSample(fallback);
  };
  let tab = await claimTab();
  const own = tab.from === null ? null : await readable(keyOfTab(tab.from));
  if (own === 'unreadable') tab = await renewTab();
  useWorkspaceStatus.setState({ tabKey: keyOfTab(tab.id) });
  const ownState = own === 'unreadable' ? null : own;
  const openOwnOrFallback = async () => {
    if (ownState?.source.kind === 'file') {
      if (await openWithKeptFile(ownState)) return;
      useWorkspaceStatus.setState({ pending: ownState });
      return openFallback();
    }
    if (ownState && (await opened(ownState))) return;
    return openFallback();
  };
  const linked = workspaceInHash(window.location.hash);
  if (linked) {
    if (linked.ok && (await opened(linked.value))) return;
    if (!linked.ok)
      workspaceRefused(`the workspace in this link was not opened: ${linked.message}`);
    return openOwnOrFallback();
  }
  if (named !== null) return openFallback();
  if (ownState) return openOwnOrFallback();
  await openFallback();
  if (tab.from === null) void offerMostRecent(keyOfTab(tab.id));
}

/** The workspace under this key; 'unreadable' (said on screen, kept aside) or null when none. */
async function readable(key: string): Promise<WorkspaceState | 'unreadable' | null> {
  try {
    const stored = await storedWorkspace(key);
    if (!stored) return null;
    if (stored.parsed.ok) return stored.parsed.value;
    workspaceRefused(
      `the copy of this tab's workspace saved in this browser could not be read: ${stored.parsed.message} It is kept aside, untouched`,
      key,
    );
    return 'unreadable';
  } catch {
    return null; // no IndexedDB (a private window may refuse it): nothing was saved
  }
}

/**
 * A fresh tab: the most recent copy of a closed tab is offered; a copy that could not be read is
 * said (it stays until the user deletes it).
 */
async function offerMostRecent(own: string): Promise<void> {
  try {
    const { newest: recent, unreadable } = await closedTabCopies(own);
    for (const copy of unreadable)
      if (!copy.parsed.ok)
        workspaceRefused(
          `a workspace saved in this browser could not be read: ${copy.parsed.message} It is kept aside, untouched`,
          copy.key,
        );
    if (recent?.parsed.ok)
      useWorkspaceStatus.setState({
        offer: { key: recent.key, savedAt: recent.savedAt, state: recent.parsed.value },
      });
  } catch {
    // no IndexedDB: nothing to offer
  }
}

/** Opens a workspace; false (and why, on screen) when it was refused. */
async function opened(state: WorkspaceState): Promise<boolean> {
  const refused = await openWorkspace(state);
  if (refused === null) return true;
  workspaceRefused(refused);
  return false;
}
