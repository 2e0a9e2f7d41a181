import type { FileChooser } from '@playwright/test';
import { expect, openApp, test } from './fixtures.ts';

test('the file picker is reached by Tab and opens the chooser from the keyboard', async ({
  page,
}) => {
  await openApp(page);
  const reached: string[] = [];
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
    reached.push(id);
    if (id === 'file-input') break;
  }
  expect(reached.at(-1), `Tab order: ${reached.join(', ')}`).toBe('file-input');
  // Its label shows where the focus is.
  const outline = await page
    .getByTestId('dropzone')
    .evaluate((label) => getComputedStyle(label).outlineStyle);
  expect(outline).toBe('solid');
  // Space on the focused input opens the chooser. On a loaded machine Chromium has once dropped
  // that keypress (no chooser in 90 s, focus still on the input): the press is tried again, by
  // keyboard, after checking the focus has not moved.
  const input = page.getByTestId('file-input');
  let chooser: FileChooser | null = null;
  for (let attempt = 0; attempt < 3 && chooser === null; attempt++) {
    await expect(input).toBeFocused();
    [chooser] = await Promise.all([
      page.waitForEvent('filechooser', { timeout: 10_000 }).catch(() => null),
      page.keyboard.press('Space'),
    ]);
  }
  expect(chooser, 'Space on the file input opened no file chooser').not.toBeNull();
  expect(chooser?.isMultiple()).toBe(false);
});

test('heatmap cells are focused and walked with the keyboard; Enter selects the pair', async ({
  page,
}) => {
  await openApp(page);
  const cells = page.getByTestId('cooccurrence-heatmap').locator('.heatmap-cells').first();
  await expect(cells).toHaveAttribute('tabindex', '0');
  await cells.focus();
  const said = page.getByTestId('cooccurrence-heatmap-active-cell');
  const ring = page.getByTestId('cooccurrence-heatmap').locator('.focus-cell');
  // The first cell is active on focus, outlined, and read out with its tooltip's lines.
  await expect(ring).toHaveAttribute('x', '0');
  await expect(said).not.toHaveText('');
  const first = await said.textContent();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(said).not.toHaveText(first ?? '');
  const x = Number(await ring.getAttribute('x'));
  const y = Number(await ring.getAttribute('y'));
  expect(x).toBeGreaterThan(0);
  expect(y).toBe(x);
  await page.keyboard.press('End');
  expect(Number(await ring.getAttribute('x'))).toBeGreaterThan(x);
  // The keyboard's cell is linked like a hovered one: its two values are outlined; Escape
  // leaves the cells, and nothing stays outlined.
  const emphasis = page.getByTestId('cooccurrence-heatmap').locator('.heatmap-overlay .emph');
  await expect(emphasis).toHaveCount(4);
  await page.keyboard.press('Escape');
  await expect(ring).toHaveCount(0);
  await expect(emphasis).toHaveCount(0);
  // Enter on the first cell selects its value, which stays outlined after Escape.
  await page.keyboard.press('ArrowDown');
  await expect(ring).toHaveAttribute('x', '0');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(ring).toHaveCount(0);
  await expect(emphasis).toHaveCount(2);
});
