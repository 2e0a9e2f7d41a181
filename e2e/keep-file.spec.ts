import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createRandom } from '../src/core/base/random.ts';
import {
  addPanel,
  chooseFile,
  expect,
  expectSummary,
  openApp,
  ownSavedCopy,
  test,
  textFile,
  waitIdle,
  workspaceAction,
  ZOO,
} from './fixtures.ts';

/**
 * Issue 48, "Keep the file (opt-in)": with "Remember my files in this browser" on, the user's
 * file is kept in this site's own storage (OPFS, else IndexedDB) and a reload reopens it and its
 * panels without a picker; off, nothing of the file is stored; "Forget my files" deletes it; a
 * file the browser has no room for is said in one line and the table shown stays.
 */

const RESULT = { timeout: 30_000 } as const;
const NAME = 'field-survey.csv';

/** A generated table (not a bundled sample): 150 rows, four attributes that couple, a class. */
function surveyCsv(): string {
  const { next } = createRandom(48);
  const pick = (values: string[], group: number) =>
    values[next() < 0.6 ? group % values.length : Math.floor(next() * values.length)] as string;
  const lines = ['habitat,colour,size,call,class'];
  for (let r = 0; r < 150; r++) {
    const g = Math.floor(next() * 3);
    lines.push(
      [
        pick(['forest', 'meadow', 'marsh'], g),
        pick(['brown', 'green', 'grey', 'red'], g),
        pick(['small', 'medium', 'large'], g),
        pick(['trill', 'chirp', 'none'], g),
        ['owl', 'finch', 'heron'][g],
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

const CSV = surveyCsv();
const SHA256 = createHash('sha256').update(CSV).digest('hex');

const remember = (page: Page) =>
  page.getByRole('checkbox', { name: 'Remember my files in this browser' });

/**
 * What this site keeps of any file: every entry of its OPFS (its root, recursively) and every
 * IndexedDB key of the workspace store that holds a file's bytes (a Blob, or a kept-file key).
 */
async function stored(page: Page): Promise<{ opfs: string[]; idb: string[] }> {
  return page.evaluate(async () => {
    const opfs: string[] = [];
    type Dir = FileSystemDirectoryHandle & {
      entries(): AsyncIterable<[string, FileSystemHandle]>;
    };
    const walk = async (dir: Dir, path: string) => {
      for await (const [name, handle] of dir.entries()) {
        opfs.push(`${path}${name}`);
        if (handle.kind === 'directory') await walk(handle as Dir, `${path}${name}/`);
      }
    };
    await walk((await navigator.storage.getDirectory()) as Dir, '');
    const idb = await new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open('keyval-store');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const out: string[] = [];
        if (!db.objectStoreNames.contains('keyval')) return resolve(out);
        const cursor = db.transaction('keyval', 'readonly').objectStore('keyval').openCursor();
        cursor.onsuccess = () => {
          const at = cursor.result;
          if (!at) {
            db.close();
            return resolve(out);
          }
          const v = at.value as { blob?: unknown } | null;
          const bytes = v instanceof Blob || v?.blob instanceof Blob;
          if (bytes || String(at.key).startsWith('kept-file:')) out.push(String(at.key));
          at.continue();
        };
        cursor.onerror = () => reject(cursor.error);
      };
    });
    return { opfs, idb };
  });
}

/** The file chosen, a panel with results, and this tab's workspace saved naming the file. */
async function chooseAndBuild(page: Page) {
  await chooseFile(page, textFile(NAME, CSV));
  await expectSummary(page, { rows: 150, name: NAME });
  const panel = await addPanel(page, 'value-partitions:cde');
  await expect(panel.getByTestId('cluster-summary')).toContainText(/granularities/, RESULT);
  await waitIdle(page, RESULT.timeout);
  await expect.poll(() => ownSavedCopy(page), RESULT).toContain(SHA256);
  return panel.getByTestId('cluster-summary').textContent();
}

/** Fails the test when the page opens a file picker. */
function noPicker(page: Page): () => number {
  let pickers = 0;
  page.on('filechooser', () => pickers++);
  return () => pickers;
}

test('with “Remember my files” on, a reload and “Reopen it” bring the file and its panels back without a picker', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await openApp(page);
  await expect(remember(page)).not.toBeChecked();
  await remember(page).check();
  const clusters = await chooseAndBuild(page);
  await expect
    .poll(async () => (await stored(page)).opfs, RESULT)
    .toContain(`kept-files/${SHA256}`);
  await expect(page.getByTestId('keep-files-status')).toContainText('Kept: 1 file, 4.4 KB');
  // The bytes kept are the file's, in this browser's own storage.
  const kept = await page.evaluate(async (sha) => {
    const root = await navigator.storage.getDirectory();
    const dir = await root.getDirectoryHandle('kept-files');
    return (await (await dir.getFileHandle(sha)).getFile()).text();
  }, SHA256);
  expect(kept).toBe(CSV);

  const pickers = noPicker(page);
  await page.reload();
  await expectSummary(page, { rows: 150, name: NAME });
  await expect(
    page.getByTestId('panel-value-partitions').getByTestId('cluster-summary'),
  ).toHaveText(clusters ?? '', RESULT);
  await expect(page.getByTestId('workspace-reopen')).toHaveCount(0);
  await expect(remember(page)).toBeChecked();

  // A fresh tab offers the closed tab's workspace: "Reopen it" opens it with the kept file.
  await page.close();
  const fresh = await context.newPage();
  const freshPickers = noPicker(fresh);
  await openApp(fresh);
  await fresh.getByTestId('workspace-offer').getByRole('button', { name: 'Reopen it' }).click();
  await expectSummary(fresh, { rows: 150, name: NAME });
  await expect(
    fresh.getByTestId('panel-value-partitions').getByTestId('cluster-summary'),
  ).toHaveText(clusters ?? '', RESULT);
  await expect(fresh.getByTestId('workspace-reopen')).toHaveCount(0);

  // A saved workspace file opens on the kept file too: "Open workspace…" asks for no data file.
  const [download] = await Promise.all([
    fresh.waitForEvent('download'),
    workspaceAction(fresh, 'Save workspace'),
  ]);
  const saved = await readFile((await download.path()) as string, 'utf-8');
  await fresh.getByTestId('sample-zoo.csv').click();
  await expectSummary(fresh, ZOO);
  await fresh
    .getByTestId('workspace-file-input')
    .setInputFiles(textFile('survey-workspace.json', saved, 'application/json'));
  await expectSummary(fresh, { rows: 150, name: NAME });
  await expect(
    fresh.getByTestId('panel-value-partitions').getByTestId('cluster-summary'),
  ).toHaveText(clusters ?? '', RESULT);
  expect(pickers() + freshPickers()).toBe(0);
});

