import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { addPanel, expect, openApp, test, waitIdle, type PanelChoice } from './fixtures.ts';
import type { ViewId } from '../src/app/model/viewIds.ts';
import { VIEW_IDS } from '../src/app/model/viewIds.ts';

/**
 * Issue 28: an automated accessibility scan (axe-core) finds no serious or critical violation on
 * any view, in the light and the dark theme. Views are scanned a few to a page load: each group
 * opens a small sample, adds its panels, waits for their results, then axe scans the whole page
 * in the light theme and, for the colour rules, again after the system's scheme turns dark.
 */

const RESULT = { timeout: 60_000 } as const;

type Scheme = 'light' | 'dark';

interface Group {
  name: string;
  sample: string;
  /** Adds the group's panels and waits until each shows its result. */
  open(page: Page): Promise<void>;
  views: ViewId[];
  /** Then the page is changed (another layout) and scanned again. */
  then?: { name: string; run(page: Page): Promise<void> };
}

/** Adds a panel and returns it. */
async function add(page: Page, choice: PanelChoice): Promise<Locator> {
  return addPanel(page, choice);
}

const GROUPS: Group[] = [
  {
    name: 'a guided tour, its card and highlights',
    sample: 'zoo.csv',
    views: [],
    async open(page) {
      await page.getByTestId('tour-start-seed-002').click();
      for (let step = 1; step < 3; step++) await page.keyboard.press('ArrowRight');
      await expect(page.getByTestId('tour-progress')).toHaveText(/^Step 3 of/, RESULT);
      await expect(page.getByTestId('tour-highlight').first()).toBeVisible(RESULT);
    },
  },
  {
    // The smallest paper table with a class: every data and value view, with few cells for axe
    // to walk (zoo's heatmaps have ~2,000 cells; the scan outlasted its 3 minutes on a busy
    // machine). The views' markup does not depend on the table's size.
    name: 'data and value views',
    sample: 'contact-lenses.csv',
    views: ['summary', 'cooccurrence', 'su', 'rows', 'value-matrices', 'value-partitions'],
    async open(page) {
      for (const view of ['summary', 'cooccurrence', 'su'] as const)
        if ((await page.getByTestId(`panel-${view}`).count()) === 0) await add(page, view);
      const rows = await add(page, 'rows');
      const matrices = await add(page, 'value-matrices:cde');
      const clusters = await add(page, 'value-partitions:cde');
      await expect(
        page.getByTestId('panel-cooccurrence').locator('rect.cell').first(),
      ).toBeAttached(RESULT);
      await expect(rows.getByTestId('rows-table')).toBeVisible(RESULT);
      await expect(matrices.locator('.heatmap').first()).toBeVisible(RESULT);
      await expect(clusters.getByTestId('cluster-summary')).toContainText(/granularities/, RESULT);
    },
  },
  {
    name: 'projection, ranking and impact',
    sample: 'contact-lenses.csv',
    views: ['projection', 'ranking', 'impact'],
    async open(page) {
      const projection = await add(page, 'projection:cde');
      const ranking = await add(page, 'ranking:cosh');
      const impact = await add(page, 'impact:sandcat');
      await expect(projection.getByTestId('projection-view')).toHaveAttribute(
        'data-state',
        'done',
        RESULT,
      );
      await expect(ranking.getByTestId('outlier-table')).toBeVisible(RESULT);
      await expect(impact.locator('.word-cloud svg text').first()).toBeVisible(RESULT);
    },
  },
  {
    // Run all on the smallest sample (14 rows, ~7 s): the board with every method's numbers.
    name: 'the results board after Run all',
    sample: 'weather.nominal.csv',
    views: ['results-board'],
    async open(page) {
      await page.getByRole('button', { name: 'Run all', exact: true }).click();
      const text = page.getByTestId('run-all-text').first();
      await expect
        .poll(async () => {
          const [ended, total] =
            ((await text.textContent()) ?? '').match(/\d+/g)?.map(Number) ?? [];
          return ended !== undefined && ended === total;
        }, RESULT)
        .toBe(true);
      await expect(page.getByTestId('board-table')).toBeVisible();
    },
    then: {
      name: 'the compare layout',
      async run(page) {
        await page.getByRole('button', { name: 'Compare', exact: true }).click();
        const workspace = page.getByTestId('compare-workspace');
        await expect(workspace.locator('[data-testid^="compare-scatter-"]').first()).toBeVisible(
          RESULT,
        );
        await waitIdle(page, RESULT.timeout);
      },
    },
  },
  {
    name: 'training, coupling spaces and a comparison',
    sample: 'contact-lenses.csv',
    views: ['untie-training', 'coupling-spaces', 'comparison'],
    async open(page) {
      const training = await add(page, 'untie-training:untie');
      const spaces = await add(page, 'coupling-spaces:couplings');
      const curves = await add(page, 'comparison:eps-gamma');
      await curves.getByRole('button', { name: 'Run (ε,γ)-curves' }).click();
      await expect(training.getByTestId('untie-training')).toHaveAttribute(
        'data-state',
        'done',
        RESULT,
      );
      await expect(curves.getByTestId('curves-chart')).toBeVisible(RESULT);
      await expect(spaces.getByTestId('coupling-table')).toBeVisible(RESULT);
    },
    then: {
      name: 'the Add panel menu, searched',
      async run(page) {
        await page.getByTestId('add-panel-button').click();
        await page.getByRole('dialog', { name: 'Add a panel' }).getByRole('combobox').fill('cde');
        await expect(page.locator('[data-choice="value-matrices:cde"]')).toBeVisible();
      },
    },
  },
  {
    name: 'two objects compared, neighbours and a walk-through',
    sample: 'movie.csv',
    views: ['pair', 'neighbours', 'walkthrough'],
    async open(page) {
      const rows = await add(page, 'rows');
      const pair = await add(page, 'pair:cas');
      const neighbours = await add(page, 'neighbours:hamming');
      const walk = await add(page, 'walkthrough:cas-walkthrough');
      await expect(pair.getByTestId('pair-empty')).toBeVisible(RESULT);
      await rows.locator('tr[data-row="1"]').click();
      await rows.getByRole('checkbox', { name: /only selected objects/ }).uncheck();
      await rows.locator('tr[data-row="2"]').click({ modifiers: ['Control'] });
      await expect(pair.getByTestId('pair-table')).toBeVisible(RESULT);
      await expect(neighbours.getByTestId('neighbours-table')).toBeVisible(RESULT);
      await expect(walk.getByTestId('walkthrough')).toBeVisible(RESULT);
    },
  },
];

