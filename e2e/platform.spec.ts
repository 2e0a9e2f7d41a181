import type { Locator, Page } from '@playwright/test';
import {
  addPanel,
  addProjection,
  expect,
  leadingNumber,
  openApp,
  scatterOf,
  setNumber,
  test,
  waitIdle,
  ALONE,
  showSettings,
} from './fixtures.ts';
import { threadNames, threadOf, traceEventsOf } from './trace.ts';

/**
 * The method platform in the app: results are kept by call and shared by every panel asking for
 * the same call, computed in a pool of workers (independent calls in parallel), with per-panel
 * settings and a cancel that can be undone.
 */

/** Soybean's computations (CDE, COSH, t-SNE of 562 objects) get this long. */
const RUN = { timeout: 60_000 } as const;
/** Soybean in the explorer: dropping rows would lose 18 %, so missing is its own value. */
const SOYBEAN_ROWS = 683;

/** How many times each method was really computed, summed over the pool's workers. */
function explorerStats(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() =>
    (window as unknown as { explorerStats(): Promise<Record<string, number>> }).explorerStats(),
  );
}

function titleOf(panel: Locator): Locator {
  return panel.getByRole('heading', { level: 2 });
}

function stateOf(panel: Locator): Locator {
  return panel.getByTestId('projection-view');
}

test('soybean: value matrices, a ranking and two projections of CDE at once compute CDE once', async ({
  page,
}) => {
  await openApp(page, 'soybean.csv');
  // The preview server sends COOP/COEP: the workers share the table through SharedArrayBuffer.
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  const matrices = await addPanel(page, 'value-matrices:cde');
  const ranking = await addPanel(page, 'ranking:cosh');
  const tsne = await addProjection(page, 'cde');
  const mds = await addProjection(page, 'cde', 'mds');
  await expect(titleOf(matrices)).toHaveText('Value matrices — CDE');
  await expect(titleOf(ranking)).toHaveText('Outlier ranking — COSH');
  await expect(titleOf(tsne)).toHaveText('Projection (t-SNE, UMAP, MDS, PCA) — t-SNE of CDE');
  await expect(titleOf(mds)).toHaveText('Projection (t-SNE, UMAP, MDS, PCA) — MDS of CDE');

  // Every panel finishes and shows its result.
  const mo = matrices.getByTestId('mo-heatmap');
  await expect(mo).toHaveAttribute('data-cells', /^[1-9]\d*$/, RUN);
  const cells = Number(await mo.getAttribute('data-cells'));
  await expect(matrices.getByTestId('mc-heatmap')).toHaveAttribute('data-cells', String(cells));
  await expect(ranking.getByTestId('outlier-table').locator('tbody tr')).toHaveCount(25, RUN);
  for (const panel of [tsne, mds]) {
    await expect(stateOf(panel)).toHaveAttribute('data-state', 'done', RUN);
    await expect(scatterOf(panel)).toHaveAttribute('data-points', String(SOYBEAN_ROWS));
  }
  await expect(tsne.getByTestId('projection-status')).toContainText(/^CDE \(\d+ dims\) · .*t-SNE/);
  await expect(mds.getByTestId('projection-status')).toContainText(
    /^CDE \(\d+ dims\) · classical \(Torgerson\) MDS/,
  );
  await waitIdle(page, RUN.timeout);

  // One CDE behind three panels (the pool hands it to the worker that needs it), one COSH,
  // one t-SNE and one MDS.
  const stats = await explorerStats(page);
  expect(stats.cde, JSON.stringify(stats)).toBe(1);
  expect(stats.cosh, JSON.stringify(stats)).toBe(1);
  expect(stats.tsne, JSON.stringify(stats)).toBe(1);
  expect(stats.mds, JSON.stringify(stats)).toBe(1);
});

interface Sample {
  panel: number;
  t: number;
  state: string;
  iteration: number | null;
}

