import type { Page } from '@playwright/test';
import {
  addPanel,
  dragBox,
  expect,
  expectHeatmapCells,
  expectSummary,
  openApp,
  test,
  waitIdle,
  leadingNumber,
  ZOO,
} from './fixtures.ts';

/** Worker results (CDE, COSH, evaluation) get this long to arrive. */
const RESULT = { timeout: 30_000 } as const;

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

  test('couplings: Mo and Mc heatmaps with legends, formula tooltips and cluster ordering', async ({
    page,
  }) => {
    const panel = await addPanel(page, 'couplings');
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
    const moTip = mo.getByRole('tooltip');
    await expect(moTip).toBeVisible();
    await expect(moTip).toContainText('ψ');
    await expect(moTip).toContainText('p(v');
    await expect(moTip.locator('div').first()).toHaveText(/^row \S+ = \S+$/);

    await mc
      .locator('rect.cell')
      .nth(2 * 36 + 5)
      .hover();
    const mcTip = mc.getByRole('tooltip');
    await expect(mcTip).toBeVisible();
    await expect(mcTip).toContainText('p(vᵢ, vⱼ)');
    await expect(mcTip).toContainText(/rows holding vᵢ also hold vⱼ/);
    // Only one matrix shows a tooltip at a time.
    await expect(mo.getByRole('tooltip')).toHaveCount(0);

    // Ordering the values by one of CDE's value clusterings keeps every cell.
    const order = panel.getByLabel('Coupling order');
    await expect(order.locator('option')).not.toHaveCount(1);
    const clusterOption = order.locator('option').nth(1);
    await expect(clusterOption).toHaveText(/^by value cluster, M[oc] k=\d+$/);
    await order.selectOption({ index: 1 });
    await expect(order).toHaveValue('0');
    await expectHeatmapCells(mo, 1296);
    await expectHeatmapCells(mc, 1296);
    // The rows are now grouped by cluster.
    await expect(mo.locator('.group-name title').first()).toHaveText(/^cluster \d+$/);
    await order.selectOption({ index: 0 });
    await expect(mo.locator('.group-name title').first()).toHaveText('hair');
  });

  test('value clusters: clicking a cluster selects its values in every view', async ({ page }) => {
    const clusters = await addPanel(page, 'value-clusters');
    const couplings = await addPanel(page, 'couplings');
    const objects = await addPanel(page, 'cde-objects');
    const rows = await addPanel(page, 'rows');

    const summary = clusters.getByTestId('cluster-summary');
    await expect(summary).toContainText(/^\d+ granularities · \d+ kept clusters/, RESULT);
    const granularities = await leadingNumber(summary);
    expect(granularities).toBeGreaterThan(0);
    const grid = clusters.getByTestId('value-clusters');
    // One cell per value and granularity.
    await expect(grid.locator('rect.cell')).toHaveCount(36 * granularities);
    await expect(clusters.getByTestId('selected-cluster')).toHaveCount(0);
    await expect(objects.getByTestId('scatter-selection')).toHaveText('No objects selected');

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
    await expect(clusters.getByRole('tooltip')).toHaveCount(0);

    // The couplings heatmaps outline every selected value (a row and a column each) in bold.
    const mo = couplings.getByTestId('mo-heatmap');
    const mc = couplings.getByTestId('mc-heatmap');
    await expect(mo.locator('.heatmap-overlay .emph')).toHaveCount(2 * size);
    await expect(mc.locator('.heatmap-overlay .emph')).toHaveCount(2 * size);
    await expect(mo.locator('.heatmap-axes .label.strong')).toHaveCount(size);

    // The objects holding one of those values are linked in the scatter and the data table.
    const selection = objects.getByTestId('scatter-selection');
    await expect(selection).toHaveText(/^\d+ objects hold a selected value$/);
    const holding = await leadingNumber(selection);
    expect(holding).toBeGreaterThan(0);
    expect(holding).toBeLessThanOrEqual(101);
    await expect(rows.getByTestId('rows-page')).toHaveText(
      new RegExp(`^1–${Math.min(50, holding)} of ${holding}$`),
    );

    // The top bar clears the selection everywhere.
    await page.getByRole('button', { name: /^Clear selection/ }).click();
    await expect(clusters.getByTestId('selected-cluster')).toHaveCount(0);
    await expect(selection).toHaveText('No objects selected');
    await expect(mo.locator('.heatmap-overlay .emph')).toHaveCount(0);
    await expect(rows.getByTestId('rows-page')).toHaveText('1–50 of 101');
  });

  test('object scatter: box selection is listed in the data table and cleared from the top bar', async ({
    page,
  }) => {
    const objects = await addPanel(page, 'cde-objects');
    const rows = await addPanel(page, 'rows');
    const scatter = objects.getByTestId('cde-scatter');
    await expect(scatter).toHaveAttribute('data-points', '101', RESULT);
    await expect(scatter.locator('canvas')).toBeVisible();
    await waitIdle(page, RESULT.timeout);
    const selection = objects.getByTestId('scatter-selection');
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

  test('COSH: ranked outliers, value scores, AUC for a class and colour by outlier score', async ({
    page,
  }) => {
    const colourBy = page.getByLabel('Colour by');
    await expect(colourBy.locator('option[value="outlier"]')).toBeDisabled();
    const cosh = await addPanel(page, 'cosh');
    const table = cosh.getByTestId('outlier-table');
    await expect(table).toBeVisible(RESULT);
    const body = table.locator('tbody tr');
    await expect(body).toHaveCount(25);
    const scores = await body.evaluateAll((trs) =>
      trs.map((tr) => Number(tr.querySelectorAll('td')[2]?.textContent)),
    );
    for (const s of scores) expect(Number.isFinite(s), `score ${s} is a number`).toBe(true);
    for (let k = 1; k < scores.length; k++)
      expect(scores[k], `score of rank ${k + 1}`).toBeLessThanOrEqual(scores[k - 1] as number);
    expect(scores[0]).toBeGreaterThan(scores[24] as number);
    // Ranks 1..25.
    await expect(body.locator('td:first-child')).toHaveText(
      Array.from({ length: 25 }, (_, k) => String(k + 1)),
    );
    await expect(cosh.getByTestId('value-score-bars').locator('rect')).toHaveCount(30);
    await expect(cosh.getByTestId('cosh-summary')).toContainText(/\d+ granularities: M[oc] k=\d+/);
    await expect(cosh.getByTestId('cosh-auc')).toHaveCount(0);
    await expect(colourBy.locator('option[value="outlier"]')).toBeEnabled();

    // Amphibians as the outliers. With the default (authors' code) orientation of Mo, COSH scores
    // zoo's rare values (legs = 5, legs = 8) highest and amphibians, which hold common values, rank
    // near chance (the unit tests pin 0.4–0.7); with Mo as printed (Def. 5) they stand out.
    await cosh.getByLabel('Outlier class').selectOption('amphibian');
    const auc = cosh.getByTestId('cosh-auc');
    await expect(auc).toHaveText(/^AUC 0\.\d{3} \(amphibian as outliers\)/, RESULT);
    const aucValue = async () =>
      Number(/^AUC (\d\.\d{3})/.exec((await auc.textContent()) ?? '')?.[1]);
    const byCode = await aucValue();
    expect(byCode).toBeGreaterThan(0.4);
    expect(byCode).toBeLessThan(0.7);
    await expect(table.locator('tbody tr')).toHaveCount(25, RESULT);

    await cosh.getByLabel('COSH orientation').selectOption('paper');
    // The previous result stays on screen until the new one arrives.
    await expect.poll(aucValue, RESULT).toBeGreaterThan(0.8);
    await expect(auc).toHaveText(/^AUC 0\.\d{3} \(amphibian as outliers\)/);
    expect(await aucValue()).toBeLessThanOrEqual(1);
    await expect(table.locator('tbody tr')).toHaveCount(25, RESULT);
    await waitIdle(page, RESULT.timeout);

    await colourBy.selectOption('outlier');
    await expect(colourBy).toHaveValue('outlier');

    // Clicking the top outlier selects that object.
    const first = table.locator('tbody tr').first();
    await expect(first).not.toHaveClass(/\bselected\b/);
    await first.click();
    await expect(first).toHaveClass(/\bselected\b/);
    await expect(table.locator('tbody tr.selected')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Clear selection (1)' })).toBeVisible();
  });

  test('evaluation: F-scores with sd, the paper column for zoo without legs, and cancel', async ({
    page,
  }) => {
    const panel = await addPanel(page, 'evaluation');
    await panel.getByLabel('Evaluation runs').fill('5');
    await panel.getByRole('button', { name: 'Evaluate', exact: true }).click();
    const table = panel.getByTestId('evaluation-table');
    await expect(table).toBeVisible(RESULT);
    const body = table.locator('tbody tr');
    await expect(body).toHaveCount(4);
    expect(
      await body.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-method'))),
    ).toEqual(['cde', 'onehot', 'onehot-pca', 'idf']);
    for (const method of ['cde', 'onehot', 'onehot-pca', 'idf'])
      await expect(table.getByTestId(`fscore-${method}`)).toHaveText(/^[01]\.\d{3} ± \d\.\d{3}$/);
    await expect(panel.getByTestId('indicators')).toContainText('FCI');
    await expect(panel.getByTestId('indicators')).toContainText('5 k-means++ starts');
    // Zoo with legs is not one of the paper's tables.
    await expect(table.locator('th', { hasText: 'paper F-score' })).toHaveCount(0);

    // Without legs zoo has the paper's shape (101 × 30 values): its Table 1 row shows up.
    await page.getByLabel('Use legs as a feature').click();
    await expectSummary(page, { features: 15 });
    await waitIdle(page);
    await expect(table).toHaveCount(0);
    await expect(panel.getByLabel('Evaluation runs')).toHaveValue('5');
    await panel.getByRole('button', { name: 'Evaluate', exact: true }).click();
    await expect(table).toBeVisible(RESULT);
    await expect(table.locator('th', { hasText: 'paper F-score' })).toHaveCount(1);
    await expect(table.locator('tr[data-method="cde"]')).toContainText('0.647');
    await expect(panel.getByTestId('indicators')).toContainText('(paper ');
    const before = await table.textContent();

    // Cancel while evaluating with 400 k-means starts. On zoo that whole job takes only ~0.3 s
    // here, so a click from the test would race its end; the page clicks Cancel itself the moment
    // the panel's job bar appears, and records what the bar showed.
    await panel.getByLabel('Evaluation runs').fill('400');
    const seen = await cancelWhenShown(page, 'panel-evaluation');
    await panel.getByRole('button', { name: 'Evaluate again' }).click();
    const job = panel.getByTestId('job');
    await expect.poll(seen).toEqual({
      label: 'Evaluating representations',
      progress: true,
      cancelButton: 'Cancel',
    });
    await expect(job).toHaveCount(0, { timeout: 5_000 });
    // The worker stopped the job itself (no restart): the panel says so, nothing else changes.
    await expect(panel.getByRole('alert')).toHaveText('Evaluation stopped: The job was cancelled.');
    await expect(table).toBeVisible();
    expect(await table.textContent()).toBe(before);
    await expect(panel.getByTestId('indicators')).toContainText('5 k-means++ starts');
    await expect(panel.getByRole('button', { name: 'Evaluate again' })).toBeEnabled();
    // Past the client's 2.5 s grace period: no "Worker restarted" notice, the table is still there.
    await page.waitForTimeout(3_000);
    await expect(page.getByTestId('notice')).toHaveCount(0);
    await expect(table).toBeVisible();
    await expectSummary(page, { rows: 101, features: 15 });
  });
});

test('soybean: 683 objects in the CDE scatter and colour by cluster once CDE is done', async ({
  page,
}) => {
  await openApp(page, 'soybean.csv');
  // By default rows with a missing cell are dropped; missing as its own value keeps all 683.
  await expectSummary(page, { rows: 562, name: 'soybean.csv' });
  await expect(page.getByTestId('summary-dropped')).toHaveText('· 121 dropped of 683');
  await page.getByLabel('Missing policy').selectOption('own');
  await expectSummary(page, { rows: 683 });
  await waitIdle(page);
  const colourBy = page.getByLabel('Colour by');
  await expect(colourBy.locator('option[value="cluster"]')).toBeDisabled();
  const objects = await addPanel(page, 'cde-objects');
  const scatter = objects.getByTestId('cde-scatter');
  await expect(scatter).toHaveAttribute('data-points', '683', RESULT);
  await expect(objects).toContainText('683 objects · CDE embedding');
  await expect(colourBy.locator('option[value="cluster"]')).toBeEnabled();
  await colourBy.selectOption('cluster');
  await expect(colourBy).toHaveValue('cluster');
  // k-means with k = the 19 classes: 19 clusters in the legend.
  await expect(objects.locator('.legend-item')).toHaveCount(19);
  await expect(objects.locator('.legend-item').first()).toHaveText('cluster 1');
  await expect(objects.locator('.legend-item').last()).toHaveText('cluster 19');
});

test('CDE parameters in the value-cluster panel re-run CDE and every CDE view follows', async ({
  page,
}) => {
  await openApp(page);
  await expectSummary(page, { rows: 101 });
  const clusters = await addPanel(page, 'value-clusters');
  const summary = clusters.getByTestId('cluster-summary');
  await expect(summary).toContainText('seed 0', RESULT);
  await clusters.getByLabel('CDE alpha').fill('2');
  await expect(summary).toContainText('α = 2,', RESULT);
  // A smaller α tolerates more one-value clusters before stopping: more granularities.
  const granularities = async () => leadingNumber(summary);
  await expect.poll(granularities, RESULT).toBeGreaterThan(8);
  await clusters.getByLabel('CDE orientation').selectOption('code');
  await expect(clusters.getByLabel('CDE orientation')).toHaveValue('code', RESULT);
  const couplings = await addPanel(page, 'couplings');
  await expect(couplings).toContainText("Mo as in the authors' code", RESULT);
});
