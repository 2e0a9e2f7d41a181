import type { Page } from '@playwright/test';
import { addPanel, expect, expectSummary, openApp, SALES, test, tooltipOf } from './fixtures.ts';

/** The panels' test ids in workspace order. */
function panelOrder(page: Page): Promise<string[]> {
  return page
    .getByTestId('workspace')
    .locator(':scope > section')
    .evaluateAll((sections) => sections.map((s) => s.getAttribute('data-testid') ?? ''));
}

/** The summary bar of one value of one column. */
function bar(page: Page, column: string, value: string) {
  return page
    .getByTestId('summary-column')
    .filter({ has: page.getByLabel(`Kind of ${column}`, { exact: true }) })
    .locator('.bar')
    .filter({ has: page.locator('.bar-label', { hasText: new RegExp(`^${value}$`) }) });
}

test.beforeEach(async ({ page }) => {
  await openApp(page, 'sales.csv');
  await expectSummary(page, SALES);
});

test('hovering a value in the summary outlines it in both heatmaps', async ({ page }) => {
  const cooccurrence = page.getByTestId('cooccurrence-heatmap');
  const su = page.getByTestId('su-heatmap');
  await expect(cooccurrence.locator('.heatmap-overlay .emph')).toHaveCount(0);
  await expect(page.locator('.bar.strong')).toHaveCount(0);

  const tablet = bar(page, 'Product', 'tablet');
  await expect(tablet).toHaveCount(1);
  // .bar is display: contents; the pointer enters it through its label.
  await tablet.locator('.bar-label').hover();
  await expect(tablet).toHaveClass(/\bstrong\b/);
  await expect(page.locator('.bar.strong')).toHaveCount(1);
  // One row and one column outline for the value; its attribute (Product) in the SU matrix.
  await expect(cooccurrence.locator('.heatmap-overlay .emph')).toHaveCount(2);
  await expect(su.locator('.heatmap-overlay .emph')).toHaveCount(2);
  // Its axis labels are bold too (tablet is value 11 of 14, in file order).
  await expect(cooccurrence.locator('.heatmap-axes .label.strong text').first()).toHaveText(
    'tablet',
  );
  await expect(su.locator('.heatmap-axes .label.strong text').first()).toHaveText('Product');
  // The outline sits on tablet's row: position 11 of 14.
  const cells = cooccurrence.locator('rect.cell');
  const cellSize = Number(await cells.first().getAttribute('width'));
  await expect(cooccurrence.locator('.heatmap-overlay .emph').first()).toHaveAttribute(
    'y',
    String(11 * cellSize),
  );

  // Leaving the bar clears the emphasis.
  await page.getByRole('heading', { name: 'Data summary' }).hover();
  await expect(tablet).not.toHaveClass(/\bstrong\b/);
  await expect(cooccurrence.locator('.heatmap-overlay .emph')).toHaveCount(0);
  await expect(su.locator('.heatmap-overlay .emph')).toHaveCount(0);
});

test('hovering a co-occurrence cell shows counts and conditional probabilities, and links back', async ({
  page,
}) => {
  const heatmap = page.getByTestId('cooccurrence-heatmap');
  await expect(heatmap).toHaveAttribute('data-cells', '196');
  // File order: Age 0–2, Gender 3–4, Profession 5–8, Product 9–11 (tablet = 11), Sale dep. 12–13 (center = 13).
  const n = 14;
  await heatmap
    .locator('rect.cell')
    .nth(11 * n + 13)
    .hover();
  const tooltip = tooltipOf(page, 'cooccurrence-heatmap');
  await expect(tooltip).toBeVisible();
  await expect(tooltip.locator('div')).toHaveText([
    /^Product = tablet\s+&\s+Sale dep\. = center$/,
    '4 rows together (of 10)',
    'P(Sale dep. = center | Product = tablet) = 4/4 = 1.000',
    'P(Product = tablet | Sale dep. = center) = 4/5 = 0.800',
  ]);
  // Both values light up in the summary.
  await expect(bar(page, 'Product', 'tablet')).toHaveClass(/\bstrong\b/);
  await expect(bar(page, 'Sale dep.', 'center')).toHaveClass(/\bstrong\b/);
  await expect(page.locator('.bar.strong')).toHaveCount(2);
  await expect(heatmap.locator('.heatmap-overlay .hover-cell')).toHaveCount(1);

  // A diagonal cell: the value's own count.
  await heatmap
    .locator('rect.cell')
    .nth(11 * n + 11)
    .hover();
  await expect(tooltip.locator('div')).toHaveText(['Product = tablet', '4 of 10 rows (p = 0.400)']);
  // Two values of one attribute never occur together.
  await heatmap
    .locator('rect.cell')
    .nth(9 * n + 10)
    .hover();
  await expect(tooltip).toContainText('Same attribute: never together');

  // Leaving the matrix hides the tooltip and the emphasis.
  await page.getByRole('heading', { name: 'Value co-occurrence' }).hover();
  await expect(tooltipOf(page, 'cooccurrence-heatmap')).toHaveCount(0);
  await expect(page.locator('.bar.strong')).toHaveCount(0);
});

