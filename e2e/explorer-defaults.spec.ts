import {
  addPanel,
  chooseFile,
  expect,
  expectSummary,
  openApp,
  test,
  textFile,
  waitIdle,
} from './fixtures.ts';

const RUN = { timeout: 60_000 } as const;
const ATTRIBUTES = ['cap', 'gill', 'odor', 'ring', 'spore', 'habitat'];

/**
 * A mushroom-like file generated here (the test depends on nothing outside the repo): 400 rows,
 * 6 attributes of 4 values and a `class` column, a missing odor (`?`) in every tenth row (40 rows,
 * 10 % — more than the 5 % the explorer drops without asking). Row r is on line r + 2 (the
 * unit tests cover cells spanning lines).
 */
function mushroomLike(): string {
  let state = 12345;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const lines = [[...ATTRIBUTES, 'class'].join(',')];
  for (let r = 0; r < 400; r++) {
    const values = ATTRIBUTES.map(() => 'abcd'[Math.floor(next() * 4)] as string);
    const cls = values[0] === 'a' || values[1] === 'b' ? 'p' : 'e';
    if (r % 10 === 5) values[2] = '?';
    lines.push([...values, cls].join(','));
  }
  return `${lines.join('\n')}\n`;
}

test('a dropped file: class found by name, missing policy stated, the top COSH outlier named by its line in the file', async ({
  page,
}) => {
  const text = mushroomLike();
  await openApp(page);
  await chooseFile(page, textFile('mushroom-like.csv', text));
  await expectSummary(page, { rows: 400, columns: 7, features: 6, name: 'mushroom-like.csv' });
  await expect(page.getByLabel('Class column')).toHaveValue('class');
  await expect(page.getByTestId('class-detected')).toContainText('“class” found by its name');
  const note = page.getByTestId('missing-auto');
  await expect(note).toContainText('would keep 360 of 400');
  await expect(page.getByTestId('summary-numbering')).toContainText('line in the file');
  await waitIdle(page);

  // The papers' protocol drops the 40 rows with a missing odor: kept rows and file lines part.
  await note.getByRole('button', { name: 'Use the papers’ protocol (drop rows)' }).click();
  await expectSummary(page, { rows: 360 });
  await expect(page.getByTestId('summary-dropped')).toHaveText('· 40 dropped of 400');
  const panel = await addPanel(page, 'ranking:cosh');
  const first = panel.getByTestId('outlier-table').locator('tbody tr').first();
  await expect(first).toBeVisible(RUN);
  await expect(first.locator('td').nth(0)).toHaveText('1');
  const line = Number(await first.locator('td').nth(1).innerText());
  // That line of the file holds exactly the values the ranking shows for the object.
  const cells = text.split('\n')[line - 1]?.split(',') ?? [];
  expect(cells).toHaveLength(7);
  await expect(first.locator('td').nth(3)).toHaveText(cells[6] as string);
  const shown = await first.locator('td').nth(4).innerText();
  const pairs = [...shown.matchAll(/(\w+) = (\w)/g)];
  expect(pairs.length).toBeGreaterThanOrEqual(4);
  for (const [, attribute, value] of pairs)
    expect(cells[ATTRIBUTES.indexOf(attribute as string)], `${attribute} on line ${line}`).toBe(
      value,
    );
  // …and the place among the kept rows would have named another row.
  const row = line - 2;
  const keptIndex =
    row - Array.from({ length: row }, (_, r) => r).filter((r) => r % 10 === 5).length;
  expect(keptIndex + 1).not.toBe(line);
});

test('colour by any attribute: the scatter legend and the data table show its values', async ({
  page,
}) => {
  await openApp(page);
  await page.getByLabel('Colour by').selectOption({ label: 'legs' });
  const panel = await addPanel(page, 'projection:onehot');
  await expect(panel.getByTestId('projection-view')).toHaveAttribute('data-state', 'done', RUN);
  const legend = panel.locator('.legend').first();
  for (const legs of ['0', '2', '4', '5', '6', '8'])
    await expect(legend.locator('.legend-item', { hasText: new RegExp(`^${legs}$`) })).toHaveCount(
      1,
    );
  const rows = await addPanel(page, 'rows');
  // Zoo's first animal (aardvark, line 2) has 4 legs.
  const first = rows.getByTestId('rows-table').locator('tbody tr').first();
  await expect(first.locator('td').nth(0)).toHaveText('2');
  await expect(first.locator('td').nth(2)).toHaveText('4');
});

test('the clustering evaluation’s “Paper protocol” drops rows with a missing cell and sets 50 runs', async ({
  page,
}) => {
  await openApp(page, 'vote.csv');
  // The explorer keeps all 435 rows (dropping would lose 46.7 %).
  await expectSummary(page, { rows: 435 });
  const panel = await addPanel(page, 'comparison:evaluate-clustering');
  await expect(panel.getByTestId('paper-protocol-rows')).toContainText('the protocol drops');
  await panel.getByRole('button', { name: 'Paper protocol' }).click();
  await expectSummary(page, { rows: 232 });
  await expect(panel.getByTestId('paper-protocol-rows')).toHaveText(
    'rows with a missing cell dropped: 232 of 435 kept',
  );
  await expect(panel.getByLabel(/runs/i).first()).toHaveValue('50');
});
