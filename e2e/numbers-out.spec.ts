import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import Papa from 'papaparse';
import {
  addPanel,
  addProjection,
  dragBox,
  expect,
  exported,
  openApp,
  scatterOf,
  test,
  waitIdle,
} from './fixtures.ts';

/**
 * Every number out (issue 48): the matrix views export the numbers they are drawn from as CSV —
 * co-occurrence, SU, CDE's Mo and Mc, CDE's value clusters — with rows and columns named by
 * attribute and value, and each equals what the CLI prints for the same call on the same file.
 */

const run = promisify(execFile);
/** zoo's feature attributes (its 17th column, type, is the class). */
const ZOO_FEATURES = 16;

/** The CLI's JSON for a command on zoo (the sample the explorer opens with). */
function cliJson(...args: string[]): Promise<Record<string, unknown>> {
  // Each command runs once per worker: `run cde --matrices` serves two tests.
  const key = args.join(' ');
  let out = cliRuns.get(key);
  if (!out) {
    out = runCli(args);
    cliRuns.set(key, out);
  }
  return out;
}
const cliRuns = new Map<string, Promise<Record<string, unknown>>>();

async function runCli(args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run(
    process.execPath,
    // The explorer takes zoo's last column, type, as the class: the same reading here.
    ['--import', 'tsx', 'src/cli/main.ts', ...args, 'public/datasets/zoo.csv', '--class', 'type'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as Record<string, unknown>;
}

interface Value {
  attribute: string;
  label: string;
}

/** The exported CSV's rows (header first), every field as text. */
function csvRows(bytes: Buffer): string[][] {
  const parsed = Papa.parse<string[]>(bytes.toString('utf8').replace(/\r\n$/, ''), {
    skipEmptyLines: false,
  });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** A square CSV (naming cells, then one column per item) against the CLI's matrix. */
function expectSquare(
  rows: string[][],
  names: string[][],
  matrix: (number | null)[][],
  what: string,
): void {
  const [head, ...body] = rows as [string[], ...string[][]];
  const naming = names[0]?.length ?? 0;
  expect(
    body.map((r) => r.slice(0, naming)),
    `${what}: rows named`,
  ).toEqual(names);
  expect(head.slice(naming), `${what}: columns named`).toEqual(
    names.map((n) => (n.length === 2 ? `${n[0]} = ${n[1]}` : (n[0] as string))),
  );
  body.forEach((r, i) =>
    r.slice(naming).forEach((cell, j) => {
      const expected = matrix[i]?.[j];
      if (expected === null || expected === undefined || !Number.isFinite(expected))
        expect(cell, `${what} (${i}, ${j})`).toBe('');
      else if (Number.isInteger(expected))
        expect(Number(cell), `${what} (${i}, ${j})`).toBe(expected);
      // Real numbers computed in the page and in Node: equal up to round-off in the last bits.
      else
        expect(Math.abs(Number(cell) - expected), `${what} (${i}, ${j})`).toBeLessThanOrEqual(
          1e-12 * Math.max(1, Math.abs(expected)),
        );
    }),
  );
}

/** Co-occurrence, SU, Mo, Mc and CDE value clusters export the CLI’s numbers as CSV. */
async function matricesExportCliNumbers(page: Page): Promise<void> {
  const [counts, cde] = await Promise.all([cliJson('counts'), cliJson('run', 'cde', '--matrices')]);
  const values = (counts.values as Value[]).map((v) => [v.attribute, v.label]);
  const su = counts.su as { attributes: string[]; matrix: number[][] };
  const results = cde.results as Record<
    string,
    {
      matrix?: number[][];
      partitions?: { name: string; clusters: number[][]; dropped: number[][] }[];
    }
  >;

  const cooccurrence = await addPanel(page, 'cooccurrence');
  const coupling = await addPanel(page, 'su');
  const matrices = await addPanel(page, 'value-matrices:cde');
  const clusters = await addPanel(page, 'value-partitions:cde');
  await waitIdle(page, 60_000);
  await expect(matrices.getByTestId('mo-heatmap')).toBeVisible({ timeout: 60_000 });
  await expect(clusters.getByTestId('value-clusters')).toBeVisible({ timeout: 60_000 });

  expectSquare(
    csvRows(await exported(page, cooccurrence, 'CSV')),
    values,
    counts.cooccurrence as number[][],
    'co-occurrence',
  );
  expectSquare(
    csvRows(await exported(page, coupling, 'CSV')),
    su.attributes.map((a) => [a]),
    su.matrix,
    'SU',
  );

  // Mo and Mc: one CSV each, and the JSON holds both.
  const json = JSON.parse((await exported(page, matrices, 'JSON')).toString('utf8')) as {
    tables: { name: string; columns: string[]; rows: Record<string, unknown>[] }[];
  };
  const byName = (prefix: string) => {
    const t = json.tables.find((x) => x.name.startsWith(prefix));
    if (!t)
      throw new Error(`no table ${prefix} among ${json.tables.map((x) => x.name).join(', ')}`);
    return [
      t.columns,
      ...t.rows.map((r) => t.columns.map((c) => (r[c] === null ? '' : String(r[c])))),
    ];
  };
  expectSquare(byName('Mo'), values, results.mo?.matrix ?? [], 'Mo');
  expectSquare(byName('Mc'), values, results.mc?.matrix ?? [], 'Mc');

  // Value clusters: each value's cluster at each granularity, the CLI's clusters (kept ones
  // numbered by the grid; a value in a removed cluster left empty).
  const grid = csvRows(await exported(page, clusters, 'CSV'));
  const [head, ...body] = grid as [string[], ...string[][]];
  const partitions = results.granularities?.partitions ?? [];
  expect(head).toEqual(['attribute', 'value', ...partitions.map((p) => p.name)]);
  expect(body.map((r) => r.slice(0, 2))).toEqual(values);
  partitions.forEach((p, q) => {
    const column = body.map((r) => r[2 + q] ?? '');
    // The same grouping: values share a cluster number iff the CLI puts them in one cluster.
    for (const members of p.clusters) {
      const ids = new Set(members.map((v) => column[v]));
      expect(ids.size, `${p.name}: one cluster, one number`).toBe(1);
      expect([...ids][0], `${p.name}: a kept cluster is numbered`).not.toBe('');
    }
    const numbered = new Set(p.clusters.map((m) => column[m[0] as number]));
    expect(numbered.size, `${p.name}: distinct clusters, distinct numbers`).toBe(p.clusters.length);
    for (const members of p.dropped)
      for (const v of members) expect(column[v], `${p.name}: removed`).toBe('');
  });
}

/** The data summary’s CSV is the table shown. */
async function summaryCsvIsTheTable(page: Page): Promise<void> {
  const summary = page.getByTestId('panel-summary');
  await expect(summary.getByTestId('summary-column').first()).toBeVisible();
  const [head, ...body] = csvRows(await exported(page, summary, 'CSV')) as [
    string[],
    ...string[][],
  ];
  const shownHead = await summary.locator('table.columns thead th').allInnerTexts();
  expect(head).toEqual(shownHead.map((t) => t.trim()));
  const rows = summary.getByTestId('summary-column');
  expect(body).toHaveLength(await rows.count());
  for (const [i, row] of body.entries()) {
    const shown = rows.nth(i);
    const cells = shown.locator(':scope > td');
    expect(row[0]).toBe((await cells.nth(0).innerText()).trim());
    // The kind chosen in the dropdown, not every option run together.
    const kind = await cells
      .nth(1)
      .locator('select')
      .evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '');
    expect(row[1]).toBe(kind.trim());
    expect(row[3]).toBe((await cells.nth(3).innerText()).trim());
    expect(row[4]).toBe((await cells.nth(4).innerText()).trim());
    // Every value with its count: the bars shown are its first ones, in order.
    const listed = (row[5] ?? '').split('; ').map((x) => x.replace(/: [\d,]+$/, ''));
    const bars = await cells.nth(5).getByTestId('value-bar').allInnerTexts();
    expect(bars.length).toBeGreaterThan(0);
    expect(listed.slice(0, bars.length)).toEqual(bars.map((b) => b.trim()));
    expect(row[5]).toMatch(/^[^;]+: [\d,]+(; [^;]+: [\d,]+)*$/);
  }
}

// One page of zoo for both (zoo opens once): the summary as it opens, then the matrices added.
test('the data summary’s CSV is the table shown: one field a column, the chosen kind, values apart from their counts; co-occurrence, SU, Mo, Mc and CDE value clusters export the CLI’s numbers as CSV', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openApp(page);
  // The summary first, as the page opens: the panels added after it scroll it out of view.
  await test.step('the data summary’s CSV is the table shown: one field a column, the chosen kind, values apart from their counts', () =>
    summaryCsvIsTheTable(page));
  await test.step('co-occurrence, SU, Mo, Mc and CDE value clusters export the CLI’s numbers as CSV', () =>
    matricesExportCliNumbers(page));
});

interface JsonTable {
  name: string;
  columns: string[];
  rows: Record<string, string | number | null>[];
}

/** A panel's JSON export: its tables. */
async function exportedTables(page: Page, panel: Locator): Promise<JsonTable[]> {
  return (
    JSON.parse((await exported(page, panel, 'JSON')).toString('utf8')) as {
      tables: JsonTable[];
    }
  ).tables;
}

function tableNamed(tables: JsonTable[], name: string | RegExp): JsonTable {
  const t = tables.find((x) => (typeof name === 'string' ? x.name === name : name.test(x.name)));
  if (!t) throw new Error(`no table ${name} among ${tables.map((x) => x.name).join(', ')}`);
  return t;
}

test('word clouds and value-score bars export the numbers they draw: CBRW’s feature weights, value scores and an object’s terms, as the CLI prints them', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const cbrw = await cliJson('run', 'cbrw');
  const values = (cbrw.values as Value[]).map((v) => [v.attribute, v.label]);
  const results = cbrw.results as {
    featureWeights: { title: string; values: Record<string, number> };
    valueScores: { title: string; scores: number[] };
    scores: { scores: number[] };
    explanations: { attributes: string[]; rows: number[][] };
  };

  await openApp(page);
  const impact = await addPanel(page, 'impact:cbrw');
  const ranking = await addPanel(page, 'ranking:cbrw');
  await waitIdle(page, 60_000);
  await expect(impact.getByTestId('impact-cloud')).toHaveCount(1, { timeout: 60_000 });
  await expect(ranking.getByTestId('value-score-bars')).toBeVisible({ timeout: 60_000 });
  const explanation = ranking.getByTestId('explanation');
  await expect(explanation).toBeVisible();

  // The impact view's cloud: one row per attribute, in file order, its weight at full precision.
  const weights = tableNamed(await exportedTables(page, impact), results.featureWeights.title);
  expect(weights.columns).toEqual(['attribute', 'impact']);
  expect(weights.rows.map((r) => r.attribute)).toEqual(Object.keys(results.featureWeights.values));
  for (const r of weights.rows)
    expect(r.impact, String(r.attribute)).toBe(results.featureWeights.values[String(r.attribute)]);

  const tables = await exportedTables(page, ranking);
  // Value scores: every value (the bars show the top 30), in file order.
  const scores = tableNamed(tables, results.valueScores.title);
  expect(scores.columns).toEqual(['attribute', 'value', 'score']);
  expect(scores.rows.map((r) => [r.attribute, r.value])).toEqual(values);
  scores.rows.forEach((r, v) =>
    expect(r.score, `${r.attribute} = ${r.value}`).toBe(results.valueScores.scores[v]),
  );

  // The top object's explanation cloud: each word "attribute = value" with its term.
  const title = (await explanation.locator('h3').first().innerText()).trim();
  const line = Number(/^Why line ([\d,]+) scores/.exec(title)?.[1]?.replaceAll(',', ''));
  const row = line - 2;
  const top = Math.max(...results.scores.scores);
  expect(results.scores.scores[row], 'the cloud explains a top-ranked object').toBe(top);
  const terms = tableNamed(tables, title);
  expect(terms.columns).toEqual(['attribute', 'value', 'term']);
  const file = Papa.parse<string[]>(await readFile('public/datasets/zoo.csv', 'utf8'), {
    skipEmptyLines: true,
  }).data;
  const head = file[0] as string[];
  const cells = file[line - 1] as string[];
  expect(terms.rows.map((r) => [r.attribute, r.value])).toEqual(
    results.explanations.attributes.map((a) => [a, cells[head.indexOf(a)]]),
  );
  terms.rows.forEach((r, k) =>
    expect(r.term, String(r.attribute)).toBe(results.explanations.rows[row]?.[k]),
  );
});