test('a kept file no workspace names any more is deleted; the file shown stays kept', async ({
  page,
}) => {
  await openApp(page);
  await remember(page).check();
  await chooseAndBuild(page);
  await expect
    .poll(async () => (await stored(page)).opfs, RESULT)
    .toContain(`kept-files/${SHA256}`);
  // Two minutes later (past the grace a file just written has), this tab moves to another file.
  await page.evaluate(() => {
    const now = Date.now.bind(Date);
    Date.now = () => now() + 120_000;
  });
  const other = 'species,colour\nowl,brown\nfinch,red\nheron,grey\nowl,grey\n';
  await chooseFile(page, textFile('other.csv', other));
  await expectSummary(page, { rows: 4, name: 'other.csv' });
  const otherSha = createHash('sha256').update(other).digest('hex');
  await expect
    .poll(async () => (await stored(page)).opfs, RESULT)
    .toEqual(['kept-files', `kept-files/${otherSha}`]);
  await expect(page.getByTestId('keep-files-status')).toContainText('Kept: 1 file, 55 bytes');
});

test('with “Remember my files” off, nothing of the file is stored and a reload asks for it', async ({
  page,
}) => {
  await openApp(page);
  await expect(remember(page)).not.toBeChecked();
  await chooseAndBuild(page);
  await page.reload();
  await expect(page.getByTestId('workspace-reopen')).toContainText(NAME);
  expect(await stored(page)).toEqual({ opfs: [], idb: [] });
});

