import type { Page } from '@playwright/test';
import { TOURS, type Tour, type TourStep } from '../src/app/model/tours.ts';
import { expect, openApp, test, waitIdle, scrollIntoView } from './fixtures.ts';

/** A hang guard for a step's computations (CDE on Zoo, UNTIE's training), not a budget. */
const COMPUTED = { timeout: 60_000 } as const;

/**
 * Checks the step on screen: its place, its panels, a highlight where it has one, and every
 * paper number beside ours, agreeing at the printed precision. Returns how many agreed.
 */
async function checkStep(page: Page, tour: Tour, i: number): Promise<number> {
  const step = tour.steps[i] as TourStep;
  const card = page.getByTestId('tour');
  await expect(card.getByTestId('tour-progress')).toHaveText(
    `Step ${i + 1} of ${tour.steps.length}`,
  );
  await expect(card.getByTestId('tour-title')).toHaveText(step.title);
  await expect(page.getByTestId('workspace').locator(':scope > section')).toHaveCount(
    step.panels.length,
    COMPUTED,
  );
  // Each kind of highlight the step asks for is drawn in a live view.
  const { cells, rows, words, values } = step.highlight ?? {};
  const marks = [
    [cells, '[data-testid="tour-highlight"]'],
    [rows, 'table.results tr[data-highlight="tour"]'],
    [words, '[data-word][data-highlight="tour"]'],
    [values, '[data-testid="rows-table"] td[data-highlight="tour"]'],
  ] as const;
  for (const [asked, selector] of marks)
    if (asked) await expect(page.locator(selector).first()).toBeVisible(COMPUTED);
  const numbers = card.getByTestId('tour-number');
  await expect(numbers).toHaveCount(step.numbers.length);
  for (const [k, n] of step.numbers.entries()) {
    const row = numbers.nth(k);
    await expect(row).toHaveAttribute('data-agree', 'yes', COMPUTED);
    await expect(row).toContainText(n.label);
    const ours = Number(await row.getAttribute('data-ours'));
    // Ours, computed by the app, within half a unit of the paper's last printed digit.
    expect(Math.abs(ours - n.paper)).toBeLessThanOrEqual(0.5 * 10 ** -n.digits + 1e-12);
    await expect(row).toContainText(`paper ${n.printed} · ours ${ours.toFixed(n.digits)}`);
    await expect(row).toContainText('✓');
  }
  // Every panel of the step computes: nothing left running, failed or cancelled.
  await waitIdle(page, COMPUTED.timeout);
  await expect(page.getByTestId('method-status')).toHaveCount(0);
  const compared = step.panels.find((p) => p.methods)?.methods;
  if (compared)
    await expect(page.getByTestId('curves-chart')).toHaveAttribute(
      'data-series',
      String(compared.length),
    );
  return step.numbers.length;
}

for (const tour of TOURS) {
  test(`tour ${tour.id} (${tour.paper}, seed ${tour.seed}): every step from start to end, the paper's numbers beside ours`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await openApp(page);
    const tours = page.getByRole('navigation', { name: 'Guided tours of the papers' });
    await tours.getByTestId(`tour-start-${tour.id}`).click();
    const card = page.getByTestId('tour');
    await expect(card).toBeVisible();
    // The focus moves to the step's title, so the arrows step at once.
    await expect(card.getByTestId('tour-title')).toBeFocused();
    let agreed = 0;
    for (let i = 0; i < tour.steps.length; i++) {
      agreed += await checkStep(page, tour, i);
      await page.keyboard.press('ArrowRight');
    }
    expect(agreed).toBeGreaterThanOrEqual(2);
    // Past the last step the arrow does nothing; back one step shows that step again.
    const last = tour.steps.length - 1;
    await expect(card.getByTestId('tour-progress')).toHaveText(
      `Step ${last + 1} of ${tour.steps.length}`,
    );
    await expect(card.getByTestId('tour-next')).toBeDisabled();
    await page.keyboard.press('ArrowLeft');
    await checkStep(page, tour, last - 1);
    await page.keyboard.press('Escape');
    await expect(card).toHaveCount(0);
  });
}

test('projector mode enlarges the page while a tour runs, and the buttons step as the keys do', async ({
  page,
}) => {
  await openApp(page, 'movie.csv');
  await page.getByTestId('tour-start-seed-001').click();
  const card = page.getByTestId('tour');
  const root = page.locator('html');
  await expect(root).not.toHaveClass(/\bprojector\b/);
  await card.getByTestId('tour-projector').check();
  await expect(root).toHaveClass(/\bprojector\b/);
  await card.getByTestId('tour-next').click();
  await expect(card.getByTestId('tour-progress')).toHaveText(/^Step 2 of /);
  await expect(root).toHaveClass(/\bprojector\b/);
  await card.getByTestId('tour-previous').click();
  await expect(card.getByTestId('tour-progress')).toHaveText(/^Step 1 of /);
  // n and p step too; a key typed in a field is the field's.
  await page.keyboard.press('n');
  await expect(card.getByTestId('tour-progress')).toHaveText(/^Step 2 of /);
  await page.keyboard.press('p');
  await expect(card.getByTestId('tour-progress')).toHaveText(/^Step 1 of /);
  await page.getByPlaceholder('Find values or objects…').press('n');
  await expect(card.getByTestId('tour-progress')).toHaveText(/^Step 1 of /);
  await card.getByRole('button', { name: 'Close the tour' }).click();
  await expect(card).toHaveCount(0);
  await expect(root).not.toHaveClass(/\bprojector\b/);
  // Started again, the projector choice is kept.
  await page.getByTestId('tour-start-seed-001').click();
  await expect(root).toHaveClass(/\bprojector\b/);
  await page.keyboard.press('Escape');
  await expect(root).not.toHaveClass(/\bprojector\b/);
});

test('in projector mode the pointer still finds the heatmap cell under it, and its tooltip beside it', async ({
  page,
}) => {
  await openApp(page, 'watermelon.csv');
  await page.getByTestId('tour-start-seed-004').click();
  await page.getByTestId('tour-projector').check();
  await expect(page.locator('html')).toHaveClass(/\bprojector\b/);
  const cell = page.locator('svg.heatmap-cells rect.cell').nth(12);
  await scrollIntoView(cell);
  const box = await cell.boundingBox();
  if (!box) throw new Error('the cell has no box');
  // Drawn half as large again as its own pixels.
  expect(box.width / Number(await cell.getAttribute('width'))).toBeCloseTo(1.5, 1);
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  const hovered = page.locator('rect.hover-cell');
  await expect(hovered).toHaveAttribute('x', (await cell.getAttribute('x')) ?? '');
  await expect(hovered).toHaveAttribute('y', (await cell.getAttribute('y')) ?? '');
  const tip = await page.locator('[role="tooltip"]').boundingBox();
  expect(Math.abs((tip?.x ?? 0) - x)).toBeLessThan(40);
  expect(Math.abs((tip?.y ?? 0) - y)).toBeLessThan(40);
});
