import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures.ts';

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
