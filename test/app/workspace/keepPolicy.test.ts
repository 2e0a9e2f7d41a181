import { describe, expect, it } from 'vitest';
import {
  fits,
  freeSpace,
  keptSummary,
  notRememberedMessage,
  PRUNE_GRACE_MS,
  sizeText,
  unreferenced,
  type KeptFile,
} from '../../../src/app/workspace/keepPolicy.ts';

const GB = 1024 ** 3;
const MB = 1024 ** 2;
const sha = (c: string) => c.repeat(64);

describe('the room a browser grants this site', () => {
  it('is the quota less what is used, never below zero, unknown when the browser does not say', () => {
    expect(freeSpace({ quota: 500 * MB, usage: 200 * MB })).toBe(300 * MB);
    expect(freeSpace({ quota: 100, usage: 150 })).toBe(0);
    expect(freeSpace({ quota: 100 })).toBe(100);
    expect(freeSpace({ usage: 10 })).toBeNull();
    expect(freeSpace({ quota: Number.POSITIVE_INFINITY, usage: 0 })).toBeNull();
    expect(freeSpace(null)).toBeNull();
  });

  it('holds a file no larger than it; an unknown room lets the write try', () => {
    expect(fits(300 * MB, 300 * MB)).toBe(true);
    expect(fits(300 * MB + 1, 300 * MB)).toBe(false);
    expect(fits(1.2 * GB, null)).toBe(true);
  });
});

describe('a size in words', () => {
  it('keeps one decimal, dropped when it is zero', () => {
    expect(sizeText(1.2 * GB)).toBe('1.2 GB');
    expect(sizeText(300 * MB)).toBe('300 MB');
    expect(sizeText(1000)).toBe('1000 bytes');
    expect(sizeText(4500)).toBe('4.4 KB');
  });
});

describe('the line said when a file is not remembered', () => {
  it('names the file, its size and the room left, and says the workspace is still saved', () => {
    expect(notRememberedMessage('census.csv', 1.2 * GB, 300 * MB)).toBe(
      'census.csv is 1.2 GB; this browser lets this site keep 300 MB more: it was not remembered; the workspace still is.',
    );
  });

  it('says the browser refused the space when the write itself was refused', () => {
    expect(notRememberedMessage('a.csv', 4500, null)).toBe(
      'a.csv is 4.4 KB; this browser refused the space for it: it was not remembered; the workspace still is.',
    );
  });
});

describe('which kept files are pruned', () => {
  const now = 10 * PRUNE_GRACE_MS;
  const old = now - PRUNE_GRACE_MS;
  const kept: KeptFile[] = [
    { sha256: sha('a'), size: 10, storedAt: old },
    { sha256: sha('b'), size: 20, storedAt: old },
    { sha256: sha('c'), size: 30, storedAt: now - 1000 },
  ];

  it('deletes the files no workspace names, once past the grace period', () => {
    expect(unreferenced(kept, new Set([sha('a')]), now).map((f) => f.sha256)).toEqual([sha('b')]);
  });

  it('keeps a file just written, whose workspace may be on its way', () => {
    expect(unreferenced(kept, new Set(), now).map((f) => f.sha256)).toEqual([sha('a'), sha('b')]);
  });

  it('keeps everything every workspace names (a closed tab’s among the 20 kept)', () => {
    expect(unreferenced(kept, new Set([sha('a'), sha('b'), sha('c')]), now)).toEqual([]);
  });
});

describe('what the control says is kept', () => {
  it('counts the files and adds their sizes', () => {
    expect(keptSummary([{ sha256: sha('a'), size: 1536, storedAt: 0 }])).toBe('1 file, 1.5 KB');
    expect(
      keptSummary([
        { sha256: sha('a'), size: MB, storedAt: 0 },
        { sha256: sha('b'), size: MB, storedAt: 0 },
      ]),
    ).toBe('2 files, 2 MB');
  });
});
