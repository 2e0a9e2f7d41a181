import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addPanel, chooseFile, expect, openApp, scatterOf, test, waitIdle } from './fixtures.ts';
import { fiveThousandRowsCsv } from './generatedTables.ts';
import { longTasksIn, mark, recordLongTasks, startTaskTrace, stopTaskTrace } from './longTasks.ts';

/**
 * Drawing never blocks the page (issue 14): while jobs run (reading, counting, CDE, a t-SNE that
 * animates) and heatmaps render, the page's main-thread tasks are measured — on soybean and on a
 * generated 5,000-row table — two ways:
 *
 * - the work: a Chrome trace gives each task's thread time, the CPU time the main thread ran in
 *   it. No task of the app's may do more than 50 ms of work (the target); the views took
 *   173–434 ms before. Playwright's own protocol commands (up to 380 ms each on this page, and
 *   invisible to the Long Tasks API) are the harness's, and tasks that are mostly garbage
 *   collection are listed apart: both are printed, neither is the app's code.
 * - the wall clock: the Long Tasks API (a PerformanceObserver), as a user's page would see it.
 *   On this 2-core machine the two workers keep both cores busy and the system preempts the
 *   page: traced tasks of 50–90 ms wall-clock time ran 2–19 ms of CPU. So the wall clock is
 *   printed and annotated against the 50 ms target, enforced only with LONG_TASK_STRICT=1, and
 *   fails the test over 100 ms (a regression to real blocking).
 *
 * Timing gets one retry; a real regression fails both.
 */
test.describe.configure({ retries: Number(process.env.LONG_TASK_RETRIES ?? 1), timeout: 240_000 });

const RESULT = { timeout: 150_000 } as const;
/** The target for the longest main-thread task. */
const TARGET_MS = 50;
/** A task this long is the blocking the issue set out to remove (173–434 ms before it). */
const REGRESSION_MS = 100;

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

/** Starts both measurements (the Long Tasks API and the trace of task CPU time). */
async function startMeasuring(page: Page, what: string): Promise<number> {
  await recordLongTasks(page);
  await startTaskTrace(page);
  return mark(page, `${what}-start`);
}

/**
 * Prints the longest task, wall-clock and CPU, against the target; fails on a task doing more
 * than the target's work, or one over the wall-clock regression bound (the target, strict).
 */
async function measureLongTasks(page: Page, what: string, from: number): Promise<void> {
  const to = await mark(page, `${what}-end`);
  const traced = await stopTaskTrace(page, { from: `${what}-start`, to: `${what}-end` }, TARGET_MS);
  const { tasks, frames } = await longTasksIn(page, { what, from, to });
  const app = traced.filter((t) => t.kind === 'app');
  const busiest = Math.max(0, ...app.map((t) => t.cpuMs));
  const tracedList = traced.map((t) => `${t.wallMs} ms (CPU ${t.cpuMs} ms, ${t.kind})`).join(', ');
  const list = tasks.map((t) => `${t.ms} ms at ${t.at} ms`).join(', ');
  if (process.env.LONG_TASK_LOG)
    console.log(`${what}: long tasks ${list || 'none'}\n  ${frames.join('\n  ')}`);
  const longest = Math.max(0, ...tasks.map((t) => t.ms));
  const met = longest <= TARGET_MS ? 'met' : 'not met';
  const report = `${what}: longest main-thread task ${longest} ms wall-clock (target ${TARGET_MS} ms: ${met}); the most CPU time in one of the app's tasks ${busiest} ms; traced tasks over ${TARGET_MS} ms: ${tracedList || 'none'}`;
  test.info().annotations.push({ type: 'longest main-thread task', description: report });
  console.log(report);
  expect(
    app.filter((t) => t.cpuMs > TARGET_MS),
    `${what}: the app's main-thread tasks doing more than ${TARGET_MS} ms of work (${tracedList})`,
  ).toEqual([]);
  const bound = process.env.LONG_TASK_STRICT ? TARGET_MS : REGRESSION_MS;
  expect(
    tasks.filter((t) => t.ms > bound).map((t) => t.ms),
    `${what}: main-thread tasks over ${bound} ms (long tasks: ${list}; long frames, from the start: ${frames.join(' | ')})`,
  ).toEqual([]);
}

test('soybean: heatmaps, CDE and an animated t-SNE do not block the page', async ({ page }) => {
  await openApp(page, 'soybean.csv');
  const from = await startMeasuring(page, 'soybean');
  // Re-order the co-occurrence heatmap (a full re-render), then compute and draw.
  await page
    .getByTestId('panel-cooccurrence')
    .locator('select[aria-label="Value order"]')
    .selectOption('frequency');
  await computeAndDraw(page, 683);
  await measureLongTasks(page, 'soybean', from);
});

test('a generated 5,000-row table: reading, counting, heatmaps, CDE and t-SNE do not block the page', async ({
  page,
}, info) => {
  // The file is chosen from disk, as a user would: a buffer would be handed to the page by the
  // test harness's own script (a long task of the harness's, not the app's).
  const file = info.outputPath('rows-5000.csv');
  writeFileSync(file, fiveThousandRowsCsv());
  await openApp(page);
  const from = await startMeasuring(page, 'rows5000');
  await chooseFile(page, file);
  await expect(page.getByTestId('summary')).toContainText('columns in rows-5000.csv');
  await waitIdle(page, RESULT.timeout);
  await computeAndDraw(page, 5000);
  await measureLongTasks(page, 'rows5000', from);
});