test('hovering an SU cell names the two attributes', async ({ page }) => {
  const su = page.getByTestId('su-heatmap');
  await expect(su).toHaveAttribute('data-cells', '25');
  // Product (3) × Sale dep. (4).
  await su
    .locator('rect.cell')
    .nth(3 * 5 + 4)
    .hover();
  const tooltip = tooltipOf(page, 'su-heatmap');
  await expect(tooltip.locator('div').first()).toHaveText('Product × Sale dep.');
  await expect(tooltip).toContainText(/SU = 0\.\d{4}/);
  await expect(tooltip).toContainText(/I = \d\.\d{4} bits/);
});

test('panels move, close, and come back through "Add panel"', async ({ page }) => {
  expect(await panelOrder(page)).toEqual(['panel-summary', 'panel-cooccurrence', 'panel-su']);
  await expect(page.getByRole('button', { name: 'Move Data summary earlier' })).toBeDisabled();
  await expect(
    page.getByRole('button', { name: 'Move Attribute coupling (SU) later' }),
  ).toBeDisabled();

  await page.getByRole('button', { name: 'Move Data summary later' }).click();
  await expect
    .poll(() => panelOrder(page))
    .toEqual(['panel-cooccurrence', 'panel-summary', 'panel-su']);
  await expect(page.getByRole('button', { name: 'Move Data summary earlier' })).toBeEnabled();
  await expect(
    page.getByRole('button', { name: 'Move Value co-occurrence earlier' }),
  ).toBeDisabled();

  await page.getByRole('button', { name: 'Move Attribute coupling (SU) earlier' }).click();
  await expect
    .poll(() => panelOrder(page))
    .toEqual(['panel-cooccurrence', 'panel-su', 'panel-summary']);

  await page.getByRole('button', { name: 'Close Value co-occurrence' }).click();
  await expect.poll(() => panelOrder(page)).toEqual(['panel-su', 'panel-summary']);
  await expect(page.getByTestId('cooccurrence-heatmap')).toHaveCount(0);
  // The data is still there.
  await expectSummary(page, SALES);

  // Found by searching, added with the keyboard.
  await page.getByRole('button', { name: 'Add panel' }).click();
  const search = page.getByRole('combobox', { name: 'Search views, methods and papers' });
  await expect(search).toBeFocused();
  await search.fill('co-occurrence');
  await expect(page.getByRole('listbox', { name: 'Views' }).getByRole('option').first()).toHaveText(
    'Value co-occurrence',
  );
  await search.press('Enter');
  await expect
    .poll(() => panelOrder(page))
    .toEqual(['panel-su', 'panel-summary', 'panel-cooccurrence']);
  await expect(search).toHaveCount(0);
  // The new panel draws the loaded data at once.
  await expect(page.getByTestId('cooccurrence-heatmap')).toHaveAttribute('data-cells', '196');
  await expect(page.getByTestId('cooccurrence-heatmap').locator('rect.cell')).toHaveCount(196);

  // Close everything: the workspace says how to get a panel back.
  for (const title of ['Attribute coupling (SU)', 'Data summary', 'Value co-occurrence'])
    await page.getByRole('button', { name: `Close ${title}` }).click();
  await expect(page.getByTestId('workspace')).toContainText('No panels. Add one from “Add panel”.');
  await addPanel(page, 'summary');
  await expectSummary(page, SALES);
  // A second panel of the same view can be added.
  await addPanel(page, 'summary');
  await expect(page.getByTestId('panel-summary')).toHaveCount(2);
});

test('above 40,000 cells the co-occurrence matrix is a canvas, and hovering it still explains a cell', async ({
  page,
}) => {
  // Three columns of 70 values each: 210 values, 44,100 cells. Row i holds a(i mod 70),
  // b(3i mod 70), c(11i mod 70); a0 and b0 share the 10 rows with i ≡ 0 (mod 70).
  const lines = ['a,b,c'];
  for (let i = 0; i < 700; i++) lines.push(`a${i % 70},b${(3 * i) % 70},c${(11 * i) % 70}`);
  await page.getByTestId('file-input').setInputFiles({
    name: 'wide.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\n')),
  });
  await expectSummary(page, { rows: 700, columns: 3, features: 3, name: 'wide.csv' });
  const heatmap = page.getByTestId('cooccurrence-heatmap');
  // 210 values open as their 3 attributes' overview; the value level is one click away.
  await expect(heatmap).toHaveAttribute('data-level', 'attributes');
  await heatmap.getByRole('button', { name: 'values' }).click();
  await expect(heatmap).toHaveAttribute('data-cells', '44100');
  const canvas = heatmap.locator('canvas.heatmap-cells');
  await expect(canvas).toBeVisible();
  await expect(heatmap.locator('rect.cell')).toHaveCount(0);

  const box = await canvas.boundingBox();
  if (!box) throw new Error('the canvas has no box');
  const cell = box.width / 210;
  await canvas.hover({ position: { x: (70 + 0.5) * cell, y: 0.5 * cell } });
  const tooltip = tooltipOf(page, 'cooccurrence-heatmap');
  await expect(tooltip.locator('div').nth(0)).toHaveText(/^a = a0\s+&\s+b = b0$/);
  await expect(tooltip.locator('div').nth(1)).toHaveText('10 rows together (of 700)');
  await expect(tooltip.locator('div').nth(2)).toHaveText('P(b = b0 | a = a0) = 10/10 = 1.000');
});
