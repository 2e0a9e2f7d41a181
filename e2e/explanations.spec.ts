import { formatScore } from '../src/app/model/numberFormat.ts';
import type { Page } from '@playwright/test';
import {
  addPanel,
  chooseFile,
  expect,
  expectSummary,
  openApp,
  test,
  textFile,
  waitIdle,
  showSettings,
} from './fixtures.ts';
import { plantedAnomaliesCsv } from './plantedTable.ts';

/**
 * Every detector explains its outliers (issue 29): on a generated 5,000-row table whose 10
 * planted rows hold c = RARE, clicking a detector's top-ranked object shows an explanation
 * whose largest term is the planted value; CBRW's cloud follows the selection.
 */

const RUN = { timeout: 90_000 } as const;
const PLANTED = 'c = RARE';

async function openPlanted(page: Page): Promise<void> {
  await openApp(page);
  await chooseFile(page, textFile('planted.csv', plantedAnomaliesCsv()));
  await expectSummary(page, { rows: 5000, name: 'planted.csv' }, 60_000);
  await waitIdle(page, 60_000);
}

for (const id of ['cbrw', 'cosh', 'zero', 'lof-of', 'iforest', 'sandcat'])
  test(`${id}: the top-ranked object's largest term is the planted value`, async ({ page }) => {
    await openPlanted(page);
    const panel = await addPanel(page, `ranking:${id}`);
    if (id === 'sandcat') {
      // Representatives: each object's nearest normal objects (the farthest differ everywhere).
      await showSettings(panel);
      await panel.getByLabel(/heuristic/).selectOption('mindtk');
      await expect(panel.getByText(/MinDTK, k = /).first()).toBeVisible(RUN);
    }
    const first = panel.getByTestId('outlier-table').locator('tbody tr').first();
    await expect(first).toBeVisible(RUN);
    await expect(first).toContainText('odd');
    // Its values in the ranking lead with the one behind its score, whatever the detector.
    await expect(first.locator('.chip').first()).toHaveText(PLANTED);
    await first.locator('td').first().click();
    await expect(first).toHaveClass(/selected/);
    const explanation = panel.getByTestId('explanation');
    const line = Number((await first.locator('td').nth(1).innerText()).match(/^\d+/)?.[0]);
    await expect(explanation).toHaveAttribute('data-objects', String(line - 2));
    const bars = explanation.getByTestId('impact-bars').locator('li');
    await expect(bars).toHaveCount(7);
    await expect(bars.first()).toHaveAttribute('data-word', PLANTED);
    const top = Number(await bars.first().getAttribute('data-value'));
    const next = Number(await bars.nth(1).getAttribute('data-value'));
    expect(top).toBeGreaterThan(next);
    // Its numbers are written as every view writes them (formatScore), not to four decimals.
    for (const bar of [bars.first(), bars.nth(1)])
      expect(await bar.locator('.impact-number').innerText()).toBe(
        formatScore(Number(await bar.getAttribute('data-value'))),
      );
    await expect(explanation.getByTestId('word-cloud')).toHaveAttribute('data-state', 'done');
    await expect(
      explanation.getByTestId('word-cloud').locator(`[data-word="${PLANTED}"]`),
    ).toHaveCount(1);
  });

test('cbrw: the cloud changes with the selection', async ({ page }) => {
  await openPlanted(page);
  const panel = await addPanel(page, 'ranking:cbrw');
  const rows = panel.getByTestId('outlier-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible(RUN);
  const explanation = panel.getByTestId('explanation');
  const cloud = explanation.getByTestId('word-cloud');
  await rows.first().locator('td').first().click();
  await expect(explanation.getByTestId('impact-bars').locator('li').first()).toHaveAttribute(
    'data-word',
    PLANTED,
  );
  await expect(cloud).toHaveAttribute('data-state', 'done');
  const before = await cloud
    .locator('[data-word]')
    .evaluateAll((ws) =>
      ws.map((w) => `${w.getAttribute('data-word')}@${w.getAttribute('font-size')}`).join('|'),
    );
  // A normal object, ranked after the 10 planted ones.
  const normal = rows.filter({ hasText: 'normal' }).first();
  // Its rank cell: its line cell holds the button that expands its tied group.
  await normal.locator('td').first().click();
  await expect(explanation.getByTestId('impact-bars').locator('li').first()).not.toHaveAttribute(
    'data-word',
    PLANTED,
  );
  await expect(cloud.locator(`[data-word="${PLANTED}"]`)).toHaveCount(0);
  await expect(cloud).toHaveAttribute('data-state', 'done');
  const after = await cloud
    .locator('[data-word]')
    .evaluateAll((ws) =>
      ws.map((w) => `${w.getAttribute('data-word')}@${w.getAttribute('font-size')}`).join('|'),
    );
  expect(after).not.toBe(before);
  // Identical rows tied in score are one entry, expanded on demand.
  const group = panel.getByTestId('tied-group').first();
  await expect(group).toHaveText(/^\d+ identical rows, lines \d+, \d+, /);
  const size = Number((await group.innerText()).match(/^\d+/)?.[0]);
  const entries = await rows.count();
  await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await expect(rows).toHaveCount(entries + size - 1);
});
