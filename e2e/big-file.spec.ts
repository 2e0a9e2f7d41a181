import { writeBigCsv } from './bigCsv.ts';
import {
  chooseFile,
  expect,
  expectSummary,
  openApp,
  recordProgress,
  test,
  waitIdle,
} from './fixtures.ts';

test.setTimeout(150_000);

test('a generated ~50 MB file loads completely, with progress shown while reading', async ({
  page,
}, testInfo) => {
  const big = writeBigCsv(testInfo.outputPath('big.csv'), 50 * 1024 * 1024);
  expect(big.bytes).toBeGreaterThan(49 * 1024 * 1024);

  await openApp(page);
  const progress = await recordProgress(page, 'panel-summary');
  const started = Date.now();
  await chooseFile(page, big.path);

  const job = page.getByTestId('panel-summary').getByTestId('job');
  await expect(job).toBeVisible();
  await expect(job).toContainText('Reading big.csv');
  // The message counts rows as they are read.
  await expect(job).toContainText(/Reading… [1-9][\d,]* rows/, { timeout: 30_000 });

  // Reading 50 MB takes 5–20 s here, longer on a busy machine: the wait is a hang guard.
  await expectSummary(page, { rows: big.rows, columns: 8, features: 8, name: 'big.csv' }, 120_000);
  await expect(page.getByTestId('summary-dropped')).toHaveCount(0);
  await waitIdle(page, 60_000);
  testInfo.annotations.push({
    type: 'load time',
    description: `${((Date.now() - started) / 1000).toFixed(1)} s for ${big.bytes} bytes`,
  });

  // Every value of every column counted over all rows: column A alternates a0/b0.
  const a = page.getByTestId('summary-column').filter({ has: page.getByLabel('Kind of A') });
  await expect(a.locator('.bar-count')).toHaveText(
    [Math.ceil(big.rows / 2), Math.floor(big.rows / 2)].map((n) => n.toLocaleString('en-US')),
  );
  await expect(page.getByTestId('cooccurrence-heatmap')).toHaveAttribute(
    'data-cells',
    String(big.values ** 2),
  );
  await expect(page.getByTestId('su-heatmap')).toHaveAttribute('data-cells', '64');
  await expect(page.getByTestId('notice')).toHaveCount(0);

  // The bar was seen part-way and never went backwards.
  const values = await progress();
  testInfo.annotations.push({ type: 'progress values', description: values.join(', ') });
  expect(
    values.some((v) => v > 0 && v < 100),
    `progress values ${values.join(', ')}`,
  ).toBe(true);
  expect(values).toEqual([...values].sort((x, y) => x - y));
});
