import type { Page } from '@playwright/test';
import { addPanel, expect, openApp, test } from './fixtures.ts';

/** The tops and lefts of the workspace's panels, in order. */
async function panelBoxes(page: Page) {
  return page
    .getByTestId('workspace')
    .locator(':scope > section.panel')
    .evaluateAll((panels) =>
      panels.map((p) => {
        const r = p.getBoundingClientRect();
        return { top: Math.round(r.top), left: Math.round(r.left), height: r.height };
      }),
    );
}

for (const [width, perRow] of [
  [1280, 2],
  [1920, 3],
] as const)
  test(`at ${width} px, ${perRow} panels a row; a new panel comes into view with the focus`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openApp(page);
    // Summary (a whole row), co-occurrence and SU, then two more panels.
    await addPanel(page, 'rows');
    const last = await addPanel(page, 'projection:onehot');
    await expect(last).toBeFocused();
    await expect(last).toBeInViewport();
    const boxes = await panelBoxes(page);
    const rowTops = boxes.slice(1).map((b) => b.top);
    // The panels after the summary fill rows of `perRow`.
    expect(rowTops.slice(0, perRow).every((t) => t === rowTops[0])).toBe(true);
    expect(new Set(rowTops.slice(0, perRow).map(String)).size).toBe(1);
    expect(rowTops[perRow]).toBeGreaterThan(rowTops[0] as number);
    // No panel is taller than the window.
    for (const b of boxes) expect(b.height).toBeLessThanOrEqual(900);
  });

test('at 1280 × 800 the top bar keeps to one line, with a selection and a search', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page, 'zoo.csv');
  const rows = await addPanel(page, 'rows');
  await rows.locator('tr[data-row="0"]').click();
  await expect(page.getByRole('button', { name: /^Clear selection/ })).toBeVisible();
  await page.getByRole('searchbox').fill('aquatic');
  await page.screenshot({ path: test.info().outputPath('topbar-1280.png') });
  const middles = await page.locator('.topbar-controls > *:visible').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return Math.round(r.top + r.height / 2);
    }),
  );
  expect(middles.length).toBeGreaterThan(5);
  // Every control sits on one line: their middles within a few pixels of each other.
  expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(4);
});
