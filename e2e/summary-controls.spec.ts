import { writeBigCsv } from './bigCsv.ts';
import {
  chooseFile,
  expect,
  expectHeatmapCells,
  expectSummary,
  openApp,
  test,
  waitIdle,
  ZOO,
  showSettings,
} from './fixtures.ts';

test('class column, feature toggles and kinds re-model the table without re-reading it', async ({
  page,
  pageLog,
}) => {
  await openApp(page);
  await expectSummary(page, ZOO);
  const requestsBefore = pageLog.requests.length;
  const cooccurrence = page.getByTestId('cooccurrence-heatmap');

  // No class: type (7 values) becomes the 17th feature.
  await showSettings(page.getByTestId('panel-summary'));
  await page.getByLabel('Class column').selectOption('');
  await expectSummary(page, { rows: 101, features: 17, columns: 17 });
  await waitIdle(page);
  // 43 values open as the 17 attributes' overview; the value level is one click away.
  await expect(cooccurrence).toHaveAttribute('data-level', 'attributes');
  await expectHeatmapCells(cooccurrence, 17 * 17);
  await cooccurrence.getByRole('button', { name: 'values' }).click();
  await expectHeatmapCells(cooccurrence, 43 * 43);
  await expect(page.getByTestId('su-heatmap')).toHaveAttribute('data-cells', String(17 * 17));

  // Back to class = type, then leave hair out.
  await showSettings(page.getByTestId('panel-summary'));
  await page.getByLabel('Class column').selectOption('type');
  await expectSummary(page, { features: 16 });
  await page.getByLabel('Use hair as a feature').click();
  await expectSummary(page, { features: 15 });
  await expect(page.getByLabel('Use hair as a feature')).not.toBeChecked();
  await waitIdle(page);
  await expectHeatmapCells(cooccurrence, 34 * 34);
  await expect(page.getByTestId('summary-column').filter({ hasText: 'hair' })).toHaveClass(
    /role-excluded/,
  );
  await page.getByLabel('Use hair as a feature').click();
  await expectSummary(page, { features: 16 });

  // legs read as an identifier is excluded.
  await page.getByLabel('Kind of legs').selectOption('identifier');
  await expectSummary(page, { features: 15 });
  await waitIdle(page);
  await expectHeatmapCells(cooccurrence, 30 * 30);
  await page.getByLabel('Kind of legs').selectOption('categorical');
  await expectSummary(page, { features: 16 });
  await waitIdle(page);
  await expectHeatmapCells(cooccurrence, 36 * 36);

  // None of this fetched anything again.
  expect(pageLog.requests.slice(requestsBefore).map((r) => r.url())).toEqual([]);
  await expect(page.getByTestId('notice')).toHaveCount(0);
});

test('excluding the last feature is refused with a notice and the table stays as it was', async ({
  page,
}) => {
  await openApp(page, 'sales.csv');
  for (const name of ['Age', 'Gender', 'Profession', 'Product']) {
    await page.getByLabel(`Use ${name} as a feature`).click();
    await waitIdle(page);
  }
  await expectSummary(page, { rows: 10, features: 1 });
  await page.getByLabel('Use Sale dep. as a feature').click();
  const notice = page.getByTestId('notice');
  await expect(notice).toHaveAttribute('data-code', 'no-features');
  await expect(notice.getByTestId('notice-message')).toContainText(
    'No usable categorical column remains',
  );
  await expectSummary(page, { rows: 10, features: 1 });
  await expect(page.getByLabel('Use Sale dep. as a feature')).toBeChecked();
  await expect(page.getByTestId('cooccurrence-heatmap')).toHaveAttribute('data-cells', '4');
});

test('two quick feature toggles on a large file both take effect', async ({ page }, testInfo) => {
  // Regression: a second change made before the worker answers must build on the first.
  test.setTimeout(150_000);
  const big = writeBigCsv(testInfo.outputPath('toggles.csv'), 20 * 1024 * 1024);
  await openApp(page);
  await chooseFile(page, big.path);
  // Hang guards, not budgets: reading 20 MB is slower on a busy machine.
  await expectSummary(page, { rows: big.rows, features: 8, name: 'toggles.csv' }, 60_000);
  await waitIdle(page, 60_000);

  await page.getByLabel('Use A as a feature').click();
  await page.getByLabel('Use B as a feature').click();
  await expect(page.getByLabel('Use B as a feature')).not.toBeChecked();
  await waitIdle(page, 60_000);
  await expect(page.getByTestId('summary-features')).toHaveText('6', { timeout: 5_000 });
  await expect(page.getByLabel('Use A as a feature')).not.toBeChecked();
});