test(
  'two t-SNEs of different representations run at the same time on different workers',
  ALONE,
  async ({ page, browser }) => {
    test.setTimeout(120_000);
    const ITERATIONS = 5000;
    await openApp(page, 'soybean.csv');
    const onehot = await addProjection(page, 'onehot');
    const idf = await addProjection(page, 'idf');
    // Their first (1000-iteration) runs: the representations are computed and cached.
    for (const panel of [onehot, idf])
      await expect(stateOf(panel)).toHaveAttribute('data-state', 'done', RUN);
    await waitIdle(page, RUN.timeout);

    // Record, in the page, every state and iteration each panel shows, with its time.
    await page.evaluate(() => {
      const samples: Sample[] = [];
      (window as unknown as { __samples: Sample[] }).__samples = samples;
      const last: (Sample | undefined)[] = [];
      const views = [...document.querySelectorAll<HTMLElement>('[data-testid="projection-view"]')];
      const look = () => {
        const t = performance.now();
        views.forEach((view, panel) => {
          const status = view.querySelector('[data-testid="projection-status"]')?.textContent ?? '';
          const match = /iteration (\d+)\//.exec(status);
          const state = view.dataset.state ?? '';
          const iteration = match ? Number(match[1]) : null;
          const previous = last[panel];
          if (previous?.state === state && previous.iteration === iteration) return;
          last[panel] = { panel, t, state, iteration };
          samples.push(last[panel]);
        });
      };
      new MutationObserver(look).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    });
    // A trace of every thread shows which workers were busy.
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });

    // Both panels get a long run: typed into both, then committed one right after the other.
    await showSettings(page);
    const fields = [onehot, idf].map((p) => p.getByLabel('t-SNE iterations'));
    for (const field of fields) await field.fill(String(ITERATIONS));
    for (const field of fields) await field.press('Enter');
    for (const panel of [onehot, idf]) {
      await expect(titleOf(panel)).toContainText(`t-SNE (iterations ${ITERATIONS}) of`);
      await expect(stateOf(panel)).toHaveAttribute('data-state', 'done', RUN);
      await expect(panel.getByTestId('projection-status')).toContainText(
        `${ITERATIONS} iterations`,
      );
    }
    const trace = traceEventsOf(await browser.stopTracing());

    const samples = await page.evaluate(
      () => (window as unknown as { __samples: Sample[] }).__samples,
    );
    const animating = [0, 1].map((panel) =>
      samples.filter((s) => s.panel === panel && s.state === 'animating'),
    );
    const spans = animating.map((a) => {
      expect(a.length, 'animation frames recorded').toBeGreaterThan(10);
      return { from: (a[0] as Sample).t, to: (a[a.length - 1] as Sample).t };
    });
    const [a, b] = spans as [{ from: number; to: number }, { from: number; to: number }];
    const overlap = { from: Math.max(a.from, b.from), to: Math.min(a.to, b.to) };
    const shorter = Math.min(a.to - a.from, b.to - b.from);
    const report = JSON.stringify({ spans, overlap });
    // Both animated during one long common interval: one did not wait for the other.
    expect(overlap.to - overlap.from, report).toBeGreaterThan(500);
    expect(overlap.to - overlap.from, report).toBeGreaterThan(shorter / 2);
    // And both moved on inside it: several distinct iterations of each in the common interval.
    for (const panel of [0, 1]) {
      const inside = new Set(
        (animating[panel] as Sample[])
          .filter((s) => s.t >= overlap.from && s.t <= overlap.to)
          .map((s) => s.iteration),
      );
      expect(inside.size, `panel ${panel}: ${report}`).toBeGreaterThan(5);
    }

    // Two different worker threads did the work (one worker interleaving both would leave the
    // other idle): each was busy for a good part of a run.
    const names = threadNames(trace);
    const busy = new Map<string, number>();
    for (const e of trace) {
      const thread = threadOf(e);
      if (e.ph === 'X' && e.name === 'RunTask' && /Worker/.test(names.get(thread) ?? ''))
        busy.set(thread, (busy.get(thread) ?? 0) + (e.dur ?? 0) / 1000);
    }
    test.info().annotations.push({
      type: 'parallel t-SNEs',
      description: `animating ${spans.map((s) => `${Math.round(s.from)}–${Math.round(s.to)} ms`).join(' and ')}; worker threads busy ${[...busy.values()].map((ms) => `${Math.round(ms)} ms`).join(', ')}`,
    });
    const busyWorkers = [...busy.values()].filter((ms) => ms > shorter / 3);
    expect(busyWorkers.length, JSON.stringify([...busy])).toBeGreaterThanOrEqual(2);
  },
);

