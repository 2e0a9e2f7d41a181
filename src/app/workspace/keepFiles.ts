import { create } from 'zustand';
import { useStore } from '../store/index.ts';
import { knownSha256, sha256Of } from './fileHash.ts';
import {
  fits,
  freeSpace,
  notRememberedMessage,
  unreferenced,
  type KeptFile,
} from './keepPolicy.ts';
import {
  deleteAllKeptFiles,
  deleteKeptFile,
  isKept,
  listKeptFiles,
  readKeptFile,
  writeKeptFile,
} from './keptFiles.ts';
import { referencedFiles } from './persist.ts';

/**
 * "Remember my files in this browser" (off unless the user turns it on): the user's file, once
 * loaded, is kept in this site's own storage (keptFiles.ts) so that a reload, or "Reopen it",
 * opens its workspace without asking for the file. Off, no file's bytes are kept anywhere:
 * turning it off, or "Forget my files", deletes every kept file (and a page that starts with
 * it off deletes any left over). Only the choice itself is remembered, in localStorage, so every
 * tab of this site follows it. Every write and deletion runs one at a time, in order.
 */
const SETTING = 'explorer-remember-files';

export interface KeepFilesState {
  on: boolean;
  /** The files kept now (null until listed). */
  kept: KeptFile[] | null;
  /** What this browser lets this site store more (navigator.storage.estimate), null if unknown. */
  free: number | null;
  /** Whether the browser made this site's storage persistent (it is then not evicted). */
  persisted: boolean | null;
  /** The last file not remembered, in one line (null once dismissed or one is kept). */
  failure: string | null;
}

export const useKeepFiles = create<KeepFilesState>()(() => ({
  on: readSetting(),
  kept: null,
  free: null,
  persisted: null,
  failure: null,
}));

let queue: Promise<void> = Promise.resolve();
/** Runs a storage step after the ones before it; a failure of one never stops the next. */
function inTurn(step: () => Promise<void>): Promise<void> {
  queue = queue.then(step).catch(() => {});
  return queue;
}

/** Starts following the table shown and the choice made in other tabs; once per page. */
export function startKeepingFiles(): void {
  if (!useKeepFiles.getState().on) void inTurn(deleteAllKeptFiles);
  void refreshKept();
  useStore.subscribe((s, p) => {
    if (s.loaded !== p.loaded && s.loaded) void inTurn(keepCurrentFile);
  });
  window.addEventListener('storage', (e) => {
    if (e.key === SETTING) useKeepFiles.setState({ on: readSetting() });
  });
}

/** Turns remembering on (the file shown is kept at once) or off (every kept file is deleted). */
export function setRemember(on: boolean): Promise<void> {
  writeSetting(on);
  useKeepFiles.setState({ on, failure: null });
  if (!on) return forgetFiles();
  // Asked on the user's click: a persistent site is not evicted when the disk runs low.
  void navigator.storage
    ?.persist?.()
    .then((persisted) => useKeepFiles.setState({ persisted }))
    .catch(() => {});
  return inTurn(keepCurrentFile);
}

/** Deletes every kept file and stops remembering: a reload then asks for the file again. */
export async function forgetFiles(): Promise<void> {
  writeSetting(false);
  useKeepFiles.setState({ on: false, failure: null });
  await inTurn(deleteAllKeptFiles);
  await refreshKept();
}

/**
 * The kept copy of a workspace's file, as a file of its name (its size is checked here, its
 * SHA-256 when the workspace opens it); null when remembering is off or it is not kept.
 */
export async function keptFileFor(source: {
  name: string;
  size: number;
  sha256: string;
}): Promise<File | null> {
  if (!useKeepFiles.getState().on) return null;
  try {
    const blob = await readKeptFile(source.sha256, source.size);
    return blob ? new File([blob], source.name, { type: blob.type }) : null;
  } catch {
    return null;
  }
}

/**
 * Deletes the kept files that no workspace in this browser names any more (a tab moved to
 * another file, a closed tab's copy dropped from the 20 kept, "Start over"): not the file this
 * tab shows, nor one just written. When the workspaces cannot be read, nothing is deleted.
 */
export function pruneKeptFiles(): Promise<void> {
  return inTurn(async () => {
    const kept = await listKeptFiles();
    if (kept.length === 0) return;
    const named = await referencedFiles();
    const source = useStore.getState().source;
    const shown = source && source.sample === undefined ? knownSha256(source.file) : undefined;
    if (shown !== undefined) named.add(shown);
    for (const file of unreferenced(kept, named, Date.now())) await deleteKeptFile(file.sha256);
    await refreshKept();
  });
}

export function dismissKeepFailure(): void {
  useKeepFiles.setState({ failure: null });
}

/** Keeps the user's file shown (hashed once), when remembering is on and it is not kept yet. */
async function keepCurrentFile(): Promise<void> {
  const { source, loaded } = useStore.getState();
  if (!useKeepFiles.getState().on || !source || source.sample !== undefined || !loaded) return;
  const file = source.file;
  const sha256 = await sha256Of(file);
  if (!useKeepFiles.getState().on || (await isKept(sha256, file.size))) return;
  // Checked before writing: a file larger than the space left is not started at all.
  const free = freeSpace(await estimate());
  if (!fits(file.size, free)) {
    useKeepFiles.setState({ failure: notRememberedMessage(source.name, file.size, free) });
    return;
  }
  try {
    await writeKeptFile(sha256, file);
    // Turned off in another tab while this was written: off means no file kept, so not this one.
    if (savedSetting() === false) await deleteKeptFile(sha256);
    useKeepFiles.setState({ failure: null });
  } catch (error) {
    useKeepFiles.setState({ failure: failureOf(source.name, file.size, error) });
  }
  await refreshKept();
}

function failureOf(name: string, size: number, error: unknown): string {
  const named = error as { name?: unknown; message?: unknown } | null;
  if (named?.name === 'QuotaExceededError') return notRememberedMessage(name, size, null);
  const why = typeof named?.message === 'string' && named.message ? named.message : 'refused';
  return `${name} could not be remembered in this browser (${why}); the workspace still is.`;
}

/** Lists what is kept and the space left, for the control beside the file picker. */
async function refreshKept(): Promise<void> {
  const [kept, space, persisted] = await Promise.all([
    listKeptFiles().catch(() => []),
    estimate(),
    navigator.storage?.persisted?.().catch(() => null) ?? Promise.resolve(null),
  ]);
  useKeepFiles.setState({ kept, free: freeSpace(space), persisted });
}

async function estimate(): Promise<StorageEstimate | null> {
  try {
    return (await navigator.storage?.estimate?.()) ?? null;
  } catch {
    return null;
  }
}

/** The choice saved for this site; null when localStorage cannot be read. */
function savedSetting(): boolean | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(SETTING) === 'on';
  } catch {
    return null;
  }
}

function readSetting(): boolean {
  return savedSetting() ?? false; // storage disabled: nothing is remembered unless ticked here
}

function writeSetting(on: boolean): void {
  try {
    if (on) localStorage.setItem(SETTING, 'on');
    else localStorage.removeItem(SETTING);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}
