import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import {
  addPanel,
  chooseFile,
  expect,
  expectNotice,
  expectSummary,
  openApp,
  showSettings,
  test,
  waitIdle,
} from './fixtures.ts';

/**
 * A counts file opened in the explorer (issue 47): the counts ClickHouse made of the bundled Zoo
 * table (`npm run cli -- counts public/datasets/zoo.csv --engine clickhouse --out
 * e2e/fixtures/zoo.clickhouse.counts.json`, and its Parquet twin) open as the current table; CDE's
 * Mo, Mc and value clusters read from the views are those of Zoo's CSV opened as a file; a
 * projection says in one line that it needs the rows, and its button opens the file picker; Run
 * all marks what needs rows “not applicable”; a bad counts file loses nothing; a reload asks for
 * the counts file as for any file of one's own.
 */

const RESULT = { timeout: 60_000 } as const;

// A hang guard, not a budget: each test reads several views cell by cell beside a busy machine.
test.setTimeout(240_000);

const file = (path: string, name: string, mimeType: string) => ({
  name,
  mimeType,
  buffer: readFileSync(new URL(path, import.meta.url)),
});
const ZOO_CSV = file('../public/datasets/zoo.csv', 'zoo.csv', 'text/csv');
const COUNTS_JSON = file(
  './fixtures/zoo.clickhouse.counts.json',
  'zoo.clickhouse.counts.json',
  'application/json',
);
const COUNTS_PARQUET = file(
  './fixtures/zoo.clickhouse.counts.parquet',
  'zoo.clickhouse.counts.parquet',
  'application/vnd.apache.parquet',
);
/** Zoo with type as a feature (the counts command reads no class): 15 × 2 + 6 legs + 7 types. */
const L = 43;

const NEEDS_ROWS = 'This view needs the rows; a counts file has none.';

/** No CSS animation or transition runs: what is waited for settles at once. */
async function stopAnimations(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addStyleTag({
    content:
      '*, *::before, *::after { animation: none !important; transition: none !important; scroll-behavior: auto !important; }',
  });
}

/** Opens Zoo's CSV as the user's own file and models it as the counts command does: no class. */
async function openZooCsv(page: Page): Promise<void> {
  await chooseFile(page, ZOO_CSV);
  await expectSummary(page, { rows: 101, columns: 17, name: 'zoo.csv' });
  await waitIdle(page, RESULT.timeout);
  const summary = page.getByTestId('panel-summary');
  await showSettings(summary);
  const classColumn = summary.getByLabel('Class column');
  if ((await classColumn.inputValue()) !== '') await classColumn.selectOption('');
  await expectSummary(page, { features: 17 });
  await waitIdle(page, RESULT.timeout);
}

/**
 * A matrix as its view shows it: the fill of every cell, and the numbers its tooltip says (read
 * out for the keyboard's cell) along the first row.
 */
async function matrixReading(panel: Locator, name: 'mo' | 'mc') {
  const heatmap = panel.getByTestId(`${name}-heatmap`);
  await expect(heatmap).toHaveAttribute('data-level', /./, RESULT);
  // 43 values open on the attributes' overview: the values' cells are one click away.
  await panel
    .getByTestId(`${name}-heatmap-level`)
    .getByRole('button', { name: 'values', exact: true })
    .click();
  await expect(heatmap).toHaveAttribute('data-cells', String(L * L), RESULT);
  const cells = heatmap.locator('rect.cell');
  await expect(cells).toHaveCount(L * L);
  const fills = await cells.evaluateAll((rects) => rects.map((r) => r.getAttribute('fill')));
  const frame = heatmap.locator('.heatmap-cells').first();
  const said = panel.getByTestId(`${name}-heatmap-active-cell`);
  await frame.focus();
  await expect(said).not.toHaveText('');
  const numbers: string[] = [(await said.textContent()) ?? ''];
  for (let q = 1; q < L; q++) {
    const before = numbers[numbers.length - 1] ?? '';
    await frame.press('ArrowRight');
    await expect(said).not.toHaveText(before);
    numbers.push((await said.textContent()) ?? '');
  }
  await frame.press('Escape');
  expect(numbers.every((n) => /\d/.test(n))).toBe(true);
  return { fills, numbers };
}

