import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import {
  addProjection,
  dragThrough,
  expect,
  expectSummary,
  leadingNumber,
  openApp,
  scatterOf,
  test,
  waitIdle,
  ZOO,
  showSettings,
  scrollIntoView,
} from './fixtures.ts';

/** Worker results (CDE) get this long to arrive. */
const RESULT = { timeout: 30_000 } as const;

/** Adds a PCA projection of CDE and waits for its scatter to have all zoo's points. */
async function objectsPanel(page: Page): Promise<{ panel: Locator; scatter: Locator }> {
  const panel = await addProjection(page, 'cde', 'pca');
  const scatter = scatterOf(panel);
  await expect(scatter).toHaveAttribute('data-points', '101', RESULT);
  await expect(panel.getByTestId('projection-view')).toHaveAttribute('data-state', 'done');
  await waitIdle(page, RESULT.timeout);
  await scrollIntoView(scatter.locator('canvas'));
  return { panel, scatter };
}

/** Page coordinates of a fraction (fx, fy) of the scatter's canvas. */
async function canvasPoint(scatter: Locator) {
  const box = await scatter.locator('canvas').boundingBox();
  if (!box) throw new Error('the scatter canvas has no box');
  return (fx: number, fy: number) => ({ x: box.x + fx * box.width, y: box.y + fy * box.height });
}

async function transformOf(scatter: Locator): Promise<[number, number, number]> {
  const value = (await scatter.getAttribute('data-transform')) ?? '';
  const parts = value.split(',').map(Number);
  expect(parts).toHaveLength(3);
  return parts as [number, number, number];
}

async function download(page: Page, button: Locator): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return file;
}

