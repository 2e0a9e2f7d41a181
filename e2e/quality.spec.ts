import { addPanel, expect, openApp, test } from './fixtures.ts';

const RUN = { timeout: 60_000 } as const;

/** Seed 004's representation-quality views: (ε,γ)-curves and precision@k for every representation. */
test('zoo: (ε,γ)-curves for every representation on one chart, with toggles and a read-out', async ({
  page,
}) => {
  await openApp(page);
  const panel = await addPanel(page, 'eps-gamma');
  await panel.getByRole('button', { name: 'Run (ε,γ)-curves' }).click();
  const chart = panel.getByTestId('curves-chart');
  await expect(chart).toBeVisible(RUN);
  const series = Number(await chart.getAttribute('data-series'));
  expect(series).toBeGreaterThanOrEqual(5);
  await expect(chart.locator('path[data-series]')).toHaveCount(series);
  await expect(panel.getByText(/s = 1 − d/).first()).toBeVisible();
  // Hover: every shown curve reads out its γ.
  const svg = chart.locator('svg').first();
  const box = await svg.boundingBox();
  if (!box) throw new Error('no chart');
  await svg.hover({ position: { x: box.width * 0.4, y: box.height * 0.5 } });
  await expect(chart.getByTestId('curve-readout').first()).toContainText('γ');
  await chart.getByRole('button', { name: 'CDE', exact: true }).click();
  await expect(chart.locator('path[data-series]')).toHaveCount(series - 1);

  const retrieval = await addPanel(page, 'retrieval');
  await retrieval.getByRole('button', { name: 'Run precision@k' }).click();
  await expect(retrieval.getByTestId('curves-chart')).toHaveAttribute(
    'data-series',
    String(series),
    RUN,
  );
});
