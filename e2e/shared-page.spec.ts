import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures.ts';

// The worker's page is shared by the tests of specs that stay inside it (sharedPage.ts). These two
// tests run in order in one worker: the first leaves every kind of state the app or a test can
// leave; the second gets the same page with none of it.
let first: Page | undefined;
let listenerCalls = 0;

test('a test leaves storage, a file, a cache, a viewport, a colour scheme and a listener', async ({
  page,
}) => {
  await openApp(page);
  first = page;
  await page.evaluate(async () => {
    sessionStorage.setItem('left', '1');
    localStorage.setItem('left', '1');
    await new Promise<void>((resolve) => {
      const open = indexedDB.open('left-behind');
      open.onupgradeneeded = () => open.result.createObjectStore('s');
      open.onsuccess = () => (open.result.close(), resolve());
    });
    const root = await navigator.storage.getDirectory();
    await root.getFileHandle('left.txt', { create: true });
    await (await caches.open('left-cache')).put('/left', new Response('1'));
  });
  await page.setViewportSize({ width: 900, height: 700 });
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  page.on('console', () => (listenerCalls += 1));
});

test('the next test gets the same page with none of it', async ({ page }) => {
  test.skip(first === undefined, 'runs after the test above, in the same worker');
  expect(page, 'the page is shared').toBe(first);
  await openApp(page);
  expect(page.viewportSize()).toEqual({ width: 1400, height: 1000 });
  const left = await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const files: string[] = [];
    for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys())
      files.push(name);
    return {
      session: sessionStorage.getItem('left'),
      local: localStorage.getItem('left'),
      databases: (await indexedDB.databases()).map((d) => d.name),
      files,
      caches: (await caches.keys()).filter((name) => name === 'left-cache'),
      dark: matchMedia('(prefers-color-scheme: dark)').matches,
      reduced: matchMedia('(prefers-reduced-motion: reduce)').matches,
    };
  });
  expect(left).toEqual({
    session: null,
    local: null,
    databases: expect.not.arrayContaining(['left-behind']) as unknown,
    files: [],
    caches: [],
    dark: false,
    reduced: false,
  });
  await page.evaluate(() => console.log('heard by no listener of the test before'));
  expect(listenerCalls).toBe(0);
});
