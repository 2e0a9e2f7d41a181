import { createRandom } from '../src/core/base/random.ts';
import {
  addPanel,
  chooseFile,
  expect,
  expectSummary,
  openApp,
  test,
  textFile,
} from './fixtures.ts';

/**
 * CDE's value clusters at real size (issue 48): a sequence table of 232 values (58 positions ×
 * a, c, g, t) gives 35 or more granularities. At 1280 × 800 no granularity's name is cut, the
 * grid scrolls to its last column inside the panel, two clusters that touch in a column never
 * share a colour, and the rows group under one granularity's clusters, each group named.
 */
function sequencesCsv(): string {
  const random = createRandom(48);
  const columns = Array.from({ length: 58 }, (_, i) => `p${i - 50}`);
  const lines = [columns.join(',')];
  for (let r = 0; r < 106; r++)
    lines.push(columns.map((_, i) => 'acgt'[r < 4 ? (r + i) % 4 : random.int(4)]).join(','));
  return `${lines.join('\n')}\n`;
}

test('value clusters of 232 values × 35+ granularities: readable at 1280 × 800', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page);
  await chooseFile(page, textFile('sequences.csv', sequencesCsv()));
  await expectSummary(page, { rows: 106, name: 'sequences.csv' });
  const panel = await addPanel(page, 'value-partitions:cde');
  const grid = panel.getByTestId('value-clusters');
  await expect(grid).toBeVisible({ timeout: 90_000 });
  const granularities = await grid.locator('.granularity-name').count();
  expect(granularities).toBeGreaterThanOrEqual(35);
  expect(await grid.locator('rect.cell[data-granularity="0"]').count()).toBe(232);

  const check = () =>
    grid.evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      const region = svg.parentElement as HTMLElement;
      const panelBox = (svg.closest('section') ?? region).getBoundingClientRect();
      const problems: string[] = [];
      for (const name of svg.querySelectorAll('.granularity-name')) {
        const b = name.getBoundingClientRect();
        if (b.top < box.top - 0.5 || b.right > box.right + 0.5)
          problems.push(`name cut: ${name.textContent}`);
      }
      // The grid scrolls inside its panel to the last column.
      if (region.scrollWidth < svg.getBoundingClientRect().width - 1)
        problems.push('the last columns cannot be reached');
      if (region.getBoundingClientRect().right > panelBox.right + 0.5)
        problems.push('the grid runs out of its panel');
      // Touching clusters in a column never share a colour.
      const byColumn = new Map<string, { row: number; cluster: string; fill: string }[]>();
      for (const cell of svg.querySelectorAll('rect.cell')) {
        const q = cell.getAttribute('data-granularity') ?? '';
        const list = byColumn.get(q) ?? [];
        list.push({
          row: Number(cell.getAttribute('data-row')),
          cluster: cell.getAttribute('data-cluster') ?? '',
          fill: cell.getAttribute('fill') ?? '',
        });
        byColumn.set(q, list);
      }
      for (const [q, cells] of byColumn) {
        cells.sort((x, y) => x.row - y.row);
        for (let k = 1; k < cells.length; k++) {
          const [a, b] = [cells[k - 1], cells[k]];
          if (a && b && a.cluster !== b.cluster && a.fill === b.fill && a.fill !== '#e5e7eb')
            problems.push(
              `granularity ${q}, rows ${a.row}/${b.row}: clusters ${a.cluster} and ${b.cluster} share ${a.fill}`,
            );
        }
        if (cells.some((c) => c.fill === '#000000')) problems.push(`granularity ${q}: black`);
      }
      return problems;
    });
  expect(await check()).toEqual([]);
  await panel.screenshot({ path: '/tmp/shot-clusters-grid.png' });

  // Grouped by one granularity: each of its clusters is a named group; the checks still hold.
  const choice = panel.getByLabel('Group values by');
  const options = await choice.locator('option').allInnerTexts();
  const mo = options.findIndex((o) => /Mo k=8$/.test(o));
  await choice.selectOption({ index: mo > 0 ? mo : 5 });
  const groups = grid.getByTestId('cluster-group');
  await expect(groups.first()).toBeVisible();
  expect(await groups.count()).toBeGreaterThan(1);
  await expect(groups.first()).toHaveText(/ · cluster \d+: \d+ values?/);
  expect(await check()).toEqual([]);
  await panel.screenshot({ path: '/tmp/shot-clusters-grouped.png' });
});
