import { del, entries, get, set } from 'idb-keyval';
import { compressToEncodedURIComponent } from 'lz-string';
import { decompressUriComponentBounded } from './boundedDecompress.ts';
import { workspaceStore } from './browserStore.ts';
import {
  MAX_STATE_BYTES,
  parseWorkspace,
  parseWorkspaceText,
  type Parsed,
  type WorkspaceState,
} from './schema.ts';
import { openTabs } from './tab.ts';

/**
 * Where a workspace is kept: the browser's IndexedDB (idb-keyval), one copy per tab (tab.ts), so
 * a reload restores that tab's own and a fresh tab is offered the most recent; the address
 * (`#w=…`, lz-string), so a link to a bundled sample restores the same results; and `.json`
 * files. A copy that cannot be read is never written over: it stays under its key, and can be
 * exported or deleted by the user.
 */
const TAB_KEY = 'workspace:tab:';
/** The one copy that versions before per-tab saving kept: read as a candidate for "most recent". */
const LEGACY_KEY = 'workspace';
const HASH = 'w';
/** Readable copies kept besides the open tabs' (the most recent first); older ones are deleted. */
export const KEPT = 20;
/**
 * A link's workspace, compressed, is refused above this length before anything is decoded: a
 * workspace link takes a few hundred characters a panel (a larger one travels as a file).
 */
export const MAX_LINK_CHARS = 200_000;

/** A copy in this browser: its key, when it was saved, and the workspace (or why it is unreadable). */
export interface StoredWorkspace {
  key: string;
  savedAt: number | null;
  parsed: Parsed<WorkspaceState>;
}

export const keyOfTab = (tab: string): string => `${TAB_KEY}${tab}`;

/** The copy under this key, null when none. */
export async function storedWorkspace(key: string): Promise<StoredWorkspace | null> {
  const value: unknown = await get(key, workspaceStore);
  return value === undefined ? null : readStored(key, value);
}

/**
 * The copies of closed tabs (and the legacy copy), but `except`, each read once: the newest
 * readable first, then the unreadable ones (for a fresh tab: the offer, and what it must say).
 */
export async function closedTabCopies(
  except: string,
): Promise<{ newest: StoredWorkspace | null; unreadable: StoredWorkspace[] }> {
  const open = (await openTabs()) ?? new Set<string>();
  const closed = (await storedCopies()).filter(
    (c) =>
      c.key !== except && !(c.key.startsWith(TAB_KEY) && open.has(c.key.slice(TAB_KEY.length))),
  );
  const readable = closed.filter((c) => c.parsed.ok);
  readable.sort((a, b) => (b.savedAt ?? 0) - (a.savedAt ?? 0));
  return { newest: readable[0] ?? null, unreadable: closed.filter((c) => !c.parsed.ok) };
}

/** Saves the workspace as this tab's copy; the reason in words when the browser refused it. */
export async function saveWorkspace(key: string, state: WorkspaceState): Promise<string | null> {
  try {
    await set(key, { savedAt: Date.now(), state }, workspaceStore);
    return null;
  } catch (error) {
    return error instanceof Error && error.message ? error.message : 'the browser refused it';
  }
}

/** Deletes readable copies of closed tabs beyond the most recent KEPT (unreadable ones stay). */
export async function pruneWorkspaces(): Promise<void> {
  const open = (await openTabs()) ?? null;
  if (!open) return;
  const closed = (await storedCopies()).filter(
    (c) => c.parsed.ok && c.key.startsWith(TAB_KEY) && !open.has(c.key.slice(TAB_KEY.length)),
  );
  closed.sort((a, b) => (b.savedAt ?? 0) - (a.savedAt ?? 0));
  for (const old of closed.slice(KEPT)) await del(old.key, workspaceStore);
}

/**
 * The SHA-256s of the user's files that the copies in this browser name (every tab's, open or
 * closed, and the legacy copy): the kept files (keptFiles.ts) these copies can reopen.
 */
export async function referencedFiles(): Promise<Set<string>> {
  const named = new Set<string>();
  for (const copy of await storedCopies())
    if (copy.parsed.ok && copy.parsed.value.source.kind === 'file')
      named.add(copy.parsed.value.source.sha256);
  return named;
}

export async function forgetWorkspace(key: string): Promise<void> {
  try {
    await del(key, workspaceStore);
  } catch {
    // nothing to forget
  }
}

/**
 * A copy as text the user can keep (an unreadable one, exported before it is deleted): JSON,
 * with BigInts as text and repeated objects (a cycle) named rather than followed.
 */
export async function storedText(key: string): Promise<string> {
  const value: unknown = await get(key, workspaceStore);
  const seen = new WeakSet<object>();
  return JSON.stringify(
    value,
    (_, v: unknown) => {
      if (typeof v === 'bigint') return `${v}n`;
      if (v !== null && typeof v === 'object') {
        if (seen.has(v)) return '[repeated object]';
        seen.add(v);
      }
      return v;
    },
    2,
  );
}

async function storedCopies(): Promise<StoredWorkspace[]> {
  const all = await entries<IDBValidKey, unknown>(workspaceStore);
  return all
    .filter(([key]) => typeof key === 'string' && (key === LEGACY_KEY || key.startsWith(TAB_KEY)))
    .map(([key, value]) => readStored(key as string, value));
}

function readStored(key: string, value: unknown): StoredWorkspace {
  if (key === LEGACY_KEY) return { key, savedAt: null, parsed: parseWorkspace(value) };
  try {
    const v = value as { savedAt?: unknown; state?: unknown } | null;
    const savedAt = typeof v?.savedAt === 'number' ? v.savedAt : null;
    return { key, savedAt, parsed: parseWorkspace(v?.state) };
  } catch {
    return { key, savedAt: null, parsed: parseWorkspace(value) };
  }
}

/**
 * The workspace in an address's fragment, if it holds one: the link's length is bounded before
 * it is decoded, and the decoding stops as soon as the text passes a workspace's largest size.
 */
export function workspaceInHash(hash: string): Parsed<WorkspaceState> | null {
  const encoded = new URLSearchParams(hash.replace(/^#/, '')).get(HASH);
  if (encoded === null) return null;
  if (encoded.length > MAX_LINK_CHARS)
    return {
      ok: false,
      message: `the link's workspace is ${encoded.length.toLocaleString('en-US')} characters long; a link holds at most ${MAX_LINK_CHARS.toLocaleString('en-US')} (save a larger workspace as a file).`,
    };
  const decoded = decompressUriComponentBounded(encoded, MAX_STATE_BYTES);
  if (!decoded.ok)
    return {
      ok: false,
      message:
        decoded.reason === 'too-long'
          ? `the link's workspace expands past ${MAX_STATE_BYTES.toLocaleString('en-US')} characters, more than a workspace holds.`
          : 'the link is damaged (its workspace cannot be decoded).',
    };
  return parseWorkspaceText(decoded.text);
}

/** The fragment holding a workspace (empty for a workspace on the user's own file). */
export function hashOf(state: WorkspaceState): string {
  if (state.source.kind !== 'sample') return '';
  return `#${HASH}=${compressToEncodedURIComponent(JSON.stringify(state))}`;
}

export function workspaceFileText(state: WorkspaceState): string {
  return `${JSON.stringify(state, null, 2)}\n`;
}
