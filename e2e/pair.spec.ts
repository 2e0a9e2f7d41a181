import { addPanel, expect, openApp, test } from './fixtures.ts';

/** Wang et al. 2015's object similarity broken down: two rows picked in the data table, compared. */
test('coupled-toy: u2 and u3 compared attribute by attribute — CADO 1.5, CASO 0.75', async ({
  page,
}) => {
  await openApp(page, 'coupled-toy.csv');
  const rows = await addPanel(page, 'rows');
  const pair = await addPanel(page, 'pair:cas');
  await expect(pair.getByTestId('pair-empty')).toBeVisible({ timeout: 30_000 });
  await rows.locator('tr[data-row="1"]').click();
  // The table then shows the selection only; show every row again to add u3.
  await rows.getByRole('checkbox', { name: /only selected objects/ }).uncheck();
  await rows.locator('tr[data-row="2"]').click({ modifiers: ['Control'] });
  const table = pair.getByTestId('pair-table');
  await expect(table.locator('tbody tr')).toHaveCount(4);
  await expect(pair.getByTestId('pair-similarity')).toHaveText('0.7500');
  await expect(table.locator('thead')).toContainText('CASO (IRSI)');
  await expect(pair.getByTestId('pair-total')).toHaveText('1.5000');
  await expect(table.locator('tbody tr').nth(1)).toContainText('a2B1B20.75000.1250');
});