test('two panels of one method with different settings show their own results side by side', async ({
  page,
}) => {
  // On zoo (as on every sample) CDE stops at the same granularity for α = 10 and α = 30; α = 3
  // tolerates fewer removed one-value clusters and stops elsewhere.
  await openApp(page);
  const at10 = await addPanel(page, 'value-partitions:cde');
  const at3 = await addPanel(page, 'value-partitions:cde');
  const summary10 = at10.getByTestId('cluster-summary');
  const summary3 = at3.getByTestId('cluster-summary');
  await expect(summary10).toContainText(/^\d+ granularities/, RUN);
  await showSettings(at3);
  await setNumber(at3.getByLabel('CDE alpha'), 3);
  await expect(titleOf(at10)).toHaveText('Value clusters — CDE');
  await expect(titleOf(at3)).toHaveText('Value clusters — CDE (α 3)');
  await expect(summary3).toContainText(/^\d+ granularities/, RUN);
  await waitIdle(page, RUN.timeout);

  // Both are shown, each with its own α and its own granularities.
  await expect(at10.getByLabel('CDE alpha')).toHaveValue('10');
  await expect(at3.getByLabel('CDE alpha')).toHaveValue('3');
  await expect(summary10).toBeVisible();
  const [text10, text3] = [await summary10.textContent(), await summary3.textContent()];
  const [g10, g3] = [await leadingNumber(summary10), await leadingNumber(summary3)];
  expect(g10).toBeGreaterThan(0);
  expect(g3, `${text10} / ${text3}`).not.toBe(g10);
  for (const [panel, g] of [
    [at10, g10],
    [at3, g3],
  ] as const)
    await expect(panel.getByTestId('value-clusters').locator('rect.cell')).toHaveCount(36 * g);
  // α 30 is a third call, computed on its own, though its result equals α 10's.
  await showSettings(at3);
  await setNumber(at3.getByLabel('CDE alpha'), 30);
  await expect(titleOf(at3)).toHaveText('Value clusters — CDE (α 30)');
  await expect(summary3).toHaveText(text10 ?? '', RUN);
  await expect(summary10).toHaveText(text10 ?? '');
  expect((await explorerStats(page)).cde).toBe(3);
});

test(
  'cancel a running t-SNE: the panel says so, and Run computes it to the end',
  ALONE,
  async ({ page }) => {
    const ITERATIONS = 6000;
    await openApp(page, 'soybean.csv');
    const panel = await addProjection(page, 'onehot');
    await showSettings(panel);
    await setNumber(panel.getByLabel('t-SNE iterations'), ITERATIONS);
    const name = `t-SNE (iterations ${ITERATIONS}) of 0-1`;
    await expect(titleOf(panel)).toHaveText(`Projection (t-SNE, UMAP, MDS, PCA) — ${name}`);
    await expect(stateOf(panel)).toHaveAttribute('data-state', 'animating', RUN);
    const job = panel.getByTestId('job');
    await expect(job).toContainText(name);
    await job.getByTestId('cancel-job').click();

    const status = panel.getByTestId('method-status');
    await expect(status).toHaveText(`${name}: cancelled.`);
    await expect(job).toHaveCount(0);
    await expect(stateOf(panel)).toHaveAttribute('data-state', 'idle');
    await expect(scatterOf(panel)).toHaveCount(0);
    // It stays cancelled (nothing restarts it behind the user's back).
    await page.waitForTimeout(1_000);
    await expect(status).toHaveText(`${name}: cancelled.`);

    await panel.getByRole('button', { name: `Run ${name}` }).click();
    await expect(status).toHaveCount(0);
    await expect(stateOf(panel)).toHaveAttribute('data-state', 'animating', RUN);
    await expect(stateOf(panel)).toHaveAttribute('data-state', 'done', RUN);
    await expect(scatterOf(panel)).toHaveAttribute('data-points', String(SOYBEAN_ROWS));
    await expect(panel.getByTestId('projection-status')).toContainText(`${ITERATIONS} iterations`);
    await expect(panel.getByTestId('projection-status')).toContainText(/KL \d\.\d{3}/);
  },
);

