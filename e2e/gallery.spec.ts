import {
  expect,
  expectHeatmapCells,
  openApp,
  SALES,
  test,
  waitIdle,
  ZOO,
  expectSummary,
  showSettings,
} from './fixtures.ts';

test('the default sample (zoo) loads with its summary and heatmaps', async ({ page }) => {
  await openApp(page);
  await expectSummary(page, ZOO);
  await expect(page.getByTestId('summary-dropped')).toHaveCount(0);
  await expect(page.getByTestId('summary').getByLabel('Class column')).toHaveValue('type');
  // 15 two-valued features + legs (6 values) = 36 values → 36 × 36 cells; 16 × 16 attributes.
  await expectHeatmapCells(page.getByTestId('cooccurrence-heatmap'), 36 * 36);
  await expectHeatmapCells(page.getByTestId('su-heatmap'), 16 * 16);
  await expect(page.getByTestId('notice')).toHaveCount(0);
});

test('clicking another sample loads it', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('sample-sales.csv').click();
  await expectSummary(page, SALES);
  await waitIdle(page);
  await expect(page.getByTestId('sample-sales.csv')).toHaveClass(/\bactive\b/);
  await expect(page.getByTestId('sample-zoo.csv')).not.toHaveClass(/\bactive\b/);
  // ID is dropped as the manifest asks: 5 features with 3 + 2 + 4 + 3 + 2 = 14 values.
  const idRow = page.getByTestId('summary-column').filter({ hasText: 'ID' });
  await expect(idRow.getByLabel('Use ID as a feature')).not.toBeChecked();
  await expectHeatmapCells(page.getByTestId('cooccurrence-heatmap'), 14 * 14);
  await expectHeatmapCells(page.getByTestId('su-heatmap'), 5 * 5);

  // And back again.
  await page.getByTestId('sample-zoo.csv').click();
  await expectSummary(page, ZOO);
  await expectHeatmapCells(page.getByTestId('cooccurrence-heatmap'), 1296);
});

test('?sample= chooses the first sample', async ({ page }) => {
  await openApp(page, 'sales.csv');
  await expectSummary(page, SALES);
  await expectHeatmapCells(page.getByTestId('cooccurrence-heatmap'), 196);
});

test('the gallery lists every sample and the provenance note is shown', async ({
  page,
  request,
}) => {
  const manifest = (await (await request.get('/datasets/index.json')).json()) as {
    datasets: { file: string; title: string }[];
  };
  await openApp(page);
  const gallery = page.getByTestId('gallery');
  await expect(gallery.getByRole('button')).toHaveCount(manifest.datasets.length);
  for (const d of manifest.datasets)
    await expect(page.getByTestId(`sample-${d.file}`)).toContainText(d.title);
  await expect(page.getByTestId('sample-zoo.csv')).toContainText('Zoo');
  await expect(page.getByTestId('sample-zoo.csv')).toContainText('101 rows');
  await expect(page.getByTestId('sample-vote.csv')).toContainText('435 rows');
  const provenance = page.getByTestId('provenance');
  await expect(provenance).toBeVisible();
  await expect(provenance).toContainText('CC BY 4.0');
  await expect(provenance).toContainText('UCI Machine Learning Repository');
});

test('vote: dropping rows would lose 47 %, so missing is its own value; one click gives the papers’ protocol', async ({
  page,
}) => {
  await openApp(page, 'vote.csv');
  // Only 232 of the 435 rows have no missing cell: the explorer keeps all 435 and says so.
  await expectSummary(page, { rows: 435, columns: 17, features: 16 });
  // The explorer's own policy, auto, shown with what it chose here.
  await expect(page.getByLabel('Missing policy')).toHaveValue('auto');
  await expect(page.getByLabel('Missing policy').locator('option:checked')).toHaveText(
    'auto: own value',
  );
  const note = page.getByTestId('missing-auto');
  await expect(note).toContainText('would keep 232 of 435');
  await expect(note).toContainText('removes 46.7 %, more than 5 %');
  await note.getByRole('button', { name: 'Use the papers’ protocol (drop rows)' }).click();
  await expectSummary(page, { rows: 232, columns: 17, features: 16 });
  await expect(page.getByLabel('Missing policy')).toHaveValue('drop');
  await expect(note).toHaveCount(0);
  await expect(page.getByTestId('summary-dropped')).toHaveText(/203 dropped of 435/);
  await expect(page.getByTestId('summary-warnings')).toContainText(
    'Dropped 203 of 435 rows with a missing value',
  );

  await showSettings(page.getByTestId('panel-summary'));
  await page.getByLabel('Missing policy').selectOption('own');
  await expectSummary(page, { rows: 435, features: 16 });
  await expect(page.getByTestId('summary-dropped')).toHaveCount(0);
  await waitIdle(page);

  await page.getByLabel('Missing policy').selectOption('mode');
  await expectSummary(page, { rows: 435 });
  await page.getByLabel('Missing policy').selectOption('drop');
  await expectSummary(page, { rows: 232 });
  await waitIdle(page);
});
