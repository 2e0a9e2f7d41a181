import { formatBytes } from '../../core/data/csv/bytes.ts';

/**
 * The choices behind "Remember my files in this browser" that need no browser: whether a file
 * fits the space the browser grants this site, the sentence when it does not, and which kept
 * files no kept workspace names any more.
 */

/** A size as a person reads it: "1.2 GB", "300 MB" (a whole number without its ".0"). */
export function sizeText(bytes: number): string {
  return formatBytes(bytes).replace(/\.0 /, ' ');
}

/** A file kept in this browser: its SHA-256, size, and when it was written (ms since 1970). */
export interface KeptFile {
  sha256: string;
  size: number;
  storedAt: number;
}

/**
 * A file just written is not pruned for this long: its tab's workspace naming it may not be
 * saved yet (the two writes run side by side), and another tab may be between the two.
 */
export const PRUNE_GRACE_MS = 60_000;

/** The bytes this site may still store, from `navigator.storage.estimate()`; null when unknown. */
export function freeSpace(estimate: { quota?: number; usage?: number } | null): number | null {
  if (!estimate || typeof estimate.quota !== 'number' || !Number.isFinite(estimate.quota))
    return null;
  return Math.max(0, estimate.quota - (estimate.usage ?? 0));
}

/**
 * The one line said when a file is not remembered for want of space: `free` is what the
 * browser lets this site keep more (null when it did not say, the write itself was refused).
 * The workspace is still saved (it names the file, it never holds it), and nothing loaded is
 * lost.
 */
export function notRememberedMessage(name: string, size: number, free: number | null): string {
  const room =
    free === null
      ? 'this browser refused the space for it'
      : `this browser lets this site keep ${sizeText(free)} more`;
  return `${name} is ${sizeText(size)}; ${room}: it was not remembered; the workspace still is.`;
}

/** True when a file of this size fits in the free space (unknown space: try, the write says). */
export function fits(size: number, free: number | null): boolean {
  return free === null || size <= free;
}

/**
 * The kept files to delete: those no kept workspace names, unless written within the grace
 * period (their workspace may be on its way). `referenced` holds the SHA-256s that the
 * workspaces in this browser and this tab's table name.
 */
export function unreferenced(
  kept: readonly KeptFile[],
  referenced: ReadonlySet<string>,
  now: number,
): KeptFile[] {
  return kept.filter((f) => !referenced.has(f.sha256) && now - f.storedAt >= PRUNE_GRACE_MS);
}

/** "2 files, 1.2 MB" — what is kept, for the control beside the file picker. */
export function keptSummary(kept: readonly KeptFile[]): string {
  const bytes = kept.reduce((sum, f) => sum + f.size, 0);
  return `${kept.length} file${kept.length === 1 ? '' : 's'}, ${sizeText(bytes)}`;
}
