import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addPanel,
  expect,
  openApp,
  setNumber,
  test,
  workspaceAction,
  showSettings,
} from './fixtures.ts';

/**
 * `npm run cli -- export-app DIR --data FILE --state WORKSPACE.json` writes one page that opens
 * straight from disk (file://, no server, no network) with the data and the workspace built in.
 */

const RESULT = { timeout: 60_000 } as const;
// The second test reads the workspace the first one saves: one worker runs them in order.
// (A workspace on another file is refused before a page is built: test/cli/exportAppState.test.ts.)
test.describe.configure({ mode: 'serial' });
const dir = mkdtempSync(join(tmpdir(), 'export-app-'));
const statePath = join(dir, 'zoo-workspace.json');
let clusters = '';

test('a workspace saved in the explorer …', async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page, 'zoo.csv');
  const panel = await addPanel(page, 'value-partitions:cde');
  await showSettings(panel);
  await setNumber(panel.getByLabel('CDE alpha'), 3);
  await expect(panel.getByTestId('cluster-summary')).toContainText(/granularities/, RESULT);
  clusters = (await panel.getByTestId('cluster-summary').textContent()) ?? '';
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    workspaceAction(page, 'Save workspace'),
  ]);
  writeFileSync(statePath, readFileSync(await download.path()));
});

test('… is built into a copy that opens from file:// with the same panels and numbers', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  expect(clusters).toMatch(/granularities/);
  const out = join(dir, 'app');
  const said = execFileSync(
    'npx',
    [
      'tsx',
      'src/cli/main.ts',
      'export-app',
      out,
      '--data',
      'public/datasets/zoo.csv',
      '--state',
      statePath,
    ],
    { encoding: 'utf8' },
  );
  expect(said).toContain('index.html: the explorer with zoo.csv and its workspace');
  // Its policy comes first in the head and runs the page's one inline script by its hash,
  // with no 'unsafe-inline' (the data and workspace scripts are not of a type that runs).
  const html = readFileSync(join(out, 'index.html'), 'utf8');
  const head = /<head>\s*<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
  expect(head, 'the policy is the first tag of the head').not.toBeNull();
  const scriptSrc =
    (head?.[1] ?? '')
      .replace(/&#39;/g, "'")
      .split(/;\s*/)
      .find((d) => d.startsWith('script-src')) ?? '';
  const module = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const hash = createHash('sha256').update(module, 'utf8').digest('base64');
  expect(scriptSrc).toBe(`script-src 'wasm-unsafe-eval' 'sha256-${hash}'`);
  expect(scriptSrc).not.toContain('unsafe-inline');
  const context = await browser.newContext({ offline: true });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith('data:') && !url.startsWith('blob:') && url !== `file://${out}/index.html`)
      problems.push(`request ${url}`);
  });
  await page.goto(`file://${out}/index.html`);
  const panel = page.getByTestId('panel-value-partitions');
  await expect(panel.getByTestId('cluster-summary')).toHaveText(clusters, RESULT);
  await expect(panel.getByRole('heading', { level: 2 })).toContainText('CDE (α 3)');
  expect(problems).toEqual([]);
  await context.close();
});
