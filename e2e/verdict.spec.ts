import { addPanel, expect, openApp, test, waitIdle } from './fixtures.ts';

/**
 * A comparison ends with its verdict (issue 48): the (ε,γ)-curves and precision@k on zoo name the
 * method that leads on their measure, mark its row, and say how far the others are (noise or
 * chance) with its 95 % interval (e2e/verdict-noise.spec.ts: the noise on a 9-class table).
 */
for (const [step, run, measure] of [
  [
    'eps-gamma',
    'Run (ε,γ)-curves',
    /leads on the area under the \(ε,γ\)-curve \(\d\.\d{3}, 95 % interval/,
  ],
  [
    'retrieval',
    'Run Precision@k',
    /leads on precision@10 \(\d\.\d{3}, 95 % interval .*(above chance|no better than chance) \(0\.\d{3}\)/,
  ],
] as const)
  test(`${step}: the verdict names the leader and marks its row`, async ({ page }) => {
    test.setTimeout(150_000);
    await openApp(page);
    const panel = await addPanel(page, `comparison:${step}`);
    await panel.getByRole('button', { name: run }).click();
    await waitIdle(page, 120_000);
    const verdict = panel.getByTestId('verdict').first();
    await expect(verdict).toHaveText(measure, { timeout: 120_000 });
    const best = panel.locator('tr[data-best="true"]');
    await expect(best).toHaveCount(1);
    // The row marked is the one the sentence names.
    const leader = (await verdict.innerText()).split(' leads on ')[0] ?? '';
    await expect(best.locator('td').first()).toHaveText(leader);
  });

test('an acronym in a panel’s title says what it stands for on hover', async ({ page }) => {
  await openApp(page);
  const panel = await addPanel(page, 'value-partitions:cde');
  await expect(panel.locator('h2 abbr', { hasText: 'CDE' })).toHaveAttribute(
    'title',
    'CDE: Coupled data embedding',
  );
});
