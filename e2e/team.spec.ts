import { writeFileSync } from 'node:fs';
import {
  addPanel,
  chooseFile,
  expect,
  openApp,
  scatterOf,
  test,
  waitIdle,
  ALONE,
} from './fixtures.ts';
import { fiveThousandRowsCsv } from './generatedTables.ts';

interface TeamStats {
  steps: number;
  tasks: number;
  local: number;
  helped: number;
}

/**
 * The pool's workers form a team (issue 15, src/worker/teamLink.ts): a t-SNE's Barnes-Hut gradient
 * is split into tasks, and the idle worker takes some of them through shared memory (bound over
 * ports the page relays). Node's tests show the layout is identical whatever the team; this shows the
 * browser's workers really share the work.
 */
test(
  'a t-SNE splits its gradient with the idle worker of the pool',
  ALONE,
  async ({ page }, info) => {
    test.setTimeout(180_000);
    const file = info.outputPath('rows-5000.csv');
    writeFileSync(file, fiveThousandRowsCsv());
    await openApp(page);
    await chooseFile(page, file);
    await expect(page.getByTestId('summary')).toContainText('columns in rows-5000.csv');
    await waitIdle(page, 60_000);
    const projection = await addPanel(page, 'projection:cde');
    await expect(scatterOf(projection)).toHaveAttribute('data-points', '5000', {
      timeout: 150_000,
    });
    await expect(projection.getByTestId('projection-view')).toHaveAttribute('data-state', 'done', {
      timeout: 150_000,
    });
    const stats = await page.evaluate(() =>
      (
        globalThis as unknown as { explorerTeamStats: () => Promise<TeamStats[]> }
      ).explorerTeamStats(),
    );
    const caller = stats.find((s) => s.steps > 0);
    expect(caller, JSON.stringify(stats)).toBeDefined();
    // P's calibration (rows in chunks of 1,024), then 1,000 iterations and the final Z, each two
    // steps: the tree and the attraction in chunks of 128 points, then the repulsion.
    expect(caller?.steps).toBe(2003);
    const helped = stats.reduce((sum, s) => sum + s.helped, 0);
    info.annotations.push({ type: 'team', description: JSON.stringify(stats) });
    // Every task was run once: by the caller or by a helper.
    expect(helped + (caller?.local ?? 0)).toBe(caller?.tasks);
    expect(helped).toBeGreaterThan(0.1 * (caller?.tasks ?? 0));
  },
);