test('“Forget my files” deletes the kept file and stops remembering: a reload asks again', async ({
  page,
}) => {
  await openApp(page);
  await remember(page).check();
  await chooseAndBuild(page);
  await expect
    .poll(async () => (await stored(page)).opfs, RESULT)
    .toContain(`kept-files/${SHA256}`);
  await page.getByRole('button', { name: 'Forget my files' }).click();
  await expect(remember(page)).not.toBeChecked();
  await expect.poll(() => stored(page)).toEqual({ opfs: [], idb: [] });
  // The table shown stays.
  await expectSummary(page, { rows: 150, name: NAME });
  await page.reload();
  await expect(page.getByTestId('workspace-reopen')).toContainText(NAME);
  expect(await stored(page)).toEqual({ opfs: [], idb: [] });
});

test('a file larger than the room left is not written, said in one line, and the table stays', async ({
  page,
}) => {
  // The browser grants this site 1,000 bytes more: the 4.4 KB file does not fit.
  await page.addInitScript(() => {
    StorageManager.prototype.estimate = () => Promise.resolve({ quota: 50_000, usage: 49_000 });
  });
  await openApp(page);
  await remember(page).check();
  await chooseAndBuild(page);
  await expect(page.getByTestId('keep-file-failed')).toHaveText(
    `${NAME} is 4.4 KB; this browser lets this site keep 1000 bytes more: it was not remembered; the workspace still is.×`,
  );
  await expectSummary(page, { rows: 150, name: NAME });
  expect(await stored(page)).toEqual({ opfs: [], idb: [] });
});

test('a write the browser refuses for its quota is said in one line, leaves nothing, and the table stays', async ({
  page,
}) => {
  await page.addInitScript(() => {
    FileSystemFileHandle.prototype.createWritable = () =>
      Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
  });
  await openApp(page);
  await remember(page).check();
  await chooseAndBuild(page);
  await expect(page.getByTestId('keep-file-failed')).toContainText(
    `${NAME} is 4.4 KB; this browser refused the space for it: it was not remembered; the workspace still is.`,
  );
  await expectSummary(page, { rows: 150, name: NAME });
  await expect(
    page.getByTestId('panel-value-partitions').getByTestId('cluster-summary'),
  ).toContainText(/granularities/);
  // The file begun is removed, and a reload asks for the file.
  expect(await stored(page)).toEqual({ opfs: [], idb: [] });
  await page.reload();
  await expect(page.getByTestId('workspace-reopen')).toContainText(NAME);
});

test('without OPFS the file is kept in IndexedDB, reopened on reload, and forgotten', async ({
  page,
}) => {
  await page.addInitScript(() => {
    // A browser without the origin private file system.
    delete (StorageManager.prototype as { getDirectory?: unknown }).getDirectory;
  });
  await openApp(page);
  await remember(page).check();
  const clusters = await chooseAndBuild(page);
  const idbOnly = async () => {
    const all = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const open = indexedDB.open('keyval-store');
          open.onsuccess = () => {
            const keys = open.result.transaction('keyval').objectStore('keyval').getAllKeys();
            keys.onsuccess = () => resolve(keys.result.map(String));
          };
        }),
    );
    return all.filter((k) => k.startsWith('kept-file:'));
  };
  await expect.poll(idbOnly, RESULT).toEqual([`kept-file:${SHA256}`]);
  await page.reload();
  await expectSummary(page, { rows: 150, name: NAME });
  await expect(
    page.getByTestId('panel-value-partitions').getByTestId('cluster-summary'),
  ).toHaveText(clusters ?? '', RESULT);
  await expect(page.getByTestId('workspace-reopen')).toHaveCount(0);
  await page.getByRole('button', { name: 'Forget my files' }).click();
  await expect.poll(idbOnly).toEqual([]);
});
