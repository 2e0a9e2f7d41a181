import { readFileSync } from 'node:fs';
import { keepShot } from './shots.ts';
import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  addProjection,
  expect,
  leadingNumber,
  openApp,
  scatterOf,
  test,
  scrollIntoView,
} from './fixtures.ts';

/**
 * Structure on the scatter (issue 29): density contours and automatic cluster labels on a t-SNE
 * of a bundled table — labels inside the plot, apart from each other, each naming values of the
 * table, also after a wheel zoom — and the multiplicity of identical rows on Titanic, whose
 * largest group (counted here from the CSV) is shown by a badge and the tooltip, and selected
 * whole by a click. Screenshots at 1280×800 are attached to the results.
 */
const RUN = { timeout: 90_000 } as const;

interface Box {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The CSV's header and rows (the bundled files quote every field or none, no embedded commas). */
function readCsv(name: string): { header: string[]; rows: string[][] } {
  const lines = readFileSync(`public/datasets/${name}`, 'utf-8').trim().split(/\r?\n/);
  const split = (l: string) => l.split(',').map((f) => f.replace(/^"|"$/g, ''));
  return { header: split(lines[0] ?? ''), rows: lines.slice(1).map(split) };
}

async function boxesOf(scatter: Locator, testId: string): Promise<Box[]> {
  return scatter.getByTestId(testId).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { text: el.textContent ?? '', x: r.x, y: r.y, w: r.width, h: r.height };
    }),
  );
}

function overlapping(boxes: Box[]): string[] {
  const found: string[] = [];
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b) => {
      const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
      const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
      if (dx > 0.5 && dy > 0.5) found.push(`“${a.text}” × “${b.text}”`);
    }),
  );
  return found;
}

/** Labels shown, apart, inside the plot, each "attribute = value" of the table; returns them. */
async function checkLabels(scatter: Locator, csv: ReturnType<typeof readCsv>, what: string) {
  await expect(scatter).toHaveAttribute('data-labels', 'shown');
  const labels = scatter.getByTestId('cluster-label');
  await expect.poll(() => labels.count(), { message: `${what}: labels` }).toBeGreaterThan(0);
  const boxes = await boxesOf(scatter, 'cluster-label');
  expect(overlapping(boxes), `${what}: overlapping labels`).toEqual([]);
  const plot = (await scatter.locator('.scatter-plot').boundingBox())!;
  for (const b of boxes) {
    expect(b.x, `${what}: “${b.text}” inside`).toBeGreaterThanOrEqual(plot.x - 0.5);
    expect(b.y).toBeGreaterThanOrEqual(plot.y - 0.5);
    expect(b.x + b.w, `${what}: “${b.text}” inside`).toBeLessThanOrEqual(plot.x + plot.width + 0.5);
    expect(b.y + b.h).toBeLessThanOrEqual(plot.y + plot.height + 0.5);
    for (const part of b.text.split(' · ')) {
      const [name, value] = part.split(' = ');
      // Long names and values are cut with an ellipsis; empty cells read as “(missing)”.
      const same = (shown: string | undefined, cell: string) =>
        shown?.endsWith('…') ? cell.startsWith(shown.slice(0, -1)) : shown === cell;
      const column = csv.header.findIndex((h) => same(name, h));
      expect(column, `${what}: “${name}” is a column`).toBeGreaterThanOrEqual(0);
      const held = csv.rows.some(
        (r) => same(value, r[column] ?? '') || (value === '(missing)' && r[column] === ''),
      );
      expect(held, `${what}: “${part}” is a value of the table`).toBe(true);
    }
  }
  return boxes;
}

async function shoot(page: Page, target: Locator, info: TestInfo, name: string): Promise<void> {
  await page.waitForTimeout(200);
  await keepShot(info, name, await target.screenshot());
}

