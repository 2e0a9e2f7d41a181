import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import {
  chooseFile,
  expect,
  expectNotice,
  expectSummary,
  openApp,
  test,
  textFile,
  waitIdle,
  ZOO,
  showSettings,
} from './fixtures.ts';

/** The previous data set (zoo) is still on screen after a failed load. */
async function expectZooKept(page: Page): Promise<void> {
  await expectSummary(page, ZOO);
  await expect(page.getByTestId('sample-zoo.csv')).toHaveClass(/\bactive\b/);
  await expect(page.getByTestId('cooccurrence-heatmap')).toHaveAttribute('data-cells', '1296');
  await expect(page.getByTestId('job')).toHaveCount(0);
}

/** Closes the notice so the next failure cannot be confused with this one. */
async function dismiss(page: Page): Promise<void> {
  await page.getByTestId('notice').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('notice')).toHaveCount(0);
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('each malformed file gets its own readable notice and the loaded data set stays', async ({
  page,
}) => {
  await openApp(page);

  const cases: {
    file: { name: string; mimeType: string; buffer: Buffer };
    code: string;
    message: RegExp;
  }[] = [
    { file: textFile('empty.csv', ''), code: 'empty', message: /empty/i },
    { file: textFile('blank.csv', '\n  \n\n'), code: 'empty', message: /empty/i },
    {
      file: textFile('header.csv', 'a,b,c\n'),
      code: 'header-only',
      message: /header \(3 columns\) but no data rows/,
    },
    {
      file: textFile('one-column.csv', 'fruit\napple\npear\napple\nplum\n'),
      code: 'single-column',
      message: /Only one column \(“fruit”\).*comma/,
    },
    {
      file: { name: 'picture.png', mimeType: 'image/png', buffer: PNG },
      code: 'binary',
      message: /not a CSV text file.*PNG image/,
    },
    {
      file: {
        name: 'zipped.csv.gz',
        mimeType: 'application/gzip',
        buffer: gzipSync('a,b\nx,y\ny,x\n'.repeat(50)),
      },
      code: 'binary',
      message: /not a CSV text file.*gzip/,
    },
    {
      file: textFile('ids.csv', 'id,const\n1,x\n2,x\n3,x\n4,x\n5,x\n'),
      code: 'no-features',
      message: /No usable categorical column.*id: identifier.*const: constant/,
    },
  ];

  for (const { file, code, message } of cases) {
    await test.step(`${file.name} → ${code}`, async () => {
      await chooseFile(page, file);
      const text = await expectNotice(page, code);
      await expect(text).toHaveText(message);
      await expect(page.getByTestId('notice')).toHaveAttribute('role', 'alert');
      await expect(page.getByTestId('notice')).toContainText(`Could not use ${file.name}`);
      await expect(page.getByTestId('skip-ragged')).toHaveCount(0);
      await expectZooKept(page);
      await dismiss(page);
    });
  }

  await test.step('a good file loads afterwards', async () => {
    await chooseFile(page, textFile('good.csv', 'p,q\na,b\na,c\nb,c\nb,b\n'));
    await expectSummary(page, { rows: 4, columns: 2, features: 2, name: 'good.csv' });
    await waitIdle(page);
    await expect(page.getByTestId('notice')).toHaveCount(0);
    await expect(page.getByTestId('cooccurrence-heatmap')).toHaveAttribute('data-cells', '16');
  });
});

test('a failure notice is replaced by the next successful load without dismissing it', async ({
  page,
}) => {
  await openApp(page);
  await chooseFile(page, textFile('header.csv', 'a,b,c\n'));
  await expectNotice(page, 'header-only');
  await page.getByTestId('sample-sales.csv').click();
  await expectSummary(page, { rows: 10, features: 5, name: 'sales.csv' });
  await expect(page.getByTestId('notice')).toHaveCount(0);
  await waitIdle(page);
});

