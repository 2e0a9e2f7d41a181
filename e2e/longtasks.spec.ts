import { writeFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import {
  addPanel,
  chooseFile,
  expect,
  openApp,
  scatterOf,
  test,
  waitIdle,
  ALONE,
} from './fixtures.ts';
import { fiveThousandRowsCsv, thousandValuesCsv } from './generatedTables.ts';
import {
  endSpan,
  expectNoLongTasks,
  recordLongTasks,
  startSpan,
  startTaskTrace,
  stopTaskTrace,
  workUnitMs,
} from './longTasks.ts';

/**
 * Drawing never blocks the page (issue 14): while jobs run (reading, counting, CDE, a t-SNE that
 * animates) and heatmaps render, the page's main-thread tasks are measured — on soybean, a
 * generated 5,000-row table and a generated 1,000-value table (expectNoLongTasks):
 *
 * - the work, asserted: a Chrome trace gives each task's thread time, the CPU time the main
 *   thread ran in it. No task of the app's may do more than APP_TASK_UNITS units of a fixed piece
 *   of work timed on the page beside the span (about 2× the 50 ms target on a quiet machine; the
 *   views took 173–434 ms before issue 14).
 * - the wall clock, reported beside the 50 ms target: the longest task as the page's
 *   PerformanceObserver (the Long Tasks API) sees it. On a machine with as many busy workers as
 *   cores, the system preempts the page (tasks of 2–19 ms of work took 50–90 ms), so the workers
 *   give way to a busy page (src/worker/giveWay.ts); the last test shows that they do.
 */
test.describe.configure({ retries: Number(process.env.LONG_TASK_RETRIES ?? 1), timeout: 240_000 });

const RESULT = { timeout: 150_000 } as const;

/** Adds CDE's value matrices and a t-SNE of CDE, and waits until both are drawn and idle. */
async function computeAndDraw(page: Page, rows: number): Promise<void> {
  const matrices = await addPanel(page, 'value-matrices:cde');
  const projection = await addPanel(page, 'projection:cde');
  await expect(matrices.getByTestId('mo-heatmap')).toBeVisible(RESULT);
  await expect(scatterOf(projection)).toHaveAttribute('data-points', String(rows), RESULT);
  await expect(projection.getByTestId('projection-view')).toHaveAttribute(
    'data-state',
    'done',
    RESULT,
  );
  await waitIdle(page, RESULT.timeout);
  await expect(page.locator('canvas.heatmap-cells[data-painted="no"]')).toHaveCount(0);
}

/**
 * Starts both measurements (the Long Tasks API and the trace of task CPU time), after timing
 * the work unit; returns the span's start and that unit.
 */
async function startMeasuring(page: Page, what: string): Promise<{ from: number; unit: number }> {
  const unit = await workUnitMs(page);
  await recordLongTasks(page);
  await startTaskTrace(page);
  return { from: await startSpan(page, what), unit };
}

/** Ends the span, times the work unit again (the larger counts) and checks the span's tasks. */
async function measureLongTasks(
  page: Page,
  what: string,
  start: { from: number; unit: number },
): Promise<void> {
  const span = await endSpan(page, what, start.from);
  const trace = await stopTaskTrace(page, what);
  const unit = Math.max(start.unit, await workUnitMs(page));
  await expectNoLongTasks(page, trace, span, unit);
}

test(
  'soybean: heatmaps, CDE and an animated t-SNE do not block the page',
  ALONE,
  async ({ page }) => {
    await openApp(page, 'soybean.csv');
    const start = await startMeasuring(page, 'soybean');
    // Re-order the co-occurrence heatmap (a full re-render), then compute and draw.
    await page
      .getByTestId('panel-cooccurrence')
      .locator('select[aria-label="Value order"]')
      .selectOption('frequency');
    await computeAndDraw(page, 683);
    await measureLongTasks(page, 'soybean', start);
  },
);

/**
 * A generated table chosen from disk, as a user would (a buffer would be handed to the page by
 * the test harness's own script: a long task of the harness's, not the app's), then read,
 * counted, computed and drawn — all inside one measured span.
 */
async function measureGeneratedTable(
  page: Page,
  info: TestInfo,
  table: { name: string; csv: string; what: string; rows: number },
): Promise<void> {
  const file = info.outputPath(table.name);
  writeFileSync(file, table.csv);
  await openApp(page);
  const start = await startMeasuring(page, table.what);
  await chooseFile(page, file);
  await expect(page.getByTestId('summary')).toContainText(`columns in ${table.name}`);
  await waitIdle(page, RESULT.timeout);
  await computeAndDraw(page, table.rows);
  await measureLongTasks(page, table.what, start);
}

test(
  'a generated 5,000-row table: reading, counting, heatmaps, CDE and t-SNE do not block the page',
  ALONE,
  async ({ page }, info) => {
    const csv = fiveThousandRowsCsv();
    await measureGeneratedTable(page, info, {
      name: 'rows-5000.csv',
      csv,
      what: 'rows5000',
      rows: 5000,
    });
  },
);

test(
  'a generated 1,000-value table: reading, counting, million-cell heatmaps, CDE and t-SNE do not block the page',
  ALONE,
  async ({ page }, info) => {
    const csv = thousandValuesCsv();
    const table = { name: 'thousand-values.csv', csv, what: 'values1000', rows: 1500 };
    await measureGeneratedTable(page, info, table);
  },
);

test('the workers give way to a busy page, and resume when it is free', ALONE, async ({ page }) => {
  await openApp(page, 'soybean.csv');
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  const waited = (): Promise<number> =>
    page.evaluate(async () => {
      const w = globalThis as unknown as { explorerWaitedForPage: () => Promise<number[]> };
      return (await w.explorerWaitedForPage()).reduce((a, b) => a + b, 0);
    });
  const before = await waited();
  const projection = await addPanel(page, 'projection:cde');
  const view = projection.getByTestId('projection-view');
  await expect(view).toHaveAttribute('data-state', 'animating', RESULT);
  // The page's main thread busy for 800 ms while the t-SNE iterates: its worker sleeps through
  // most of it (it checks the page's beat at every iteration).
  const busyMs = 800;
  await page.evaluate((ms) => {
    const end = performance.now() + ms;
    while (performance.now() < end);
  }, busyMs);
  await expect(view).toHaveAttribute('data-state', 'done', RESULT);
  const during = (await waited()) - before;
  console.log(`the workers waited ${Math.round(during)} ms for a page busy ${busyMs} ms`);
  expect(during).toBeGreaterThan(busyMs / 2);
});