test('density contours and cluster labels on a t-SNE of Zoo, apart and inside, also zoomed in', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page, 'zoo.csv');
  const panel = await addProjection(page, 'onehot');
  await expect(panel.getByTestId('projection-view')).toHaveAttribute('data-state', 'done', RUN);
  const scatter = scatterOf(panel);
  const labelsButton = scatter.getByRole('button', { name: 'Labels' });
  await expect(labelsButton).toHaveAttribute('aria-pressed', 'false');
  await expect(scatter.getByTestId('cluster-label')).toHaveCount(0);
  await scatter.getByRole('button', { name: 'Density' }).click();
  await labelsButton.click();
  await expect(labelsButton).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(() => scatter.getByTestId('density-contours').locator('path').count())
    .toBeGreaterThan(2);
  const csv = readCsv('zoo.csv');
  const before = await checkLabels(scatter, csv, 'fitted');
  // Several clusters are told apart on Zoo (mammals, birds, fish … are far apart in one-hot).
  expect(before.length).toBeGreaterThanOrEqual(3);
  await scrollIntoView(scatter);
  await shoot(page, scatter, info, 'zoo-tsne-labels-density');

  // Zoom in about the largest cluster's label: the labels are placed again for the new view.
  const first = before[0]!;
  await page.mouse.move(first.x + first.w / 2, first.y + first.h / 2);
  for (let k = 0; k < 3; k++) await page.mouse.wheel(0, -300);
  await expect
    .poll(async () => Number((await scatter.getAttribute('data-transform'))?.split(',')[0]))
    .toBeGreaterThan(1.5);
  await expect
    .poll(async () => JSON.stringify(await boxesOf(scatter, 'cluster-label')))
    .not.toBe(JSON.stringify(before));
  await checkLabels(scatter, csv, 'zoomed in');
  await page.mouse.move(0, 0);
  await shoot(page, scatter, info, 'zoo-tsne-labels-zoomed');
  // Dark ink on pale plates over the plot's light surface, in the dark theme too.
  await page.getByRole('button', { name: 'Dark', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await shoot(page, scatter, info, 'zoo-tsne-labels-dark');

  await labelsButton.click();
  await expect(scatter.getByTestId('cluster-label')).toHaveCount(0);
});

test('Titanic’s t-SNE shows how many identical rows its largest dot holds', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page, 'titanic.csv');
  const panel = await addProjection(page, 'onehot');
  await expect(panel.getByTestId('projection-view')).toHaveAttribute('data-state', 'done', RUN);
  // The largest group of identical rows over the attributes the projection reads (the class
  // column, which the panel offers as shapes, is not one of them), counted from the file.
  const csv = readCsv('titanic.csv');
  const shapeBy = panel.getByText(/^shape by /);
  const cls =
    (await shapeBy.count()) > 0
      ? ((await shapeBy.textContent()) ?? '').replace(/^shape by /, '')
      : null;
  const used = csv.header.map((_, c) => c).filter((c) => csv.header[c] !== cls);
  const groups = new Map<string, number>();
  for (const r of csv.rows) {
    const key = used.map((c) => r[c]).join('\u0000');
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  const largest = Math.max(...groups.values());
  const shown = `×${largest.toLocaleString('en-US')}`;
  const scatter = scatterOf(panel);
  const badge = scatter.getByTestId('count-badge').filter({ hasText: shown });
  await expect(badge).toHaveCount(1);
  expect(overlapping(await boxesOf(scatter, 'count-badge'))).toEqual([]);
  await scrollIntoView(scatter);
  await shoot(page, scatter, info, 'titanic-tsne-badges');

  // The badge's dot: its tooltip says how many identical rows it holds, a click selects them all.
  const [ax, ay] = ((await badge.getAttribute('data-at')) ?? '').split(',').map(Number);
  const plot = (await scatter.locator('canvas').boundingBox())!;
  await page.mouse.move(plot.x + (ax ?? 0), plot.y + (ay ?? 0));
  const tip = page.locator(`[role="tooltip"][data-owner^="projection-"]`);
  await expect(tip).toContainText(`${largest.toLocaleString('en-US')} identical rows`);
  await shoot(page, scatter, info, 'titanic-tsne-tooltip');
  await page.mouse.click(plot.x + (ax ?? 0), plot.y + (ay ?? 0));
  await expect.poll(() => leadingNumber(panel.getByTestId('projection-selection'))).toBe(largest);

  // Labels on Titanic too: apart from each other and from the badges.
  await scatter.getByRole('button', { name: 'Labels' }).click();
  await checkLabels(scatter, csv, 'titanic');
  const all = [
    ...(await boxesOf(scatter, 'cluster-label')),
    ...(await boxesOf(scatter, 'count-badge')),
  ];
  expect(overlapping(all)).toEqual([]);
  await shoot(page, scatter, info, 'titanic-tsne-labels');
});

test('cluster labels on a t-SNE of Soybean (683 rows, 133 values) are apart and name its values', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page, 'soybean.csv');
  const panel = await addProjection(page, 'cde');
  await expect(panel.getByTestId('projection-view')).toHaveAttribute('data-state', 'done', RUN);
  const scatter = scatterOf(panel);
  await scatter.getByRole('button', { name: 'Density' }).click();
  await scatter.getByRole('button', { name: 'Labels' }).click();
  const labels = await checkLabels(scatter, readCsv('soybean.csv'), 'soybean');
  expect(labels.length).toBeGreaterThanOrEqual(3);
  await scrollIntoView(scatter);
  await page.mouse.move(0, 0);
  await shoot(page, scatter, info, 'soybean-tsne-labels-density');
});
