/**
 * A million rows in the tab (issue 30): `npm run bench:million-rows [-- --rows N]` (bench/
 * millionRows.bench.ts builds the app and runs this spec with BENCH_ROWS; BENCH_SMOKE=1 under its
 * --smoke, where the t-SNE must finish). Generates a 1,000,000 × 20 categorical CSV (bench/generateBig.ts: seeded latent
 * classes, 3–8 values per attribute, plus a class column), chooses it in the built app as a user
 * would, and prints for each stage the wall time and the tab's memory (peak Pss of its renderer
 * process, which holds the page and its workers): reading and counting, the summary and the
 * data heatmaps, CDE's value clusters, then the per-object views (the rows table, a t-SNE of CDE).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../../e2e/chromium.ts';
import { addPanel, chooseFile, expect, test, waitIdle } from '../../e2e/fixtures.ts';
import { generateBig } from '../generateBig.ts';
import { watchTabMemory } from './tabMemory.ts';

const SMOKE = process.env.BENCH_SMOKE === '1';
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const TAG = `--bench-run-${process.pid}`;
// Under --smoke a step that hangs fails in a minute, not twenty.
const LONG = { timeout: SMOKE ? 60_000 : 1_200_000 } as const;

/** An element's text on one line of the table: its lines joined by " · ", no "|". */
async function lineOf(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\s*\n+\s*/g, ' · ').replace(/\|/g, '/');
}

test.use({ launchOptions: { ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args, TAG] } });

interface Stage {
  stage: string;
  seconds: number;
  peakMb: number;
  nowMb: number;
  note: string;
}

test(`${ROWS.toLocaleString('en-US')} rows × 20 attributes in the tab`, async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'million-'));
  const file = join(dir, 'million.csv');
  const t0 = performance.now();
  await generateBig(file, {
    rows: ROWS,
    attributes: 20,
    numeric: 0,
    missing: 0,
    classColumn: true,
    seed: 1,
  });
  const mb = statSync(file).size / 2 ** 20;
  console.log(
    `generated ${file}: ${mb.toFixed(1)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const stages: Stage[] = [];
  const memory = watchTabMemory(TAG);
  const timed = async (stage: string, work: () => Promise<string | void>) => {
    memory.reset();
    const start = performance.now();
    const note = (await work()) ?? '';
    const { peakMb, nowMb } = memory.read();
    const seconds = (performance.now() - start) / 1000;
    stages.push({ stage, seconds, peakMb, nowMb, note });
    console.log(
      `${stage}: ${seconds.toFixed(1)} s, tab peak ${peakMb.toFixed(0)} MB, now ${nowMb.toFixed(0)} MB ${note}`,
    );
  };
  try {
    await timed('open the app (zoo)', async () => {
      await page.goto('/');
      await expect(page.getByTestId('summary')).toContainText('columns in zoo.csv');
      await waitIdle(page);
    });
    await timed('read and count the file', async () => {
      await chooseFile(page, file);
      await expect(page.getByTestId('summary')).toContainText('columns in million.csv', LONG);
      await waitIdle(page, LONG.timeout);
      return (await lineOf(page.getByTestId('summary'))).slice(0, 80);
    });
    await timed('summary and data heatmaps drawn', async () => {
      await expect(page.getByTestId('cooccurrence-heatmap')).toBeVisible(LONG);
      await expect(page.getByTestId('su-heatmap')).toBeVisible(LONG);
      await expect(page.locator('canvas.heatmap-cells[data-painted="no"]')).toHaveCount(0, LONG);
      const cells = await page.getByTestId('cooccurrence-heatmap').getAttribute('data-cells');
      return `co-occurrence ${cells} cells`;
    });
    await timed("CDE's value clusters", async () => {
      const clusters = await addPanel(page, 'value-partitions:cde');
      await expect(clusters.getByTestId('cluster-summary')).toContainText(/granularities/, LONG);
      await waitIdle(page, LONG.timeout);
      return (await lineOf(clusters.getByTestId('cluster-summary'))).slice(0, 80);
    });
    await timed('the rows table', async () => {
      const rows = await addPanel(page, 'rows');
      await expect(rows.getByTestId('rows-table')).toBeVisible(LONG);
      // Its pager: "1–50 of N".
      return `rows ${(await rows.getByTestId('rows-page').textContent())?.trim()}`;
    });
    // A t-SNE over every object: waited for at most BENCH_TSNE_SECONDS (default 300), then its
    // progress is reported as it stands.
    const tsneLimit = 1000 * Number(process.env.BENCH_TSNE_SECONDS ?? 300);
    await timed('a t-SNE of CDE', async () => {
      const projection = await addPanel(page, 'projection:cde');
      const view = projection.getByTestId('projection-view');
      const ended = await expect(view)
        .toHaveAttribute('data-state', /done|error/, { timeout: tsneLimit })
        .then(() => true)
        .catch(() => false);
      const state = await view.getAttribute('data-state');
      if (SMOKE) expect(state, 'the t-SNE under --smoke').toBe('done');
      // Read without waiting: a scatter or a job bar may not exist yet.
      const scatter = projection.locator('[data-points]');
      const points = (await scatter.count())
        ? await scatter.first().getAttribute('data-points')
        : null;
      const bar = projection.getByTestId('job');
      const job = ended || !(await bar.count()) ? '' : await lineOf(bar.first());
      return `${ended ? state : `not done after ${tsneLimit / 1000} s: ${job.slice(0, 80)}`}, ${points ?? 0} points drawn`;
    });
  } finally {
    memory.stop();
    rmSync(dir, { recursive: true, force: true });
    console.log(
      '\n| stage | wall s | tab peak MB | tab after MB | note |\n| --- | ---: | ---: | ---: | --- |',
    );
    for (const s of stages)
      console.log(
        `| ${s.stage} | ${s.seconds.toFixed(1)} | ${s.peakMb.toFixed(0)} | ${s.nowMb.toFixed(0)} | ${s.note} |`,
      );
  }
});
