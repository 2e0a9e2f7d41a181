import { readFile } from 'node:fs/promises';
import {
  addProjection,
  chooseFile,
  expect,
  expectSummary,
  openApp,
  scatterOf,
  test,
  textFile,
  waitIdle,
} from './fixtures.ts';

test('the preview server sends the Content-Security-Policy as a header, as dist/_headers does', async ({
  page,
}) => {
  const response = await page.goto('/');
  const header = response?.headers()['content-security-policy'] ?? '';
  const meta = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(header).toBe(meta);
  expect(header).toContain("connect-src 'self'");
  const headersFile = await page.evaluate(() => fetch('/_headers').then((r) => r.text()));
  expect(headersFile).toContain(`Content-Security-Policy: ${header}`);
  expect(headersFile).toContain('Cross-Origin-Embedder-Policy: require-corp');
});

test('labels that look like spreadsheet formulas are escaped in the CSV export (issue 10, defect 8)', async ({
  page,
}) => {
  await openApp(page);
  const labels = ["=cmd|' /C calc'!A0", '+1', '-1', '@SUM(A1)', '-x'];
  const rows = Array.from(
    { length: 30 },
    (_, r) => `v${r % 3},w${r % 4},${labels[r % labels.length]}`,
  );
  await chooseFile(page, textFile('formulas.csv', `a,b,label\n${rows.join('\n')}\n`));
  await expectSummary(page, { rows: 30, name: 'formulas.csv' });
  await page.getByTestId('summary').getByLabel('Class column').selectOption('label');
  await waitIdle(page);
  const panel = await addProjection(page, 'onehot', 'mds');
  await expect(panel.getByTestId('projection-view')).toHaveAttribute('data-state', 'done');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    scatterOf(panel).getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const lines = (await readFile(await download.path(), 'utf-8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe('row,x,y,label');
  const exported = lines.slice(1, 6).map((line) => line.split(',').slice(3).join(','));
  expect(exported).toEqual(["'=cmd|' /C calc'!A0", '+1', '-1', "'@SUM(A1)", "'-x"]);
});
