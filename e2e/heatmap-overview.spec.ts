import { readFileSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { addPanel, expect, openApp, test, waitIdle, scrollIntoView } from './fixtures.ts';
import { checkFrames, labelBoxes, shoot } from './heatmapLabels.ts';

/**
 * Heatmaps readable by default on real data (issue 29): every bundled table of over 40 values,
 * opened at 1280 × 800, shows its co-occurrence (and SU) as attribute × attribute matrices whose
 * rows and columns are named — every attribute, or, when more attributes than lines of text fit
 * (dna's 60, supermarket's 122), every k-th in file order as the heatmap's hint states — in a
 * font of at least 9 px, no name overlapping another or leaving its panel or frame. A click on an
 * attribute pair shows its block of values, labelled, below. CDE's Mo and Mc open the same way on
 * the tables of at most 500 rows (vote, breast-cancer, labor; CDE on the 3,000–8,000-row tables
 * takes a minute each here, and soybean's Mo and Mc are checked by readability.spec.ts).
 * The number of values is the app's own (summary: "N features · M values"): the tables of 40
 * values or fewer are skipped as they open, so no list is guessed. Screenshots of each panel are
 * attached to the results.
 */
const RESULT = { timeout: 90_000 } as const;
const OVER = 40;
const CDE_MAX_ROWS = 500;

const index = JSON.parse(readFileSync('public/datasets/index.json', 'utf-8')) as {
  datasets: { file: string; rows: number }[];
};
const TABLES = index.datasets.filter((d) => d.file.endsWith('.csv'));

/** The features, in file order, as the summary lists them (its rows of role "feature"). */
async function featureNames(page: Page): Promise<string[]> {
  const names = await page
    .getByTestId('summary-column')
    .and(page.locator('.role-feature'))
    .locator('td.name')
    .allTextContents();
  const count = Number(await page.getByTestId('summary-features').textContent());
  expect(names.length, 'the summary lists every feature').toBe(count);
  return names.map((n) => n.trim());
}

/**
 * An attribute-level heatmap: its row and column names are the attributes (every k-th, k its
 * stated stride), whole or cut in the middle with the whole name as its title; at least 9 px.
 */
async function expectNamed(heatmap: Locator, names: string[], what: string): Promise<void> {
  const stride = Number(await heatmap.getAttribute('data-label-stride'));
  expect(stride, `${what}: every k-th attribute named`).toBeGreaterThanOrEqual(1);
  if (stride > 1)
    await expect(heatmap.locator('.heatmap-hint')).toContainText(
      new RegExp(`of the ${names.length} attributes is (named|labelled)`),
    );
  const expected = names.filter((_, p) => p % stride === 0);
  // A dense stride would name too few attributes to read the matrix by.
  expect(expected.length, `${what}: named attributes`).toBeGreaterThanOrEqual(
    Math.min(names.length, 16),
  );
  for (const side of ['rows', 'cols'] as const) {
    const labels = heatmap.locator(`.heatmap-axes .axis-${side} .label`);
    const shown = await labels.evaluateAll((gs) =>
      gs.map((g) => ({
        text: g.querySelector('text')?.textContent ?? '',
        title: g.querySelector('title')?.textContent ?? null,
        font: parseFloat(getComputedStyle(g.querySelector('text') as Element).fontSize),
      })),
    );
    expect(
      shown.map((l) => (l.title !== null && l.text.includes('…') ? l.title : l.text)),
      `${what}: ${side} named`,
    ).toEqual(expected);
    for (const l of shown) expect(l.font, `${what}: “${l.text}” font`).toBeGreaterThanOrEqual(9);
  }
}

/** The frame lies inside its panel, so no label is cut by the panel's box. */
async function expectInside(panel: Locator, what: string): Promise<void> {
  const p = (await panel.boundingBox())!;
  for (const frame of await panel.locator('.heatmap-frame').all()) {
    const f = (await frame.boundingBox())!;
    expect(f.x, `${what}: frame left of its panel`).toBeGreaterThanOrEqual(p.x - 0.5);
    expect(f.x + f.width, `${what}: frame right of its panel`).toBeLessThanOrEqual(
      p.x + p.width + 0.5,
    );
  }
}

/** The attribute overview of one heatmap in its panel, then a click into an attribute pair. */
async function checkOverview(
  page: Page,
  panel: Locator,
  testId: string,
  names: string[],
  what: string,
): Promise<void> {
  const heatmap = panel.getByTestId(testId);
  await expect(heatmap, `${what}: opens by attribute`).toHaveAttribute('data-level', 'attributes');
  await expect(heatmap).toHaveAttribute('data-cells', String(names.length ** 2));
  // Mc is a conditional probability: its overview shows each pair's distance from independence,
  // not the block maximum (1 wherever a rare value always meets another); the others the maximum.
  await expect(heatmap.locator('.ramp-legend').first()).toContainText(
    testId === 'mc-heatmap' ? 'Mc: distance from independence' : /max/,
  );
  await expectNamed(heatmap, names, what);
  await checkFrames(heatmap, what);
  await expectInside(panel, what);
}

/** A click on the cell of the 2nd and 1st attributes shows their values, labelled. */
async function drillIn(
  page: Page,
  info: TestInfo,
  panel: Locator,
  testId: string,
  what: string,
): Promise<void> {
  const heatmap = panel.getByTestId(testId);
  const cells = heatmap.locator('.heatmap-cells');
  const box = (await cells.boundingBox())!;
  const n = Math.sqrt(Number(await heatmap.getAttribute('data-cells')));
  await page.mouse.click(box.x + (0.5 * box.width) / n, box.y + (1.5 * box.height) / n);
  const focus = panel.getByTestId(`${testId}-focus`);
  await expect(focus).toBeVisible();
  await expect(focus.locator('.heatmap-axes .label').first()).toBeVisible();
  const labels = await labelBoxes(focus.locator('.heatmap-frame'));
  expect(labels.length, `${what}: the pair's values labelled`).toBeGreaterThanOrEqual(2);
  await checkFrames(focus, `${what} block`);
  await shoot(page, focus, info, `${what}-block`);
  await focus.getByRole('button', { name: 'Close the enlarged part' }).click();
  await expect(focus).toHaveCount(0);
}

async function checkPanel(
  page: Page,
  info: TestInfo,
  panel: Locator,
  testIds: string[],
  names: string[],
  what: string,
): Promise<void> {
  // Panels out of sight are not laid out (content-visibility): this one is brought into view.
  await scrollIntoView(panel);
  await expect(panel.locator('canvas.heatmap-cells, svg.heatmap-cells').first()).toBeVisible();
  await expect(panel.locator('.heatmap-axes .label').first()).toBeVisible();
  for (const id of testIds) await checkOverview(page, panel, id, names, `${what} ${id}`);
  await shoot(page, panel, info, `${what}-overview`);
  await drillIn(page, info, panel, testIds[0] as string, what);
}

test.describe('heatmaps open readable at 1280 × 800 on every bundled table of over 40 values', () => {
  for (const table of TABLES)
    test(`${table.file}`, async ({ page }, info) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: 1280, height: 800 });
      await openApp(page, table.file);
      const stat = (await page.getByTestId('summary').textContent()) ?? '';
      const values = Number(/features\s*·\s*([\d,]+)\s+values/.exec(stat)?.[1]?.replace(/,/g, ''));
      expect(values, 'the summary gives the number of values').toBeGreaterThan(0);
      test.skip(values <= OVER, `${values} values: a value matrix of ${OVER} or fewer`);
      const names = await featureNames(page);
      const what = table.file.replace(/\.csv$/, '');
      await waitIdle(page, RESULT.timeout);
      const co = page.getByTestId('panel-cooccurrence');
      await checkPanel(page, info, co, ['cooccurrence-heatmap'], names, `${what}-cooccurrence`);
      // SU is attribute × attribute already: named by the same rule.
      const su = page.getByTestId('su-heatmap');
      await scrollIntoView(su);
      await expect(su.locator('.heatmap-axes .label').first()).toBeVisible();
      await expectNamed(su, names, `${what} SU`);
      await checkFrames(su, `${what} SU`);
      await shoot(page, page.getByTestId('panel-su'), info, `${what}-su`);
      if (table.rows > CDE_MAX_ROWS) return;
      const matrices = await addPanel(page, 'value-matrices:cde');
      await expect(matrices.getByTestId('mc-heatmap')).toBeVisible(RESULT);
      await waitIdle(page, RESULT.timeout);
      await checkPanel(
        page,
        info,
        matrices,
        ['mo-heatmap', 'mc-heatmap'],
        names,
        `${what}-value-matrices`,
      );
    });
});
