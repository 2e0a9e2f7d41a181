import type { Locator } from '@playwright/test';
import { addPanel, expect, exported, openApp, test, waitIdle, scrollIntoView } from './fixtures.ts';
import { keepShot } from './shots.ts';

/**
 * The coupling-space view (Zhu et al. 2022, UNTIE, Sec. 4.2): the paper's watermelon numbers
 * (m_Ia(yellow) = 1/3, Eq. 1; m_Ie(yellow) = [0, 2/3, 1/2, 1/2, 0], Eq. 4), its export, the same
 * table under UNTIE's training view, and a real-size table (DNA: 60 attributes, ~240 m_Ie
 * columns an attribute) that scrolls inside its panel with every label whole.
 */

const RESULT = { timeout: 60_000 } as const;

/** The row of a value in a coupling-space table. */
function rowOf(table: Locator, value: string): Locator {
  return table
    .getByRole('row')
    .filter({ has: table.page().getByRole('rowheader', { name: value, exact: true }) });
}

/** A cell of a row by its column: "m_Ia" or the m_Ie column's "Attribute=value". */
function cellOf(row: Locator, column: string): Locator {
  return row.locator(`td[data-column="${column}"]`);
}

/** Watermelon's yellow row, as the paper prints it (Sec. 4.2, Eqs. 1 and 4). */
async function expectYellow(table: Locator): Promise<void> {
  const yellow = rowOf(table, 'yellow');
  await expect(cellOf(yellow, 'm_Ia')).toHaveText('0.333');
  await expect(cellOf(yellow, 'Texture=clear')).toHaveText('0');
  await expect(cellOf(yellow, 'Texture=blurry')).toHaveText('0.667');
  await expect(cellOf(yellow, 'Root Shape=straight')).toHaveText('0.5');
  await expect(cellOf(yellow, 'Root Shape=curled')).toHaveText('0.5');
  await expect(cellOf(yellow, 'Root Shape=slightly curled')).toHaveText('0');
}

