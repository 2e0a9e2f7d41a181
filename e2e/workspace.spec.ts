import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import {
  addPanel,
  addProjection,
  chooseFile,
  dragBox,
  expect,
  expectRefusal,
  expectSummary,
  openApp,
  ownSavedCopy,
  scatterOf,
  setNumber,
  test,
  textFile,
  waitIdle,
  workspaceAction,
  showSettings,
} from './fixtures.ts';

const RESULT = { timeout: 30_000 } as const;

/** What a person reads in the workspace: every panel's title and its numbers, and the selection. */
async function reading(page: Page) {
  await waitIdle(page, RESULT.timeout);
  const panels = page.getByTestId('workspace').locator(':scope > section');
  const clusters = page.getByTestId('panel-value-partitions').getByTestId('cluster-summary');
  const auc = page.getByTestId('panel-ranking').getByTestId('ranking-auc');
  const scores = page
    .getByTestId('panel-ranking')
    .getByTestId('outlier-table')
    .locator('tbody tr td:nth-child(3)');
  await expect(clusters).toContainText(/granularities/, RESULT);
  await expect(auc).toHaveText(/^AUC 0\.\d{3}/, RESULT);
  const selection = page.getByTestId('panel-projection').getByTestId('projection-selection');
  await waitIdle(page, RESULT.timeout);
  return {
    // textContent, not innerText: panels out of view are not rendered (content-visibility).
    titles: await panels.locator('h2').allTextContents(),
    features: await page.getByTestId('summary').getByTestId('summary-features').textContent(),
    clusters: await clusters.textContent(),
    auc: await auc.textContent(),
    scores: (
      await scores.evaluateAll((tds) => tds.map((td) => td.getAttribute('data-score')))
    ).slice(0, 10),
    selection: await selection.textContent(),
    colourBy: await page.getByLabel('Colour by').inputValue(),
  };
}

/** Zoo without legs; CDE value clusters at α 2, COSH with amphibians as outliers, PCA of one-hot; a box selected. */
async function buildWorkspace(page: Page): Promise<void> {
  // The user's own copy of zoo has no class column until one is chosen.
  await showSettings(page.getByTestId('panel-summary'));
  const classColumn = page.getByLabel('Class column');
  if ((await classColumn.inputValue()) !== 'type') {
    await classColumn.selectOption('type');
    await expectSummary(page, { features: 16 });
  }
  await page.getByLabel('Use legs as a feature').click();
  await expectSummary(page, { features: 15 });
  const clusters = await addPanel(page, 'value-partitions:cde');
  await showSettings(clusters);
  await setNumber(clusters.getByLabel('CDE alpha'), 2);
  const cosh = await addPanel(page, 'ranking:cosh');
  await showSettings(cosh);
  await cosh.getByLabel('Outlier class').selectOption('amphibian');
  const projection = await addProjection(page, 'onehot', 'pca');
  const scatter = scatterOf(projection);
  await expect(scatter).toHaveAttribute('data-points', /\d+/, RESULT);
  await dragBox(page, scatter, [0, 0, 0.5, 1]);
  await expect(projection.getByTestId('projection-selection')).toHaveText(
    /^\d+ objects? selected$/,
  );
  await page.getByLabel('Colour by').selectOption({ label: 'hair' });
}

async function saveWorkspaceFile(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    workspaceAction(page, 'Save workspace'),
  ]);
  return readFile((await download.path()) as string, 'utf-8');
}

async function openWorkspaceFile(
  page: Page,
  text: string,
  data?: Parameters<typeof chooseFile>[1],
) {
  await page
    .getByTestId('workspace-file-input')
    .setInputFiles(textFile('mine-workspace.json', text, 'application/json'));
  if (data) await page.getByTestId('workspace-data-input').setInputFiles(data);
}

test('a workspace survives a reload and opens the same from its link in a fresh browser', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await openApp(page);
  await buildWorkspace(page);
  const before = await reading(page);
  expect(before.titles).toEqual([
    'Data summary',
    'Value co-occurrence',
    'Attribute coupling (SU)',
    'Value clusters — CDE (α 2)',
    'Outlier ranking — COSH',
    'Projection (t-SNE, UMAP, MDS, PCA) — PCA of 0-1',
  ]);
  expect(before.selection).toMatch(/^\d+ objects selected$/);
  expect(before.features).toBe('15');

  // The address holds the workspace (a bundled sample's) as soon as it changes: a reload at
  // once brings all of it back.
  expect(page.url()).toMatch(/#w=/);
  await page.reload();
  expect(await reading(page)).toEqual(before);

  const link = page.url();
  const fresh = await browser.newContext({ baseURL: new URL(link).origin });
  const other = await fresh.newPage();
  await other.goto(link);
  expect(await reading(other)).toEqual(before);
  await fresh.close();
});

test('a workspace on the user’s own file is saved as a file, reopened with that file, refused with another', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const zoo = await readFile(new URL('../public/datasets/zoo.csv', import.meta.url), 'utf-8');
  await openApp(page);
  await chooseFile(page, textFile('my-zoo.csv', zoo));
  await expectSummary(page, { name: 'my-zoo.csv' });
  await buildWorkspace(page);
  const before = await reading(page);
  const saved = await saveWorkspaceFile(page);
  expect(saved).toContain('"sha256"');
  expect(saved).not.toContain('"TRUE","FALSE"'); // names the file, never holds its rows

  // A reload asks for the file again; the same file brings everything back.
  await page.reload();
  const reopen = page.getByTestId('workspace-reopen');
  await expect(reopen).toContainText('my-zoo.csv');
  await reopen.getByTestId('workspace-reopen-input').setInputFiles(textFile('my-zoo.csv', zoo));
  expect(await reading(page)).toEqual(before);

  // In a fresh browser, the saved file opens with the same data …
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await openApp(other);
  await openWorkspaceFile(other, saved, textFile('my-zoo.csv', zoo));
  expect(await reading(other)).toEqual(before);

  // … and is refused with another file (one animal's legs changed: same size), which changes
  // nothing.
  const shown = await reading(other);
  await openWorkspaceFile(other, saved, textFile('my-zoo.csv', zoo.replace('"4"', '"2"')));
  const message = await expectRefusal(other);
  await expect(message).toContainText('is not the file it was made on');
  expect(await reading(other)).toEqual(shown);
  await fresh.close();
});

