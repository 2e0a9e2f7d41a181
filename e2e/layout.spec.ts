import { keepShot } from './shots.ts';
import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  addPanel,
  expect,
  openApp,
  type PanelChoice,
  test,
  waitIdle,
  scrollIntoView,
} from './fixtures.ts';

const RESULT = { timeout: 120_000 } as const;

/** The tops and lefts of the workspace's panels, in order. */
async function panelBoxes(page: Page) {
  return page
    .getByTestId('workspace')
    .locator(':scope > section.panel')
    .evaluateAll((panels) =>
      panels.map((p) => {
        const r = p.getBoundingClientRect();
        return { top: Math.round(r.top), left: Math.round(r.left), height: r.height };
      }),
    );
}

for (const [width, perRow] of [
  [1280, 2],
  [1920, 3],
] as const)
  test(`at ${width} px, ${perRow} panels a row; a new panel comes into view with the focus`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openApp(page);
    // Summary (a whole row), co-occurrence and SU, then two more panels.
    await addPanel(page, 'rows');
    const last = await addPanel(page, 'projection:onehot');
    await expect(last).toBeFocused();
    await expect(last).toBeInViewport();
    const boxes = await panelBoxes(page);
    const rowTops = boxes.slice(1).map((b) => b.top);
    // The panels after the summary fill rows of `perRow`.
    expect(rowTops.slice(0, perRow).every((t) => t === rowTops[0])).toBe(true);
    expect(new Set(rowTops.slice(0, perRow).map(String)).size).toBe(1);
    expect(rowTops[perRow]).toBeGreaterThan(rowTops[0] as number);
    // No panel is taller than the window.
    for (const b of boxes) expect(b.height).toBeLessThanOrEqual(900);
  });

test('at 1280 × 800 the top bar keeps to one line, with a selection and a search', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page, 'zoo.csv');
  const rows = await addPanel(page, 'rows');
  await rows.locator('tr[data-row="0"]').click();
  await expect(page.getByRole('button', { name: /^Clear selection/ })).toBeVisible();
  await page.getByRole('searchbox').fill('aquatic');
  await page.screenshot({ path: test.info().outputPath('topbar-1280.png') });
  const middles = await page.locator('.topbar-controls > *:visible').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return Math.round(r.top + r.height / 2);
    }),
  );
  expect(middles.length).toBeGreaterThan(5);
  // Every control sits on one line: their middles within a few pixels of each other.
  expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(4);
});

/**
 * The main views on soybean (36 columns, 133 values, 19 classes), each with what counts as its
 * chart: the part that must show without scrolling inside its panel.
 */
const MAIN_VIEWS: { choice: PanelChoice; chart: string; ready: string }[] = [
  { choice: 'value-matrices:cde', chart: '.heatmap-frame', ready: '.heatmap-frame' },
  {
    choice: 'value-partitions:cde',
    chart: '[role="region"]:has([data-testid="value-clusters"])',
    ready: '[data-testid="value-clusters"]',
  },
  {
    choice: 'projection:cde',
    chart: '.scatter-plot',
    ready: '[data-testid="projection-view"][data-state="done"]',
  },
  {
    choice: 'ranking:cbrw',
    chart: '[role="region"][aria-label="Objects by outlier score"]',
    ready: '[data-testid="outlier-table"]',
  },
  { choice: 'impact:cbrw', chart: '.word-cloud svg', ready: '.word-cloud svg' },
  { choice: 'comparison:eps-gamma', chart: '[data-testid="curves-chart"]', ready: '' },
];
/** The panels a table opens with. */
const FIRST_VIEWS = [
  { view: 'cooccurrence', chart: '.heatmap-frame' },
  { view: 'su', chart: '.heatmap-frame' },
] as const;

/** Parts of `chart` (in `panel`) outside its body's visible box, with the body scrolled to its top. */
async function outsideBody(panel: Locator, chart: string): Promise<string[]> {
  return panel.evaluate((p, selector) => {
    const body = p.querySelector('.panel-body') as HTMLElement;
    body.scrollTop = 0;
    const b = body.getBoundingClientRect();
    const [top, left] = [b.top + body.clientTop, b.left + body.clientLeft];
    const charts = [...p.querySelectorAll(selector)];
    if (charts.length === 0) return [`no ${selector}`];
    return charts.flatMap((c, i) => {
      const r = c.getBoundingClientRect();
      const out =
        r.top < top - 0.5 ||
        r.left < left - 0.5 ||
        r.bottom > top + body.clientHeight + 0.5 ||
        r.right > left + body.clientWidth + 0.5;
      return out
        ? [
            `${selector} #${i}: ${Math.round(r.top)}–${Math.round(r.bottom)} × ${Math.round(r.left)}–${Math.round(r.right)} vs body ${Math.round(top)}+${body.clientHeight} × ${Math.round(left)}+${body.clientWidth}`,
          ]
        : [];
    });
  }, chart);
}

/** The middles of a row's visible children: one line when they lie within a few pixels. */
async function middles(row: Locator): Promise<number[]> {
  return row.locator(':scope > *:visible').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return Math.round(r.top + r.height / 2);
    }),
  );
}

function spread(xs: number[]): number {
  return Math.max(...xs) - Math.min(...xs);
}

/** A panel's collapsed settings: one line, naming how many there are. */
async function expectSettingsOnOneLine(panel: Locator, what: string): Promise<void> {
  const settings = panel.getByTestId('panel-settings');
  if ((await settings.count()) === 0) return;
  await expect(settings.locator('.settings-toggle')).toHaveAttribute('aria-expanded', 'false');
  await expect(settings.locator('.settings-toggle')).toHaveText(/^▸ \d+ settings?$/);
  const line = settings.locator('.settings-line');
  expect(spread(await middles(line)), `${what}: settings on one line`).toBeLessThanOrEqual(4);
  const summary = settings.getByTestId('settings-summary');
  const height = await summary.evaluate((el) => el.getBoundingClientRect().height);
  expect(height, `${what}: the settings' line is one line`).toBeLessThan(24);
}