test('ragged rows: the notice lists their lines and offers to skip them', async ({ page }) => {
  await openApp(page);
  // Line 1 is the header; lines 4 and 7 have 2 and 4 fields instead of 3.
  const lines = [
    'a,b,c',
    'x,1,p',
    'y,2,q',
    'x,2',
    'y,1,p',
    'x,1,q',
    'y,2,p,extra',
    'x,2,q',
    'y,1,q',
  ];
  await chooseFile(page, textFile('ragged.csv', `${lines.join('\n')}\n`));
  const message = await expectNotice(page, 'ragged');
  await expect(message).toHaveText('2 rows do not have 3 fields like the header (lines 4, 7).');
  await expectZooKept(page);

  const skip = page.getByTestId('skip-ragged');
  await expect(skip).toHaveText('Skip 2 ragged rows and load');
  await skip.click();
  await expectSummary(page, { rows: 6, columns: 3, features: 3, name: 'ragged.csv' });
  await waitIdle(page);
  await expect(page.getByTestId('notice')).toHaveCount(0);
  await expect(page.getByTestId('summary-warnings')).toContainText(
    'Skipped 2 ragged rows (first at line 4).',
  );
});

test('many ragged rows: the first ten lines are listed, the count is exact', async ({ page }) => {
  await openApp(page);
  const lines = ['a,b,c'];
  // Rows 2..41; every third one (lines 2, 5, 8, …, 41) has a missing field: 14 ragged rows.
  for (let line = 2; line <= 41; line++)
    lines.push((line - 2) % 3 === 0 ? `r${line % 2},s` : `r${line % 2},s${line % 3},t${line % 4}`);
  await chooseFile(page, textFile('very-ragged.csv', lines.join('\n')));
  const message = await expectNotice(page, 'ragged');
  await expect(message).toHaveText(
    '14 rows do not have 3 fields like the header (lines 2, 5, 8, 11, 14, 17, 20, 23, 26, 29, …).',
  );
  await page.getByTestId('skip-ragged').click();
  await expectSummary(page, { rows: 26, columns: 3, name: 'very-ragged.csv' });
  await waitIdle(page);
});

test('after a failed read is dismissed, the Delimiter control acts on the data set shown', async ({
  page,
}) => {
  // Regression: dismissing a failed read must also forget it as the target of reading options.
  await openApp(page);
  await chooseFile(page, textFile('semi.csv', 'p;q;r\nx;1;a\ny;2;a\nx;2;b\ny;1;b\n'));
  await expectSummary(page, { rows: 4, columns: 3, name: 'semi.csv' });
  await waitIdle(page);
  await chooseFile(page, textFile('header.csv', 'a,b\n'));
  await expectNotice(page, 'header-only');
  await dismiss(page);

  await showSettings(page.getByTestId('panel-summary'));
  await page.getByLabel('Delimiter').selectOption(';');
  await expect(page.getByLabel('Delimiter')).toHaveValue(';', { timeout: 5_000 });
  await expectSummary(page, { rows: 4, columns: 3, name: 'semi.csv' });
  await waitIdle(page);
  await expect(page.getByTestId('notice')).toHaveCount(0);
});

test('while a failed read is shown, the Delimiter control retries that file', async ({ page }) => {
  await openApp(page);
  // The first 50 lines split as evenly on commas as on semicolons, so auto-detection keeps the
  // comma; line 62 then has one comma-field instead of two. Read with semicolons it is clean.
  const lines = ['p,q;r'];
  for (let i = 0; i < 60; i++) lines.push(`${i % 2 ? 'a,b' : 'c,d'};${i % 3 ? 'x' : 'y'}`);
  lines.push('e;x');
  await chooseFile(page, textFile('mixed.csv', `${lines.join('\n')}\n`));
  const message = await expectNotice(page, 'ragged');
  await expect(message).toContainText('(line 62)');
  await showSettings(page.getByTestId('panel-summary'));
  await page.getByLabel('Delimiter').selectOption(';');
  await expectSummary(page, { rows: 61, columns: 2, features: 2, name: 'mixed.csv' });
  await waitIdle(page);
  await expect(page.getByTestId('notice')).toHaveCount(0);
  await expect(page.getByLabel('Delimiter')).toHaveValue(';');
  await expect(page.getByTestId('summary-column').locator('td.name')).toHaveText(['p,q', 'r']);
});
