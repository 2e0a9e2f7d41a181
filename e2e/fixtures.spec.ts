import { APP_ORIGIN, expect, foreignRequests, openApp, test } from './fixtures.ts';

// The built page's Content-Security-Policy (connect-src 'self') stops cross-origin fetches before
// they become requests; bypass it here so the fixture has a foreign request to notice.
test.use({ bypassCSP: true });

// The shared fixture is what makes every other spec fail on page errors, console errors and
// foreign requests; check that it sees them (then clear the log so this test itself passes).
test('the shared page fixture records page errors, console errors and foreign requests', async ({
  page,
  pageLog,
  baseURL,
}) => {
  await openApp(page);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('boom from the e2e self-test');
    });
    console.error('console error from the e2e self-test');
    void fetch('http://example.invalid/e2e-self-test').catch(() => undefined);
  });
  await expect.poll(() => pageLog.pageErrors).toEqual(['Error: boom from the e2e self-test']);
  await expect
    .poll(() =>
      pageLog.consoleErrors.some((e) => e.startsWith('console error from the e2e self-test')),
    )
    .toBe(true);
  // The computation worker's console counts as well.
  const worker = page.workers()[0];
  expect(worker, 'the computation worker is running').toBeDefined();
  await worker?.evaluate(() => console.error('worker error from the e2e self-test'));
  await expect
    .poll(() =>
      pageLog.consoleErrors.some((e) => e.startsWith('worker error from the e2e self-test')),
    )
    .toBe(true);
  await expect
    .poll(() => foreignRequests(pageLog.requests, new URL(baseURL ?? APP_ORIGIN).origin))
    .toEqual(['http://example.invalid/e2e-self-test']);

  pageLog.pageErrors.length = 0;
  pageLog.consoleErrors.length = 0;
  pageLog.requests.length = 0;
});
