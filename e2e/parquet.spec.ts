import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { tableFromArrays, tableToIPC } from 'apache-arrow';
import Papa from 'papaparse';
import { chooseFile, expect, expectSummary, openApp, test, waitIdle } from './fixtures.ts';

/** The summary as a person reads it: rows, columns, and every column's row (kind, role, values). */
async function summaryOf(page: Page): Promise<{ rows: string; columns: string; values: string[] }> {
  const summary = page.getByTestId('summary');
  return {
    rows: (await summary.getByTestId('summary-rows').textContent()) ?? '',
    columns: (await summary.getByTestId('summary-columns').textContent()) ?? '',
    values: await summary.getByTestId('summary-column').allInnerTexts(),
  };
}

test('a Parquet copy of Zoo loads through DuckDB-Wasm and gives the CSV’s summary', async ({
  page,
  pageLog,
}) => {
  await openApp(page);
  // The CSV chosen as a user file (not the sample, whose class column the gallery sets).
  await chooseFile(page, {
    name: 'zoo.csv',
    mimeType: 'text/csv',
    buffer: readFileSync(new URL('../public/datasets/zoo.csv', import.meta.url)),
  });
  await expectSummary(page, { rows: 101, columns: 17, name: 'zoo.csv' });
  await waitIdle(page);
  const fromCsv = await summaryOf(page);
  const before = pageLog.requests.length;

  await chooseFile(page, {
    name: 'zoo.parquet',
    mimeType: 'application/vnd.apache.parquet',
    buffer: readFileSync(new URL('../public/datasets/zoo.parquet', import.meta.url)),
  });
  await expectSummary(page, { rows: 101, columns: 17, name: 'zoo.parquet' });
  await waitIdle(page, 60_000);
  expect(await summaryOf(page)).toEqual(fromCsv);
  expect(fromCsv.values).toHaveLength(17);

  // DuckDB-Wasm came from the app's own origin, only now (the fixture fails on any other origin).
  const fetched = pageLog.requests.slice(before).map((r) => new URL(r.url()).pathname);
  expect(fetched.some((p) => p.endsWith('.wasm'))).toBe(true);
  expect(pageLog.requests.slice(0, before).some((r) => r.url().endsWith('.wasm'))).toBe(false);
});

test('an Arrow IPC file loads through DuckDB-Wasm and gives the CSV’s summary', async ({
  page,
}) => {
  await openApp(page);
  const csv = readFileSync(new URL('../public/datasets/zoo.csv', import.meta.url), 'utf8');
  await chooseFile(page, { name: 'zoo.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expectSummary(page, { rows: 101, columns: 17, name: 'zoo.csv' });
  await waitIdle(page);
  const fromCsv = await summaryOf(page);

  // The same table as Arrow's file format (every column as text), made here by Arrow JS.
  const [header = [], ...rows] = Papa.parse<string[]>(csv.trim()).data;
  const columns = Object.fromEntries(
    header.map((name, j) => [name, rows.map((r) => r[j] ?? null)]),
  );
  const arrow = tableToIPC(tableFromArrays(columns), 'file');
  await chooseFile(page, {
    name: 'zoo.arrow',
    mimeType: 'application/vnd.apache.arrow.file',
    buffer: Buffer.from(arrow),
  });
  await expectSummary(page, { rows: 101, columns: 17, name: 'zoo.arrow' });
  await waitIdle(page, 60_000);
  expect(await summaryOf(page)).toEqual(fromCsv);
});
