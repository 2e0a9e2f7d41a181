import { readFile } from 'node:fs/promises';
import { test as base, expect, type Locator, type Page, type Request } from '@playwright/test';

/** The origin the app is served from when `use.baseURL` is not set (playwright.config.ts sets it). */
import { E2E_ORIGIN } from './origin.ts';
import { SharedPage, sharesPage } from './sharedPage.ts';
import type { ViewId } from '../src/app/model/viewIds.ts';

export const APP_ORIGIN = E2E_ORIGIN;

/** Everything the page did that a test may want to look at after the fact. */
export interface PageLog {
  /** Uncaught exceptions in the page (`pageerror`). */
  pageErrors: string[];
  /** `console.error` messages. */
  consoleErrors: string[];
  /** Every request the page (or its workers) made. */
  requests: Request[];
}

/** URLs whose origin is neither the app's own nor an in-page data:/blob: URL. */
export function foreignRequests(requests: readonly Request[], origin = APP_ORIGIN): string[] {
  return requests
    .map((r) => r.url())
    .filter((url) => {
      if (url.startsWith('data:') || url.startsWith('blob:')) return false;
      return new URL(url).origin !== origin;
    });
}

/**
 * Every spec imports `test` from here. The `page` fixture records page errors, console errors and
 * requests, and fails the test at teardown when the page threw, logged an error or talked to any
 * origin but its own.
 */
export const test = base.extend<{ pageLog: PageLog }, { sharedPage: SharedPage }>({
  sharedPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport } = workerInfo.project.use;
      const shared = new SharedPage(browser, { baseURL, viewport });
      await use(shared);
      await shared.discard();
    },
    { scope: 'worker' },
  ],
  // Playwright reads a fixture's dependencies from its destructuring pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  pageLog: async ({}, use) => {
    await use({ pageErrors: [], consoleErrors: [], requests: [] });
  },
  // The worker's shared page where the spec allows it (sharedPage.ts), else a page of the
  // test's own context.
  page: async ({ context, sharedPage, pageLog, baseURL }, use, testInfo) => {
    const shares = sharesPage(testInfo.file);
    const page = shares ? await sharedPage.take() : await context.newPage();
    page.on('pageerror', (error) => pageLog.pageErrors.push(`${error.name}: ${error.message}`));
    // Console messages of the page's dedicated workers (the computation worker) arrive here too.
    page.on('console', (message) => {
      if (message.type() === 'error') {
        const where = message.location();
        pageLog.consoleErrors.push(`${message.text()} (${where.url}:${where.lineNumber})`);
      }
    });
    // page.on('request') also reports requests made by dedicated workers.
    page.on('request', (request) => pageLog.requests.push(request));
    await use(page);
    const origin = new URL(baseURL ?? APP_ORIGIN).origin;
    let clean = false;
    try {
      expect(pageLog.pageErrors, 'uncaught errors in the page').toEqual([]);
      expect(pageLog.consoleErrors, 'console errors in the page').toEqual([]);
      expect(foreignRequests(pageLog.requests, origin), 'requests to other origins').toEqual([]);
      clean = testInfo.status === testInfo.expectedStatus;
    } finally {
      if (!shares) await page.close();
      else if (clean) await sharedPage.reset(origin);
      else await sharedPage.discard();
    }
  },
});

export { expect };

/**
 * A test that measures the page's main thread or the pool's use of the cores (long tasks, a
 * team, two jobs on two workers, a cancel's timing): it runs alone, after the others
 * (playwright.config.ts's `timing` project), so another page does not take the cores it
 * measures.
 */
export const ALONE = { tag: '@alone' } as const;

export interface Expected {
  rows?: number;
  features?: number;
  columns?: number;
  /** The file name shown in the summary ("… columns in NAME"). */
  name?: string;
}

/**
 * Waits until the summary shows the expected data set. Numbers are compared as displayed (en-US).
 * `timeout` is a hang guard for the first check (a large file still being read), not a budget.
 */
