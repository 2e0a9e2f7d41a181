import type { Locator, Page } from '@playwright/test';
import { expect, openApp, test, waitIdle } from './fixtures.ts';

/** Soybean's CDE t-SNE (562 rows after dropping rows with missing cells) gets this long. */
const RUN = { timeout: 90_000 } as const;
const SOYBEAN_ROWS = 562;

interface LongTask {
  start: number;
  duration: number;
}

/** Records every main-thread long task (> 50 ms) from page load on. */
async function recordLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: LongTask[]; __longTaskSupported: boolean };
    w.__longTasks = [];
    w.__longTaskSupported = PerformanceObserver.supportedEntryTypes.includes('longtask');
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

async function addProjection(page: Page): Promise<Locator> {
  const panels = page.getByTestId('panel-projection');
  const before = await panels.count();
  await page.getByLabel('Add panel').selectOption('projection');
  await expect(panels).toHaveCount(before + 1);
  return panels.last();
}

function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

/** Drags a box over a fraction [x0, x1] × [y0, y1] of a panel's scatter canvas. */
async function dragBox(page: Page, panel: Locator, [x0, y0, x1, y1]: number[]): Promise<void> {
  const canvas = panel.locator('canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the scatter canvas has no box');
  const at = (fx: number, fy: number) => ({
    x: box.x + fx * box.width,
    y: box.y + fy * box.height,
  });
  const start = at(x0 as number, y0 as number);
  const end = at(x1 as number, y1 as number);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move((start.x + end.x) / 2, (start.y + end.y) / 2, { steps: 4 });
  await page.mouse.move(end.x, end.y, { steps: 4 });
  await page.mouse.up();
}

async function selectedCount(panel: Locator): Promise<number> {
  const text = (await panel.getByTestId('projection-selection').textContent()) ?? '';
  const match = /^(\d+) objects selected/.exec(text.trim());
  return match ? Number(match[1]) : 0;
}

test('a t-SNE of the CDE embedding of soybean animates while the page stays responsive', async ({
  page,
}) => {
  await recordLongTasks(page);
  await openApp(page, 'soybean.csv');
  const panel = await addProjection(page);
  const view = panel.getByTestId('projection-view');
  await expect(view).toHaveAttribute('data-state', 'animating', RUN);
  const from = await pageNow(page);
  const canvas = panel.locator('canvas');
  await expect(panel.locator(`[data-points="${SOYBEAN_ROWS}"]`)).toBeVisible();

  // The layout is redrawn as the iterations go: several distinct iteration numbers and frames.
  const iterations = new Set<number>();
  const frames = new Set<string>();
  while (iterations.size < 3 && (await view.getAttribute('data-state')) === 'animating') {
    const status = (await panel.getByTestId('projection-status').textContent()) ?? '';
    const match = /iteration (\d+)\/1000/.exec(status);
    if (match) iterations.add(Number(match[1]));
    frames.add(await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL()));
    await page.waitForTimeout(150);
  }
  expect(iterations.size).toBeGreaterThanOrEqual(3);
  expect(frames.size).toBeGreaterThanOrEqual(2);

  await expect(view).toHaveAttribute('data-state', 'done', RUN);
  const to = await pageNow(page);
  const status = panel.getByTestId('projection-status');
  await expect(status).toContainText('CDE embedding');
  await expect(status).toContainText('t-SNE, perplexity 30');
  await expect(status).toContainText(/trustworthiness 0\.9\d\d/);
  await expect(status).toContainText(/KL \d\.\d{3}/);

  const { supported, tasks } = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: LongTask[]; __longTaskSupported: boolean };
    return { supported: w.__longTaskSupported, tasks: w.__longTasks };
  });
  expect(supported).toBe(true);
  const during = tasks.filter((t) => t.start + t.duration >= from && t.start <= to);
  expect(during.filter((t) => t.duration > 200)).toEqual([]);
});

test('two projections side by side share one selection', async ({ page }) => {
  await openApp(page, 'soybean.csv');
  const tsne = await addProjection(page);
  const mds = await addProjection(page);
  await mds.getByLabel('Projection', { exact: true }).selectOption('mds');
  await expect(tsne.getByTestId('projection-view')).toHaveAttribute('data-state', 'done', RUN);
  await expect(mds.getByTestId('projection-view')).toHaveAttribute('data-state', 'done', RUN);
  await expect(mds.getByTestId('projection-status')).toContainText('classical (Torgerson) MDS');
  await expect(mds.getByTestId('projection-status')).toContainText(/stress \d\.\d{3}/);
  await waitIdle(page, RUN.timeout);

  await dragBox(page, tsne, [0.02, 0.02, 0.6, 0.98]);
  await expect.poll(() => selectedCount(tsne)).toBeGreaterThan(0);
  const n = await selectedCount(tsne);
  expect(n).toBeLessThan(SOYBEAN_ROWS);
  await expect(mds.getByTestId('projection-selection')).toHaveText(`${n} objects selected`);

  // A selection made in the MDS panel replaces it in both.
  await dragBox(page, mds, [0.5, 0.02, 0.98, 0.98]);
  await expect.poll(() => selectedCount(mds)).not.toBe(n);
  const m = await selectedCount(mds);
  expect(m).toBeGreaterThan(0);
  await expect(tsne.getByTestId('projection-selection')).toHaveText(`${m} objects selected`);
});

test('Hamming distances project by MDS or t-SNE, and PCA is not offered for them', async ({
  page,
}) => {
  await openApp(page);
  const panel = await addProjection(page);
  await panel.getByLabel('Projection', { exact: true }).selectOption('pca');
  await expect(panel.getByTestId('projection-status')).toContainText('PCA', RUN);
  await panel.getByLabel('Representation').selectOption('hamming');
  await expect(panel.getByLabel('Projection', { exact: true })).toHaveValue('mds');
  await expect(panel.getByLabel('Projection', { exact: true }).locator('option')).toHaveText([
    't-SNE',
    'MDS',
  ]);
  await expect(panel.getByTestId('projection-status')).toContainText('Hamming distance', RUN);
  await expect(panel.getByTestId('projection-status')).toContainText('MDS');
  await expect(panel.locator('[data-points="101"]')).toBeVisible();
});