test('UNTIE’s kernel-weight bars export every kernel space’s learned weight, as the CLI prints them', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const untie = await cliJson('run', 'untie');
  const spaces = (
    untie.results as {
      kernelWeights: {
        spaces: { attribute: string; space: string; kernel: string; weight: number }[];
      };
    }
  ).kernelWeights.spaces;
  await openApp(page);
  const panel = await addPanel(page, 'untie-training:untie');
  await expect(panel.getByTestId('untie-training')).toHaveAttribute('data-state', 'done', {
    timeout: 120_000,
  });
  await expect(panel.getByTestId('kernel-weights')).toBeVisible();
  const weights = tableNamed(await exportedTables(page, panel), 'kernel-space weights');
  expect(weights.columns).toEqual(['attribute', 'space', 'kernel', 'weight']);
  expect(weights.rows.map((r) => [r.attribute, r.space, r.kernel])).toEqual(
    spaces.map((s) => [s.attribute, s.space, s.kernel]),
  );
  // Learned in the page's worker and in Node: equal up to round-off in the last bits.
  weights.rows.forEach((r, p) => {
    const expected = spaces[p]?.weight ?? Number.NaN;
    expect(
      Math.abs(Number(r.weight) - expected),
      `${r.attribute} ${r.space} ${r.kernel}`,
    ).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
  });
});