test('bad and hostile workspace files get one line each and change nothing', async ({ page }) => {
  await openApp(page);
  await expectSummary(page, { features: 16 });
  const titles = await page
    .getByTestId('workspace')
    .locator(':scope > section h2')
    .allTextContents();
  const cases: [string, RegExp][] = [
    ['{"format":', /it is not JSON/],
    ['{"format":"coupled-explorer-workspace","version":99}', /newer version of the explorer/],
    [
      JSON.stringify({
        format: 'coupled-explorer-workspace',
        version: 1,
        source: { kind: 'sample', name: 'zoo.csv' },
        panels: [{ view: 'projection', call: { method: 'rm -rf' }, settings: {} }],
        layout: 'panels',
      }),
      /unknown method “rm -rf”/,
    ],
    [
      JSON.stringify({
        format: 'coupled-explorer-workspace',
        version: 1,
        source: { kind: 'sample', name: '../../etc/passwd' },
        panels: [],
        layout: 'panels',
      }),
      /does not bundle/,
    ],
  ];
  for (const [text, reason] of cases) {
    await openWorkspaceFile(page, text);
    const message = await expectRefusal(page);
    await expect(message).toHaveText(reason);
    expect((await message.innerText()).includes('\n')).toBe(false);
    await expectSummary(page, { features: 16, name: 'zoo.csv' });
    expect(
      await page.getByTestId('workspace').locator(':scope > section h2').allTextContents(),
    ).toEqual(titles);
  }
});

test('two tabs on two different files each come back with their own panels after a reload', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const other = await context.newPage();
  const files = [
    textFile('first.csv', await readFile('public/datasets/zoo.csv', 'utf-8')),
    textFile('second.csv', await readFile('public/datasets/sales.csv', 'utf-8')),
  ];
  const tabs = [page, other];
  const titles: string[][] = [];
  const panelTitles = (tab: Page) =>
    tab.getByTestId('workspace').locator(':scope > section h2').allTextContents();
  for (const [i, tab] of tabs.entries()) {
    const file = files[i] as ReturnType<typeof textFile>;
    await openApp(tab);
    await chooseFile(tab, file);
    await expectSummary(tab, { name: file.name });
    await addPanel(tab, i === 0 ? 'rows' : 'value-partitions:cde');
    await waitIdle(tab, RESULT.timeout);
    titles.push(await panelTitles(tab));
  }
  expect(titles[0]).not.toEqual(titles[1]);
  // Each tab's workspace is saved (the user's file is hashed first), then each tab is reloaded.
  for (const [i, tab] of tabs.entries()) {
    const file = files[i] as ReturnType<typeof textFile>;
    await expect
      .poll(async () => {
        const own = await ownSavedCopy(tab);
        return own.includes(file.name) && own.split('"view":').length - 1;
      }, RESULT)
      .toBe((titles[i] as string[]).length);
    await tab.reload();
    await expect(tab.getByTestId('workspace-reopen')).toContainText(
      `${(titles[i] as string[]).length} panels`,
    );
    await tab.getByTestId('workspace-reopen-input').setInputFiles(file);
    await expectSummary(tab, { name: file.name });
    await waitIdle(tab, RESULT.timeout);
    expect(await panelTitles(tab)).toEqual(titles[i]);
  }
  // A fresh tab opens the sample, and offers the most recent workspace of a closed tab.
  await other.close();
  const fresh = await context.newPage();
  await openApp(fresh);
  await expect(fresh.getByTestId('workspace-offer')).toContainText('second.csv');
  await fresh.getByTestId('workspace-offer').getByRole('button', { name: 'Reopen it' }).click();
  await expect(fresh.getByTestId('workspace-reopen')).toContainText('second.csv');
  await fresh.close();
});

test('a save the browser refuses is said on screen', async ({ page }) => {
  await openApp(page);
  await page.evaluate(() => {
    IDBObjectStore.prototype.put = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await addPanel(page, 'rows');
  await expect(page.getByTestId('workspace-save-failed')).toContainText(
    'could not be saved in this browser: The quota has been exceeded.',
  );
});

test('a colouring by a result comes back from a link computed, not “computing…” for ever', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await openApp(page);
  await addPanel(page, 'ranking:cosh');
  await waitIdle(page, RESULT.timeout);
  const colourBy = page.getByLabel('Colour by');
  const option = colourBy.locator('option', { hasText: /COSH/ }).first();
  await expect(option).toBeAttached(RESULT);
  const label = ((await option.textContent()) ?? '').trim();
  const before = page.url();
  await colourBy.selectOption({ label });
  // The address holds the workspace, colouring included, once it is saved.
  await expect.poll(() => page.url()).not.toBe(before);
  const link = page.url();
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await waitIdle(other, RESULT.timeout);
  const shown = other.getByLabel('Colour by');
  await expect
    .poll(() => shown.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent), RESULT)
    .toBe(label);
  await fresh.close();
});
