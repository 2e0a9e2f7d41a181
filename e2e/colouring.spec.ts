import {
  addProjection,
  chooseFile,
  expect,
  expectSummary,
  openApp,
  scatterOf,
  test,
  textFile,
} from './fixtures.ts';

/**
 * Colouring by an ordered column (issue 48): nine income bands get a sequential ramp in their
 * order, the legend names the column, lists the bands from the lowest, and shows every label
 * whole at 1280 × 800.
 */
const BANDS = [
  '[75,000+)',
  '[0, 10,000)',
  '[10,000, 15,000)',
  '[15,000, 20,000)',
  '[20,000, 25,000)',
  '[25,000, 30,000)',
  '[30,000, 40,000)',
  '[40,000, 50,000)',
  '[50,000, 75,000)',
];

function incomeCsv(): string {
  const lines = ['sex,age,edu,job,income'];
  for (let i = 0; i < 450; i++)
    lines.push(
      [
        i % 2 ? 'F' : 'M',
        ['18-24', '25-34', '35-44', '45-54', '55+'][i % 5],
        ['school', 'college', 'degree'][(i * 7) % 3],
        ['sales', 'clerk', 'manager', 'student'][(i * 3) % 4],
        `"${BANDS[(i * 5) % 9]}"`,
      ].join(','),
    );
  return `${lines.join('\n')}\n`;
}

test('an ordered column: a sequential ramp, the legend titled and in order, every band whole', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page);
  await chooseFile(page, textFile('income.csv', incomeCsv()));
  await expectSummary(page, { rows: 450, name: 'income.csv' });
  const panel = await addProjection(page, 'onehot', 'pca');
  await expect(scatterOf(panel)).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Colour by').selectOption({ label: 'income' });
  const legend = panel.locator('.scatter-head .legend');
  await expect(legend.getByTestId('legend-title')).toHaveText('income:');
  const items = legend.locator('.legend-item');
  await expect(items).toHaveCount(9);
  expect((await items.allInnerTexts()).map((t) => t.trim())).toEqual([
    '[0, 10,000)',
    '[10,000, 15,000)',
    '[15,000, 20,000)',
    '[20,000, 25,000)',
    '[25,000, 30,000)',
    '[30,000, 40,000)',
    '[40,000, 50,000)',
    '[50,000, 75,000)',
    '[75,000+)',
  ]);
  // Light to dark along the bands.
  const luminance = await items.locator('.swatch').evaluateAll((swatches) =>
    swatches.map((s) => {
      const [r, g, b] = (getComputedStyle(s).backgroundColor.match(/\d+/g) ?? []).map(Number);
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    }),
  );
  for (let k = 1; k < luminance.length; k++)
    expect(luminance[k], `band ${k}`).toBeLessThan(luminance[k - 1] as number);
  // Every label whole: none is cut by the legend's box or an ellipsis.
  const cut = await items.evaluateAll((all) =>
    all.flatMap((item) => {
      const box = item.getBoundingClientRect();
      const frame = (item.closest('.panel-body') as HTMLElement).getBoundingClientRect();
      return item.scrollWidth > item.clientWidth + 1 || box.right > frame.right + 1
        ? [item.textContent]
        : [];
    }),
  );
  expect(cut).toEqual([]);
  await panel.screenshot({ path: testInfo.outputPath('ordered-class.png') });
  await panel.screenshot({ path: '/tmp/shot-ordered-class.png' });
});