// One page for both: the projection SAnDCat's objects are selected in is the PCA of one-hot whose
// coordinates are checked (before the selection), so zoo opens and the PCA runs once.
test('a projection exports every point’s coordinates at full precision: PCA of one-hot as the CLI prints it; SAnDCat’s impact view exports every selected object’s score and value impacts, and the cloud their mean, as the CLI prints them', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const sandcat = (await cliJson('run', 'sandcat')).results as {
    scores: { scores: number[] };
    distanceImpact: { title: string; attributes: string[]; rows: number[][] };
  };
  await openApp(page);
  const impact = await addPanel(page, 'impact:sandcat');
  const projection = await addProjection(page, 'onehot', 'pca');
  const scatter = scatterOf(projection);
  await expect(scatter).toHaveAttribute('data-points', '101', { timeout: 60_000 });
  await waitIdle(page, 60_000);
  await test.step('a projection exports every point’s coordinates at full precision: PCA of one-hot as the CLI prints it', () =>
    coordinatesAsCli(page, projection));
  await test.step('SAnDCat’s impact view exports every selected object’s score and value impacts, and the cloud their mean, as the CLI prints them', () =>
    sandcatImpactsAsCli(page, projection, impact, sandcat));
});

/** The impact inspector and cloud of every object, selected in the projection, against the CLI. */
async function sandcatImpactsAsCli(
  page: Page,
  projection: Locator,
  impact: Locator,
  sandcat: {
    scores: { scores: number[] };
    distanceImpact: { title: string; attributes: string[]; rows: number[][] };
  },
): Promise<void> {
  const close = (got: unknown, expected: number, what: string) =>
    expect(Math.abs(Number(got) - expected), what).toBeLessThanOrEqual(
      1e-12 * Math.max(1, Math.abs(expected)),
    );
  const scatter = scatterOf(projection);
  // Every object: more than the 50 the inspector lists.
  await dragBox(page, scatter, [0, 0, 1, 1]);
  await expect(projection.getByTestId('projection-selection')).toHaveText('101 objects selected');
  await expect(impact.getByTestId('impact-inspector')).toBeVisible({ timeout: 60_000 });

  const tables = await exportedTables(page, impact);
  // The inspector's table: the one listing objects by line.
  const inspector = tables.find((t) => t.columns[0] === 'line');
  if (!inspector) throw new Error('no table of objects');
  const attributes = sandcat.distanceImpact.attributes;
  expect(inspector.columns).toEqual([
    'line',
    'score',
    'rank',
    'type',
    ...attributes.flatMap((a) => [a, `${a} impact`]),
  ]);
  expect(inspector.rows).toHaveLength(101);
  const file = Papa.parse<string[]>(await readFile('public/datasets/zoo.csv', 'utf8'), {
    skipEmptyLines: true,
  }).data;
  const head = file[0] as string[];
  for (const r of inspector.rows) {
    const line = Number(r.line);
    const row = line - 2;
    close(r.score, sandcat.scores.scores[row] as number, `line ${line}: score`);
    attributes.forEach((a, k) => {
      expect(r[a], `line ${line}: ${a}`).toBe(file[line - 1]?.[head.indexOf(a)]);
      close(
        r[`${a} impact`],
        sandcat.distanceImpact.rows[row]?.[k] as number,
        `line ${line}: ${a}`,
      );
    });
  }
  // The distance cloud: each attribute's impact averaged over the selected objects.
  const cloud = tableNamed(tables, `${sandcat.distanceImpact.title} — 101 selected objects`);
  expect(cloud.columns).toEqual(['attribute', 'impact']);
  attributes.forEach((a, k) => {
    const mean = sandcat.distanceImpact.rows.reduce((s, r) => s + (r[k] as number), 0) / 101;
    expect(cloud.rows[k]?.attribute).toBe(a);
    expect(Math.abs(Number(cloud.rows[k]?.impact) - mean), a).toBeLessThanOrEqual(1e-12);
  });
}

