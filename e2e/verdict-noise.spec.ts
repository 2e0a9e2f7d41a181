import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createRandom } from '../src/core/base/random.ts';
import {
  addPanel,
  exported,
  chooseFile,
  expect,
  expectSummary,
  openApp,
  showSettings,
  test,
  textFile,
  waitIdle,
} from './fixtures.ts';
import type { Locator } from '@playwright/test';

/**
 * A verdict with its noise (issue 48), on a generated table of 9 ordered classes where the
 * methods compared lie close: 0-1 and its PCA (0-1P) keep the same distances, IDF and CDE near them. The
 * (ε,γ)-curves and precision@k each say which method leads with its 95 % interval and which are
 * within noise, draw a band around every curve, mark the leader ★, fit the y axis to the data
 * (a toggle gives 0–1 back), and precision@k draws chance.
 */
function nineClassCsv(): string {
  const { next } = createRandom(48);
  const attributes = 8;
  const lines = [[...Array.from({ length: attributes }, (_, k) => `q${k + 1}`), 'class'].join(',')];
  for (let r = 0; r < 600; r++) {
    const band = Math.floor(next() * 9);
    // Each answer follows the class a little (a third of the time), else is any of 4.
    const cells = Array.from({ length: attributes }, (_, k) =>
      next() < 0.33 ? `a${(band + k) % 4}` : `a${Math.floor(next() * 4)}`,
    );
    lines.push([...cells, `band-${band + 1}`].join(','));
  }
  return `${lines.join('\n')}\n`;
}

const CHOSEN = ['0-1', '0-1P', 'IDF', 'CDE'];

/** Ticks the four methods compared, unticks every other, and runs. */
async function compare(panel: Locator, run: string): Promise<void> {
  await showSettings(panel);
  for (const box of await panel.getByRole('checkbox').all()) {
    const name = await box.evaluate(
      (el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '',
    );
    await box.setChecked(CHOSEN.includes(name.trim()));
  }
  await panel.getByRole('button', { name: run }).click();
}

for (const [step, run, measure, objects] of [
  ['eps-gamma', 'Run (ε,γ)-curves', 'the area under the \\(ε,γ\\)-curve', 600],
  ['retrieval', 'Run Precision@k', 'precision@10', 600],
] as const)
  test(`${step} on 9 close classes: the verdict with intervals, bands, the leader ★ and a fitted axis`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openApp(page);
    await chooseFile(page, textFile('bands.csv', nineClassCsv()));
    await expectSummary(page, { rows: 600, name: 'bands.csv' });
    const panel = await addPanel(page, `comparison:${step}`);
    await compare(panel, run);
    await waitIdle(page, 150_000);
    const verdict = panel.getByTestId('verdict').first();
    await expect(verdict).toHaveText(
      new RegExp(
        `^(.+) leads on ${measure} \\(\\d\\.\\d{3}, 95 % interval \\d\\.\\d{3}–\\d\\.\\d{3}\\); .+ within noise of it .*Noise: 200 resamples of the ${objects} objects, the same for every method\\.$`,
      ),
      { timeout: 150_000 },
    );
    const leader = (await verdict.innerText()).split(' leads on ')[0] ?? '';
    expect(CHOSEN).toContain(leader);
    // The table gives each method's interval, the leader's row marked.
    await expect(panel.locator('tr[data-best="true"] td').first()).toHaveText(leader);
    await expect(panel.locator('th', { hasText: '95 % low' })).toHaveCount(1);

    const chart = panel.getByTestId('curves-chart');
    await expect(chart.getByTestId('curve-band')).toHaveCount(CHOSEN.length);
    await expect(chart.locator('li[data-leader="true"]')).toHaveText(`★ ${leader}`);
    await expect(chart.locator(`path[data-leader="true"][data-series="${leader}"]`)).toHaveCount(1);
    // Fitted: the axis spans what is drawn, not 0 to 1.
    const fitted = (await chart.getAttribute('data-y-domain'))!.split(',').map(Number);
    expect(fitted[1]! - fitted[0]!).toBeLessThan(0.9);
    const bands = await chart
      .getByTestId('curve-band')
      .evaluateAll((paths) => paths.map((p) => (p as SVGPathElement).getBBox().height));
    for (const h of bands) expect(h).toBeGreaterThan(0);
    await chart.getByLabel('y axis from 0 to 1').check();
    await expect(chart).toHaveAttribute('data-y-domain', '0,1');
    if (step === 'retrieval') {
      await expect(chart.getByTestId('chance-line')).toContainText(/chance 0\.1\d\d/);
      await expectCliBands(await exported(page, panel, 'JSON'));
    }
  });

interface CliSeries {
  name: string;
  x: number[];
  y: number[];
  low: number[];
  high: number[];
}

/**
 * The curves' numbers exported as JSON (a row per point with its band) equal the CLI's for the
 * same call on the same file: the same values and the same resamples, in the page and in Node.
 */
async function expectCliBands(json: Buffer): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bands-'));
  const file = join(dir, 'bands.csv');
  await writeFile(file, nineClassCsv());
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/cli/main.ts',
      'retrieval',
      file,
      '--class',
      'class',
      '--methods',
      'onehot,onehot-pca,idf,cde',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const cli = (JSON.parse(stdout) as { results: { curves: { series: CliSeries[] } } }).results
    .curves.series;
  const tables = (
    JSON.parse(json.toString('utf8')) as {
      tables: { name: string; rows: Record<string, number | string | null>[] }[];
    }
  ).tables;
  const points = tables.find((t) => t.name === 'Precision@k' && 'series' in (t.rows[0] ?? {}));
  expect(points?.rows).toHaveLength(cli.reduce((n, s) => n + s.x.length, 0));
  const close = (a: unknown, b: number) =>
    expect(Math.abs(Number(a) - b)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(b)));
  for (const s of cli)
    s.x.forEach((k, i) => {
      const row = points?.rows.find((r) => r.series === s.name && r.k === k);
      close(row?.precision, s.y[i]!);
      close(row?.['precision: 95 % low'], s.low[i]!);
      close(row?.['precision: 95 % high'], s.high[i]!);
    });
}
