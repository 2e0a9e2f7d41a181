import { useStore } from '../store/index.ts';
import { openWorkspace } from './restore.ts';
import { parseWorkspaceText } from './schema.ts';

/**
 * A copy written by `npm run cli -- export-app` carries its data file (base64, in
 * `<script type="application/octet-stream" id="embedded-data" data-name="…">`) and, optionally,
 * a workspace on it (`<script type="application/json" id="embedded-state">`): the page opens them
 * instead of a sample. Returns false when the page carries no data.
 */
export async function openEmbedded(): Promise<boolean> {
  const data = document.getElementById('embedded-data');
  if (!data?.textContent) return false;
  const bytes = Uint8Array.from(atob(data.textContent.trim()), (c) => c.charCodeAt(0));
  const name = data.dataset.name ?? 'data.csv';
  const file = new File([bytes], name, { type: data.dataset.type ?? 'text/csv' });
  const stateText = document.getElementById('embedded-state')?.textContent;
  const state = stateText ? parseWorkspaceText(stateText) : null;
  if (state?.ok) {
    const refused = await openWorkspace(state.value, file);
    if (refused === null) return true;
  }
  await useStore.getState().loadSource({ name, file });
  return true;
}
