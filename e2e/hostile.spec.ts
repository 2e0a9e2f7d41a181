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
  showSettings,
} from './fixtures.ts';

test('the preview server sends the Content-Security-Policy as a header, as dist/_headers does, with base-uri, form-action and frame-ancestors', async ({
  page,
}) => {
  const response = await page.goto('/');
  const header = response?.headers()['content-security-policy'] ?? '';
  const meta = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  // The meta tag carries the header's policy but frame-ancestors, which a meta policy ignores.
  expect(header).toBe(`${meta}; frame-ancestors 'none'`);
  expect(header).toContain("connect-src 'self'");
  // default-src does not cover these: they must be stated.
  for (const directive of ["base-uri 'self'", "form-action 'none'", "frame-ancestors 'none'"])
    expect(header).toContain(directive);
  expect(meta).not.toContain('frame-ancestors');
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
  await showSettings(page.getByTestId('panel-summary'));
  await page.getByTestId('summary').getByLabel('Class column').selectOption('label');
  await waitIdle(page);
  const panel = await addProjection(page, 'onehot', 'mds');
  await expect(panel.getByTestId('projection-view')).toHaveAttribute('data-state', 'done');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    scatterOf(panel).getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const lines = (await readFile(await download.path(), 'utf-8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe('line,x,y,label');
  const exported = lines.slice(1, 6).map((line) => line.split(',').slice(3).join(','));
  expect(exported).toEqual(["'=cmd|' /C calc'!A0", '+1', '-1', "'@SUM(A1)", "'-x"]);
});

test('columns named like JavaScript built-ins and cells holding markup load and render as text', async ({
  page,
}) => {
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await openApp(page);
  const names = ['toString', '__proto__', 'constructor', '<img src=x onerror=alert(1)>'];
  const cells = ['<script>alert(1)</script>', '<svg onload=alert(1)>', 'hasOwnProperty', 'a'];
  const rows = Array.from({ length: 12 }, (_, r) =>
    names.map((_, c) => cells[(r + c) % cells.length] as string),
  );
  await chooseFile(
    page,
    textFile('builtins.csv', `${names.join(',')}\n${rows.map((r) => r.join(',')).join('\n')}\n`),
  );
  await expectSummary(page, { rows: 12, columns: 4, features: 4, name: 'builtins.csv' });
  await waitIdle(page);
  const summary = page.getByTestId('summary');
  const shownNames = await summary
    .getByTestId('summary-column')
    .locator('td.name')
    .allTextContents();
  expect(shownNames).toEqual(names);
  await expect(summary).toContainText('<script>alert(1)</script>');
  await expect(page.getByTestId('cooccurrence-heatmap')).toHaveAttribute('data-cells', /^[1-9]/);
  expect(await page.locator('img[src="x"], svg[onload]').count()).toBe(0);
  expect(dialogs).toBe(0);
});
