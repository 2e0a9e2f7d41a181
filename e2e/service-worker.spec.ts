import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import type { Page, Response, Worker } from '@playwright/test';
import { addPanel, expect, expectSummary, openApp, test, waitIdle, ZOO } from './fixtures.ts';
import { keepShot } from './shots.ts';

/**
 * The service worker (src/sw/sw.js, issue 46) across an upgrade, and what it must never keep:
 * an old tab keeps working when a new version is deployed (its hashed files come from the
 * previous version's cache) and is told a new version is ready; a non-app address opened in a
 * tab never becomes the offline page; a script the server answers with the app's page (a host's
 * fallback for a missing file) is a 404, and never cached.
 */

const DIST = resolve('dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.csv': 'text/csv; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * A copy of the build served from `root` on a free loopback port, as vite preview serves it: an
 * unknown path is answered with index.html and status 200 (a single-page host's fallback).
 * `asked` lists every path requested.
 */
async function serve(root: string) {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    asked.push(path);
    let file = resolve(root, `.${path}`);
    if (!file.startsWith(root + sep) || !existsSync(file) || statSync(file).isDirectory())
      file = join(root, 'index.html');
    response.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    });
    response.end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    asked,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Waits until the page's service worker is active and controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null))
    .toBe('activated');
}

/** The explorer's caches (one per version kept). */
function versionCaches(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await caches.keys()).filter((name) => name.startsWith('explorer-')),
  );
}

const isComputationWorker = (w: Worker) => /\/assets\/explorer\.worker-[^/]*\.js$/.test(w.url());

