import { expect, openApp, test } from './fixtures.ts';

test('the search box finds values and objects by text and selects them', async ({ page }) => {
  await openApp(page);
  const search = page.getByLabel('Find values or objects');
  const results = page.getByTestId('search-results');
  // Values: zoo's legs has six values; selecting them all selects the six.
  await search.fill('legs');
  await expect(results).toContainText('6 values');
  await results.getByRole('button', { name: 'Select all 6' }).click();
  await expect(page.getByRole('button', { name: 'Clear selection (6)' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear selection (6)' }).click();

  // Objects by their line in the file: line 5 is one animal.
  await search.fill('5');
  await expect(results).toContainText('1 object');
  await results.getByRole('option', { name: /^line 5$/ }).click();
  await expect(page.getByRole('button', { name: 'Clear selection (1)' })).toBeVisible();
});

test('movie: a title in the excluded identifier column finds its object', async ({ page }) => {
  await openApp(page, 'movie.csv');
  const search = page.getByLabel('Find values or objects');
  await search.fill('vertigo');
  const results = page.getByTestId('search-results');
  await expect(results).toContainText('0 values');
  await expect(results.getByRole('option', { name: 'line 4 · Movie = Vertigo' })).toBeVisible();
  // Enter selects what was found: no value, so the object.
  await search.press('Enter');
  await expect(page.getByRole('button', { name: 'Clear selection (1)' })).toBeVisible();
});
