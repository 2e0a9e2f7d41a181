import type { Sample, SampleManifest } from '../model/samples.ts';
import { useStore } from '../store/index.ts';
import { savedWorkspace, workspaceInHash } from './persist.ts';
import { openWorkspace, useWorkspaceStatus } from './restore.ts';
import type { WorkspaceState } from './schema.ts';
import { openEmbedded } from './embedded.ts';

/** Tells, in the notice banner, why a workspace was not opened. */
export function workspaceRefused(reason: string): void {
  // One sentence: capitalised, ending in a full stop.
  const text = reason.charAt(0).toUpperCase() + reason.slice(1);
  const message = /[.)]$/.test(text) ? text : `${text}.`;
  useStore.setState({
    notice: { kind: 'error', title: 'the workspace', error: { code: 'bad-workspace', message } },
  });
}

/**
 * The workspace the page opens with: the one in the address (`#w=…`); else the sample named by
 * `?sample=`; else the one saved in this browser (on the user's own file, it waits for that file
 * to be chosen again while the default sample shows); else the default sample. A copy written by
 * `export-app` opens the data (and workspace) built into it.
 */
export async function openInitialWorkspace(
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
  const linked = workspaceInHash(window.location.hash);
  if (linked) {
    if (linked.ok) return opened(linked.value, openFallback);
    workspaceRefused(linked.message);
    return openFallback();
  }
  if (named !== null) return openFallback();
  const saved = await savedWorkspace();
  if (!saved) return openFallback();
  if (!saved.ok) {
    workspaceRefused(`the copy saved in this browser could not be read: ${saved.message}`);
    return openFallback();
  }
  if (saved.value.source.kind === 'file') {
    useWorkspaceStatus.setState({ pending: saved.value });
    return openFallback();
  }
  return opened(saved.value, openFallback);
}

async function opened(state: WorkspaceState, openFallback: () => Promise<void>): Promise<void> {
  const refused = await openWorkspace(state);
  if (refused === null) return;
  workspaceRefused(refused);
  if (!useStore.getState().loaded) await openFallback();
}