/** The first screen: the summary is compact, so the next row of panels starts well within it. */
async function expectFirstScreen(page: Page, info: TestInfo, width: number, height: number) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const next = await page.getByTestId('panel-cooccurrence').boundingBox();
  expect(next!.y, `${width}: the next row starts in the first half-screen and more`).toBeLessThan(
    height * 0.62,
  );
  await keepShot(info, `first-screen-${width}`, await page.screenshot());
}

/** Every main panel at this size: settings on one line, its chart whole, value clusters whole. */
async function expectPanelsWhole(page: Page, info: TestInfo, width: number): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(spread(await middles(page.locator('.topbar-controls'))), 'top bar').toBeLessThanOrEqual(4);
  const charts = [
    ...FIRST_VIEWS,
    ...MAIN_VIEWS.map((v) => ({ view: v.choice.split(':')[0], chart: v.chart })),
  ];
  for (const { view, chart } of charts) {
    const panel = page.getByTestId(`panel-${view}`);
    await scrollIntoView(panel);
    await expectSettingsOnOneLine(panel, view);
    expect(await outsideBody(panel, chart), `${width}, ${view}: chart outside its panel`).toEqual(
      [],
    );
    await keepShot(info, `${view}-${width}`, await panel.screenshot());
  }
  await expectSettingsOnOneLine(page.getByTestId('panel-summary'), 'summary');
  await expectValueClustersWhole(page);
}

/** Value clusters: all 16 granularities, none behind a scrollbar. */
async function expectValueClustersWhole(page: Page): Promise<void> {
  const clusters = page.getByTestId('panel-value-partitions');
  const region = clusters.locator('[role="region"]:has([data-testid="value-clusters"])');
  const { scroll, client } = await region.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
  expect(scroll, 'value clusters scroll sideways').toBeLessThanOrEqual(client);
  const heads = await clusters
    .locator('[data-testid="value-clusters"] > text')
    .evaluateAll((texts) => texts.map((t) => t.getBoundingClientRect().right));
  expect(heads).toHaveLength(16);
  const right = (await region.boundingBox())!;
  for (const r of heads) expect(r).toBeLessThanOrEqual(right.x + right.width + 0.5);
}

// One workspace, checked at 1280 × 800 and again after the window grows to 1920 × 1080 (the
// results are computed once; a resize is what a user's window does too).
test('on soybean at 1280 × 800 and 1920 × 1080 every panel’s chart shows whole, settings on one line', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page, 'soybean.csv');
  await expectFirstScreen(page, info, 1280, 800);
  for (const { choice } of MAIN_VIEWS) await addPanel(page, choice);
  const curves = page.getByTestId('panel-comparison');
  await curves.getByRole('button', { name: 'Run (ε,γ)-curves' }).click();
  await expect(curves.getByTestId('curves-chart')).toBeVisible(RESULT);
  for (const { choice, ready } of MAIN_VIEWS.filter((v) => v.ready !== ''))
    await expect(
      page
        .getByTestId(`panel-${choice.split(':')[0]}`)
        .locator(ready)
        .first(),
    ).toBeVisible(RESULT);
  await waitIdle(page, RESULT.timeout);
  await expectPanelsWhole(page, info, 1280);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.waitForTimeout(500);
  await expectFirstScreen(page, info, 1920, 1080);
  await expectPanelsWhole(page, info, 1920);
  // Every panel painted for the record (panels out of view are otherwise skipped).
  await page.addStyleTag({
    content: '.panel, .bars { content-visibility: visible !important; }',
  });
  await keepShot(info, 'workspace-1920', await page.screenshot({ fullPage: true }));
});

/** The other views, on zoo (quick), each with its chart: the rows, two of them compared, … */
const OTHER_VIEWS: { choice: PanelChoice; chart: string }[] = [
  { choice: 'rows', chart: '[role="region"][aria-label="Rows"]' },
  { choice: 'pair:hamming', chart: '[data-testid="pair-table"]' },
  { choice: 'neighbours:cde', chart: '[data-testid="neighbours-table"]' },
  { choice: 'untie-training:untie', chart: '[data-testid="curves-chart"]' },
  { choice: 'walkthrough:cas-walkthrough', chart: '[data-testid="walkthrough"] > :first-child' },
  { choice: 'results-board', chart: '[data-testid="results-board"] > :first-child' },
];

test('at 1280 × 800 the other views show their charts whole too', async ({ page }, info) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page, 'zoo.csv');
  for (const { choice } of OTHER_VIEWS) await addPanel(page, choice);
  // Two objects selected (the pair compares them; the neighbours list the first one's).
  const rows = page.getByTestId('panel-rows');
  await rows.locator('tr[data-row="0"]').click();
  await rows.getByRole('checkbox', { name: /only selected objects/ }).uncheck();
  await rows.locator('tr[data-row="1"]').click({ modifiers: ['Control'] });
  for (const { choice, chart } of OTHER_VIEWS) {
    const view = choice.split(':')[0] as string;
    const panel = page.getByTestId(`panel-${view}`);
    await scrollIntoView(panel);
    await expect(panel.locator(chart).first()).toBeVisible(RESULT);
    await expectSettingsOnOneLine(panel, view);
    expect(await outsideBody(panel, chart), `${view}: chart outside its panel`).toEqual([]);
    await keepShot(info, `${view}-1280`, await panel.screenshot());
  }
});
