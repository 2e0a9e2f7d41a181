import type { Locator, Page } from '@playwright/test';
import {
  addPanel,
  addProjection,
  dragBox,
  expect,
  expectHeatmapCells,
  expectSummary,
  openApp,
  scatterOf,
  setNumber,
  test,
  waitIdle,
  leadingNumber,
  ZOO,
  tooltipOf,
  ALONE,
  showSettings,
} from './fixtures.ts';

/** Worker results (CDE, COSH, evaluation) get this long to arrive. */
const RESULT = { timeout: 30_000 } as const;

/** How many times each method was really computed, summed over the pool's workers. */
function explorerStats(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() =>
    (window as unknown as { explorerStats(): Promise<Record<string, number>> }).explorerStats(),
  );
}

/** A panel's title (its h2): the view, and the call it shows. */
function titleOf(panel: Locator) {
  return panel.getByRole('heading', { level: 2 });
}

interface SeenJob {
  label: string;
  progress: boolean;
  cancelButton: string;
}

/**
 * Watches a panel (a MutationObserver in the page) and clicks the Cancel button of the first job
 * bar that appears in it, at once. Returns a function that reads what the bar showed (null until
 * one appeared).
 */
async function cancelWhenShown(
  page: Page,
  panelTestId: string,
): Promise<() => Promise<SeenJob | null>> {
  await page.evaluate((testId) => {
    const w = window as unknown as { __e2eCancelled: SeenJob | null };
    w.__e2eCancelled = null;
    const panel = document.querySelector(`[data-testid="${testId}"]`);
    if (!panel) throw new Error(`no panel ${testId}`);
    const observer = new MutationObserver(() => {
      const job = panel.querySelector('[data-testid="job"]');
      const cancel = job?.querySelector<HTMLButtonElement>('[data-testid="cancel-job"]');
      if (!job || !cancel) return;
      observer.disconnect();
      w.__e2eCancelled = {
        label: job.querySelector('.job-label')?.textContent ?? '',
        progress: job.querySelector('progress') !== null,
        cancelButton: cancel.textContent ?? '',
      };
      cancel.click();
    });
    observer.observe(panel, { subtree: true, childList: true });
  }, panelTestId);
  return () =>
    page.evaluate(() => (window as unknown as { __e2eCancelled: SeenJob | null }).__e2eCancelled);
}

