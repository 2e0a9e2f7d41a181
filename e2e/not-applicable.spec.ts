import {
  addPanel,
  chooseFile,
  expect,
  expectSummary,
  openApp,
  test,
  textFile,
} from './fixtures.ts';

/**
 * A method that cannot apply to the table says so, as Run all says it (issue 48): SAnDCat on a
 * table without a class is "not applicable" with the reason, never a red failure with a button
 * that can only fail again.
 */
test('SAnDCat on a table without a class: not applicable, why, and nothing to run again', async ({
  page,
}) => {
  await openApp(page);
  const rows = Array.from(
    { length: 60 },
    (_, i) =>
      `${['red', 'green', 'blue'][i % 3]},${['S', 'M', 'L', 'XL'][i % 4]},${i % 5 === 0 ? 'round' : 'square'}`,
  );
  await chooseFile(page, textFile('no-class.csv', `colour,size,shape\n${rows.join('\n')}\n`));
  await expectSummary(page, { rows: 60, name: 'no-class.csv' });
  const panel = await addPanel(page, 'ranking:sandcat');
  const status = panel.getByTestId('method-status');
  await expect(status).toHaveText(/not applicable to this table — .*needs a class column/, {
    timeout: 60_000,
  });
  await expect(panel.getByRole('button', { name: /again/ })).toHaveCount(0);
  await expect(panel.locator('.method-error')).toHaveCount(0);
});
