import { del, get, set } from 'idb-keyval';
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { parseWorkspace, parseWorkspaceText, type Parsed, type WorkspaceState } from './schema.ts';

/**
 * Where a workspace is kept: the browser's IndexedDB (idb-keyval), so a reload restores it; the
 * address (`#w=…`, lz-string), so a link to a bundled sample restores the same results; and
 * `.json` files.
 */
const KEY = 'workspace';
const HASH = 'w';

export async function savedWorkspace(): Promise<Parsed<WorkspaceState> | null> {
  try {
    const stored: unknown = await get(KEY);
    return stored === undefined ? null : parseWorkspace(stored);
  } catch {
    return null; // no IndexedDB (a private window may refuse it): nothing was saved
  }
}

export async function saveWorkspace(state: WorkspaceState): Promise<void> {
  try {
    await set(KEY, state);
  } catch {
    // Storage refused (quota, private window): the workspace still travels by link and file.
  }
}

export async function forgetSavedWorkspace(): Promise<void> {
  try {
    await del(KEY);
  } catch {
    // nothing to forget
  }
}

/** The workspace in an address's fragment, if it holds one. */
export function workspaceInHash(hash: string): Parsed<WorkspaceState> | null {
  const encoded = new URLSearchParams(hash.replace(/^#/, '')).get(HASH);
  if (encoded === null) return null;
  const text = decompressFromEncodedURIComponent(encoded);
  if (!text)
    return { ok: false, message: 'the link is damaged (its workspace cannot be decoded).' };
  return parseWorkspaceText(text);
}

/** The fragment holding a workspace (empty for a workspace on the user's own file). */
export function hashOf(state: WorkspaceState): string {
  if (state.source.kind !== 'sample') return '';
  return `#${HASH}=${compressToEncodedURIComponent(JSON.stringify(state))}`;
}

export function workspaceFileText(state: WorkspaceState): string {
  return `${JSON.stringify(state, null, 2)}\n`;
}
