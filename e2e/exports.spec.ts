import { readFile, writeFile } from 'node:fs/promises';
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import type { PanelChoice } from './fixtures.ts';
import {
  addPanel,
  expect,
  exported,
  openApp,
  test,
  waitIdle,
  workspaceAction,
  scrollIntoView,
} from './fixtures.ts';

/**
 * Every view exports: a PNG, an SVG that carries the panel's title and, where the view shows a
 * legend, the legend; a CSV and a JSON where it shows a table. The HTML report of the workspace
 * opens offline in a fresh context and shows every panel.
 */

const RESULT = { timeout: 60_000 } as const;

/** Checks a panel's exports; returns its SVG. */
async function checkExports(
  page: Page,
  panel: Locator,
  testInfo: { outputPath(n: string): string },
) {
  const title = (await panel.locator('h2').first().textContent()) ?? '';
  const png = await exported(page, panel, 'PNG picture');
  expect(png.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
  expect(png.length).toBeGreaterThan(2000);
  const svg = (await exported(page, panel, 'SVG drawing')).toString('utf8');
  const file = title.replace(/[^\w]+/g, '-');
  await writeFile(testInfo.outputPath(`${file}.svg`), svg);
  await writeFile(testInfo.outputPath(`${file}.png`), png);
  expect(svg).toMatch(/^<\?xml[^>]*>\s*<svg /);
  // The title is written with XML escapes.
  const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  expect(svg).toContain(escaped);
  const legends = panel.locator(
    ['legend', 'ramp-legend', 'curves-legend'].map((c) => `.panel-body .${c}:visible`).join(', '),
  );
  if ((await legends.count()) > 0) {
    expect(svg, `${title}: the legend`).toContain('<g class="legend">');
    // Its first word, as the page shows it (text nodes may be split on screen).
    const firstWord = ((await legends.first().innerText()).trim().split(/\s+/)[0] ?? '').replace(
      /:$/,
      '',
    );
    expect(svg, `${title}: the legend's “${firstWord}”`).toContain(
      `>${firstWord.replace(/&/g, '&amp;')}`,
    );
  }
  // Its tables: those on screen, and the numbers a matrix or a grid is drawn from.
  const tables = await panel
    .locator('.panel-body table, .panel-body [data-export-numbers]')
    .count();
  if (tables > 0) {
    const csv = (await exported(page, panel, 'CSV')).toString('utf8');
    expect(csv.split('\r\n').length, `${title}: CSV lines`).toBeGreaterThan(2);
    const json = JSON.parse((await exported(page, panel, 'JSON')).toString('utf8')) as {
      tables: { rows: unknown[] }[];
    };
    expect(json.tables.length).toBe(tables);
    expect(json.tables[0]?.rows.length).toBeGreaterThan(0);
  }
  return svg;
}

async function exportEach(
  page: Page,
  choices: readonly PanelChoice[],
  ready: (panel: Locator, choice: PanelChoice) => Promise<void>,
  testInfo: { outputPath(n: string): string },
) {
  const panels: Locator[] = [];
  for (const choice of choices) panels.push(await addPanel(page, choice));
  for (const [k, panel] of panels.entries()) await ready(panel, choices[k] as PanelChoice);
  await waitIdle(page, RESULT.timeout);
  for (const panel of panels) await checkExports(page, panel, testInfo);
}

test('data views, value matrices, clusters and rankings export PNG, SVG, CSV and JSON', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await openApp(page, 'zoo.csv');
  await exportEach(
    page,
    ['summary', 'cooccurrence', 'su', 'rows', 'value-matrices:cde', 'value-partitions:cde'],
    async (panel, choice) => {
      if (choice === 'value-partitions:cde')
        await expect(panel.getByTestId('cluster-summary')).toContainText(/granularities/, RESULT);
    },
    testInfo,
  );
});

// One page of zoo for both: the report is written of the panels whose exports were just checked
// (CDE, COSH and the projection are computed once), with the value matrices added.
test('rankings, word clouds, projections, curves and walk-throughs export too; the HTML report opens offline in a fresh context and shows every panel', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(360_000);
  await openApp(page, 'zoo.csv');
  await test.step('rankings, word clouds, projections, curves and walk-throughs export too', () =>
    otherViewsExport(page, testInfo));
  await test.step('the HTML report opens offline in a fresh context and shows every panel', async () => {
    // The report's panels: those zoo opens with, the value matrices, COSH's ranking and the
    // projection of CDE (the others' pictures are drawn to other heights).
    for (const view of ['impact', 'untie-training', 'comparison', 'results-board']) {
      const panel = page.getByTestId(`panel-${view}`);
      await panel.getByRole('button', { name: /^Close / }).click();
      await expect(panel).toHaveCount(0);
    }
    await addPanel(page, 'value-matrices:cde');
    await reportOffline(page, browser);
  });
});

