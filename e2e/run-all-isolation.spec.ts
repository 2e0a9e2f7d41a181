import { expect, test, waitIdle } from './fixtures.ts';
import { FAILING_METHOD_MESSAGE } from '../src/core/testing/failingMethod.ts';

/**
 * Issue 26: one failing method never sinks a comparison. Run all on a table where a method is
 * made to fail (a test-only method, registered under ?testing=failing-method): its row shows the
 * reason, every other row has its numbers, and the header's counts are those of the jobs list.
 */
test.describe.configure({ timeout: 300_000 });

test('Run all with a method that fails: its row says why, every other row has numbers', async ({
  page,
}) => {
  await page.goto('/?sample=contact-lenses.csv&testing=failing-method');
  await expect(page.getByTestId('sample-contact-lenses.csv')).toHaveClass(/\bactive\b/);
  await waitIdle(page);
  await page.getByRole('button', { name: 'Run all', exact: true }).click();
  const board = page.getByTestId('results-board');
  const text = page.getByTestId('run-all-text').first();
  await expect
    .poll(
      async () => {
        const [ended, total] = ((await text.textContent()) ?? '').match(/\d+/g)?.map(Number) ?? [];
        return ended !== undefined && ended === total;
      },
      { timeout: 240_000 },
    )
    .toBe(true);

  // The failing method's row: status failed with the reason, and each measure cell says failed.
  const failing = board.locator('tr[data-method="always-fails"]');
  await expect(failing.getByTestId('board-status-always-fails')).toContainText('failed');
  await expect(failing.getByTestId('board-status-always-fails')).toContainText(
    'this test method always fails',
  );
  await expect(failing.getByTestId('board-status-always-fails').locator('[title]')).toHaveAttribute(
    'title',
    new RegExp(FAILING_METHOD_MESSAGE.replace(/[?()]/g, '\\$&')),
  );
  for (const measure of ['fscore', 'area', 'p10'])
    await expect(board.getByTestId(`board-${measure}-always-fails`)).toHaveText('failed');

  // Every other representation has its numbers in every column, every detector its AUC.
  for (const method of [
    'cde',
    'onehot',
    'idf',
    'hamming',
    'caso',
    'ofd',
    'add',
    'dilca',
    'couplings',
    'untie',
    'untie@iterations=0',
  ])
    for (const measure of ['fscore', 'nmi', 'accuracy', 'area', 'p10'])
      await expect(board.getByTestId(`board-${measure}-${method}`)).toHaveText(/^\d/);
  for (const method of ['cosh', 'cbrw', 'iforest', 'zero', 'lof-of'])
    await expect(board.getByTestId(`board-auc-${method}`)).toHaveText(/^\d/);
  const statuses = await board
    .locator('[data-testid^="board-status-"]')
    .evaluateAll((cells) => cells.map((c) => (c.textContent ?? '').split(':')[0]));
  expect(statuses.filter((s) => s === 'failed')).toHaveLength(1);
  expect(statuses.every((s) => ['done', 'failed', 'not applicable'].includes(s as string))).toBe(
    true,
  );

  // The header counts the jobs list's rows: one failed method and its failed t-SNE.
  const header = (await text.textContent()) ?? '';
  const jobs = page.getByTestId('run-all-jobs');
  await expect(jobs).toHaveAttribute('open', '');
  const rows = jobs.getByTestId('run-all-job');
  const total = Number(header.match(/of (\d+) jobs/)?.[1]);
  await expect(rows).toHaveCount(total);
  const failedJobs = await jobs
    .locator('[data-testid="run-all-job"][data-status="failed"]')
    .count();
  expect(failedJobs).toBe(2);
  expect(header).toContain(`${failedJobs} failed`);
  const done = await jobs.locator('[data-testid="run-all-job"][data-status="done"]').count();
  expect(header).toContain(`${done} done`);
  await expect(
    jobs.locator('[data-testid="run-all-job"][data-status="failed"]').first(),
  ).toContainText('Test: always fails');
  await board.screenshot({ path: 'test-results/run-all-isolation.png' });
});
