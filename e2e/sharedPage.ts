import { readFileSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';

/**
 * One page per Playwright worker, reused from test to test (issue 49: the suite's time).
 *
 * A test's page used to be a new browser context: a new renderer, an empty HTTP and code cache,
 * about 2.9 CPU-s to open the app on zoo, against about 1.0 for a `goto` in a page that has
 * opened it before. Most tests only need a page that starts on nothing the previous test left:
 * between two tests the page leaves the app, and everything the app keeps in the browser for its
 * origin is deleted (session and local storage, IndexedDB, the origin's private file system, the
 * service worker's caches and registration); listeners, viewport and media emulation go back to
 * the defaults. A test that failed takes its page with it: the next one starts a new context.
 *
 * A spec that reaches past the page (its own context or browser, init scripts, routes, a clock,
 * `test.use` options: see CONTEXT_LEVEL) gets a page of its own in a new context, as before.
 */

/** APIs whose effect outlives a test in the page or its context, or that need options of their own. */
export const CONTEXT_LEVEL = new RegExp(
  [
    String.raw`\(\{[^()]*\b(context|browser)\b[^()]*\}`, // the fixture itself, destructured
    String.raw`\b(context|browser)(\(\))?\.\w`, // page.context().…, browser.…
    'addInitScript|exposeFunction|exposeBinding|routeFromHAR|setExtraHTTPHeaders',
    String.raw`\.clock\.|\.route\(|setDefault(Navigation)?Timeout|test\.use\(`,
  ].join('|'),
);

const sharable = new Map<string, boolean>();

/** Whether the spec file's tests can share the worker's page (read once per file). */
export function sharesPage(specFile: string): boolean {
  let shares = sharable.get(specFile);
  if (shares === undefined) {
    shares = !CONTEXT_LEVEL.test(readFileSync(specFile, 'utf8'));
    sharable.set(specFile, shares);
  }
  return shares;
}

/** The worker's page, made on first use with the project's context options. */
export class SharedPage {
  private page: Page | undefined;

  constructor(
    private readonly browser: Browser,
    private readonly options: BrowserContextOptions,
  ) {}

  async take(): Promise<Page> {
    if (this.page === undefined || this.page.isClosed()) {
      const context = await this.browser.newContext(this.options);
      this.page = await context.newPage();
    }
    return this.page;
  }

  /** After a passing test: the page leaves the app and the origin's stored state is deleted. */
  async reset(origin: string): Promise<void> {
    const page = this.page;
    if (page === undefined) return;
    try {
      page.removeAllListeners();
      for (const other of page.context().pages()) if (other !== page) await other.close();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      // A same-origin document that runs none of the app: its scripts may clear the storage.
      await page.goto(`${origin}/datasets/index.json`);
      await page.evaluate(forgetOrigin);
      if (this.options.viewport) await page.setViewportSize(this.options.viewport);
      await page.emulateMedia({
        media: null,
        colorScheme: 'light',
        reducedMotion: 'no-preference',
        forcedColors: 'none',
      });
    } catch {
      await this.discard();
    }
  }

  /** After a failed test, or when the worker ends: the context goes. */
  async discard(): Promise<void> {
    const page = this.page;
    this.page = undefined;
    await page?.context().close();
  }
}

/** Runs in the page: deletes everything the origin keeps in this browser. */
async function forgetOrigin(): Promise<void> {
  sessionStorage.clear();
  localStorage.clear();
  const databases = await indexedDB.databases();
  await Promise.all(
    databases.map(
      ({ name }) =>
        new Promise<void>((resolve, reject) => {
          if (name === undefined) return resolve();
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = () => resolve();
          request.onerror = () => reject(request.error ?? new Error(`cannot delete ${name}`));
          request.onblocked = () => reject(new Error(`deleting ${name} is blocked`));
        }),
    ),
  );
  const root = await navigator.storage.getDirectory();
  // The file system's async iterator is missing from TypeScript's DOM library.
  const names: string[] = [];
  for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys())
    names.push(name);
  await Promise.all(names.map((name) => root.removeEntry(name, { recursive: true })));
  await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
}