export async function expectSummary(
  page: Page,
  expected: Expected,
  timeout?: number,
): Promise<void> {
  const summary = page.getByTestId('summary');
  if (expected.rows !== undefined)
    await expect(summary.getByTestId('summary-rows')).toHaveText(
      expected.rows.toLocaleString('en-US'),
      timeout === undefined ? {} : { timeout },
    );
  if (expected.features !== undefined)
    await expect(summary.getByTestId('summary-features')).toHaveText(String(expected.features));
  if (expected.columns !== undefined) {
    await expect(summary.getByTestId('summary-columns')).toHaveText(String(expected.columns));
    await expect(summary.getByTestId('summary-column')).toHaveCount(expected.columns);
  }
  if (expected.name !== undefined)
    await expect(summary).toContainText(`columns in ${expected.name}`);
  // Each column's value bars are drawn a frame after its row (SummaryView).
  await expect(summary.locator('.bars[data-state="pending"]')).toHaveCount(0);
}

/** A heatmap (co-occurrence or SU) claims `cells` cells in data-cells and draws as many SVG rects. */
export async function expectHeatmapCells(heatmap: Locator, cells: number): Promise<void> {
  await expect(heatmap).toHaveAttribute('data-cells', String(cells));
  await expect(heatmap.locator('rect.cell')).toHaveCount(cells);
}

/** Opens the app (optionally on a given sample) and waits for the sample to be loaded and counted. */
export async function openApp(page: Page, sample = 'zoo.csv'): Promise<void> {
  await page.goto(sample === 'zoo.csv' ? '/' : `/?sample=${encodeURIComponent(sample)}`);
  await expect(page.getByTestId(`sample-${sample}`)).toHaveClass(/\bactive\b/);
  await expect(page.getByTestId('summary')).toContainText(`columns in ${sample}`);
  await waitIdle(page);
}

/** Waits until no job bar is shown anywhere (loading and counting are done). */
export async function waitIdle(page: Page, timeout?: number): Promise<void> {
  await expect(page.getByTestId('job')).toHaveCount(0, timeout === undefined ? {} : { timeout });
}

export const ZOO = { rows: 101, features: 16, columns: 17, name: 'zoo.csv' } as const;
export const SALES = { rows: 10, features: 5, columns: 6, name: 'sales.csv' } as const;

/** A file for `setInputFiles`. */
export function textFile(name: string, text: string, mimeType = 'text/csv') {
  return { name, mimeType, buffer: Buffer.from(text, 'utf-8') };
}

/** Every entry of the browser's workspace store, as text (a BigInt or a cycle would show too). */
export async function savedCopies(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const out: Record<string, string> = {};
          if (!db.objectStoreNames.contains('keyval')) return resolve(out);
          const store = db.transaction('keyval', 'readonly').objectStore('keyval');
          const cursor = store.openCursor();
          cursor.onsuccess = () => {
            const at = cursor.result;
            if (!at) {
              db.close();
              return resolve(out);
            }
            // As text even when JSON cannot hold it (a BigInt, a cycle): each shows as itself.
            const seen = new WeakSet<object>();
            out[String(at.key)] = JSON.stringify(at.value, (_, v: unknown) => {
              if (typeof v === 'bigint') return `${v}n`;
              if (v !== null && typeof v === 'object') {
                if (seen.has(v)) return '[repeated object]';
                seen.add(v);
              }
              return v;
            });
            at.continue();
          };
          cursor.onerror = () => reject(cursor.error);
        };
      }),
  );
}

/** This tab's own copy in the browser's workspace store, as text ('' when none). */
export async function ownSavedCopy(page: Page): Promise<string> {
  const id = await page.evaluate(() => sessionStorage.getItem('explorer-tab'));
  return (await savedCopies(page))[`workspace:tab:${id}`] ?? '';
}

/**
 * The newest workspace refusal on screen (a link, file or saved copy not opened), checked to be a
 * readable sentence; refusals stay until dismissed.
 */
