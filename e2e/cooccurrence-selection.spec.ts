import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import {
  addPanel,
  addProjection,
  dragBox,
  expect,
  exported,
  leadingNumber,
  openApp,
  scatterOf,
  test,
  waitIdle,
  ZOO,
} from './fixtures.ts';

/**
 * A box selection leaves its trace in the value co-occurrence view (issue 48): a line says how
 * many rows are selected, the cells can count among them, and those counts — drawn, in the
 * tooltips and exported — are the co-occurrence of the selected lines of the file, counted here
 * from zoo.csv itself.
 */

/** A CSV's rows, header first, every field as text. */
function csvRows(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text.replace(/\r?\n$/, ''), { skipEmptyLines: false });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** "attribute = value" × "attribute = value" → rows of `lines` (file lines) holding both. */
function cooccurrenceOfLines(file: string[][], lines: number[]): Map<string, number> {
  const [head, ...body] = file as [string[], ...string[][]];
  // zoo's last column, type, is the class: not among the matrix's values.
  const features = head.slice(0, -1);
  const out = new Map<string, number>();
  for (const line of lines) {
    // The header is line 1, so line n is body row n − 2.
    const row = body[line - 2] as string[];
    const values = features.map((a, k) => `${a} = ${row[k]}`);
    for (const u of values)
      for (const v of values) out.set(`${u}|${v}`, (out.get(`${u}|${v}`) ?? 0) + 1);
  }
  return out;
}

test('a box selection in a scatter shows in the co-occurrence view, whose cells can count among the selected rows', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openApp(page);
  const cooccurrence = await addPanel(page, 'cooccurrence');
  const rowsPanel = await addPanel(page, 'rows');
  const projection = await addProjection(page, 'onehot', 'pca');
  const scatter = scatterOf(projection);
  await expect(scatter).toHaveAttribute('data-points', String(ZOO.rows), { timeout: 60_000 });
  await waitIdle(page, 60_000);
  const line = cooccurrence.getByTestId('cooccurrence-selection');
  // Laid out but hidden: a selection appearing moves nothing on the page.
  await expect(line).toBeHidden();
  // Where the matrix sits in its panel (the page may scroll meanwhile).
  const offset = () =>
    cooccurrence.evaluate((panel) => {
      const matrix = panel.querySelector('[data-testid="cooccurrence-heatmap"]') as Element;
      return matrix.getBoundingClientRect().top - panel.getBoundingClientRect().top;
    });
  const before = await offset();

  // The left half of the scatter: some rows, not all.
  await dragBox(page, scatter, [0, 0, 0.5, 1]);
  const selection = projection.getByTestId('projection-selection');
  await expect(selection).toHaveText(/^\d+ objects selected$/);
  const k = await leadingNumber(selection);
  expect(k).toBeGreaterThan(1);
  expect(k).toBeLessThan(ZOO.rows);
  await expect(line).toContainText(`Selection: ${k} rows`);
  await expect(line).toBeVisible();
  expect(await offset()).toBe(before);

  // The cells count among the selected rows.
  const count = line.getByRole('group', { name: 'Cells count' });
  await expect(count.getByRole('button', { name: 'all rows' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await count.getByRole('button', { name: 'the selected rows' }).click();
  const rowsLine = cooccurrence.getByTestId('cooccurrence-rows');
  await expect(rowsLine).toContainText(`${k} selected rows of ${ZOO.rows}`);

  // The selected rows' lines (the table lists the selection), then their counts from the file.
  const listed = csvRows((await exported(page, rowsPanel, 'CSV')).toString('utf8'));
  const lineColumn = (listed[0] as string[]).indexOf('line');
  const lines = listed.slice(1).map((r) => Number(r[lineColumn]));
  expect(lines).toHaveLength(k);
  const file = csvRows(await readFile('public/datasets/zoo.csv', 'utf8'));
  const expected = cooccurrenceOfLines(file, lines);

  const matrix = csvRows((await exported(page, cooccurrence, 'CSV')).toString('utf8'));
  const [head, ...body] = matrix as [string[], ...string[][]];
  const names = head.slice(2);
  expect(body.map((r) => `${r[0]} = ${r[1]}`)).toEqual(names);
  let compared = 0;
  body.forEach((r, i) =>
    r.slice(2).forEach((cell, j) => {
      const key = `${names[i]}|${names[j]}`;
      expect(Number(cell), key).toBe(expected.get(key) ?? 0);
      compared++;
    }),
  );
  expect(compared).toBe(names.length ** 2);
  // A value's count on the diagonal sums to the selection over each attribute's values.
  const legs = body.filter((r) => r[0] === 'legs');
  expect(legs.reduce((s, r) => s + Number(r[2 + names.indexOf(`legs = ${r[1]}`)]), 0)).toBe(k);

  // Cleared with the selection: no line, and the cells count every row again.
  await page.getByRole('button', { name: `Clear selection (${k})` }).click();
  await expect(line).toBeHidden();
  await expect(rowsLine).toContainText(`${ZOO.rows} rows`);
  await expect(rowsLine).not.toContainText('selected');
});
