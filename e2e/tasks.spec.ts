import type { Page } from '@playwright/test';
import { expect, openApp, test, waitIdle, showSettings } from './fixtures.ts';

const RESULT = { timeout: 30_000 } as const;

function titles(page: Page) {
  return page.getByTestId('workspace').locator(':scope > section h2').allTextContents();
}

/** Starts the task whose button begins with `name` and expects these panel titles, in order. */
async function startTask(page: Page, name: string, expected: string[]): Promise<void> {
  const tasks = page.getByRole('navigation', { name: 'Start with a task' });
  await tasks.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expect.poll(() => titles(page)).toEqual(expected);
}

test('the four tasks beside the samples each open a ready layout', async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page);
  const tasks = page.getByRole('navigation', { name: 'Start with a task' });
  await expect(tasks.getByRole('button')).toHaveCount(4);

  await startTask(page, 'Explore how values couple', [
    'Data summary',
    'Value co-occurrence',
    'Attribute coupling (SU)',
    'Value matrices — CDE',
    'Value clusters — CDE',
  ]);
  await expect(page.getByTestId('cluster-summary')).toContainText(/granularities/, RESULT);

  await startTask(page, 'Find and explain anomalies', [
    'Outlier ranking — COSH',
    'Outlier ranking — CBRW',
    'Attribute impact — CBRW',
    'Data table',
  ]);
  await expect(page.getByTestId('outlier-table')).toHaveCount(2, RESULT);
  await waitIdle(page, RESULT.timeout);

  await startTask(page, 'Compare methods on my data', [
    'Clustering evaluation',
    'Projection (t-SNE, UMAP, MDS, PCA) — t-SNE of CDE',
    'Projection (t-SNE, UMAP, MDS, PCA) — t-SNE of 0-1',
  ]);
  await waitIdle(page, RESULT.timeout);

  // Learning opens the paper's own table: Wang et al. 2015's movies, with Table I's numbers.
  await tasks.getByRole('button', { name: /^Learn a paper/ }).click();
  await expect(page.getByTestId('sample-movie.csv')).toHaveClass(/\bactive\b/, RESULT);
  await expect.poll(() => titles(page)).toContain('Coupled similarity walk-through');
  const walk = page.getByTestId('panel-walkthrough');
  const control = (name: string) => walk.getByLabel(`Coupled similarity walk-through ${name}`);
  await showSettings(walk);
  await control('attribute').selectOption('Director');
  await control('x').selectOption('Scorsese');
  await control('y').selectOption('Coppola');
  const casv = walk.getByTestId('walkthrough-coupled').locator('tbody tr').first();
  await expect(casv.locator('td').nth(2)).toHaveText('0.3333', RESULT);
  await expect(casv.locator('td').nth(3)).toHaveText('0.3333');
});