/** With line 2 selected: line 4 added, the pair's CSV against CAS's CADO and CASO terms. */
async function pairTermsAsCli(page: Page, rows: Locator, pair: Locator): Promise<void> {
  const cas = await cliJson('run', 'cas');
  const results = cas.results as {
    cado: { title: string; tables: Record<string, number[][]> };
    caso: { title: string; tables: Record<string, number[][]> };
  };
  // A value's index within its attribute, in the CLI's order of the values.
  const local = new Map<string, number>();
  const seen = new Map<string, number>();
  for (const v of cas.values as Value[]) {
    const k = seen.get(v.attribute) ?? 0;
    local.set(`${v.attribute} = ${v.label}`, k);
    seen.set(v.attribute, k + 1);
  }
  await rows.getByRole('checkbox', { name: /only selected objects/ }).uncheck();
  await rows.locator('tr[data-row="2"]').click({ modifiers: ['Control'] });
  const table = pair.getByTestId('pair-table');
  await expect(table.locator('tbody tr')).toHaveCount(ZOO_FEATURES + 1);

  const [head, ...body] = csvRows(await exported(page, pair, 'CSV')) as [string[], ...string[][]];
  expect(head).toEqual(['attribute', 'line 2', 'line 4', results.cado.title, results.caso.title]);
  const terms = body.slice(0, ZOO_FEATURES);
  let cado = 0;
  let caso = 0;
  for (const [attribute, x, y, distance, similarity] of terms as string[][]) {
    const [i, j] = [local.get(`${attribute} = ${x}`), local.get(`${attribute} = ${y}`)];
    const d = results.cado.tables[attribute as string]?.[i as number]?.[j as number] as number;
    const s = results.caso.tables[attribute as string]?.[i as number]?.[j as number] as number;
    expect(Number(distance), `${attribute}: CADO term`).toBe(d);
    expect(Number(similarity), `${attribute}: CASO term`).toBe(s);
    cado += d;
    caso += s;
  }
  // The sums, at full precision too (added in the same order as the page).
  const total = body[ZOO_FEATURES] as string[];
  expect(Math.abs(Number(total[3]) - cado)).toBeLessThanOrEqual(1e-12);
  expect(Math.abs(Number(total[4]) - caso)).toBeLessThanOrEqual(1e-12);
  // Not rounded to the 4 digits shown.
  expect(terms.some((r) => /\.\d{6,}/.test(r[4] ?? ''))).toBe(true);
}

