import type { Locator } from '@playwright/test';
import { addPanel, addProjection, expect, openApp, scatterOf, test } from './fixtures.ts';

/** The rows a neighbours panel lists (their row indices) and their distances. */
async function listed(panel: Locator): Promise<{ rows: number[]; distances: number[] }> {
  const rows = panel.getByTestId('neighbours-table').locator('tbody tr');
  const out = { rows: [] as number[], distances: [] as number[] };
  for (let i = 0; i < (await rows.count()); i++) {
    out.rows.push(Number(await rows.nth(i).getAttribute('data-row')));
    out.distances.push(Number(await rows.nth(i).locator('td').nth(1).textContent()));
  }
  return out;
}

/**
 * Issue 29: an object clicked in the data table gets its 10 nearest objects listed under two
 * methods side by side (CDE's embedding, Hamming's distance), with their distances and the values
 * where they differ; the scatter emphasises the object and every neighbour listed.
 */
test('zoo: a clicked object’s 10 neighbours under CDE and Hamming, lit up in the scatter', async ({
  page,
}) => {
  await openApp(page, 'zoo.csv');
  const rows = await addPanel(page, 'rows');
  const cde = await addPanel(page, 'neighbours:cde');
  const hamming = await addPanel(page, 'neighbours:hamming');
  const projection = await addProjection(page, 'onehot');
  const scatter = scatterOf(projection);
  await expect(scatter).toHaveAttribute('data-points', '101', { timeout: 60_000 });
  await expect(cde.getByTestId('neighbours-empty')).toBeVisible({ timeout: 30_000 });

  await rows.locator('tr[data-row="0"]').click();
  const lists: { rows: number[]; distances: number[] }[] = [];
  for (const panel of [cde, hamming]) {
    await expect(panel.getByTestId('neighbours-table').locator('tbody tr')).toHaveCount(10, {
      timeout: 30_000,
    });
    await expect(panel.getByTestId('neighbours-title')).toContainText('The 10 nearest of line 2');
    const list = await listed(panel);
    expect(list.rows).not.toContain(0);
    // Nearest first.
    expect([...list.distances].sort((a, b) => a - b)).toEqual(list.distances);
    lists.push(list);
  }
  // Hamming's distance is the number of attributes that differ: each row says which.
  const differs = hamming.getByTestId('neighbour-differs');
  for (const [t, distance] of (lists[1] as { distances: number[] }).distances.entries()) {
    const text = (await differs.nth(t).textContent()) ?? '';
    expect(text === 'identical values' ? 0 : text.split(', ').length).toBe(distance);
  }
  // The object and both panels' neighbours light up in the scatter (once the pointer has left
  // the table: an object under the pointer is emphasised alone) …
  await page.mouse.move(0, 0);
  const lit = new Set([0, ...lists.flatMap((l) => l.rows)]);
  await expect(scatter).toHaveAttribute('data-emphasised', String(lit.size));
  // … and are listed in the data table after it, marked.
  await expect(rows.locator('tr[data-neighbour]')).toHaveCount(lit.size - 1);

  // Another object: the lists follow it.
  // (Zoo keeps every row: row r starts on line r + 2.)
  const next = (lists[0] as { rows: number[] }).rows[9] as number;
  await rows.locator(`tr[data-row="${next}"]`).click();
  await expect(cde.getByTestId('neighbours-title')).toContainText(`of line ${next + 2} `);
  await expect(cde.getByTestId('neighbours-table').locator('tbody tr')).toHaveCount(10);
});
