import { addPanel, expect, openApp, test, showSettings } from './fixtures.ts';

/**
 * The teaching walk-through of Wang et al. 2015 (coupled attribute similarity) on movie.csv: choosing two directors shows every
 * quantity of Eqs. (5)-(16) with the paper's numbers beside ours.
 */
test('movie: the walk-through reads 0.3333 for Scorsese–Coppola and 0.25 for Koster–Hitchcock, as the paper', async ({
  page,
}) => {
  await openApp(page, 'movie.csv');
  const panel = await addPanel(page, 'walkthrough:cas-walkthrough');
  const control = (name: string) => panel.getByLabel(`Coupled similarity walk-through ${name}`);
  await showSettings(panel);
  await control('attribute').selectOption('Director');
  await control('x').selectOption('Scorsese');
  await control('y').selectOption('Coppola');
  const coupled = panel.getByTestId('walkthrough-coupled');
  const casv = coupled.locator('tbody tr').first();
  await expect(casv).toContainText('CASV(Scorsese, Coppola)');
  // ours, then the paper's
  await expect(casv.locator('td').nth(2)).toHaveText('0.3333');
  await expect(casv.locator('td').nth(3)).toHaveText('0.3333');
  const intra = panel.getByTestId('walkthrough-intra');
  await expect(intra).toContainText('1·1 / (1 + 1 + 1·1)');
  await control('x').selectOption('Koster');
  await control('y').selectOption('Hitchcock');
  await expect(casv).toContainText('CASV(Koster, Hitchcock)');
  await expect(casv.locator('td').nth(2)).toHaveText('0.2500');
  await expect(casv.locator('td').nth(3)).toHaveText('0.2500');
  // Step 2 shows each other attribute's co-occurrences and the four IRS variants agreeing.
  const inter = panel.getByTestId('walkthrough-inter');
  await expect(inter.locator('tbody tr')).toHaveCount(3);
  await expect(inter.locator('tbody tr').first()).toContainText(
    'IRSP 1.0000 · IRSU 1.0000 · IRSJ 1.0000',
  );
  // Changing the attribute resets the values to the new attribute's.
  await control('attribute').selectOption('Genre');
  await expect(casv).toContainText(/CASV\((Crime|Thriller|Comedy), (Crime|Thriller|Comedy)\)/);
});