/** With line 2 selected: its neighbours' CSV against the distances of the CLI's CDE vectors. */
async function neighboursAsCli(page: Page, neighbours: Locator): Promise<void> {
  // The CLI's CDE of the first test (with --matrices, its vectors are the same).
  const cde = await cliJson('run', 'cde', '--matrices');
  const vectors = (cde.results as { embedding: { valueVectors: number[][] } }).embedding
    .valueVectors;
  const index = new Map((cde.values as Value[]).map((v, k) => [`${v.attribute} = ${v.label}`, k]));
  const file = Papa.parse<string[]>(await readFile('public/datasets/zoo.csv', 'utf8'), {
    skipEmptyLines: true,
  }).data;
  const head = file[0] as string[];
  // An object is the concatenation of its values' vectors.
  const vectorOf = (line: number) =>
    head
      .slice(0, ZOO_FEATURES)
      .flatMap((a, k) => vectors[index.get(`${a} = ${file[line - 1]?.[k]}`) as number] ?? []);
  const distance = (p: number[], q: number[]) =>
    Math.sqrt(p.reduce((s, x, k) => s + (x - (q[k] as number)) ** 2, 0));

  await expect(neighbours.getByTestId('neighbours-table').locator('tbody tr')).toHaveCount(10, {
    timeout: 60_000,
  });
  const [columns, ...listed] = csvRows(await exported(page, neighbours, 'CSV')) as [
    string[],
    ...string[][],
  ];
  expect(columns.slice(0, 2)).toEqual(['line', 'distance']);
  expect(listed).toHaveLength(10);
  const from = vectorOf(2);
  for (const [line, d] of listed) {
    const expected = distance(from, vectorOf(Number(line)));
    expect(Math.abs(Number(d) - expected), `line ${line}`).toBeLessThanOrEqual(
      1e-12 * Math.max(1, expected),
    );
  }
  // Not rounded to the 4 digits shown.
  expect(listed.some((r) => /\.\d{6,}/.test(r[1] ?? ''))).toBe(true);
}

