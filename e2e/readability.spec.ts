import { writeFileSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { addPanel, chooseFile, expect, openApp, test, textFile, waitIdle } from './fixtures.ts';
import { fiveThousandRowsCsv, longNamesCsv, thousandValuesCsv } from './generatedTables.ts';

/**
 * Heatmaps readable at any size (issue 14): on soybean (133 values with missing as a value), a
 * generated table of 22 long-named attributes (~100 values), the generated 5,000-row table and
 * a generated 1,000-value table,
 * every heatmap has a colour legend, its labels (value labels where they fit, attribute bands
 * always) never overlap and lie inside their panel, and no blank band sits above the matrix;
 * dragging over a matrix enlarges that part with its labels, which obey the same rules.
 * Screenshots of each panel are attached to the test's results.
 */
const RESULT = { timeout: 60_000 } as const;

interface Box {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Every label of a heatmap frame (its SVG text), as boxes in page pixels. */
async function labelBoxes(frame: Locator): Promise<Box[]> {
  return frame.locator('.heatmap-axes text').evaluateAll((texts) =>
    texts
      .map((t) => {
        const r = t.getBoundingClientRect();
        return { text: t.textContent ?? '', x: r.x, y: r.y, w: r.width, h: r.height };
      })
      .filter((b) => b.w > 0 && b.h > 0),
  );
}

/** Pairs of labels whose boxes overlap by more than half a pixel each way. */
function overlaps(boxes: Box[]): string[] {
  const sorted = [...boxes].sort((a, b) => a.x - b.x);
  const found: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i] as Box;
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j] as Box;
      if (b.x >= a.x + a.w - 0.5) break;
      const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
      const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
      if (dx > 0.5 && dy > 0.5) found.push(`“${a.text}” × “${b.text}”`);
    }
  }
  return found;
}

/** Checks every heatmap frame inside a panel; returns how many labels were checked. */
async function checkFrames(panel: Locator, what: string): Promise<number> {
  const panelBox = (await panel.boundingBox())!;
  const frames = panel.locator('.heatmap-frame');
  const n = await frames.count();
  expect(n, `${what}: heatmaps`).toBeGreaterThan(0);
  let checked = 0;
  for (let f = 0; f < n; f++) {
    const frame = frames.nth(f);
    await frame.scrollIntoViewIfNeeded();
    const frameBox = (await frame.boundingBox())!;
    const boxes = await labelBoxes(frame);
    expect(boxes.length, `${what}, heatmap ${f}: labelled`).toBeGreaterThan(0);
    expect(overlaps(boxes), `${what}, heatmap ${f}: overlapping labels`).toEqual([]);
    for (const b of boxes) {
      const where = `${what}, heatmap ${f}: “${b.text}”`;
      expect(b.x, `${where} left of the panel`).toBeGreaterThanOrEqual(panelBox.x - 0.5);
      expect(b.x + b.w, `${where} right of the panel`).toBeLessThanOrEqual(
        panelBox.x + panelBox.width + 0.5,
      );
      expect(b.y, `${where} above its frame`).toBeGreaterThanOrEqual(frameBox.y - 0.5);
      expect(b.x + b.w, `${where} right of its frame`).toBeLessThanOrEqual(
        frameBox.x + frameBox.width + 0.5,
      );
    }
    // No blank band above the matrix: the highest label starts at the frame's top.
    const top = Math.min(...boxes.map((b) => b.y));
    expect(top - frameBox.y, `${what}, heatmap ${f}: blank band above`).toBeLessThanOrEqual(6);
    checked += boxes.length;
  }
  return checked;
}

async function expectLegends(panel: Locator, what: string): Promise<void> {
  const heatmaps = panel.locator('.heatmap');
  const n = await heatmaps.count();
  for (let i = 0; i < n; i++)
    await expect(heatmaps.nth(i).locator('.ramp-legend').first(), `${what}: legend`).toBeVisible();
}

/** Attaches a screenshot of the panel (and writes it to $E2E_SHOTS, when set, to look at). */
async function shoot(page: Page, panel: Locator, info: TestInfo, name: string): Promise<void> {
  await panel.scrollIntoViewIfNeeded();
  const body = await panel.screenshot();
  await info.attach(name, { body, contentType: 'image/png' });
  if (process.env.E2E_SHOTS) writeFileSync(`${process.env.E2E_SHOTS}/${name}.png`, body);
}

/** Drags across the middle of a heatmap's matrix and checks the enlarged part's labels. */
async function focusPart(page: Page, panel: Locator, testId: string, info: TestInfo) {
  const heatmap = panel.getByTestId(testId);
  const cells = heatmap.locator('.heatmap-cells');
  await cells.scrollIntoViewIfNeeded();
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
    // Attribute names are cut to their column, with the whole name in the band's tooltip.
    const co = page.getByTestId('cooccurrence-heatmap');
    await expect(co.locator('.axis-rows .band title').first()).toHaveText(
      'measurement-of-the-specimen-property-01-of-22',
    );
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
    await expect(co).toHaveAttribute('data-cells', String(1000 * 1000));
    // Clicking an attribute's band enlarges its 25 values against themselves, labelled.
    await co.locator('.axis-rows .band-hit').nth(3).click();
    const focus = page.getByTestId('cooccurrence-heatmap-focus');
    await expect(focus.locator('.axis-rows .label')).toHaveCount(25);
    await expect(focus.locator('.axis-cols .label')).toHaveCount(25);
    await checkFrames(focus, 'thousand enlarged band');
    await shoot(page, page.getByTestId('panel-cooccurrence'), info, 'thousand-band');
  });
});