/** CDE's value clusters as the view shows them: every value's cluster at every granularity. */
async function clusterReading(panel: Locator) {
  const summary = panel.getByTestId('cluster-summary');
  await expect(summary).toContainText(/^\d+ granularities · \d+ kept clusters/, RESULT);
  const cells = panel.getByTestId('value-clusters').locator('rect.cell');
  await expect(cells).not.toHaveCount(0);
  const assignments = await cells.evaluateAll((rects) =>
    rects
      .map(
        (r) =>
          `${r.getAttribute('data-granularity')}:${r.getAttribute('data-value')}=${r.getAttribute('data-cluster')}`,
      )
      .sort(),
  );
  return { summary: await summary.textContent(), assignments };
}

async function cdeReading(page: Page, matrices: Locator, clusters: Locator) {
  await waitIdle(page, RESULT.timeout);
  return {
    mo: await matrixReading(matrices, 'mo'),
    mc: await matrixReading(matrices, 'mc'),
    clusters: await clusterReading(clusters),
  };
}

/** Waits until the summary shows the counts file: its name, the rows counted, no rows here. */
async function expectCountsFile(page: Page, name: string): Promise<void> {
  await expectSummary(page, { rows: 101, features: 17, columns: 17, name });
  await expect(page.getByTestId('summary-counts-file')).toContainText(
    '101 rows counted, no rows here',
  );
  await waitIdle(page, RESULT.timeout);
}

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await stopAnimations(page);
});

/**
 * A projection of CDE on a counts file needs the rows: one line, and a button that opens the file
 * picker; a sample of the rows (here all of them) then replaces the counts file and it draws.
 */
async function projectionNeedsRows(page: Page): Promise<void> {
  const projection = await addPanel(page, 'projection:cde');
  const line = projection.getByTestId('needs-rows');
  await expect(line).toBeVisible();
  await expect(projection.getByTestId('needs-rows-message')).toHaveText(NEEDS_ROWS);
  await expect(projection.getByLabel(/^Open a sample of the rows/)).toBeAttached();
  // One line: the message is one line box, and its button sits on that line.
  const layout = await line.evaluate((p) => {
    const text = p.querySelector('[data-testid="needs-rows-message"]') as HTMLElement;
    const button = (p.querySelector('label') as HTMLElement).getBoundingClientRect();
    const boxes = [...text.getClientRects()];
    const box = text.getBoundingClientRect();
    return {
      textLines: boxes.length,
      buttonOnIt: button.top < box.bottom && button.bottom > box.top,
    };
  });
  expect(layout).toEqual({ textLines: 1, buttonOnIt: true });
  await expect(projection.locator('canvas')).toHaveCount(0);
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    projection.getByText('Open a sample…', { exact: true }).click(),
  ]);
  expect(chooser.isMultiple()).toBe(false);
  // A sample of the rows (here all of them) replaces the counts file: the projection draws.
  await chooser.setFiles(ZOO_CSV);
  await expectSummary(page, { rows: 101, name: 'zoo.csv' });
  await expect(page.getByTestId('summary-counts-file')).toHaveCount(0);
  await expect(projection.getByTestId('needs-rows')).toHaveCount(0);
  await expect(projection.getByTestId(/^projection-\d+$/)).toBeVisible(RESULT);
}

/** COSH and CBRW on a counts file, then Run all: what needs the rows is “not applicable”. */
async function runAllOnCounts(page: Page): Promise<void> {
  // COSH's value scores show; its ranking of objects says it needs the rows.
  const ranking = await addPanel(page, 'ranking:cosh');
  await expect(ranking.getByTestId('value-score-bars')).toBeVisible(RESULT);
  await expect(ranking.getByTestId('needs-rows-message')).toHaveText(
    /^Ranking the objects needs the rows/,
  );
  // CBRW's feature weights as a word cloud.
  const impact = await addPanel(page, 'impact:cbrw');
  await expect(impact.getByTestId('word-cloud').locator('text').first()).toBeVisible(RESULT);

  await page.getByRole('button', { name: 'Run all' }).click();
  const text = page.getByTestId('results-board').getByTestId('run-all-text');
  await expect(text).toContainText(/not applicable/, RESULT);
  const jobs = page.getByTestId('run-all-job');
  await expect(jobs.first()).toBeAttached();
  const unfinished = page.locator(
    '[data-testid="run-all-job"][data-status="queued"], [data-testid="run-all-job"][data-status="running"]',
  );
  await expect(unfinished).toHaveCount(0, { timeout: 120_000 });
  const statuses = await jobs.evaluateAll((rows) =>
    rows.map((r) => ({ status: r.getAttribute('data-status'), text: r.textContent ?? '' })),
  );
  expect(statuses.filter((s) => s.status === 'failed')).toEqual([]);
  const na = statuses.filter((s) => s.status === 'not applicable');
  expect(na.length).toBeGreaterThan(5);
  for (const s of na) expect(s.text).toMatch(/needs the rows; a counts file has none/);
  expect(statuses.filter((s) => s.status === 'done').length).toBeGreaterThan(5);
}

