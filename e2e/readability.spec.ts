import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  addPanel,
  chooseFile,
  expect,
  openApp,
  test,
  textFile,
  waitIdle,
  scrollIntoView,
} from './fixtures.ts';
import { checkFrames, expectLegends, shoot } from './heatmapLabels.ts';
import { fiveThousandRowsCsv, longNamesCsv, thousandValuesCsv } from './generatedTables.ts';

/**
 * Heatmaps readable at any size (issue 14): on soybean (133 values with missing as a value), a
 * generated table of 22 long-named attributes (~100 values), the generated 5,000-row table and
 * a generated 1,000-value table,
 * every heatmap has a colour legend, its labels (value labels where they fit, attribute bands
 * always) never overlap and lie inside their panel, and no blank band sits above the matrix;
 * dragging over a matrix enlarges that part with its labels, which obey the same rules.
 * Tables of over 40 values open by attribute (heatmap-overview.spec.ts checks that level on the
 * bundled tables); here the drag and the band click are checked, and the value level through
 * its toggle. Screenshots of each panel are attached to the test's results.
 */
const RESULT = { timeout: 60_000 } as const;

/** Drags across the middle of a heatmap's matrix and checks the enlarged part's labels. */
async function focusPart(page: Page, panel: Locator, testId: string, info: TestInfo) {
  const heatmap = panel.getByTestId(testId);
  const cells = heatmap.locator('.heatmap-cells');
  await scrollIntoView(cells);
  const box = (await cells.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.4, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5, { steps: 4 });
  await page.mouse.up();
  const focus = panel.getByTestId(`${testId}-focus`);
  await expect(focus).toBeVisible();
  // Enlarged, every value has its label.
  await expect(focus.locator('.axis-rows .label').first()).toBeVisible();
  const labels = await checkFrames(focus, `${testId} enlarged`);
  expect(labels).toBeGreaterThan(4);
  await shoot(page, panel, info, `${testId}-focus`);
}

async function checkDataViews(page: Page, info: TestInfo, what: string): Promise<void> {
  await waitIdle(page, RESULT.timeout);
  for (const view of ['cooccurrence', 'su'] as const) {
    const panel = page.getByTestId(`panel-${view}`);
    await expect(panel.locator('canvas.heatmap-cells, svg.heatmap-cells').first()).toBeVisible();
    await expect(panel.locator('canvas.heatmap-cells[data-painted="no"]')).toHaveCount(0);
    await expectLegends(panel, `${what} ${view}`);
    await checkFrames(panel, `${what} ${view}`);
    await shoot(page, panel, info, `${what}-${view}`);
  }
}

/** CDE's Mo and Mc: legends, labels that do not overlap and stay inside the panel. */
async function checkValueMatrices(page: Page, info: TestInfo, what: string): Promise<void> {
  const matrices = await addPanel(page, 'value-matrices:cde');
  await expect(matrices.getByTestId('mo-heatmap')).toBeVisible(RESULT);
  await waitIdle(page, RESULT.timeout);
  await expectLegends(matrices, `${what} Mo/Mc`);
  await checkFrames(matrices, `${what} Mo/Mc`);
  await shoot(page, matrices, info, `${what}-value-matrices`);
}

test.describe('heatmaps readable at any size', () => {
  test('soybean: co-occurrence, SU and CDE’s Mo/Mc, and an enlarged part', async ({
    page,
  }, info) => {
    await openApp(page, 'soybean.csv');
    await checkDataViews(page, info, 'soybean');
    await checkValueMatrices(page, info, 'soybean');
    await focusPart(page, page.getByTestId('panel-cooccurrence'), 'cooccurrence-heatmap', info);
  });

  test('soybean in a 1,280 px window: SU without bands labels every second attribute', async ({
    page,
  }, info) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openApp(page, 'soybean.csv');
    await checkDataViews(page, info, 'soybean-1280');
    const su = page.getByTestId('su-heatmap');
    expect(await su.locator('.axis-rows .label').count()).toBeGreaterThanOrEqual(12);
  });

  test('22 long-named attributes (~100 values)', async ({ page }, info) => {
    await openApp(page);
    await chooseFile(page, textFile('long-names.csv', longNamesCsv()));
    await expect(page.getByTestId('summary')).toContainText('columns in long-names.csv');
    await checkDataViews(page, info, 'long-names');
    // It opens by attribute: names are cut in the middle to their column, whole in the title.
    const co = page.getByTestId('cooccurrence-heatmap');
    await expect(co).toHaveAttribute('data-level', 'attributes');
    await expect(co.locator('.axis-rows .label title').first()).toHaveText(
      'measurement-of-the-specimen-property-01-of-22',
    );
    // The value level too: there the names are on the attribute bands.
    await co.getByRole('button', { name: 'values' }).click();
    await expect(co.locator('.axis-rows .band title').first()).toHaveText(
      'measurement-of-the-specimen-property-01-of-22',
    );
    await checkFrames(page.getByTestId('panel-cooccurrence'), 'long-names values');
    await focusPart(page, page.getByTestId('panel-cooccurrence'), 'cooccurrence-heatmap', info);
  });

  test('5,000 rows (20 attributes, 106 values): data views and CDE’s Mo/Mc', async ({
    page,
  }, info) => {
    await openApp(page);
    await chooseFile(page, textFile('rows-5000.csv', fiveThousandRowsCsv()));
    await expect(page.getByTestId('summary')).toContainText('columns in rows-5000.csv');
    await checkDataViews(page, info, 'rows5000');
    await checkValueMatrices(page, info, 'rows5000');
  });

  test('1,000 values', async ({ page }, info) => {
    await openApp(page);
    await chooseFile(page, textFile('thousand-values.csv', thousandValuesCsv()));
    await expect(page.getByTestId('summary')).toContainText('columns in thousand-values.csv');
    await expect(page.getByTestId('summary')).toContainText('1,000 values');
    await checkDataViews(page, info, 'thousand');
    const co = page.getByTestId('cooccurrence-heatmap');
    // Its 40 attributes first; the value level is a click away.
    await expect(co).toHaveAttribute('data-level', 'attributes');
    await co.getByRole('button', { name: 'values' }).click();
    await expect(co).toHaveAttribute('data-cells', String(1000 * 1000));
    await checkFrames(page.getByTestId('panel-cooccurrence'), 'thousand values');
    // Clicking an attribute's band enlarges its 25 values against themselves, labelled.
    await co.locator('.axis-rows .band-hit').nth(3).click();
    const focus = page.getByTestId('cooccurrence-heatmap-focus');
    await expect(focus.locator('.axis-rows .label')).toHaveCount(25);
    await expect(focus.locator('.axis-cols .label')).toHaveCount(25);
    await checkFrames(focus, 'thousand enlarged band');
    await shoot(page, page.getByTestId('panel-cooccurrence'), info, 'thousand-band');
  });
});
