import { keepShot } from './shots.ts';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, scrollIntoView } from './fixtures.ts';

/**
 * What the heatmap readability specs check of a heatmap's labels (readability.spec.ts,
 * heatmap-overview.spec.ts): none overlaps another, each lies inside its panel and its frame, and
 * a screenshot of the panel is attached to the test's results.
 */

export interface Box {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Every label of a heatmap frame (its SVG text), as boxes in page pixels. */
export async function labelBoxes(frame: Locator): Promise<Box[]> {
  return frame.locator('.heatmap-axes text').evaluateAll((texts) =>
    texts
      .map((t) => {
        const r = t.getBoundingClientRect();
        return { text: t.textContent ?? '', x: r.x, y: r.y, w: r.width, h: r.height };
      })
      .filter((b) => b.w > 0 && b.h > 0),
  );
}

/** Pairs of labels whose boxes overlap by more than half a pixel each way. */
export function overlaps(boxes: Box[]): string[] {
  const sorted = [...boxes].sort((a, b) => a.x - b.x);
  const found: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i] as Box;
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j] as Box;
      if (b.x >= a.x + a.w - 0.5) break;
      const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
      const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
      if (dx > 0.5 && dy > 0.5) found.push(`“${a.text}” × “${b.text}”`);
    }
  }
  return found;
}

/** Checks every heatmap frame inside a panel; returns how many labels were checked. */
export async function checkFrames(panel: Locator, what: string): Promise<number> {
  const panelBox = (await panel.boundingBox())!;
  const frames = panel.locator('.heatmap-frame');
  const n = await frames.count();
  expect(n, `${what}: heatmaps`).toBeGreaterThan(0);
  let checked = 0;
  for (let f = 0; f < n; f++) {
    const frame = frames.nth(f);
    await scrollIntoView(frame);
    const frameBox = (await frame.boundingBox())!;
    const boxes = await labelBoxes(frame);
    expect(boxes.length, `${what}, heatmap ${f}: labelled`).toBeGreaterThan(0);
    expect(overlaps(boxes), `${what}, heatmap ${f}: overlapping labels`).toEqual([]);
    for (const b of boxes) {
      const where = `${what}, heatmap ${f}: “${b.text}”`;
      expect(b.x, `${where} left of the panel`).toBeGreaterThanOrEqual(panelBox.x - 0.5);
      expect(b.x + b.w, `${where} right of the panel`).toBeLessThanOrEqual(
        panelBox.x + panelBox.width + 0.5,
      );
      expect(b.y, `${where} above its frame`).toBeGreaterThanOrEqual(frameBox.y - 0.5);
      expect(b.x + b.w, `${where} right of its frame`).toBeLessThanOrEqual(
        frameBox.x + frameBox.width + 0.5,
      );
    }
    // No blank band above the matrix: the highest label starts at the frame's top.
    const top = Math.min(...boxes.map((b) => b.y));
    expect(top - frameBox.y, `${what}, heatmap ${f}: blank band above`).toBeLessThanOrEqual(6);
    checked += boxes.length;
  }
  return checked;
}

export async function expectLegends(panel: Locator, what: string): Promise<void> {
  const heatmaps = panel.locator('.heatmap');
  const n = await heatmaps.count();
  for (let i = 0; i < n; i++)
    await expect(heatmaps.nth(i).locator('.ramp-legend').first(), `${what}: legend`).toBeVisible();
}

/** Keeps a screenshot of the panel as a test artefact (e2e/shots.ts). */
export async function shoot(
  page: Page,
  panel: Locator,
  info: TestInfo,
  name: string,
): Promise<void> {
  await scrollIntoView(panel);
  await keepShot(info, name, await panel.screenshot());
}
