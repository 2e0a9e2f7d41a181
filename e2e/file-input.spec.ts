import {
  chooseFile,
  expect,
  expectSummary,
  openApp,
  test,
  textFile,
  waitIdle,
  ZOO,
  showSettings,
} from './fixtures.ts';

test('a comma-separated file chosen with the file picker is read and modelled', async ({
  page,
}) => {
  await openApp(page);
  const csv = [
    'colour,size,label',
    'red,small,a',
    'blue,large,b',
    'red,large,a',
    'green,small,b',
    'blue,small,a',
    'red,large,b',
  ].join('\n');
  await chooseFile(page, textFile('picked.csv', `${csv}\n`));
  // The column named `label` is taken as the class (the summary says so); the two others are
  // features, 3 + 2 values.
  await expectSummary(page, { rows: 6, columns: 3, features: 2, name: 'picked.csv' });
  await waitIdle(page);
  await expect(page.getByLabel('Class column')).toHaveValue('label');
  await expect(page.getByTestId('class-detected')).toContainText(
    'Class column “label” found by its name',
  );
  await expect(page.getByTestId('cooccurrence-heatmap')).toHaveAttribute(
    'data-cells',
    String(5 * 5),
  );
  await expect(page.getByTestId('su-heatmap')).toHaveAttribute('data-cells', '4');
  // The user can change it: with no class every column is a feature, 3 + 2 + 2 values.
  await showSettings(page.getByTestId('panel-summary'));
  await page.getByLabel('Class column').selectOption('');
  await expectSummary(page, { features: 3 });
  await expect(page.getByTestId('class-detected')).toHaveCount(0);
  await expect(page.getByTestId('cooccurrence-heatmap')).toHaveAttribute(
    'data-cells',
    String(7 * 7),
  );
  await expect(page.getByTestId('notice')).toHaveCount(0);
  // A user file is not a sample: no gallery entry is marked active any more.
  await expect(page.getByTestId('gallery').locator('.sample.active')).toHaveCount(0);
});

test('semicolons, a byte-order mark, CRLF line ends and a quoted field holding the delimiter', async ({
  page,
}) => {
  await openApp(page);
  const lines = [
    'colour;size;"shape; outline";label',
    'red;small;"round; thin";a',
    'blue;large;square;b',
    'red;large;"round; thin";a',
    'green;small;"round; thick";b',
    'blue;small;square;a',
    'red;large;"round; thick";b',
    'green;small;square;a',
    'blue;large;"round; thin";b',
  ];
  await chooseFile(page, textFile('semicolons.csv', `\uFEFF${lines.join('\r\n')}\r\n`));
  // `label` is the class (found by its name): three features.
  await expectSummary(page, { rows: 8, columns: 4, features: 3, name: 'semicolons.csv' });
  await waitIdle(page);
  await expect(page.getByLabel('Delimiter')).toHaveValue('auto');
  await expect(page.getByLabel('Delimiter').locator('option[value="auto"]')).toHaveText(
    'auto (semicolon)',
  );

  const columns = page.getByTestId('summary-column');
  // The BOM is not part of the first name; the quoted header keeps its semicolon.
  await expect(columns.locator('td.name')).toHaveText([
    'colour',
    'size',
    'shape; outline',
    'label',
  ]);
  await expect(page.getByLabel('Kind of colour')).toHaveValue('categorical');
  const shape = columns.filter({ has: page.getByLabel('Kind of shape; outline') });
  await expect(shape.locator('.bar-label')).toHaveText(['round; thin', 'square', 'round; thick']);
  await expect(shape.locator('.bar-count')).toHaveText(['3', '3', '2']);
  // CRLF: the last column's values carry no stray carriage return, so there are exactly two.
  const label = columns.filter({ has: page.getByLabel('Kind of label') });
  await expect(label.locator('.bar-label')).toHaveText(['a', 'b']);
  // `label` is the class: 3 + 2 + 3 = 8 values.
  await expect(page.getByTestId('cooccurrence-heatmap')).toHaveAttribute('data-cells', '64');
  await expect(page.getByTestId('summary-warnings')).toHaveCount(0);
});

test('a tab-separated file with a numeric column, which is binned', async ({ page }) => {
  await openApp(page);
  const rows = ['group\tscore\tflag'];
  for (let i = 0; i < 40; i++)
    rows.push(`${'abc'[i % 3]}\t${(i * 1.25 + 0.5).toFixed(2)}\t${i % 2 ? 'yes' : 'no'}`);
  await chooseFile(page, textFile('scores.tsv', rows.join('\n'), 'text/tab-separated-values'));
  await expectSummary(page, { rows: 40, columns: 3, features: 3, name: 'scores.tsv' });
  await waitIdle(page);
  await expect(page.getByLabel('Delimiter').locator('option[value="auto"]')).toHaveText(
    'auto (tab)',
  );
  await expect(page.getByLabel('Kind of score')).toHaveValue('numeric');
  // Ten equal-frequency bins of four rows each.
  const score = page
    .getByTestId('summary-column')
    .filter({ has: page.getByLabel('Kind of score') });
  await expect(score.locator('.bar-count')).toHaveText(Array<string>(8).fill('4'));
  await expect(score).toContainText('+2 more');
  await expect(page.getByTestId('cooccurrence-heatmap')).toHaveAttribute(
    'data-cells',
    String((3 + 10 + 2) ** 2),
  );
});

test('dropping a file on the drop zone, or anywhere on the page, opens it', async ({ page }) => {
  await openApp(page);
  await expectSummary(page, ZOO);
  const dropzone = page.getByTestId('dropzone');

  const dropped = await page.evaluateHandle(() => {
    const text = [
      'pet,size,colour',
      'cat,small,black',
      'dog,large,brown',
      'cat,small,white',
      'dog,small,black',
      'fish,small,gold',
    ].join('\n');
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'dropped.csv', { type: 'text/csv' }));
    return transfer;
  });
  await dropzone.dispatchEvent('dragenter', { dataTransfer: dropped });
  await dropzone.dispatchEvent('dragover', { dataTransfer: dropped });
  await expect(dropzone).toHaveClass(/\bdragging\b/);
  await dropzone.dispatchEvent('drop', { dataTransfer: dropped });
  await expect(dropzone).not.toHaveClass(/\bdragging\b/);
  await expectSummary(page, { rows: 5, columns: 3, features: 3, name: 'dropped.csv' });
  await waitIdle(page);

  // Anywhere on the window: drop on the workspace.
  const elsewhere = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(
      new File(['a;b\nx;1\ny;2\nx;2\ny;1\n'], 'elsewhere.csv', { type: 'text/csv' }),
    );
    return transfer;
  });
  const workspace = page.getByTestId('workspace');
  await workspace.dispatchEvent('dragover', { dataTransfer: elsewhere });
  await workspace.dispatchEvent('drop', { dataTransfer: elsewhere });
  await expectSummary(page, { rows: 4, columns: 2, features: 2, name: 'elsewhere.csv' });
  await waitIdle(page);
  await expect(page.getByTestId('notice')).toHaveCount(0);
});
