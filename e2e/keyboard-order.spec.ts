import { expect, openApp, test } from './fixtures.ts';

/**
 * The keyboard path to the file picker (issue 48): every Tab stop before it is a control a person
 * sees; the hidden inputs the workspace menu opens are not stops.
 */
test('every Tab stop before the file picker is visible', async ({ page }) => {
  await openApp(page);
  await page.locator('body').focus();
  const stops: { name: string; visible: boolean }[] = [];
  for (let k = 0; k < 30; k++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return null;
      const box = el.getBoundingClientRect();
      const hidden =
        el.classList.contains('visually-hidden') && !el.closest('label:not(.visually-hidden)');
      return {
        name: el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName,
        visible: !hidden && box.width > 2 && box.height > 2,
        // The picker: the drop zone's input, its focus drawn on the zone.
        picker: el.closest('[data-testid="dropzone"]') !== null,
      };
    });
    if (!stop) break;
    if (stop.picker) {
      const outline = await page
        .getByTestId('dropzone')
        .evaluate((z) => getComputedStyle(z).outlineStyle);
      expect(outline, 'the focused picker shows its focus').not.toBe('none');
      break;
    }
    stops.push({ name: stop.name, visible: stop.visible });
  }
  expect(stops.length, `the file picker is reached: ${JSON.stringify(stops)}`).toBeLessThan(30);
  expect(stops.filter((s) => !s.visible)).toEqual([]);
});
