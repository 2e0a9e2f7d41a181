import { addPanel, expect, openApp, test, showSettings } from './fixtures.ts';

const RUN = { timeout: 60_000 } as const;

/** Zhu et al. 2022's representation-quality views: (ε,γ)-curves and precision@k for every representation. */
test('zoo: (ε,γ)-curves for every representation on one chart, with toggles and a read-out', async ({
  page,
}) => {
  await openApp(page);
  const panel = await addPanel(page, 'comparison:eps-gamma');
  await panel.getByRole('button', { name: 'Run (ε,γ)-curves' }).click();
  const chart = panel.getByTestId('curves-chart');
  await expect(chart).toBeVisible(RUN);
  const series = Number(await chart.getAttribute('data-series'));
  expect(series).toBeGreaterThanOrEqual(5);
  await expect(chart.locator('path[data-series]')).toHaveCount(series);
  // UNTIE's similarity is among them, beside CDE's, 0-1's and Hamming's.
  for (const name of ['UNTIE', 'CDE', '0-1', 'Hamming', 'DILCA'])
    await expect(chart.locator(`path[data-series="${name}"]`)).toHaveCount(1);
  await expect(panel.getByText(/s = 1 − d/).first()).toBeVisible();
  // Hover: every shown curve reads out its γ.
  const svg = chart.locator('svg').first();
  const box = await svg.boundingBox();
  if (!box) throw new Error('no chart');
  await svg.hover({ position: { x: box.width * 0.4, y: box.height * 0.5 } });
  await expect(chart.getByTestId('curve-readout').first()).toContainText('γ');
  await chart.getByRole('button', { name: 'CDE', exact: true }).click();
  await expect(chart.locator('path[data-series]')).toHaveCount(series - 1);

  const retrieval = await addPanel(page, 'comparison:retrieval');
  await retrieval.getByRole('button', { name: 'Run precision@k' }).click();
  await expect(retrieval.getByTestId('curves-chart')).toHaveAttribute(
    'data-series',
    String(series),
    RUN,
  );
});

/** Zhu et al. 2022's UNTIE: the live loss, kernel weights, cancel keeping the last iterate, Fig. 7. */
test('zoo: UNTIE trains live, cancel keeps the last iterate, and Fig. 7 puts its t-SNE beside CDE', async ({
  page,
}) => {
  await openApp(page);
  const panel = await addPanel(page, 'untie-training:untie');
  // Long enough to watch and cancel: 200,000 iterations.
  await showSettings(panel);
  const iterations = panel.getByLabel('UNTIE iterations');
  await iterations.fill('200000');
  await iterations.press('Enter');
  const training = panel.getByTestId('untie-training');
  await expect(training).toHaveAttribute('data-state', 'running', RUN);
  await expect(training.getByTestId('curves-chart')).toContainText(/iteration \d+ of 200000/);
  await expect(
    training.getByTestId('kernel-weights').locator('rect[data-kind="inter"]'),
  ).toHaveCount(14);
  await panel.getByTestId('cancel-job').click();
  await expect(training).toHaveAttribute('data-state', 'cancelled', RUN);
  await expect(training.getByTestId('curves-chart')).toContainText('cancelled at iteration');
  await expect(panel.getByRole('button', { name: 'Run UNTIE' })).toBeVisible();

  // The paper's defaults finish: the loss fell, and weights moved away from 1.
  await iterations.fill('1000');
  await iterations.press('Enter');
  await expect(training).toHaveAttribute('data-state', 'done', RUN);
  await expect(training.getByTestId('curves-chart')).toContainText(
    'Training loss (1000 iterations)',
  );
  const weights = await training
    .locator('rect[data-weight]')
    .evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('data-weight'))));
  expect(weights).toHaveLength(28);
  expect(weights.some((w) => Math.abs(w - 1) > 0.01)).toBe(true);
  expect(weights.every((w) => w >= 0)).toBe(true);

  await panel.getByTestId('untie-fig7').click();
  const projections = page.getByTestId('panel-projection');
  await expect(projections).toHaveCount(2);
  await expect(projections.nth(0)).toContainText('UNTIE');
  await expect(projections.nth(1)).toContainText('CDE');
  for (const i of [0, 1])
    await expect(projections.nth(i).getByTestId('projection-view')).toHaveAttribute(
      'data-state',
      'done',
      RUN,
    );
});
