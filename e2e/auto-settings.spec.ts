import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { addProjection, expect, openApp, showSettings, test } from './fixtures.ts';

/** A UMAP of zoo's CDE embedding takes a few seconds; the machine may be shared. */
const RUN = { timeout: 60_000 } as const;

/** No serious or critical axe finding in the panel's settings. */
async function accessible(page: Page, panel: Locator): Promise<void> {
  const id = await panel.getAttribute('id');
  // Only the violations are read (axe details no passing element); the app has no frames, so
  // axe runs in the page, without the blank page it otherwise opens at every scan.
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  const results = await (id ? builder.include(`#${id}`) : builder).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/**
 * Issues 48 and 49: a UMAP panel's settings and status agree. Its epochs are "auto" — umap-learn's
 * default, 500 for zoo's 101 objects — shown as "auto (500)" once run, never as "epochs 0".
 */
test('a UMAP panel shows its epochs as auto with the number it ran, never as 0', async ({
  page,
}) => {
  await openApp(page);
  const panel = await addProjection(page, 'cde', 'umap');
  const view = panel.getByTestId('projection-view');
  await expect(view).toHaveAttribute('data-state', 'done', RUN);
  await expect(panel.getByTestId('projection-status')).toContainText('500 epochs');
  const auto = panel.getByRole('checkbox', { name: 'UMAP epochs auto' });
  await expect(auto).toBeChecked();
  const epochs = panel.getByTestId('auto-number UMAP epochs');
  await expect(epochs).toHaveText('epochsauto (500)');
  await expect(panel).not.toContainText(/epochs 0\b/);
  await expect(panel.getByLabel('UMAP epochs', { exact: true })).toHaveCount(0);
  await accessible(page, panel);

  // Unticked, the field starts at the number that ran; a number of one's own is then named.
  await auto.uncheck();
  const field = panel.getByLabel('UMAP epochs', { exact: true });
  await expect(field).toHaveValue('500');
  await accessible(page, panel);
  await field.fill('60');
  await field.press('Enter');
  await expect(panel.getByTestId('projection-status')).toContainText('60 epochs', RUN);
  await expect(auto).not.toBeChecked();
  await panel.locator('.settings-toggle').click();
  await expect(panel.getByTestId('settings-summary')).toContainText('epochs 60');

  // Ticked again: auto, and the 500 it picks.
  await showSettings(panel);
  await auto.check();
  await expect(epochs).toHaveText('epochsauto (500)', RUN);
  await expect(panel.getByTestId('projection-status')).toContainText('500 epochs');
  await panel.locator('.settings-toggle').click();
  await expect(panel.getByTestId('settings-summary')).not.toContainText('epochs');
});
