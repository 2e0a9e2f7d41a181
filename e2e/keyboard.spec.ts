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
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.keyboard.press('Space'),
  ]);
  expect(chooser.isMultiple()).toBe(false);
});
