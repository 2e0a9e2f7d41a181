import type { Locator, Page } from '@playwright/test';
import { keepShot } from './shots.ts';
import {
  addProjection,
  dragBox,
  dragThrough,
  expect,
  openApp,
  scatterOf,
  test,
  waitIdle,
  scrollIntoView,
} from './fixtures.ts';

/**
 * The WebGL scatter against the CPU raster on one layout (issue 30): the same box and the same
 * lasso select the same rows in both, and the two draw the same picture — each dot where the
 * selection finds it, in its colour, size and outline. Chromium here runs with --disable-gpu,
 * yet offers WebGL2 in software (ANGLE on SwiftShader's Vulkan), so this runs in the ordinary
 * `views` project with no extra flag; a software WebGL is not the default renderer (it is slower
 * than the raster), so each scatter is switched by its toolbar.
 */
const RESULT = { timeout: 60_000 } as const;

/**
 * A pixel differs when one of its channels is more than this many levels off (8-bit blending
 * rounds at each layer of overlapping dots: a few levels; a dot drawn elsewhere: hundreds).
 */
const LEVELS = 16;
/** At most this share of the plot's pixels may differ so. */
const SHARE = 0.01;

async function useRenderer(scatter: Locator, renderer: 'WebGL' | 'CPU'): Promise<void> {
  const want = renderer === 'WebGL' ? 'webgl' : 'cpu';
  if ((await scatter.getAttribute('data-renderer')) !== want)
    await scatter
      .getByRole('group', { name: 'Renderer' })
      .getByRole('button', { name: renderer })
      .click();
  await expect(scatter).toHaveAttribute('data-renderer', want);
  // Each renderer has a canvas of its own: this one has shown a frame.
  await expect(scatter.locator('canvas')).toHaveAttribute('data-drawn', /^[1-9]/, RESULT);
}

/** The picture shown, RGBA bytes (a WebGL canvas keeps its drawing buffer: readable). */
async function pixels(scatter: Locator): Promise<number[]> {
  return scatter.locator('canvas').evaluate((source: HTMLCanvasElement) => {
    const copy = document.createElement('canvas');
    copy.width = source.width;
    copy.height = source.height;
    const ctx = copy.getContext('2d');
    if (!ctx) return [];
    ctx.drawImage(source, 0, 0);
    return Array.from(ctx.getImageData(0, 0, copy.width, copy.height).data);
  });
}

/** The share of pixels whose channels differ by more than LEVELS. */
function differing(a: number[], b: number[]): number {
  expect(a.length).toBe(b.length);
  let off = 0;
  for (let p = 0; p < a.length; p += 4) {
    const d = Math.max(
      Math.abs((a[p] as number) - (b[p] as number)),
      Math.abs((a[p + 1] as number) - (b[p + 1] as number)),
      Math.abs((a[p + 2] as number) - (b[p + 2] as number)),
    );
    if (d > LEVELS) off++;
  }
  return off / (a.length / 4);
}

/** Box, then lasso, selections: the digests the scatter gives of them, and the picture after. */
async function selectAndLook(page: Page, scatter: Locator) {
  // The digest of the scatter's last selection (the other renderer's lasso, on the second turn).
  const before = (await scatter.getAttribute('data-selection')) ?? '';
  await scatter.getByRole('button', { name: 'Box', exact: true }).click();
  await dragBox(page, scatter, [0.15, 0.1, 0.6, 0.75]);
  await expect(scatter).not.toHaveAttribute('data-selection', before);
  const box = await scatter.getAttribute('data-selection');
  const at = await scatter.locator('canvas').boundingBox();
  if (!at) throw new Error('no canvas box');
  const p = (fx: number, fy: number) => ({ x: at.x + fx * at.width, y: at.y + fy * at.height });
  await scatter.getByRole('button', { name: 'Lasso', exact: true }).click();
  await dragThrough(page, [p(0.5, 0.05), p(0.95, 0.3), p(0.8, 0.95), p(0.35, 0.7), p(0.4, 0.3)]);
  await expect(scatter).not.toHaveAttribute('data-selection', box ?? '');
  const lasso = await scatter.getAttribute('data-selection');
  // Off the plot, so no hovered dot replaces the selection's emphasis.
  await page.mouse.move(2, 2);
  await waitForFrame(scatter);
  return { box, lasso, picture: await pixels(scatter) };
}

/** Waits until a frame drawn after now is shown. */
async function waitForFrame(scatter: Locator): Promise<void> {
  await scatter.page().waitForTimeout(300);
  const canvas = scatter.locator('canvas');
  const drawn = Number((await canvas.getAttribute('data-drawn')) ?? 0);
  await expect
    .poll(async () => {
      await scatter.page().waitForTimeout(100);
      return Number((await canvas.getAttribute('data-drawn')) ?? 0);
    }, RESULT)
    .toBeGreaterThanOrEqual(drawn);
}

async function projection(page: Page, sample: string): Promise<Locator> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page, sample);
  const panel = await addProjection(page, 'cde', 'pca');
  await expect(panel.getByTestId('projection-view')).toHaveAttribute('data-state', 'done', RESULT);
  await waitIdle(page, RESULT.timeout);
  const scatter = scatterOf(panel);
  await scrollIntoView(scatter.locator('canvas'));
  return scatter;
}

for (const sample of ['zoo.csv', 'soybean.csv']) {
  test(`WebGL and CPU scatters of ${sample} select the same rows and draw the same dots`, async ({
    page,
  }, info) => {
    const scatter = await projection(page, sample);
    await useRenderer(scatter, 'WebGL');
    const gl = await selectAndLook(page, scatter);
    await useRenderer(scatter, 'CPU');
    const cpu = await selectAndLook(page, scatter);
    expect(gl.box, 'box selection').toBe(cpu.box);
    expect(gl.lasso, 'lasso selection').toBe(cpu.lasso);
    expect(Number(gl.box?.split(':')[0])).toBeGreaterThan(0);
    const share = differing(gl.picture, cpu.picture);
    info.annotations.push({ type: 'differing pixels', description: share.toFixed(5) });
    expect(share, `share of pixels more than ${LEVELS} levels apart`).toBeLessThanOrEqual(SHARE);

    // The WebGL scatter with its badges and cluster labels, kept to look at.
    await useRenderer(scatter, 'WebGL');
    await scatter.getByRole('button', { name: 'Labels' }).click();
    await expect(scatter).toHaveAttribute('data-labels', 'shown', RESULT);
    await waitForFrame(scatter);
    await keepShot(info, `webgl-${sample.replace('.csv', '')}`, await scatter.screenshot());
  });
}
