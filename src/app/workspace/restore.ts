import { create } from 'zustand';
import { sampleNamed } from '../model/samples.ts';
import { useStore } from '../store/index.ts';
import type { Source } from '../store/dataSlice.ts';
import { sha256Of } from './fileHash.ts';
import { CURRENT, RAN_ON } from './capture.ts';
import { keptFileFor } from './keepFiles.ts';
import { sampleSource } from './openSample.ts';
import type { WorkspaceState } from './schema.ts';

/** A workspace that was not opened, on screen until the user dismisses it. */
export interface Refusal {
  id: number;
  /** One sentence. */
  message: string;
  /** The key of an unreadable copy in this browser, kept aside untouched (export or delete it). */
  aside?: string;
}

/** A readable copy saved by another tab, offered on a fresh visit. */
export interface Offer {
  key: string;
  savedAt: number | null;
  state: WorkspaceState;
}

/** A workspace being opened or waiting for its file, and what the user is told about saving. */
export interface WorkspaceStatus {
  /** A saved workspace on the user's own file: it opens once that file is chosen again. */
  pending: WorkspaceState | null;
  /** True while a workspace is being opened (autosave waits). */
  restoring: boolean;
  /** True until the page has opened its first workspace (autosave waits, then starts from it). */
  starting: boolean;
  /** This tab's key in the browser's store (persist.ts), once known. */
  tabKey: string | null;
  refusals: Refusal[];
  offer: Offer | null;
  /** Why the last save in this browser failed (null once one succeeds). */
  saveFailure: string | null;
}

export const useWorkspaceStatus = create<WorkspaceStatus>()(() => ({
  pending: null,
  restoring: false,
  starting: true,
  tabKey: null,
  refusals: [],
  offer: null,
  saveFailure: null,
}));

let refusalIds = 0;

/**
 * Tells why a workspace was not opened, in one sentence kept on screen until dismissed (a
 * sample opened after it does not clear it).
 */
export function workspaceRefused(reason: string, aside?: string): void {
  const trimmed = reason.trim();
  // A sentence's first word gets its capital; a name that opens it (“poison.csv is …”) is
  // written as the user wrote it.
  const text = /^[a-z]+(?=[\s,:;])/.test(trimmed)
    ? trimmed.charAt(0).toUpperCase() + trimmed.slice(1)
    : trimmed;
  const message = /[.)]$/.test(text) ? text : `${text}.`;
  useWorkspaceStatus.setState((s) => ({
    refusals: [
      ...s.refusals.filter((r) => r.message !== message),
      { id: ++refusalIds, message, ...(aside !== undefined && { aside }) },
    ],
  }));
}

export function dismissRefusal(id: number): void {
  useWorkspaceStatus.setState((s) => ({ refusals: s.refusals.filter((r) => r.id !== id) }));
}

/**
 * Opens a workspace: its data (the bundled sample by name, or the user's file, checked by size
 * and SHA-256 first), its column settings, panels, layout, selection and colour-by. Returns null
 * when opened, else the one-line reason; a refused workspace changes nothing.
 */
export async function openWorkspace(state: WorkspaceState, file?: File): Promise<string | null> {
  useWorkspaceStatus.setState({ restoring: true });
  try {
    const source = await sourceOf(state, file);
    if (typeof source === 'string') return source;
    const store = useStore.getState();
    await store.loadSource(source, state.prepare, state.parse);
    const after = useStore.getState();
    if (after.source !== source || !after.loaded)
      return `its data ${source.name} could not be read (${after.notice?.error.message ?? 'unknown error'})`;
    applyView(state);
    useWorkspaceStatus.setState({ pending: null });
    return null;
  } finally {
    useWorkspaceStatus.setState({ restoring: false });
  }
}

/**
 * Opens a workspace made on the user's file with the copy of that file kept in this browser
 * ("Remember my files"); true when it opened. Without a kept copy it returns false and changes
 * nothing (the caller asks for the file); a kept copy refused (its content differs) is said.
 */
export async function openWithKeptFile(state: WorkspaceState): Promise<boolean> {
  if (state.source.kind !== 'file') return false;
  const kept = await keptFileFor(state.source);
  if (!kept) return false;
  const refused = await openWorkspace(state, kept);
  if (refused !== null) workspaceRefused(refused);
  return refused === null;
}

async function sourceOf(state: WorkspaceState, file?: File): Promise<Source | string> {
  const s = state.source;
  if (s.kind === 'sample') {
    const sample = await sampleNamed(s.name);
    if (!sample) return `it names a sample “${s.name}” that this explorer does not bundle`;
    return sampleSource(sample);
  }
  if (!file) return `it was made on your file “${s.name}”: choose that file again`;
  if (file.size !== s.size || (await sha256Of(file)) !== s.sha256)
    return `the file “${file.name}” is not the file it was made on (“${s.name}”, ${s.size.toLocaleString('en-US')} bytes): the content differs, so nothing was changed`;
  return { name: file.name, file };
}

/** Panels, layout, selection and colour-by, once the table is loaded (indices checked against it). */
function applyView(state: WorkspaceState): void {
  const store = useStore.getState();
  const meta = store.loaded?.meta;
  if (!meta) return;
  store.replacePanels(
    state.panels.map((p) => ({
      ...p,
      settings:
        p.settings[RAN_ON] === CURRENT
          ? { ...p.settings, [RAN_ON]: store.tableVersion }
          : p.settings,
    })),
    state.layout,
  );
  const values = state.selection.values.filter((v) => v < meta.nValues);
  const objects = state.selection.objects.filter((o) => o < meta.nRows);
  store.setSelectedValues(values);
  store.setSelectedObjects(objects);
  store.setValueThreshold(state.selection.valueThreshold);
  const c = state.colorBy;
  if (c.kind === 'class' && meta.classColumn) store.setColorBy(c);
  else if (c.kind === 'attribute' && c.attribute < meta.attributes.length) store.setColorBy(c);
  // A result's call is computed, or the colouring dropped when this table cannot run it, by
  // the colour-by menu (App.tsx, useColouringResult), as for any colouring whose result is gone.
  else if (c.kind === 'result') store.setColorBy(c);
}
