import type { Page, TestInfo } from '@playwright/test';
import { writeBigCsv } from './bigCsv.ts';
import {
  chooseFile,
  expect,
  expectNotice,
  expectSummary,
  openApp,
  SALES,
  test,
  waitIdle,
  ZOO,
} from './fixtures.ts';

test.setTimeout(120_000);

/** Records every text the summary's row count shows from now on (a MutationObserver in the page). */
async function watchRows(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __e2eRows: string[] }).__e2eRows = seen;
    const look = () => {
      const text = document.querySelector('[data-testid="summary-rows"]')?.textContent ?? '';
      if (seen[seen.length - 1] !== text) seen.push(text);
    };
    look();
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  return () => page.evaluate(() => [...(window as unknown as { __e2eRows: string[] }).__e2eRows]);
}

/**
 * Loads zoo, chooses a generated file of `megabytes`, clicks Cancel on the summary panel's job
 * bar as soon as it shows, and checks the load stopped: a 'cancelled' notice (within `withinMs`
 * of the click), zoo still shown and never replaced, no worker restart afterwards, and a sample
 * loads normally after it.
 */
async function cancelLoad(
  page: Page,
  testInfo: TestInfo,
  megabytes: number,
  withinMs: number,
): Promise<void> {
  const big = writeBigCsv(testInfo.outputPath('cancel-me.csv'), megabytes * 1024 * 1024);
  await openApp(page);
  await expectSummary(page, ZOO);
  const rowsShown = await watchRows(page);

  await chooseFile(page, big.path);
  const job = page.getByTestId('panel-summary').getByTestId('job');
  await expect(job).toBeVisible();
  await expect(job.locator('progress')).toBeVisible();
  await expect(job).toContainText('Reading cancel-me.csv');
  await job.getByTestId('cancel-job').click();
  const clicked = Date.now();

  const notice = page.getByTestId('notice');
  await expect(notice).toHaveAttribute('data-code', 'cancelled', { timeout: withinMs });
  testInfo.annotations.push({ type: 'cancel latency', description: `${Date.now() - clicked} ms` });
  const message = await expectNotice(page, 'cancelled');
  await expect(message).toHaveText(/cancel/i);
  await expect(notice).toContainText('cancel-me.csv');
  await expect(page.getByTestId('job')).toHaveCount(0);
  await expectSummary(page, ZOO);
  await expect(page.getByTestId('sample-zoo.csv')).toHaveClass(/\bactive\b/);
  await expect(page.getByTestId('cooccurrence-heatmap')).toHaveAttribute('data-cells', '1296');

  // The reader stopped by itself: the client's 2.5 s grace period passes without the worker being
  // restarted (a restart re-reads zoo and replaces the notice with "Worker restarted", code internal).
  await page.waitForTimeout(3_000);
  await expect(notice).toHaveAttribute('data-code', 'cancelled');
  await expect(message).not.toContainText('restarted');
  await expectSummary(page, ZOO);
  expect(await rowsShown(), 'the cancelled file never replaced the data set on screen').toEqual([
    '101',
  ]);

  await page.getByTestId('sample-sales.csv').click();
  await expectSummary(page, SALES);
  await waitIdle(page);
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('cooccurrence-heatmap')).toHaveAttribute('data-cells', '196');
}

test('Cancel on an 8 MB load: "cancelled" notice, the previous data set stays, a sample loads after', async ({
  page,
}, testInfo) => {
  // Today the worker only sees the cancel request once the file has been read (see the next
  // test); 8 MB is read well within the client's 2.5 s grace period, so this passes now.
  await cancelLoad(page, testInfo, 8, 15_000);
});

test('Cancel on a ~40 MB load stops it at once, without restarting the worker', async ({
  page,
}, testInfo) => {
  // Regression: reading pauses for the event loop every ~30 ms, so cancel lands mid-read. "At
  // once" is judged by what happens, not a wall-clock budget a busy machine breaks: a cancel seen
  // only after the read would leave the job pending past the client's 2.5 s grace, and the worker
  // would be restarted — which cancelLoad refuses. The wait itself is a hang guard.
  await cancelLoad(page, testInfo, 40, 15_000);
});