test('after a service-worker upgrade, an old tab shows “a new version is ready” and its next computation works', async ({
  context,
}, info) => {
  test.setTimeout(180_000);
  const root = mkdtempSync(join(tmpdir(), 'explorer-upgrade-'));
  cpSync(DIST, root, { recursive: true });
  const server = await serve(root);
  try {
    // Tab A on this version, under its service worker, its workers started with the data.
    const page = await context.newPage();
    const pageErrors: string[] = [];
    const consoleErrors: string[] = [];
    const requests: string[] = [];
    const workerAnswers: Response[] = [];
    page.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`));
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('request', (request) => requests.push(request.url()));
    page.on('response', (response) => {
      if (/\/assets\/explorer\.worker-/.test(response.url())) workerAnswers.push(response);
    });
    await page.goto(`${server.origin}/`);
    await expectSummary(page, ZOO);
    await waitIdle(page);
    await controlled(page);
    expect(await versionCaches(page)).toHaveLength(1);
    const workers = page.workers().filter(isComputationWorker);
    expect(workers.length).toBeGreaterThanOrEqual(2);
    const workerFile =
      readdirSync(join(root, 'assets')).find((f) => /^explorer\.worker-.*\.js$/.test(f)) ?? '';
    expect(workers[0]?.url()).toContain(`/assets/${workerFile}`);

    // A new version is deployed: another service worker (another version, a build whose
    // computation worker has another name), and this version's worker file is gone from the
    // server, which now answers its address with the app's page.
    const sw = readFileSync(join(root, 'sw.js'), 'utf8');
    const next = sw
      .replace(/^const VERSION = '([^']+)';/m, "const VERSION = '$1-next';")
      .replace(`"assets/${workerFile}",`, '');
    expect(next).not.toBe(sw);
    expect(next).not.toContain(workerFile);
    writeFileSync(join(root, 'sw.js'), next);
    rmSync(join(root, 'assets', workerFile));
    const askedBefore = server.asked.length;
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.ready).update();
    });

    // The tab is told, and is not reloaded for the person.
    const notice = page.getByTestId('update-ready');
    await expect(notice).toHaveText(/A new version of the explorer is ready — reload to use it\./);
    await expect(notice.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Dismiss the update notice' })).toBeVisible();
    // The new worker took over and kept the previous version's cache beside its own.
    await expect.poll(() => versionCaches(page)).toHaveLength(2);
    await expectSummary(page, ZOO);
    await keepShot(info, 'update-ready', await page.screenshot());

    // Each computation worker of the tab crashes in turn; the pool starts a new one from this
    // version's worker address, which only the previous version's cache still holds.
    const before = workerAnswers.length;
    for (const worker of workers) {
      const closed = new Promise((done) => worker.once('close', done));
      await worker.evaluate(() => {
        setTimeout(() => {
          throw new Error('test crash');
        });
      });
      await closed;
      await expect
        .poll(() => page.workers().filter(isComputationWorker).length)
        .toBe(workers.length);
    }
    await waitIdle(page);

    // Its next computation works, on workers started after the upgrade.
    const clusters = await addPanel(page, 'value-partitions:cde');
    await expect(clusters.getByTestId('cluster-summary')).toContainText(/^\d+ granularities/, {
      timeout: 60_000,
    });
    const restarted = workerAnswers.slice(before);
    expect(restarted.length).toBeGreaterThanOrEqual(workers.length);
    for (const answer of restarted) {
      expect(answer.status()).toBe(200);
      expect(answer.fromServiceWorker()).toBe(true);
      expect(await answer.headerValue('content-type')).toMatch(/javascript/);
    }
    // The server was never asked for it again (it would have answered with the page).
    expect(server.asked.slice(askedBefore).filter((p) => p.endsWith(workerFile))).toEqual([]);
    await expect(notice).toBeVisible();

    // Dismissed, the notice stays away.
    await notice.getByRole('button', { name: 'Dismiss the update notice' }).click();
    await expect(notice).toHaveCount(0);

    expect(pageErrors).toEqual([]);
    expect(consoleErrors.filter((e) => !e.includes('test crash'))).toEqual([]);
    expect(
      requests.filter((url) => !/^(data|blob):/.test(url) && !url.startsWith(server.origin)),
    ).toEqual([]);
  } finally {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('opening a non-app URL while online never changes what an offline visit shows', async ({
  page,
  pageLog,
  context,
}) => {
  test.setTimeout(90_000);
  await openApp(page);
  await controlled(page);
  // A sample list opened in the tab, online: a navigation, but not the app's page.
  await page.goto('/datasets/index.json');
  await expect(page.locator('body')).toContainText('"datasets"');
  await context.setOffline(true);
  await page.goto('/');
  await expectSummary(page, ZOO);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'Coupled categorical-data explorer',
  );
  // (The JSON document has no icon of its own: the browser asked for /favicon.ico, a 404.)
  pageLog.consoleErrors = pageLog.consoleErrors.filter((e) => !e.includes('/favicon.ico'));
});

test('a worker URL the server answers with index.html is a 404 and is not cached', async ({
  page,
  pageLog,
  baseURL,
}) => {
  await openApp(page);
  await controlled(page);
  const bogus = '/assets/missing-worker-e2e0000.js';
  // The server's own answer: the app's page, status 200 (vite preview's fallback).
  const direct = await fetch(new URL(bogus, baseURL));
  expect(direct.status).toBe(200);
  expect(direct.headers.get('content-type')).toContain('text/html');
  // Through the service worker, fetched and started as a worker: not the page.
  const answer = await page.evaluate(async (url) => {
    const response = await fetch(url);
    const started = await new Promise<string>((done) => {
      const worker = new Worker(url, { type: 'module' });
      worker.addEventListener('error', () => done('failed'));
      worker.addEventListener('message', () => done('ran'));
    });
    return { status: response.status, type: response.headers.get('content-type'), started };
  }, bogus);
  expect(answer.status).toBe(404);
  expect(answer.type).not.toContain('text/html');
  expect(answer.started).toBe('failed');
  const kept = await page.evaluate(async (url) => {
    const hits: string[] = [];
    for (const name of await caches.keys())
      if (await (await caches.open(name)).match(url, { ignoreVary: true })) hits.push(name);
    return hits;
  }, bogus);
  expect(kept).toEqual([]);
  // (The 404s are the only console errors the page may log.)
  pageLog.consoleErrors = pageLog.consoleErrors.filter((e) => !e.includes(bogus));
});