test('watermelon: Color’s yellow row holds the paper’s m_Ia and m_Ie, and the CSV every value', async ({
  page,
}, info) => {
  await openApp(page, 'watermelon.csv');
  const panel = await addPanel(page, 'coupling-spaces:couplings');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(/^Coupling spaces/);
  const view = panel.getByTestId('coupling-spaces');
  await expect(view).toBeVisible(RESULT);
  await expect(view).toContainText('m_Ia(v) = |g(v)| / n_o (Eq. 1)');
  const attribute = panel.getByLabel('Attribute of the coupling spaces');
  // The first attribute (Texture) by default.
  await expect(attribute).toHaveValue('0');
  await attribute.selectOption({ label: 'Color' });
  const table = panel.getByTestId('coupling-table');
  await expect(table.getByRole('rowheader')).toHaveText(['white', 'yellow', 'green', 'black']);
  await expectYellow(table);
  // Each m_Ie column is named by its value, the other attributes grouped.
  await expect(table.getByRole('columnheader', { name: 'Texture=blurry' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Root Shape', exact: true })).toBeVisible();
  // A cell's tooltip spells its formula out with the counts.
  await cellOf(rowOf(table, 'yellow'), 'Texture=blurry').hover();
  const tip = page.locator('[role="tooltip"][data-owner="coupling-table"]');
  await expect(tip).toContainText('p(Color=yellow | Texture=blurry) = 0.667');
  await expect(tip).toContainText('= 2 / 3');
  // The cell's two values light up (here and in every value view), until the pointer leaves.
  await expect(table.getByRole('rowheader', { name: 'yellow' })).toHaveClass(/\bemph\b/);
  await expect(table.getByRole('columnheader', { name: 'Texture=blurry' })).toHaveClass(/\bemph\b/);
  await keepShot(info, 'coupling-spaces-watermelon', await panel.screenshot());
  await page.mouse.move(0, 0);
  await expect(tip).toHaveCount(0);
  await expect(table.locator('th.emph')).toHaveCount(0);

  // The export: one row per (attribute, value) of every attribute, m_Ie columns named A=v.
  const csv = (await exported(page, panel, 'CSV')).toString('utf8').trim().split('\r\n');
  expect(csv[0]).toBe(
    'attribute,value,m_Ia,Texture=clear,Texture=blurry,Color=white,Color=yellow,Color=green,Color=black,Root Shape=straight,Root Shape=curled,Root Shape=slightly curled',
  );
  expect(csv.length).toBe(1 + 2 + 4 + 3);
  const yellow = csv.find((line) => line.startsWith('Color,yellow,'))?.split(',') ?? [];
  const numbers = yellow.slice(2).map((x) => (x === '' ? null : Number(x)));
  const expected = [1 / 3, 0, 2 / 3, null, null, null, null, 1 / 2, 1 / 2, 0];
  expect(numbers.length).toBe(expected.length);
  numbers.forEach((x, k) => {
    const want = expected[k] as number | null;
    if (want === null) expect(x, `column ${k}`).toBeNull();
    else expect(x as number, `column ${k}`).toBeCloseTo(want, 12);
  });
  // The picture draws the rotated value labels (SVG) where the page shows them.
  await keepShot(
    info,
    'coupling-spaces-watermelon-export',
    await exported(page, panel, 'PNG picture'),
  );
});

test('UNTIE’s training view shows its coupling spaces below its charts', async ({ page }, info) => {
  await openApp(page, 'watermelon.csv');
  const panel = await addPanel(page, 'untie-training:untie');
  await expect(panel.getByTestId('untie-training')).toHaveAttribute('data-state', 'done', RESULT);
  const details = panel.getByTestId('coupling-spaces-details');
  await details.getByText('Coupling spaces (Eqs. 1-5)').click();
  await panel.getByLabel('Attribute of the coupling spaces').selectOption({ label: 'Color' });
  await expectYellow(details.getByTestId('coupling-table'));
  await keepShot(info, 'coupling-spaces-untie', await panel.screenshot());
});

/** What of the view lies outside its panel, and which rotated value labels do not fit. */
async function layoutFaults(panel: Locator): Promise<string[]> {
  return panel.evaluate((p) => {
    const faults: string[] = [];
    const body = p.querySelector('.panel-body') as HTMLElement;
    if (body.scrollWidth > body.clientWidth + 1)
      faults.push(`the panel body scrolls sideways: ${body.scrollWidth} > ${body.clientWidth}`);
    const scroll = p.querySelector('.coupling-scroll') as HTMLElement;
    const b = body.getBoundingClientRect();
    const s = scroll.getBoundingClientRect();
    if (s.left < b.left - 0.5 || s.right > b.right + 0.5)
      faults.push(
        `the table's region ${s.left}–${s.right} is outside the body ${b.left}–${b.right}`,
      );
    for (const svg of p.querySelectorAll<SVGSVGElement>('th.value-head svg')) {
      const text = svg.querySelector('text') as SVGTextElement;
      const t = text.getBoundingClientRect();
      const box = svg.getBoundingClientRect();
      if (t.top < box.top - 0.5 || t.bottom > box.bottom + 0.5 || t.right > box.right + 0.5)
        faults.push(`label “${text.textContent}” is cut by its header`);
    }
    // Neighbouring headers' labels never overlap.
    const labels = [...p.querySelectorAll('th.value-head text')].map((t) =>
      t.getBoundingClientRect(),
    );
    labels.slice(1).forEach((r, k) => {
      if (r.left < (labels[k] as DOMRect).right - 0.5)
        faults.push(`labels ${k} and ${k + 1} overlap`);
    });
    return faults;
  });
}

test('DNA at real size: ~240 m_Ie columns scroll inside the panel, every label whole', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await openApp(page, 'dna.csv');
  const panel = await addPanel(page, 'coupling-spaces:couplings');
  const table = panel.getByTestId('coupling-table');
  await expect(table).toBeVisible({ timeout: 120_000 });
  await waitIdle(page, RESULT.timeout);
  const columns = await table.locator('tbody tr').first().locator('td').count();
  expect(columns).toBeGreaterThan(200);
  const scroll = panel.getByRole('region', { name: /^Coupling spaces of / });
  const [scrollWidth, clientWidth] = await scroll.evaluate((el) => [
    el.scrollWidth,
    el.clientWidth,
  ]);
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  expect(await layoutFaults(panel)).toEqual([]);
  await scrollIntoView(panel);
  await keepShot(info, 'coupling-spaces-dna', await panel.screenshot());
  // Scrolled to its end, the value column stays in view.
  await scroll.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  const header = table.getByRole('rowheader').first();
  const [h, r] = [await header.boundingBox(), await scroll.boundingBox()];
  expect(Math.abs((h?.x ?? 0) - (r?.x ?? 0))).toBeLessThan(4);
  await keepShot(info, 'coupling-spaces-dna-scrolled', await panel.screenshot());
  // The dark theme: another screenshot to look at.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await keepShot(info, 'coupling-spaces-dna-dark', await panel.screenshot());
});

test('soybean: 35 attributes with long value names keep their labels whole', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await openApp(page, 'soybean.csv');
  const panel = await addPanel(page, 'coupling-spaces:couplings');
  await expect(panel.getByTestId('coupling-table')).toBeVisible(RESULT);
  await panel
    .getByLabel('Attribute of the coupling spaces')
    .selectOption({ label: 'leafspots-halo' });
  await expect(panel.getByRole('rowheader', { name: 'no-yellow-halos' })).toBeVisible();
  expect(await layoutFaults(panel)).toEqual([]);
  await scrollIntoView(panel);
  await keepShot(info, 'coupling-spaces-soybean', await panel.screenshot());
});
