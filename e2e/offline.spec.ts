import { addPanel, expect, expectSummary, openApp, test, ZOO } from './fixtures.ts';

test('after a first visit the explorer loads and computes with the network gone', async ({
  page,
  context,
  pageLog,
}) => {
  test.setTimeout(90_000);
  await openApp(page);
  // The service worker has cached the app when it is active.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state;
  });
  await context.setOffline(true);
  await page.reload();
  await expectSummary(page, ZOO);
  // The network is gone for the worker too: a file it never cached cannot be fetched.
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  expect(
    await page.evaluate(() =>
      fetch('/datasets/soybean.csv').then(
        () => 'fetched',
        () => 'failed',
      ),
    ),
  ).toBe('failed');
  // (That failed fetch is the only console error the page may log.)
  const probe = pageLog.consoleErrors.findIndex((e) => e.includes('/datasets/soybean.csv'));
  if (probe >= 0) pageLog.consoleErrors.splice(probe, 1);
  // Computing needs nothing from the network: the workers come from the cache too.
  const clusters = await addPanel(page, 'value-partitions:cde');
  await expect(clusters.getByTestId('cluster-summary')).toContainText(/^\d+ granularities/, {
    timeout: 30_000,
  });
  // The workspace kept in the browser came back with the page.
  await expect(page.getByTestId('sample-zoo.csv')).toHaveClass(/\bactive\b/);
});
