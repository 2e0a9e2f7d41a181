import type { Page } from '@playwright/test';
import { hostileWorkspaces } from '../test/fuzz/hostileWorkspaces.ts';
import {
  addPanel,
  expect,
  expectRefusal,
  expectSummary,
  openApp,
  ownSavedCopy,
  savedCopies,
  test,
  textFile,
  ZOO,
} from './fixtures.ts';

/**
 * The state fuzz: 20 hostile workspaces generated from the schema with a seed (the cases that
 * once blanked the page for good — a call of null, a missing input, a list given as an object —
 * out-of-range and wrong-typed numbers, lz-string bombs, then seeded type confusions;
 * test/fuzz/hostileWorkspaces.ts), each opened as a link and as a file. Every time the page
 * stays alive and shows the data summary, the reason stays on screen, and every copy saved in
 * this browser is byte for byte what it was before.
 */
const CASES = hostileWorkspaces(20);

/** A workspace of this tab saved in the browser: the app with one panel added, autosaved. */
async function savedWorkspace(page: Page): Promise<Record<string, string>> {
  await openApp(page);
  await addPanel(page, 'rows');
  await expect
    .poll(async () => Object.values(await savedCopies(page)).some((v) => v.includes('"rows"')))
    .toBe(true);
  return savedCopies(page);
}

test('20 hostile workspaces as links: the page lives, the reason stays, nothing saved changes', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const before = await savedWorkspace(page);
  for (const c of CASES) {
    await test.step(c.name, async () => {
      await page.goto('about:blank');
      await page.goto(`/#w=${c.link}`);
      await expectSummary(page, { features: ZOO.features, name: ZOO.name });
      const message = await expectRefusal(page);
      await expect(message).toContainText('link');
      // Still there once everything has loaded (a sample opened after it does not clear it).
      await expect(page.getByTestId('job')).toHaveCount(0);
      await expect(message).toBeVisible();
      expect(await savedCopies(page)).toEqual(before);
    });
  }
});

test('20 hostile workspaces as files: the page lives, the reason stays, nothing saved changes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const before = await savedWorkspace(page);
  const panels = await page
    .getByTestId('workspace')
    .locator(':scope > section h2')
    .allTextContents();
  for (const [i, c] of CASES.entries()) {
    await test.step(c.name, async () => {
      const name = `hostile-${i + 1}.json`;
      await page
        .getByTestId('workspace-file-input')
        .setInputFiles(textFile(name, c.file, 'application/json'));
      const message = await expectRefusal(page);
      await expect(message).toContainText(`“${name}”`);
      await expectSummary(page, { features: ZOO.features, name: ZOO.name });
      expect(
        await page.getByTestId('workspace').locator(':scope > section h2').allTextContents(),
      ).toEqual(panels);
      expect(await savedCopies(page)).toEqual(before);
    });
  }
  // Every refusal is still on screen, one per file.
  await expect(page.getByTestId('workspace-refusal')).toHaveCount(CASES.length);
});

test('a saved copy the browser holds but JSON cannot (a BigInt, a cycle) is said, kept aside and never written over', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await savedWorkspace(page);
  const own = await page.evaluate(() => `workspace:tab:${sessionStorage.getItem('explorer-tab')}`);
  // This tab's copy replaced by one holding a BigInt and a cycle (IndexedDB keeps both).
  await page.evaluate(
    (key) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onsuccess = () => {
          const db = open.result;
          const state: Record<string, unknown> = {
            format: 'coupled-explorer-workspace',
            version: 1n,
          };
          state.self = state;
          const tx = db.transaction('keyval', 'readwrite');
          tx.objectStore('keyval').put({ savedAt: Date.now(), state }, key);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    own,
  );
  const poisoned = (await savedCopies(page))[own];
  await page.reload();
  await expectSummary(page, { features: ZOO.features, name: ZOO.name });
  const message = await expectRefusal(page);
  await expect(message).toContainText('could not be read');
  await expect(message).toContainText('kept aside');
  const refusal = page.getByTestId('workspace-refusal').last();
  await expect(refusal.getByRole('button', { name: 'Export the unreadable copy' })).toBeVisible();
  // A change is saved under a new key; the unreadable copy stays as it was.
  await addPanel(page, 'rows');
  await expect
    .poll(async () =>
      Object.entries(await savedCopies(page)).some(([k, v]) => k !== own && v.includes('"rows"')),
    )
    .toBe(true);
  expect((await savedCopies(page))[own]).toBe(poisoned);
});

test('a browser database without its store is repaired, and saving works again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openApp(page);
  // The database replaced by one of the same name without its store (the page's connection gives way).
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const drop = indexedDB.deleteDatabase('keyval-store');
        drop.onerror = () => reject(drop.error);
        drop.onsuccess = () => {
          const open = indexedDB.open('keyval-store', 1);
          open.onsuccess = () => {
            open.result.close();
            resolve();
          };
          open.onerror = () => reject(open.error);
        };
      }),
  );
  await addPanel(page, 'rows');
  await expect.poll(async () => (await ownSavedCopy(page)).includes('"rows"')).toBe(true);
  await expect(page.getByTestId('workspace-save-failed')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('panel-rows')).toBeVisible();
});