// One page, one data table for both: line 2 selected for its neighbours, then line 4 added for
// the pair (as each did alone: click line 2, list every object, Ctrl-click line 4).
test('the neighbours view exports each neighbour’s distance at full precision: the Euclidean distance of CDE’s vectors as the CLI prints them; the pair view exports each attribute’s term at full precision: CAS’s CADO and CASO terms as the CLI prints them', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openApp(page);
  const rows = await addPanel(page, 'rows');
  const pair = await addPanel(page, 'pair:cas');
  const neighbours = await addPanel(page, 'neighbours:cde');
  await expect(pair.getByTestId('pair-empty')).toBeVisible({ timeout: 60_000 });
  await expect(neighbours.getByTestId('neighbours-empty')).toBeVisible({ timeout: 60_000 });
  await rows.locator('tr[data-row="0"]').click();
  await test.step('the neighbours view exports each neighbour’s distance at full precision: the Euclidean distance of CDE’s vectors as the CLI prints them', () =>
    neighboursAsCli(page, neighbours));
  await test.step('the pair view exports each attribute’s term at full precision: CAS’s CADO and CASO terms as the CLI prints them', () =>
    pairTermsAsCli(page, rows, pair));
});

/** A PCA of one-hot's exported coordinates, at full precision, against the CLI's. */
async function coordinatesAsCli(page: Page, projection: Locator): Promise<void> {
  const pca = await cliJson('run', 'pca', '--of', 'onehot');
  const layout = (pca.results as { layout: { rows: number[][] } }).layout.rows;
  await expect(scatterOf(projection)).toHaveAttribute('data-points', '101', { timeout: 60_000 });
  await expect(projection.getByTestId('projection-view')).toHaveAttribute('data-state', 'done');
  const coordinates = tableNamed(await exportedTables(page, projection), /coordinates$/);
  expect(coordinates.columns.slice(0, 3)).toEqual(['line', 'x', 'y']);
  expect(coordinates.rows.map((r) => r.line)).toEqual(layout.map((_, i) => i + 2));
  coordinates.rows.forEach((r, i) => {
    const [x, y] = layout[i] as [number, number];
    // Computed in the page's worker and in Node: equal up to round-off in the last bits.
    expect(Math.abs(Number(r.x) - x), `line ${r.line}: x`).toBeLessThanOrEqual(1e-9);
    expect(Math.abs(Number(r.y) - y), `line ${r.line}: y`).toBeLessThanOrEqual(1e-9);
  });
}