// One page for the CSV, the JSON counts and their Parquet twin: CDE's views are read once per
// file (the JSON's reading is what both the CSV's and the Parquet's are compared with).
test('a ClickHouse counts file of Zoo gives the CSV’s Mo, Mc and value clusters, as does its Parquet twin; a projection needs the rows; Run all marks what needs rows “not applicable”', async ({
  page,
}) => {
  const { matrices, clusters, fromCounts } =
    await test.step('a ClickHouse counts file of Zoo gives the CSV’s Mo, Mc and value clusters', async () => {
      await openZooCsv(page);
      const matrices = await addPanel(page, 'value-matrices:cde');
      const clusters = await addPanel(page, 'value-partitions:cde');
      const fromCsv = await cdeReading(page, matrices, clusters);
      expect(fromCsv.clusters.assignments.length).toBeGreaterThan(L);

      await chooseFile(page, COUNTS_JSON);
      await expectCountsFile(page, 'zoo.clickhouse.counts.json');
      const fromCounts = await cdeReading(page, matrices, clusters);
      expect(fromCounts).toEqual(fromCsv);

      // The co-occurrence view reads the counts too: its overview of the 17 attributes.
      const cooccurrence = page.getByTestId('panel-cooccurrence').first();
      await expect(cooccurrence.getByTestId('cooccurrence-heatmap')).toHaveAttribute(
        'data-cells',
        String(17 * 17),
        RESULT,
      );
      return { matrices, clusters, fromCounts };
    });

  await test.step('a projection needs the rows', () => projectionNeedsRows(page));

  await test.step('the Parquet twin opens the same counts as the JSON', async () => {
    await chooseFile(page, COUNTS_PARQUET);
    await expectCountsFile(page, 'zoo.clickhouse.counts.parquet');
    expect(await cdeReading(page, matrices, clusters)).toEqual(fromCounts);
  });

  await test.step('Run all marks what needs rows “not applicable”', () => runAllOnCounts(page));
});

test('a bad counts file is refused in one line and the table stays; a reload asks for the counts file', async ({
  page,
}) => {
  await chooseFile(page, COUNTS_JSON);
  await expectCountsFile(page, 'zoo.clickhouse.counts.json');
  const clusters = await addPanel(page, 'value-partitions:cde');
  const before = await clusterReading(clusters);

  // Hair's counts add up to 102 of the 101 rows.
  const json = JSON.parse(COUNTS_JSON.buffer.toString('utf8')) as {
    values: { count: number }[];
    cooccurrence: number[][];
  };
  (json.values[0] as { count: number }).count += 1;
  (json.cooccurrence[0] as number[])[0] = (json.cooccurrence[0]?.[0] ?? 0) + 1;
  await chooseFile(page, {
    name: 'bad.counts.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(json)),
  });
  const message = await expectNotice(page, 'bad-option');
  await expect(message).toHaveText(
    /^The counts are not consistent: the counts of “hair” add up to 102, not the 101 rows\.$/,
  );
  await expectCountsFile(page, 'zoo.clickhouse.counts.json');
  expect(await clusterReading(clusters)).toEqual(before);
  await page.getByTestId('notice').getByRole('button', { name: 'Dismiss' }).click();

  // After a reload, the workspace waits for its counts file, as for any file of one's own.
  await page.reload();
  await stopAnimations(page);
  const reopen = page.getByTestId('workspace-reopen');
  await expect(reopen).toContainText('zoo.clickhouse.counts.json');
  await page.getByTestId('workspace-reopen-input').setInputFiles(COUNTS_JSON);
  await expectCountsFile(page, 'zoo.clickhouse.counts.json');
  await expect(reopen).toHaveCount(0);
  const restored = page.getByTestId('panel-value-partitions');
  await expect(restored).toHaveCount(1);
  expect(await clusterReading(restored)).toEqual(before);
});