export async function expectRefusal(page: Page): Promise<Locator> {
  const refusal = page.getByTestId('workspace-refusal').last();
  await expect(refusal).toBeVisible();
  const message = refusal.getByTestId('workspace-refusal-message');
  const text = (await message.textContent()) ?? '';
  expect(text, 'refusal message is a readable sentence').toMatch(/^[A-Z0-9“"].{10,}[.)]$/s);
  expect(text).not.toMatch(/undefined|null\b|\[object|NaN|Unexpected error|at \S+:\d+:\d+/);
  return message;
}

/** Sets one file through the hidden file input, as the file picker would. */
export async function chooseFile(
  page: Page,
  file: string | { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  await page.getByTestId('file-input').setInputFiles(file);
}

/** Expects the notice banner with this code; returns its message locator. */
export async function expectNotice(page: Page, code: string): Promise<Locator> {
  const notice = page.getByTestId('notice');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('data-code', code);
  const message = notice.getByTestId('notice-message');
  await expect(message).not.toBeEmpty();
  const text = (await message.textContent()) ?? '';
  // Written for the person who dropped the file: a sentence, no internals leaking through.
  expect(text, 'notice message is a readable sentence').toMatch(/^[A-Z0-9“"].{10,}[.)]$/s);
  expect(text).not.toMatch(/undefined|null\b|\[object|NaN|Unexpected error|at \S+:\d+:\d+/);
  return message;
}

/**
 * Starts recording every value the job progress bars of a panel take (a MutationObserver in the
 * page), so a test can check the bar was seen and moved even when the job is over quickly.
 * Returns a function that reads the values recorded so far.
 */
export async function recordProgress(
  page: Page,
  panelTestId: string,
): Promise<() => Promise<number[]>> {
  await page.evaluate((testId) => {
    const seen: number[] = [];
    (window as unknown as { __e2eProgress: number[] }).__e2eProgress = seen;
    const panel = document.querySelector(`[data-testid="${testId}"]`);
    if (!panel) throw new Error(`no panel ${testId}`);
    const look = () => {
      for (const bar of panel.querySelectorAll<HTMLProgressElement>(
        '[data-testid="job"] progress',
      )) {
        if (seen[seen.length - 1] !== bar.value) seen.push(bar.value);
      }
    };
    new MutationObserver(look).observe(panel, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  }, panelTestId);
  return () =>
    page.evaluate(() => [...(window as unknown as { __e2eProgress: number[] }).__e2eProgress]);
}

/**
 * An option of the "Add panel" menu: a data or comparison view (`summary`, `evaluation`, …) or
 * `VIEW:METHOD` for a view of one method's results (`value-matrices:cde`, `projection:onehot`).
 */
export type PanelChoice = ViewId | `${ViewId}:${string}`;

/**
 * Adds a panel through the top bar and returns it: the new last panel of that view, located by
 * its place among them (so it stays this panel when another of the same view is added later).
 */
export async function addPanel(page: Page, choice: PanelChoice): Promise<Locator> {
  const view = choice.split(':')[0] as ViewId;
  const panels = page.getByTestId(`panel-${view}`);
  const before = await panels.count();
  // CSS locators, not getByLabel: the label engine walks every element of the page in the
  // page's main thread (27–90 ms on a large page), which the long-task tests would count.
  await page.locator('[data-testid="add-panel-button"]').click();
  await page.locator(`[data-choice="${choice}"]`).click();
  await expect(panels).toHaveCount(before + 1);
  return panels.nth(before);
}

/**
 * Expands the collapsed settings (components/SettingsBar.tsx) of a panel (once it shows them), or
 * of every panel of the page, as a person would before changing one: a panel shows its settings
 * as one line.
 */
export async function showSettings(scope: Locator | Page): Promise<void> {
  // A panel just added draws its view a frame after its header: wait for its settings.
  if (!('goto' in scope)) await expect(scope.locator('.settings-toggle').first()).toBeAttached();
  const collapsed = scope.locator('.settings-toggle[aria-expanded="false"]');
  for (let n = await collapsed.count(); n > 0; n = await collapsed.count())
    await collapsed.first().click();
}

/** The scatter of a projection panel (its test id is `projection-<panel id>`). */
export function scatterOf(panel: Locator): Locator {
  return panel.getByTestId(/^projection-\d+$/);
}

export type Projection = 'tsne' | 'umap' | 'mds' | 'pca';

/**
 * Adds a projection panel of a representation (`cde`, `onehot`, `hamming`, …) and switches it to
 * another projection than t-SNE when asked (the t-SNE the panel started is then cancelled).
 */
export async function addProjection(
  page: Page,
  of: string,
  by: Projection = 'tsne',
): Promise<Locator> {
  const panel = await addPanel(page, `projection:${of}`);
  if (by === 'tsne') return panel;
  await showSettings(panel);
  await panel.getByLabel('Projection', { exact: true }).selectOption(by);
  return panel;
}

/**
 * Types a number into a method control and commits it with Enter, as a person would (number
 * fields commit on Enter or blur, not on every keystroke).
 */
export async function setNumber(field: Locator, value: number): Promise<void> {
  await field.fill(String(value));
  await field.press('Enter');
  await expect(field).toHaveValue(String(value));
}

/** The number at the start of a text such as "12 objects selected". */
export async function leadingNumber(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? '';
  const match = /^(\d+)\b/.exec(text.trim());
  if (!match) throw new Error(`no leading number in "${text}"`);
  return Number(match[1]);
}

/** Drags a selection box over a fraction [x0, x1] × [y0, y1] of the canvas inside `scatter`. */
export async function dragBox(
  page: Page,
  scatter: Locator,
  [x0, y0, x1, y1]: [number, number, number, number],
): Promise<void> {
  const canvas = scatter.locator('canvas');
  await scrollIntoView(canvas);
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the scatter canvas has no box');
  const at = (fx: number, fy: number) => ({
    x: box.x + Math.min(box.width - 1, Math.max(1, fx * box.width)),
    y: box.y + Math.min(box.height - 1, Math.max(1, fy * box.height)),
  });
  const start = at(x0, y0);
  const end = at(x1, y1);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move((start.x + end.x) / 2, (start.y + end.y) / 2, { steps: 4 });
  await page.mouse.move(end.x, end.y, { steps: 4 });
  await page.mouse.up();
}

/** Presses at the first point, moves through the rest and releases at the last. */
export async function dragThrough(page: Page, path: { x: number; y: number }[]): Promise<void> {
  const [first, ...rest] = path;
  if (!first) return;
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const p of rest) await page.mouse.move(p.x, p.y, { steps: 3 });
  await page.mouse.up();
}

/**
 * The tooltip of a view (by its test id; a heatmap's enlarged part counts as the heatmap's).
 * Tooltips are rendered into the page's body, not inside the view they explain.
 */
export function tooltipOf(page: Page, owner: string): Locator {
  return page.locator(`[role="tooltip"][data-owner^="${owner}"]`);
}

/** Chooses an item of the top bar's Workspace menu ("Save workspace", "Export report" …). */
export async function workspaceAction(page: Page, name: string): Promise<void> {
  const menu = page.getByTestId('workspace-menu');
  if (!(await menu.evaluate((d) => (d as HTMLDetailsElement).open)))
    await menu.locator('summary').click();
  await menu.getByRole('button', { name }).click();
}

/** What a panel's Export menu offers. */
export type ExportItem = 'PNG picture' | 'SVG drawing' | 'CSV' | 'CSV, raw texts' | 'JSON';

/** A panel's export, chosen from its Export menu as a user does, read back from the download. */
export async function exported(page: Page, panel: Locator, item: ExportItem): Promise<Buffer> {
  await panel.getByTestId('panel-export').locator('summary').click();
  const button = panel
    .getByTestId('panel-export')
    .getByRole('button', { name: new RegExp(`^${item}( \\(\\d+ tables\\))?$`) });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readFile(await download.path());
}

/**
 * Scrolls the element into view without waiting for it to hold still: Playwright's
 * scrollIntoViewIfNeeded waits for two animation frames with the same box, and a page whose
 * frames a loaded machine starves (a t-SNE drawing beside it) waited 90 s for that (issue 49).
 * The tests that look at a box afterwards read it after the scroll.
 */
export async function scrollIntoView(target: Locator): Promise<void> {
  await target.evaluate((el) => el.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
}
