import { del, delMany, entries, get, set } from 'idb-keyval';
import { workspaceStore } from './browserStore.ts';
import type { KeptFile } from './keepPolicy.ts';

/**
 * The bytes of the user's files kept in this browser ("Remember my files"), named by their
 * SHA-256: in the origin private file system (OPFS, a folder of its own) where the browser can
 * write it from the page, else in IndexedDB beside the workspaces. Both are this site's own
 * storage: nothing here ever goes to the network. A file is written as a stream, so a large one
 * does not need its size in memory; OPFS commits it only once complete, and one cut short is
 * removed.
 */
const FOLDER = 'kept-files';
/** IndexedDB keys of kept files (the fallback), beside the workspaces' `workspace:tab:` keys. */
export const IDB_PREFIX = 'kept-file:';
const SHA256 = /^[0-9a-f]{64}$/;

interface IdbKept {
  storedAt: number;
  blob: Blob;
}

/** The folder's entries (lib.dom's async iteration types are not in this project's lib). */
type Listing = AsyncIterable<[string, FileSystemHandle]>;

/** This site's OPFS root, or null where the browser has none (or refuses it, e.g. private mode). */
async function opfsRoot(): Promise<FileSystemDirectoryHandle | null> {
  try {
    return typeof navigator.storage?.getDirectory === 'function'
      ? await navigator.storage.getDirectory()
      : null;
  } catch {
    return null;
  }
}

/** The folder of kept files; created only to write, so nothing appears until a file is kept. */
async function folder(create: boolean): Promise<FileSystemDirectoryHandle | null> {
  const root = await opfsRoot();
  if (!root) return null;
  try {
    return await root.getDirectoryHandle(FOLDER, { create });
  } catch {
    return null;
  }
}

/** OPFS is written from the page where `createWritable` exists (Chromium, Firefox). */
function opfsWritable(): boolean {
  return (
    typeof FileSystemFileHandle !== 'undefined' &&
    typeof FileSystemFileHandle.prototype.createWritable === 'function'
  );
}

/** Keeps a file's bytes under its SHA-256; throws what the browser said (a QuotaExceededError …). */
export async function writeKeptFile(sha256: string, file: Blob): Promise<void> {
  const dir = opfsWritable() ? await folder(true) : null;
  if (!dir) {
    await set(`${IDB_PREFIX}${sha256}`, { storedAt: Date.now(), blob: file }, workspaceStore);
    return;
  }
  const handle = await dir.getFileHandle(sha256, { create: true });
  try {
    // pipeTo closes the stream (OPFS then commits the file) or aborts it on failure.
    await file.stream().pipeTo(await handle.createWritable());
  } catch (error) {
    await dir.removeEntry(sha256).catch(() => {});
    // The folder too, when nothing else is in it (a non-recursive removal refuses otherwise).
    await (await opfsRoot())?.removeEntry(FOLDER).catch(() => {});
    throw error;
  }
}

/** The kept bytes of a file, or null when none of that size is kept (one cut short is ignored). */
export async function readKeptFile(sha256: string, size: number): Promise<Blob | null> {
  const dir = await folder(false);
  if (dir) {
    try {
      const file = await (await dir.getFileHandle(sha256)).getFile();
      if (file.size === size) return file;
    } catch {
      // not in OPFS: maybe in IndexedDB
    }
  }
  const kept = await get<IdbKept>(`${IDB_PREFIX}${sha256}`, workspaceStore).catch(() => undefined);
  return kept?.blob instanceof Blob && kept.blob.size === size ? kept.blob : null;
}

/** Whether a file's bytes are kept already. */
export async function isKept(sha256: string, size: number): Promise<boolean> {
  return (await readKeptFile(sha256, size)) !== null;
}

/** Every kept file, in both places. */
export async function listKeptFiles(): Promise<KeptFile[]> {
  const out: KeptFile[] = [];
  const dir = await folder(false);
  if (dir)
    for await (const [name, handle] of (dir as unknown as { entries(): Listing }).entries()) {
      if (handle.kind !== 'file' || !SHA256.test(name)) continue;
      const file = await (handle as FileSystemFileHandle).getFile();
      out.push({ sha256: name, size: file.size, storedAt: file.lastModified });
    }
  const all = await entries<IDBValidKey, unknown>(workspaceStore).catch(() => []);
  for (const [key, value] of all) {
    if (typeof key !== 'string' || !key.startsWith(IDB_PREFIX)) continue;
    const v = value as Partial<IdbKept> | null;
    out.push({
      sha256: key.slice(IDB_PREFIX.length),
      size: v?.blob instanceof Blob ? v.blob.size : 0,
      storedAt: typeof v?.storedAt === 'number' ? v.storedAt : 0,
    });
  }
  return out;
}

export async function deleteKeptFile(sha256: string): Promise<void> {
  const dir = await folder(false);
  await dir?.removeEntry(sha256).catch(() => {});
  await del(`${IDB_PREFIX}${sha256}`, workspaceStore).catch(() => {});
}

/** Deletes every kept file: the OPFS folder and every IndexedDB key of one. */
export async function deleteAllKeptFiles(): Promise<void> {
  const root = await opfsRoot();
  await root?.removeEntry(FOLDER, { recursive: true }).catch(() => {}); // none: nothing to delete
  const all = await entries<IDBValidKey, unknown>(workspaceStore).catch(() => []);
  const keys = all
    .map(([key]) => key)
    .filter((key) => typeof key === 'string' && key.startsWith(IDB_PREFIX));
  if (keys.length > 0) await delMany(keys, workspaceStore);
}
