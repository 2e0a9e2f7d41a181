import type { Page } from '@playwright/test';
import {
  addProjection,
  expect,
  exported,
  openApp,
  scatterOf,
  test,
  ZOO,
  scrollIntoView,
} from './fixtures.ts';

/** The page's background colour, as the browser computed it. */
function background(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
}

test('the theme follows the system until Light or Dark is chosen, and the choice survives a reload', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openApp(page);
  const html = page.locator('html');
  const toggle = page.getByRole('group', { name: 'Theme' });
  const choice = (name: string) => toggle.getByRole('button', { name, exact: true });
  await expect(choice('System')).toHaveAttribute('aria-pressed', 'true');
  await expect(html).toHaveAttribute('data-theme', 'light');
  const light = await background(page);

  // System: the page follows the browser's scheme as it changes.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await background(page)).not.toBe(light);

  // Light wins over a dark system, and is remembered.
  await choice('Light').click();
  await expect(choice('Light')).toHaveAttribute('aria-pressed', 'true');
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await background(page)).toBe(light);
  await page.reload();
  await expect(page.getByTestId('summary')).toContainText('columns in zoo.csv');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(choice('Light')).toHaveAttribute('aria-pressed', 'true');

  // Dark over a light system.
  await page.emulateMedia({ colorScheme: 'light' });
  await choice('Dark').click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');

  // Back to System: the choice is forgotten and the system's scheme shows.
  await choice('System').click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('coupled-explorer:theme'))).toBeNull();
});

/** The colour shown at (x, y) of the page, as r, g, b: a screenshot's pixel, read in the page. */
async function shownColor(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const png = await page.screenshot({
    clip: { x: Math.floor(x), y: Math.floor(y), width: 1, height: 1 },
  });
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.drawImage(image, 0, 0);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return [r ?? 0, g ?? 0, b ?? 0] as [number, number, number];
  }, png.toString('base64'));
}

/** WCAG relative luminance of r, g, b bytes: 0 black, 1 white. */
function luminanceOf([r, g, b]: [number, number, number]): number {
  const lin = (x: number) => {
    const s = x / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

test('in the dark theme the scatter is drawn on a dark surface and the SU matrix’s weakest cell is dark, the exports keeping the light colours', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openApp(page);
  await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const panel = await addProjection(page, 'onehot', 'pca');
  const scatter = scatterOf(panel);
  await expect(scatter).toHaveAttribute('data-points', '101', { timeout: 60_000 });
  await expect(panel.getByTestId('projection-view')).toHaveAttribute('data-state', 'done');
  const canvas = scatter.locator('canvas');
  await expect(canvas).toHaveAttribute('data-drawn', /^[1-9]/);
  await scrollIntoView(canvas);
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the scatter has no box');
  // A corner: the fitted view keeps a margin free of points there.
  const corner = await shownColor(page, box.x + 3, box.y + 3);
  expect(luminanceOf(corner), `scatter background ${corner}`).toBeLessThan(0.05);

  // SU: the lightest colour of the ramp (its weakest coupling) is shown dark on the dark page,
  // while the cell keeps the ramp's own colour for the exports (drawn on white).
  const su = page.getByTestId('su-heatmap');
  const cells = su.locator('rect.cell');
  await expect(cells).toHaveCount(ZOO.features ** 2);
  const fills = await cells.evaluateAll((rects) => rects.map((r) => r.getAttribute('fill') ?? ''));
  const rgb = (hex: string): [number, number, number] => [
    parseInt(hex.slice(1, 3), 16),
    parseInt(hex.slice(3, 5), 16),
    parseInt(hex.slice(5, 7), 16),
  ];
  const weakest = fills.reduce(
    (best, f, k) => (luminanceOf(rgb(f)) > luminanceOf(rgb(fills[best] as string)) ? k : best),
    0,
  );
  expect(
    luminanceOf(rgb(fills[weakest] as string)),
    'the ramp itself starts light',
  ).toBeGreaterThan(0.8);
  const cell = cells.nth(weakest);
  await scrollIntoView(cell);
  const at = await cell.boundingBox();
  if (!at) throw new Error('the SU cell has no box');
  const shown = await shownColor(page, at.x + at.width / 2, at.y + at.height / 2);
  expect(luminanceOf(shown), `SU's weakest cell shown ${shown}`).toBeLessThan(0.05);

  // The export is drawn from the light theme: the ramp's own light cell, no filter turning it.
  const svg = (await exported(page, page.getByTestId('panel-su'), 'SVG drawing')).toString('utf8');
  expect(svg).toContain(`fill="${fills[weakest]}"`);
  expect(svg).not.toContain('invert(');
});