/** Rankings, word clouds, projections, curves and walk-throughs export too. */
async function otherViewsExport(page: Page, testInfo: TestInfo): Promise<void> {
  await exportEach(
    page,
    [
      'ranking:cosh',
      'impact:cbrw',
      'projection:cde',
      'untie-training:untie',
      'comparison:eps-gamma',
      'results-board',
    ],
    async (panel, choice) => {
      if (choice === 'ranking:cosh')
        await expect(panel.getByTestId('outlier-table')).toBeVisible(RESULT);
      if (choice === 'comparison:eps-gamma') {
        await panel.getByRole('button', { name: 'Run (ε,γ)-curves' }).click();
        await expect(panel.getByTestId('curves-chart')).toBeVisible(RESULT);
      }
    },
    testInfo,
  );
  const curves = page.getByTestId('panel-comparison');
  const curvesSvg = (await exported(page, curves, 'SVG drawing')).toString('utf8');
  expect(curvesSvg).toMatch(/<g class="legend">[^]*>CDE</);
  // The ranking's CSV ranks every object, not only the 25 shown.
  const ranking = page.getByTestId('panel-ranking');
  const csv = (await exported(page, ranking, 'CSV')).toString('utf8').trim().split('\r\n');
  expect(csv.length).toBe(1 + 101);
  expect(csv[0]).toMatch(/^line,rank,score,type,/);
}

test('pair and walk-through views export on the paper tables', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openApp(page, 'coupled-toy.csv');
  const rows = await addPanel(page, 'rows');
  const pair = await addPanel(page, 'pair:cas');
  await rows.locator('tr[data-row="1"]').click();
  await rows.getByRole('checkbox', { name: /only selected objects/ }).uncheck();
  await rows.locator('tr[data-row="2"]').click({ modifiers: ['Control'] });
  await expect(pair.getByTestId('pair-similarity')).toHaveText('0.7500', RESULT);
  await checkExports(page, pair, testInfo);
  const walk = await addPanel(page, 'walkthrough:cas-walkthrough');
  await expect(walk.getByTestId('walkthrough')).toBeVisible(RESULT);
  const svg = await checkExports(page, walk, testInfo);
  expect(svg).toContain('CASV(');
});

/** The HTML report of the page's panels opens offline in a fresh context and shows every panel. */
async function reportOffline(page: Page, browser: Browser): Promise<void> {
  await expect(page.getByTestId('outlier-table')).toBeVisible(RESULT);
  await waitIdle(page, RESULT.timeout);
  const titles = await page.locator('section.panel h2').allTextContents();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    workspaceAction(page, 'Export report'),
  ]);
  const html = await readFile(await download.path(), 'utf8');
  expect(download.suggestedFilename()).toBe('zoo-csv-report.html');
  // Self-contained: nothing to fetch.
  expect(html).not.toMatch(/<script|<link|src="http|href="http/);

  const offline = await browser.newContext({ offline: true, javaScriptEnabled: false });
  const reader = await offline.newPage();
  const requests: string[] = [];
  reader.on('request', (r) => requests.push(r.url()));
  await reader.setContent(html);
  const sections = reader.locator('section.panel-report');
  await expect(sections).toHaveCount(titles.length);
  for (const [k, title] of titles.entries()) {
    await expect(sections.nth(k).locator('h2')).toHaveText(title);
    const figure = sections.nth(k).locator('figure > svg');
    await expect(figure).toBeVisible();
    const box = await figure.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(100);
  }
  // The ranking's table is printed with its scores.
  const ranking = sections.filter({ has: reader.locator('h2', { hasText: 'Outlier ranking' }) });
  await expect(ranking.locator('table').first()).toContainText('score');
  expect(requests.filter((u) => !u.startsWith('data:') && u !== 'about:blank')).toEqual([]);
  await offline.close();
}

test('a heatmap painted on a canvas exports its cells as rectangles, not scaled-up pixels', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openApp(page, 'soybean.csv');
  await waitIdle(page, RESULT.timeout);
  // Soybean's 100 values: 10,000 co-occurrence cells, over the SVG cells' limit, so a canvas.
  const co = page.getByTestId('panel-cooccurrence');
  await scrollIntoView(co);
  await co.getByRole('button', { name: 'values' }).click();
  await expect(co.locator('canvas.heatmap-cells[data-painted="yes"]')).toBeVisible(RESULT);
  const svg = (await exported(page, co, 'SVG drawing')).toString('utf8');
  expect(svg).not.toContain('<image');
  const runs = svg.match(/<rect x="\d+" y="\d+" width="\d+" height="1" fill="#[0-9a-f]{6}"\/>/g);
  // 100 rows, each at least one run of one colour.
  expect(runs?.length ?? 0).toBeGreaterThanOrEqual(100);
});

test('an SVG shows what the view shows: no instructions, no orphan control labels, the call in words, every summary column', async ({
  page,
}) => {
  await openApp(page);
  const matrices = await addPanel(page, 'value-matrices:cde');
  await waitIdle(page, RESULT.timeout);
  await expect(matrices.getByTestId('mo-heatmap')).toBeVisible(RESULT);
  const svg = (await exported(page, matrices, 'SVG drawing')).toString('utf8');
  expect(svg).not.toMatch(/drag across|click a cell|to enlarge that part/);
  expect(svg).not.toMatch(/>Cells</);
  expect(svg).not.toContain('{&quot;method&quot;');
  expect(svg).not.toContain('{"method"');
  expect(svg).toContain('· CDE');
  // The JSON keeps the exact call.
  const json = JSON.parse((await exported(page, matrices, 'JSON')).toString('utf8')) as {
    call: { method: string; options: Record<string, unknown> };
  };
  expect(json.call).toEqual({ method: 'cde', options: {} });
  // The data summary's picture keeps each column's role.
  const summary = page.getByTestId('panel-summary');
  const picture = (await exported(page, summary, 'SVG drawing')).toString('utf8');
  expect(picture.match(/>feature</g)?.length ?? 0).toBeGreaterThanOrEqual(16);
});