test.describe('zoo', () => {
  test.beforeEach(async ({ page }) => {
    await openApp(page);
    await expectSummary(page, ZOO);
  });

  test('value matrices: Mo and Mc heatmaps with legends, formula tooltips and cluster ordering', async ({
    page,
  }) => {
    const panel = await addPanel(page, 'value-matrices:cde');
    await expect(titleOf(panel)).toHaveText('Value matrices — CDE');
    const mo = panel.getByTestId('mo-heatmap');
    const mc = panel.getByTestId('mc-heatmap');
    // Zoo keeps legs: 36 values, 36² cells in each matrix.
    await expect(mo).toHaveAttribute('data-cells', '1296', RESULT);
    await expectHeatmapCells(mo, 1296);
    await expectHeatmapCells(mc, 1296);
    await expect(panel.getByTestId('legend-Mo')).toBeVisible();
    await expect(panel.getByTestId('legend-Mc')).toBeVisible();
    await expect(panel.getByTestId('legend-Mo')).toContainText('Mo');
    await expect(panel.getByTestId('legend-Mc')).toContainText('Mc');
    await waitIdle(page, RESULT.timeout);

    // An off-diagonal Mo cell: its formula with ψ and the value probabilities.
    await mo
      .locator('rect.cell')
      .nth(2 * 36 + 5)
      .hover();
    const moTip = tooltipOf(page, 'mo-heatmap');
    await expect(moTip).toBeVisible();
    await expect(moTip).toContainText('ψ');
    await expect(moTip).toContainText('p(v');
    await expect(moTip.locator('div').first()).toHaveText(/^row \S+ = \S+$/);

    await mc
      .locator('rect.cell')
      .nth(2 * 36 + 5)
      .hover();
    const mcTip = tooltipOf(page, 'mc-heatmap');
    await expect(mcTip).toBeVisible();
    await expect(mcTip).toContainText('p(vᵢ, vⱼ)');
    await expect(mcTip).toContainText(/rows holding vᵢ also hold vⱼ/);
    // Only one matrix shows a tooltip at a time.
    await expect(tooltipOf(page, 'mo-heatmap')).toHaveCount(0);

    // Ordering the values by one of CDE's value clusterings keeps every cell.
    const order = panel.getByLabel('Matrix order');
    await expect(order.locator('option')).not.toHaveCount(1);
    const clusterOption = order.locator('option').nth(1);
    await expect(clusterOption).toHaveText(/^by value cluster, M[oc] k=\d+$/);
    await order.selectOption({ index: 1 });
    await expect(order).toHaveValue('0');
    await expectHeatmapCells(mo, 1296);
    await expectHeatmapCells(mc, 1296);
    // The rows are now grouped by cluster.
    await expect(mo.locator('.axis-rows .band title').first()).toHaveText(/^cluster \d+$/);
    await order.selectOption({ index: 0 });
    await expect(mo.locator('.axis-rows .band title').first()).toHaveText('hair');
  });

  test('value clusters: clicking a cluster selects its values in every view', async ({ page }) => {
    const clusters = await addPanel(page, 'value-partitions:cde');
    const matrices = await addPanel(page, 'value-matrices:cde');
    const objects = await addProjection(page, 'cde', 'pca');
    const rows = await addPanel(page, 'rows');
    await expect(titleOf(clusters)).toHaveText('Value clusters — CDE');
    await expect(titleOf(objects)).toHaveText('Projection (t-SNE, UMAP, MDS, PCA) — PCA of CDE');

    const summary = clusters.getByTestId('cluster-summary');
    await expect(summary).toContainText(/^\d+ granularities · \d+ kept clusters/, RESULT);
    const granularities = await leadingNumber(summary);
    expect(granularities).toBeGreaterThan(0);
    const grid = clusters.getByTestId('value-clusters');
    // One cell per value and granularity.
    await expect(grid.locator('rect.cell')).toHaveCount(36 * granularities);
    await expect(clusters.getByTestId('selected-cluster')).toHaveCount(0);
    const selection = objects.getByTestId('projection-selection');
    await expect(selection).toHaveText('No objects selected');
    await expect(scatterOf(objects)).toHaveAttribute('data-points', '101', RESULT);
    await waitIdle(page, RESULT.timeout);
    // Three views of CDE (and the t-SNE the projection panel started with) share one CDE run.
    expect((await explorerStats(page)).cde).toBe(1);

    // Pick the first granularity's largest cluster.
    const firstColumn = grid.locator('rect.cell[data-granularity="0"]');
    const labels = await firstColumn.evaluateAll((cells) =>
      cells.map((c) => c.getAttribute('data-cluster') ?? ''),
    );
    const sizes = new Map<string, number>();
    for (const l of labels) sizes.set(l, (sizes.get(l) ?? 0) + 1);
    const [cluster, size] = [...sizes].sort((a, b) => b[1] - a[1])[0] as [string, number];
    expect(size).toBeGreaterThan(1);
    await firstColumn
      .and(grid.locator(`[data-cluster="${cluster}"]`))
      .first()
      .click();

    await expect(clusters.getByTestId('selected-cluster')).toHaveText(
      new RegExp(`^Selected: M[oc] k=\\d+ cluster ${Number(cluster) + 1}$`),
    );
    // Leave the grid so only the selection (not the hover) is emphasised.
    await page.getByRole('heading', { name: 'Data summary' }).hover();
    await expect(tooltipOf(page, 'value-clusters')).toHaveCount(0);

    // The value matrices outline every selected value (a row and a column each) in bold.
    const mo = matrices.getByTestId('mo-heatmap');
    const mc = matrices.getByTestId('mc-heatmap');
    await expect(mo.locator('.heatmap-overlay .emph')).toHaveCount(2 * size);
    await expect(mc.locator('.heatmap-overlay .emph')).toHaveCount(2 * size);
    await expect(mo.locator('.heatmap-axes .axis-rows .label.strong')).toHaveCount(size);
    await expect(mo.locator('.heatmap-axes .axis-cols .label.strong')).toHaveCount(size);

    // The objects holding enough of those values (by default half the attributes they span) are
    // linked in the scatter and the data table; the top bar's slider sets how many.
    await expect(selection).toHaveText(/^\d+ objects hold enough of the selected values$/);
    const holding = await leadingNumber(selection);
    expect(holding).toBeGreaterThanOrEqual(0);
    expect(holding).toBeLessThanOrEqual(101);
    await expect(rows.getByTestId('rows-page')).toHaveText(
      new RegExp(`^${holding === 0 ? 0 : 1}–${Math.min(50, holding)} of ${holding}$`),
    );
    const threshold = page.getByTestId('value-threshold');
    await expect(threshold.getByTestId('value-threshold-text')).toContainText(`of ${size} values`);
    // At 1, any one of the values selects an object: at least as many.
    await threshold.getByLabel('Selected values an object must hold').fill('1');
    await expect(threshold.getByTestId('value-threshold-text')).toContainText(/^1 of /);
    await expect
      .poll(async () => leadingNumber(selection))
      .toBeGreaterThanOrEqual(Math.max(1, holding));
    const any = await leadingNumber(selection);
    await expect(threshold.getByTestId('value-threshold-text')).toContainText(`: ${any} objects`);

    // The top bar clears the selection everywhere.
    await page.getByRole('button', { name: /^Clear selection/ }).click();
    await expect(clusters.getByTestId('selected-cluster')).toHaveCount(0);
    await expect(selection).toHaveText('No objects selected');
    await expect(mo.locator('.heatmap-overlay .emph')).toHaveCount(0);
    await expect(rows.getByTestId('rows-page')).toHaveText('1–50 of 101');
  });

  test('object scatter (PCA of CDE): box selection is listed in the data table and cleared from the top bar', async ({
    page,
  }) => {
    const objects = await addProjection(page, 'cde', 'pca');
    const rows = await addPanel(page, 'rows');
    const scatter = scatterOf(objects);
    await expect(scatter).toHaveAttribute('data-points', '101', RESULT);
    await expect(scatter.locator('canvas')).toBeVisible();
    await expect(objects.getByTestId('projection-view')).toHaveAttribute('data-state', 'done');
    await waitIdle(page, RESULT.timeout);
    const selection = objects.getByTestId('projection-selection');
    await expect(selection).toHaveText('No objects selected');
    await expect(rows.getByTestId('rows-page')).toHaveText('1–50 of 101');

    // The left half: some objects but not all.
    await dragBox(page, scatter, [0, 0, 0.5, 1]);
    await expect(selection).toHaveText(/^\d+ objects selected$/);
    const half = await leadingNumber(selection);
    expect(half).toBeGreaterThan(0);
    expect(half).toBeLessThan(101);
    await expect(rows.getByTestId('rows-page')).toHaveText(
      new RegExp(`^1–${Math.min(50, half)} of ${half}$`),
    );
    await expect(rows.locator('[data-testid="rows-table"] tbody tr[data-row]')).toHaveCount(
      Math.min(50, half),
    );
    await expect(rows.locator('tbody tr.selected')).toHaveCount(Math.min(50, half));
    await expect(page.getByRole('button', { name: `Clear selection (${half})` })).toBeVisible();

    // The whole canvas: every object.
    await dragBox(page, scatter, [0, 0, 1, 1]);
    await expect(selection).toHaveText('101 objects selected');
    await expect(rows.getByTestId('rows-page')).toHaveText('1–50 of 101');
    await expect(rows.locator('tbody tr.selected')).toHaveCount(50);
    const listed = await rows
      .locator('tbody tr[data-row]')
      .evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-row'))));
    expect(listed).toEqual(Array.from({ length: 50 }, (_, i) => i));

    await page.getByRole('button', { name: 'Clear selection (101)' }).click();
    await expect(selection).toHaveText('No objects selected');
    await expect(page.getByRole('button', { name: /^Clear selection/ })).toHaveCount(0);
    await expect(rows.locator('tbody tr.selected')).toHaveCount(0);
    await expect(rows.getByTestId('rows-page')).toHaveText('1–50 of 101');
  });

  test('COSH ranking: ranked outliers, value scores, AUC for a class and colour by outlier score', async ({
    page,
  }) => {
    const colourBy = page.getByLabel('Colour by');
    const scoreOption = (label: string) => colourBy.locator('option').filter({ hasText: label });
    // Nothing computed yet: no outlier score to colour by.
    await expect(scoreOption('COSH outlier score')).toHaveCount(0);
    const cosh = await addPanel(page, 'ranking:cosh');
    await expect(titleOf(cosh)).toHaveText('Outlier ranking — COSH');
    const table = cosh.getByTestId('outlier-table');
    await expect(table).toBeVisible(RESULT);
    const body = table.locator('tbody tr');
    await expect(body).toHaveCount(25);
    const scores = await body.evaluateAll((trs) =>
      trs.map((tr) => Number(tr.querySelectorAll('td')[2]?.getAttribute('data-score'))),
    );
    for (const s of scores) expect(Number.isFinite(s), `score ${s} is a number`).toBe(true);
    for (let k = 1; k < scores.length; k++)
      expect(scores[k], `score of rank ${k + 1}`).toBeLessThanOrEqual(scores[k - 1] as number);
    expect(scores[0]).toBeGreaterThan(scores[24] as number);
    // Ranks from 1, increasing; identical tied rows are one entry, so ranks may skip.
    const ranks = (await body.locator('td:first-child').allTextContents()).map(Number);
    expect(ranks[0]).toBe(1);
    for (let k = 1; k < ranks.length; k++)
      expect(ranks[k], `rank of entry ${k + 1}`).toBeGreaterThan(ranks[k - 1] as number);
    await expect(cosh.getByTestId('value-score-bars').locator('rect')).toHaveCount(30);
    await expect(cosh.getByTestId('ranking-summary')).toContainText(
      /\d+ granularities: M[oc] k=\d+/,
    );
    await expect(cosh.getByTestId('ranking-auc')).toHaveCount(0);
    // COSH's scores are in the store now: they can colour the objects.
    await expect(scoreOption('COSH outlier score — COSH')).toHaveCount(1);

    // Amphibians as the outliers. With the default (authors' code) orientation of Mo, COSH scores
    // zoo's rare values (legs = 5, legs = 8) highest and amphibians, which hold common values, rank
    // near chance (the unit tests pin 0.4–0.7); with Mo as printed (Def. 5) they stand out.
    await showSettings(cosh);
    await cosh.getByLabel('Outlier class').selectOption('amphibian');
    const auc = cosh.getByTestId('ranking-auc');
    await expect(auc).toHaveText(/^AUC 0\.\d{3} \(amphibian as outliers\)/, RESULT);
    const aucValue = async () =>
      Number(/^AUC (\d\.\d{3})/.exec((await auc.textContent()) ?? '')?.[1]);
    const byCode = await aucValue();
    expect(byCode).toBeGreaterThan(0.4);
    expect(byCode).toBeLessThan(0.7);
    await expect(table.locator('tbody tr')).toHaveCount(25, RESULT);

    // Another orientation is another call of COSH for this panel; the outlier class stays.
    await cosh.getByLabel('COSH orientation').selectOption('paper');
    await expect(titleOf(cosh)).toHaveText('Outlier ranking — COSH (orientation paper)');
    await expect(cosh.getByLabel('Outlier class')).toHaveValue('amphibian');
    await expect(auc).toHaveText(/^AUC (0\.[89]\d\d|1\.000) \(amphibian as outliers\)/, RESULT);
    expect(await aucValue()).toBeGreaterThan(0.8);
    await expect(table.locator('tbody tr')).toHaveCount(25, RESULT);
    await waitIdle(page, RESULT.timeout);

    // Both COSH results can colour the objects; choose the one this panel shows now.
    await expect(scoreOption('COSH outlier score — COSH')).toHaveCount(2);
    await colourBy.selectOption({ label: 'COSH outlier score — COSH (orientation paper)' });
    await expect(colourBy).toHaveValue(
      /^result:.*"method":"cosh".*"orientation":"paper".*:scores$/,
    );
    // A projection now shows the score ramp as its legend.
    const objects = await addProjection(page, 'cde', 'pca');
    await expect(scatterOf(objects)).toHaveAttribute('data-points', '101', RESULT);
    await expect(objects.locator('.legend')).toContainText('COSH outlier score');

    // Clicking the top outlier selects that object.
    const first = table.locator('tbody tr').first();
    await expect(first).not.toHaveClass(/\bselected\b/);
    await first.click();
    await expect(first).toHaveClass(/\bselected\b/);
    await expect(table.locator('tbody tr.selected')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Clear selection (1)' })).toBeVisible();
    await expect(objects.getByTestId('projection-selection')).toHaveText('1 object selected');
  });

  test(
    'clustering evaluation: F-scores with sd, CDE re-fitted per run, Table 1 beside ours for zoo without legs, and cancel',
    ALONE,
    async ({ page }) => {
      test.setTimeout(180_000);
      const methods = [
        'cde',
        'onehot',
        'onehot-pca',
        'idf',
        'hamming',
        'cas',
        'caso',
        'ofd',
        'add',
        'dilca',
        'couplings',
        'untie',
        'sandcat',
      ];
      const panel = await addPanel(page, 'comparison:evaluate-clustering');
      await expect(titleOf(panel)).toHaveText('Clustering evaluation');
      // Every representation is offered and checked.
      await showSettings(panel);
      for (const title of [
        'CDE',
        '0-1',
        '0-1P',
        'IDF',
        'Hamming',
        'Coupled attribute similarity',
        'CASO (as a distance)',
        'OFD',
        'ADD',
        'DILCA',
        'Couplings',
        'UNTIE',
        'SAnDCat',
      ])
        await expect(panel.getByRole('checkbox', { name: title, exact: true })).toBeChecked();
      const runs = panel.getByLabel('Clustering evaluation runs');
      await expect(runs).toHaveValue('50');
      await setNumber(runs, 5);
      await panel.getByRole('button', { name: 'Run clustering evaluation' }).click();
      const table = panel.getByTestId('evaluation-table');
      await expect(table).toBeVisible(RESULT);
      const body = table.locator('tbody tr');
      await expect(body).toHaveCount(methods.length);
      expect(
        await body.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-method'))),
      ).toEqual(methods);
      for (const method of methods)
        await expect(table.getByTestId(`fscore-${method}`)).toHaveText(/^[01]\.\d{3} ± \d\.\d{3}$/);
      // CDE and UNTIE have a seed: each run re-fits them with their own (0–4); the others are
      // fitted once.
      await expect(table.getByTestId('fits-cde')).toHaveText('5');
      await expect(table.getByTestId('fits-untie')).toHaveText('5');
      for (const method of methods.filter((m) => m !== 'cde' && m !== 'untie'))
        await expect(table.getByTestId(`fits-${method}`)).toHaveText('1');
      await expect(panel).toContainText('each of the 5 runs re-fits CDE with its own seed (0–4)');
      await expect(panel).toContainText('5 runs, one k-means++ start each');
      expect((await explorerStats(page)).cde).toBe(5);
      await expect(panel.getByTestId('indicators')).toContainText('FCI (Eq. 16)');
      // Zoo with legs is Zhu et al. 2022's Zoo (101 × 36 values): its Table 4 is beside ours.
      await expect(table.locator('th', { hasText: 'paper F-score' })).toHaveCount(1);
      // UNTIE at its defaults learns as the paper does: Table 4's UNTIE (76.12).
      await expect(table.getByTestId('paper-untie')).toHaveText('0.761');
      await expect(table.getByTestId('paper-couplings')).toHaveText('0.749');
      await expect(table.getByTestId('paper-cde')).toHaveText('0.750');
      await expect(table.getByTestId('paper-hamming')).toHaveText('0.733');
      await expect(table.getByTestId('paper-onehot')).toHaveText('—');
      await expect(panel).toContainText(
        'This table has the shape of Zoo in Zhu et al. 2022 (UNTIE) Table 4',
      );
      await expect(panel.getByTestId('indicators')).toContainText('I_intra');
      await expect(panel.getByTestId('indicators')).not.toContainText('paper');

      // Without legs zoo has the paper's shape (101 × 30 values). A new table is evaluated only
      // when asked (evaluations are long); then Table 1's row shows up beside ours.
      const legs = page.getByLabel('Use legs as a feature');
      await legs.click();
      // The requested role shows at once; the table is re-modelled in a worker (the idlest).
      await expect(legs).not.toBeChecked();
      // A hang guard, not a budget; if it fires, the page's job bars say what it waits for.
      await expect(page.getByTestId('summary').getByTestId('summary-features'))
        .toHaveText('15', { timeout: 60_000 })
        .catch(async (error: unknown) => {
          const jobs = await page.getByTestId('job').allInnerTexts();
          throw new Error(`${String(error)}\njob bars: ${JSON.stringify(jobs)}`);
        });
      await expectSummary(page, { features: 15 });
      await expect(panel.getByTestId('comparison-idle')).toContainText('The table changed');
      await expect(table).toHaveCount(0);
      await panel.getByRole('button', { name: 'Run clustering evaluation' }).click();
      await expect(table.locator('th', { hasText: 'paper F-score' })).toHaveCount(1, RESULT);
      await expect(runs).toHaveValue('5');
      await expect(table.getByTestId('paper-cde')).toHaveText('0.647');
      await expect(table.getByTestId('paper-onehot')).toHaveText('0.596');
      await expect(table.getByTestId('paper-idf')).toHaveText('0.537');
      // Table 1 has no Hamming column.
      await expect(table.getByTestId('paper-hamming')).toHaveText('—');
      await expect(table.getByTestId('gap-cde')).toHaveText(/^[+-]\d\.\d{3}$/);
      await expect(panel.getByTestId('indicators')).toContainText(
        "FCI in the paper's Table 1 0.110",
      );
      await expect(panel).toContainText(
        'This table has the shape of Zoo in Jian et al. 2019 (CURE) Table 1',
      );
      await waitIdle(page, RESULT.timeout);

      // Cancel while evaluating with 400 runs. The page clicks Cancel itself the moment the panel's
      // job bar appears (a click from the test could race a fast job's end) and records what the
      // bar showed.
      await showSettings(panel);
      await setNumber(runs, 400);
      await expect(panel).toContainText('The settings above changed since this was run.');
      const seen = await cancelWhenShown(page, 'panel-comparison');
      await panel.getByRole('button', { name: 'Clustering evaluation: run again' }).click();
      const job = panel.getByTestId('job');
      await expect.poll(seen).toEqual({
        label: 'Clustering evaluation (runs 400) of 13 methods',
        progress: true,
        cancelButton: 'Cancel',
      });
      await expect(job).toHaveCount(0, { timeout: 5_000 });
      // The worker stopped the job itself (no restart): the panel says so and offers to run it.
      const status = panel.getByTestId('method-status');
      await expect(status).toHaveText('Clustering evaluation (runs 400) of 13 methods: cancelled.');
      await expect(
        panel.getByRole('button', { name: 'Run Clustering evaluation (runs 400) of 13 methods' }),
      ).toBeEnabled();
      await expect(
        panel.getByRole('button', { name: 'Clustering evaluation: run again' }),
      ).toBeEnabled();
      // Past the pool's 2.5 s grace period: no "Worker restarted" notice, still cancelled.
      await page.waitForTimeout(3_000);
      await expect(page.getByTestId('notice')).toHaveCount(0);
      await expect(status).toHaveText('Clustering evaluation (runs 400) of 13 methods: cancelled.');
      await expectSummary(page, { rows: 101, features: 15 });
    },
  );
});

test('soybean: 683 objects in a PCA of CDE, and colour by k-means of CDE once CDE is done', async ({
  page,
}) => {
  await openApp(page, 'soybean.csv');
  // Dropping the rows with a missing cell would lose 121 of 683 (17.7 %): the explorer keeps them
  // with missing as its own value; the papers' protocol is one click away, and back.
  await expectSummary(page, { rows: 683, name: 'soybean.csv' });
  await expect(page.getByTestId('missing-auto')).toContainText('would keep 562 of 683');
  await showSettings(page.getByTestId('panel-summary'));
  await page.getByLabel('Missing policy').selectOption('drop');
  await expectSummary(page, { rows: 562 });
  await expect(page.getByTestId('summary-dropped')).toHaveText('· 121 dropped of 683');
  await page.getByLabel('Missing policy').selectOption('own');
  await expectSummary(page, { rows: 683 });
  await waitIdle(page);
  const colourBy = page.getByLabel('Colour by');
  const kmeansOfCde = colourBy.locator('option', { hasText: /^k-means of CDE$/ });
  await expect(kmeansOfCde).toHaveCount(0);
  const objects = await addProjection(page, 'cde', 'pca');
  const scatter = scatterOf(objects);
  await expect(scatter).toHaveAttribute('data-points', '683', RESULT);
  const status = objects.getByTestId('projection-status');
  await expect(status).toContainText(/^CDE \(\d+ dims\) · PCA/);
  await expect(status).toContainText(/PC1 \d+\.\d%, PC2 \d+\.\d% of the variance/);
  // CDE is computed: k-means of it is offered.
  await expect(kmeansOfCde).toHaveCount(1);
  await colourBy.selectOption({ label: 'k-means of CDE' });
  await expect(colourBy).toHaveValue(/^result:.*"method":"kmeans".*:partition$/);
  // k-means with k = the 19 classes: 19 clusters in the legend.
  await expect(objects.locator('.legend-item')).toHaveCount(19, RESULT);
  await expect(objects.locator('.legend-item').first()).toHaveText('cluster 1');
  await expect(objects.locator('.legend-item').last()).toHaveText('cluster 19');
  expect((await explorerStats(page)).kmeans).toBe(1);
});

test('CDE parameters are per panel: a change re-runs CDE for that panel only, and a new panel starts from the defaults', async ({
  page,
}) => {
  await openApp(page);
  await expectSummary(page, { rows: 101 });
  const clusters = await addPanel(page, 'value-partitions:cde');
  const summary = clusters.getByTestId('cluster-summary');
  await expect(summary).toContainText(/^\d+ granularities/, RESULT);
  const granularities = async () => leadingNumber(summary);
  const atAlpha10 = await granularities();
  await expect(clusters.getByLabel('CDE alpha')).toHaveValue('10');
  await showSettings(clusters);
  await setNumber(clusters.getByLabel('CDE alpha'), 2);
  await expect(titleOf(clusters)).toHaveText('Value clusters — CDE (α 2)');
  // A smaller α tolerates more one-value clusters before stopping: more granularities.
  await expect.poll(granularities, RESULT).toBeGreaterThan(Math.max(8, atAlpha10));
  await clusters.getByLabel('CDE orientation').selectOption('code');
  await expect(titleOf(clusters)).toHaveText('Value clusters — CDE (α 2, orientation code)');
  await expect(summary).toContainText(/^\d+ granularities/, RESULT);

  // A new CDE panel shows CDE with the defaults (α 10, Mo as printed); the first keeps its own.
  const matrices = await addPanel(page, 'value-matrices:cde');
  await expect(titleOf(matrices)).toHaveText('Value matrices — CDE');
  await expect(matrices.getByLabel('CDE alpha')).toHaveValue('10');
  await expect(matrices.getByLabel('CDE orientation')).toHaveValue('paper');
  const moTitle = matrices.getByRole('heading', { level: 3 }).first();
  await expect(moTitle).toContainText('Mo — occurrence influence', RESULT);
  await expect(moTitle).not.toContainText('Def. 5');
  // The formula is one click away, behind the title's info button.
  await moTitle.getByRole('button', { name: 'How Mo is defined' }).click();
  await expect(moTitle.getByRole('note')).toHaveText('Mo = ψ(fᵢ, fⱼ)·p(vⱼ)/p(vᵢ) (Def. 5)');
  await showSettings(matrices);
  await matrices.getByLabel('CDE orientation').selectOption('code');
  await expect(titleOf(matrices)).toHaveText('Value matrices — CDE (orientation code)');
  await moTitle.getByRole('button', { name: 'How Mo is defined' }).click(RESULT);
  await expect(moTitle.getByRole('note')).toContainText("ψ′·p(vᵢ)/p(vⱼ) (authors' code;", RESULT);
  await expect(clusters.getByLabel('CDE alpha')).toHaveValue('2');
  await expect(titleOf(clusters)).toHaveText('Value clusters — CDE (α 2, orientation code)');
});