test.describe('projection scatter (zoo, PCA of CDE)', () => {
  test.beforeEach(async ({ page }) => {
    await openApp(page);
    await expectSummary(page, ZOO);
  });

  test('lasso: dragging around a region selects the objects inside it', async ({ page }) => {
    const { panel, scatter } = await objectsPanel(page);
    const selection = panel.getByTestId('projection-selection');
    await expect(selection).toHaveText('No objects selected');
    const lasso = scatter.getByRole('button', { name: 'Lasso' });
    await lasso.click();
    await expect(lasso).toHaveAttribute('aria-pressed', 'true');
    await expect(scatter.getByRole('button', { name: 'Box' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(scatter).toHaveAttribute('data-mode', 'lasso');

    // A loop around the left half of the plot.
    const at = await canvasPoint(scatter);
    await dragThrough(page, [
      at(0.01, 0.01),
      at(0.25, 0.02),
      at(0.5, 0.02),
      at(0.5, 0.5),
      at(0.5, 0.98),
      at(0.25, 0.98),
      at(0.01, 0.98),
      at(0.01, 0.5),
    ]);
    await expect(selection).toHaveText(/^\d+ objects selected$/);
    const half = await leadingNumber(selection);
    expect(half).toBeGreaterThan(0);
    expect(half).toBeLessThan(101);
    // The lasso outline is gone once released.
    await expect(scatter.locator('.scatter-overlay .brush')).toHaveCount(0);

    // A loop around the whole plot takes every object.
    await dragThrough(page, [
      at(0.005, 0.005),
      at(0.995, 0.005),
      at(0.995, 0.995),
      at(0.005, 0.995),
    ]);
    await expect(selection).toHaveText('101 objects selected');
    await expect(page.getByRole('button', { name: 'Clear selection (101)' })).toBeVisible();
  });

  test('hover shows the nearest object and a click selects it (with its identical rows)', async ({
    page,
  }) => {
    const { panel, scatter } = await objectsPanel(page);
    const at = await canvasPoint(scatter);
    const tooltip = page.getByRole('tooltip');
    let found: { x: number; y: number } | null = null;
    scan: for (let fy = 0.05; fy < 1; fy += 0.05)
      for (let fx = 0.02; fx < 1; fx += 0.02) {
        const p = at(fx, fy);
        await page.mouse.move(p.x, p.y);
        if ((await tooltip.count()) > 0) {
          found = p;
          break scan;
        }
      }
    expect(found, 'some point under the pointer').not.toBeNull();
    await expect(tooltip.locator('div').first()).toHaveText(/^line \d+ · type = \S+$/);
    // The hovered object's values light up in the value views: one bar per attribute (16).
    await expect(page.getByTestId('summary').locator('.bar.strong')).toHaveCount(16);
    if (!found) return;
    // A dot of several identical rows says so, and a click selects all of them.
    const rows = /^([\d,]+) identical rows$/.exec(
      (await tooltip.locator('div').nth(1).textContent()) ?? '',
    );
    const expected = rows ? Number(rows[1]?.replace(/,/g, '')) : 1;
    await page.mouse.click(found.x, found.y);
    await expect(panel.getByTestId('projection-selection')).toHaveText(
      expected === 1 ? '1 object selected' : `${expected} objects selected`,
    );
  });

  test('wheel zooms about the pointer; Reset view and double-click restore the fit', async ({
    page,
  }) => {
    const { scatter } = await objectsPanel(page);
    await expect(scatter).toHaveAttribute('data-transform', '1,0,0');
    const reset = scatter.getByRole('button', { name: 'Reset view' });
    await expect(reset).toBeDisabled();

    const box = await scatter.locator('canvas').boundingBox();
    if (!box) throw new Error('no canvas box');
    const [px, py] = [0.3 * box.width, 0.6 * box.height];
    await page.mouse.move(box.x + px, box.y + py);
    await page.mouse.wheel(0, -400);
    await expect(scatter).not.toHaveAttribute('data-transform', '1,0,0');
    const [k, x, y] = await transformOf(scatter);
    expect(k).toBeGreaterThan(1);
    // The point under the pointer stays put: p = k · p + t (within the pointer's rounding).
    expect(Math.abs(x - px * (1 - k))).toBeLessThan(2);
    expect(Math.abs(y - py * (1 - k))).toBeLessThan(2);

    await expect(reset).toBeEnabled();
    await reset.click();
    await expect(scatter).toHaveAttribute('data-transform', '1,0,0');
    await expect(reset).toBeDisabled();

    await page.mouse.move(box.x + px, box.y + py);
    await page.mouse.wheel(0, 300);
    await expect(scatter).not.toHaveAttribute('data-transform', '1,0,0');
    expect((await transformOf(scatter))[0]).toBeLessThan(1);
    await scatter.locator('canvas').dblclick({ position: { x: 2, y: 2 } });
    await expect(scatter).toHaveAttribute('data-transform', '1,0,0');
  });

  test('pan mode and Space-drag move the view without touching the selection', async ({ page }) => {
    const { panel, scatter } = await objectsPanel(page);
    const selection = panel.getByTestId('projection-selection');
    const at = await canvasPoint(scatter);
    // A box selection first, so there is something to keep.
    await dragThrough(page, [at(0.02, 0.02), at(0.5, 0.5), at(0.98, 0.98)]);
    await expect(selection).toHaveText('101 objects selected');

    const pan = scatter.getByRole('button', { name: 'Pan' });
    // Keyboard: focus the button and press Enter.
    await pan.focus();
    await page.keyboard.press('Enter');
    await expect(pan).toHaveAttribute('aria-pressed', 'true');
    await dragThrough(page, [at(0.5, 0.5), at(0.6, 0.55), at(0.7, 0.6)]);
    const [k, x, y] = await transformOf(scatter);
    expect(k).toBe(1);
    expect(x).toBeGreaterThan(50);
    expect(y).toBeGreaterThan(10);
    await expect(selection).toHaveText('101 objects selected');

    // Back in box mode, Space held pans too.
    await scatter.getByRole('button', { name: 'Box' }).click();
    await page.mouse.move(at(0.5, 0.5).x, at(0.5, 0.5).y);
    await page.keyboard.down('Space');
    await dragThrough(page, [at(0.5, 0.5), at(0.4, 0.5), at(0.3, 0.5)]);
    await page.keyboard.up('Space');
    const [, x2] = await transformOf(scatter);
    expect(x2).toBeLessThan(x - 50);
    await expect(selection).toHaveText('101 objects selected');
    await expect(scatter.getByRole('button', { name: 'Box' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('PNG, SVG and CSV exports download the current view and the coordinates', async ({
    page,
  }) => {
    const { panel, scatter } = await objectsPanel(page);

    const png = await download(page, scatter.getByRole('button', { name: 'Download PNG' }));
    expect(png.suggestedFilename()).toBe('zoo-cde-pca.png');
    const pngBytes = await readFile(await png.path());
    expect([...pngBytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    const svg = await download(page, scatter.getByRole('button', { name: 'Download SVG' }));
    expect(svg.suggestedFilename()).toBe('zoo-cde-pca.svg');
    const svgText = await readFile(await svg.path(), 'utf-8');
    expect(svgText).toMatch(/^<\?xml [^>]*\?>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svgText.match(/<circle /g)).toHaveLength(101);

    const csv = await download(page, scatter.getByRole('button', { name: 'Download CSV' }));
    expect(csv.suggestedFilename()).toBe('zoo-cde-pca.csv');
    const lines = (await readFile(await csv.path(), 'utf-8')).trimEnd().split('\r\n');
    expect(lines).toHaveLength(102);
    // Named by their line in zoo.csv (the header is line 1).
    expect(lines[0]).toBe('line,x,y,label');
    expect(lines[1]).toMatch(/^2,-?[\d.e-]+,-?[\d.e-]+,\S+$/);
    expect(lines[101]).toMatch(/^102,/);

    // The names say which representation and which projection: here MDS of CDE.
    await showSettings(panel);
    await panel.getByLabel('Projection', { exact: true }).selectOption('mds');
    await expect(panel.getByTestId('projection-view')).toHaveAttribute(
      'data-state',
      'done',
      RESULT,
    );
    const mds = await download(
      page,
      scatterOf(panel).getByRole('button', { name: 'Download CSV' }),
    );
    expect(mds.suggestedFilename()).toBe('zoo-cde-mds.csv');
  });
});