test(
  'a t-SNE cancelled because its panel moved on is computed for a panel opened later',
  ALONE,
  async ({ page }) => {
    await openApp(page, 'soybean.csv');
    // The panel starts a t-SNE of CDE and switches to PCA at once: the t-SNE is cancelled before
    // it could finish (it was never computed).
    const pca = await addProjection(page, 'cde', 'pca');
    await expect(stateOf(pca)).toHaveAttribute('data-state', 'done', RUN);
    await waitIdle(page, RUN.timeout);
    expect((await explorerStats(page)).tsne ?? 0).toBe(0);
    // A new t-SNE panel of CDE runs it, instead of showing that cancel as its own.
    const tsne = await addProjection(page, 'cde');
    await expect(stateOf(tsne)).toHaveAttribute('data-state', 'done', RUN);
    await expect(tsne.getByTestId('method-status')).toHaveCount(0);
    await expect(scatterOf(tsne)).toHaveAttribute('data-points', String(SOYBEAN_ROWS));
    await expect(tsne.getByTestId('projection-status')).toContainText('t-SNE');
    expect((await explorerStats(page)).tsne).toBe(1);
  },
);

test('outlier evaluation: the AUC of COSH matches the ranking panel’s, computed once', async ({
  page,
}) => {
  await openApp(page);
  const ranking = await addPanel(page, 'ranking:cosh');
  await showSettings(ranking);
  await ranking.getByLabel('Outlier class').selectOption('insect');
  const auc = ranking.getByTestId('ranking-auc');
  await expect(auc).toHaveText(/^AUC \d\.\d{3} \(insect as outliers\)/, RUN);
  const ours = /^AUC (\d\.\d{3})/.exec((await auc.textContent()) ?? '')?.[1];

  const panel = await addPanel(page, 'comparison:evaluate-outliers');
  await expect(titleOf(panel)).toHaveText('Outlier evaluation');
  await showSettings(panel);
  await expect(panel.getByRole('checkbox', { name: 'COSH', exact: true })).toBeChecked();
  // Every detector is offered; COSH alone is the ranking's call.
  for (const other of ['SAnDCat', 'CBRW', 'ZERO++', 'LOF (OF distance)', 'Isolation forest'])
    await panel.getByRole('checkbox', { name: other, exact: true }).uncheck();
  const run = panel.getByRole('button', { name: 'Run outlier evaluation' });
  // No outlier class yet: it cannot run, and the panel says what to choose.
  await expect(run).toBeDisabled();
  await expect(panel.getByTestId('comparison-missing')).toHaveText(
    'Choose the class label whose objects are the outliers first.',
  );
  await panel.getByLabel('Outlier evaluation outlierClass').selectOption('insect');
  await expect(panel.getByTestId('comparison-missing')).toHaveCount(0);
  await run.click();
  const table = panel.getByTestId('evaluation-table');
  await expect(table).toBeVisible(RUN);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.getByTestId('auc-cosh')).toHaveText(ours ?? 'no AUC in the ranking');
  await expect(panel).toContainText('outliers: the 8 objects of class “insect”');
  // The ranking's AUC and the evaluation are one call: evaluated once, COSH computed once.
  const stats = await explorerStats(page);
  expect(stats['evaluate-outliers'], JSON.stringify(stats)).toBe(1);
  expect(stats.cosh, JSON.stringify(stats)).toBe(1);
});

test('a number a parameter refuses stays as typed with the reason beside it, and runs nothing', async ({
  page,
}) => {
  await openApp(page);
  const panel = await addPanel(page, 'projection:idf');
  await showSettings(panel);
  const perplexity = panel.getByLabel('t-SNE perplexity');
  await perplexity.fill('0.5');
  await perplexity.press('Enter');
  await expect(perplexity).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByRole('alert')).toHaveText(
    'perplexity must be a finite number ≥ 1 and ≤ 200, got 0.5',
  );
  await perplexity.fill('12');
  await perplexity.press('Enter');
  await expect(perplexity).toHaveAttribute('aria-invalid', 'false');
  await expect(panel.getByRole('heading')).toContainText('t-SNE (perplexity 12) of IDF');
});