test('every view is scanned', () => {
  const scanned = new Set(GROUPS.flatMap((g) => g.views));
  expect(VIEW_IDS.filter((v) => !scanned.has(v))).toEqual([]);
});

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One line per rule and element a person can act on: rule, impact, element and why. */
function lines(violations: Violation[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact}) ${n.target.join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ')}`,
    ),
  );
}

/**
 * The rules a theme can change: the colours of text and links against what is behind them.
 * Everything else axe checks (names, roles, labels, order) is the same markup in both themes.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Scans the page (every rule, or the given ones); fails with one line per serious or critical
 * violation.
 */
async function scan(page: Page, what: string, rules?: string[]): Promise<void> {
  // Only the violations are read: axe details no passing or inapplicable element (every rule
  // still runs on every element). The app has no frames: axe runs in the page itself, without
  // the blank page it would otherwise open to merge the frames' results, once per scan.
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  const results = await (rules ? builder.withRules(rules) : builder).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  // Moderate and minor findings do not fail the scan; they are listed with the test's results.
  for (const line of lines(results.violations.filter((v) => !serious.includes(v))))
    test
      .info()
      .annotations.push({ type: 'axe (moderate or minor)', description: `${what}: ${line}` });
  expect(lines(serious), `serious or critical axe violations: ${what}`).toEqual([]);
}

/**
 * Scans the page in the light theme with every rule, then — switched live, as a user's system
 * would — the dark theme's colours (the markup is the same; a full second scan doubled the
 * file's time).
 */
async function scanBoth(page: Page, what: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as Scheme[]) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await scan(page, `${what}, ${scheme}`, scheme === 'dark' ? COLOUR_RULES : undefined);
  }
}

// One page per group, scanned in both themes: the views' results are computed once.
for (const group of GROUPS)
  test(`axe, light and dark: ${group.name}${group.views.length ? ` (${group.views.join(', ')})` : ''} on ${group.sample}`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme: 'light' });
    await openApp(page, group.sample);
    await group.open(page);
    await waitIdle(page, RESULT.timeout);
    await scanBoth(page, group.name);
    if (group.then) {
      await group.then.run(page);
      await scanBoth(page, group.then.name);
    }
  });
