import {
  dragThrough,
  expect,
  leadingNumber,
  openApp,
  test,
  waitIdle,
  scrollIntoView,
} from './fixtures.ts';

/** Run all on zoo: every registered method, its t-SNE, and four evaluations (10 fits each). */
const RUN_ALL = { timeout: 240_000 } as const;

test.describe.configure({ timeout: 360_000 });

test('zoo: Run all fills the results board; the compare layout shows every projection and links a lasso across every cell', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Run all', exact: true }).click();
  const board = page.getByTestId('results-board');
  await expect(board).toBeVisible();
  const text = page.getByTestId('run-all-text').first();
  await expect(text).toHaveText(/^\d+ of \d+ jobs ended/);
  await expect
    .poll(async () => {
      const [done, total] = ((await text.textContent()) ?? '').match(/\d+/g)?.map(Number) ?? [];
      return done !== undefined && done === total;
    }, RUN_ALL)
    .toBe(true);
  await expect(text).not.toContainText('failed');

  // One row per registered method (the compare layout lists the same registry), each done.
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  const methods = page.locator('.compare-methods summary');
  await expect(methods).toHaveText(/^Methods \((\d+) of \1\)$/);
  const registered = Number(((await methods.textContent()) ?? '').match(/of (\d+)/)?.[1]);
  expect(registered).toBeGreaterThanOrEqual(18);
  await page.getByRole('button', { name: 'Panels', exact: true }).click();
  // …and one more: UNTIE without its learning (UNTIE kernels, ω = 1), which its spec compares
  // beside the defaults, so Table 4's UNTIE, the kernels alone and its Couplings sit side by side.
  const rows = board.getByTestId('board-row');
  await expect(rows).toHaveCount(registered + 1);
  await expect(board.getByTestId('board-table').locator('td.status-done')).toHaveCount(
    registered + 1,
  );
  await expect(board.locator('[data-method="untie@iterations=0"]')).toContainText(
    'UNTIE kernels, ω = 1',
  );
  // Zoo with legs is Table 4's Zoo: the paper's UNTIE and Couplings beside ours, none beside ω = 1.
  await expect(board.getByTestId('board-fscore-untie')).toContainText('paper 0.761');
  await expect(board.getByTestId('board-fscore-couplings')).toContainText('paper 0.749');
  await expect(board.getByTestId('board-fscore-untie@iterations=0')).not.toContainText('paper');
  // Every representation has a clustering F-score, every detector an AUC; numbers in [0, 1].
  for (const method of ['cde', 'onehot', 'hamming', 'caso', 'dilca', 'untie']) {
    const cell = board.getByTestId(`board-fscore-${method}`);
    await expect(cell).toHaveText(/^0\.\d{3} ± 0\.\d{3}|^0\.\d{3}/);
    await expect(board.getByTestId(`board-area-${method}`)).toHaveText(/^0\.\d{3}/);
    await expect(board.getByTestId(`board-p10-${method}`)).toHaveText(/^0\.\d{3}|^1\.000/);
  }
  for (const method of ['cosh', 'cbrw', 'iforest', 'zero', 'lof-of', 'sandcat'])
    await expect(board.getByTestId(`board-auc-${method}`)).toHaveText(/^(0|1)\.\d{3}/);
  // The paper's F-score beside ours where the table has the shape of one of its data sets.
  await expect(board.getByTestId('board-fscore-cde')).toContainText('paper');
  await expect(board.getByTestId('board-indicators')).toContainText(/FCI 0\.\d+/);
  // Sorting by a measure puts the largest first.
  await board.getByRole('button', { name: /^precision@10/ }).click();
  const p10 = await board
    .locator('[data-testid^="board-p10-"] .number')
    .evaluateAll((cells) => cells.map((c) => Number((c.textContent ?? '').split(' ')[0])));
  expect(p10.length).toBeGreaterThanOrEqual(12);
  expect(p10).toEqual([...p10].sort((a, b) => b - a));
  // A number opens the view it came from, computed already.
  await board.getByTestId('board-fscore-cde').getByRole('button').click();
  const evaluation = page.getByTestId('panel-comparison');
  await expect(evaluation.getByTestId('evaluation-table')).toBeVisible();
  await waitIdle(page);

  // The compare layout: every representation's t-SNE, all 101 objects.
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  const workspace = page.getByTestId('compare-workspace');
  const scatters = workspace.locator('[data-testid^="compare-scatter-"]');
  await expect(scatters.first()).toBeVisible();
  // Every cell of the projection row holds a scatter, but for methods with no representation.
  const cells = workspace.locator('[data-testid^="compare-projection-"]');
  const withScatter = cells.filter({ has: page.locator('[data-testid^="compare-scatter-"]') });
  const without = cells.filter({ hasText: /^—$/ });
  const projections = await withScatter.count();
  expect(projections).toBeGreaterThanOrEqual(12);
  expect(projections + (await without.count())).toBe(registered);
  for (let i = 0; i < projections; i++)
    await expect(scatters.nth(i)).toHaveAttribute('data-points', '101');

  // A lasso in CDE's cell selects objects: every cell's scatter emphasises the same ones …
  const cde = workspace.getByTestId('compare-scatter-cde');
  await scrollIntoView(cde);
  await cde.getByRole('button', { name: 'Lasso' }).click();
  const box = (await cde.locator('canvas').boundingBox())!;
  const at = (fx: number, fy: number) => ({
    x: box.x + fx * box.width,
    y: box.y + fy * box.height,
  });
  await dragThrough(page, [at(0.01, 0.01), at(0.6, 0.01), at(0.6, 0.99), at(0.01, 0.99)]);
  const selection = workspace.getByTestId('compare-selection-cde');
  await expect(selection).toHaveText(/^\d+ objects selected/);
  const selected = await leadingNumber(selection);
  expect(selected).toBeGreaterThan(0);
  expect(selected).toBeLessThan(101);
  for (let i = 0; i < projections; i++)
    await expect(scatters.nth(i)).toHaveAttribute('data-emphasised', String(selected));
  // … and every value matrix shows the share of them holding each value.
  const matrices = workspace.locator('[data-testid^="compare-matrix-"] .heatmap');
  expect(await matrices.count()).toBeGreaterThanOrEqual(4);
  for (let i = 0; i < (await matrices.count()); i++)
    await expect(matrices.nth(i).locator('.axis-rows .share').first()).toBeAttached();
});
