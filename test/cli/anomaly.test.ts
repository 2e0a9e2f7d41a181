/**
 * The anomaly workflow's CLI commands as a user runs them (issue 11's "Done when"): the DILCA
 * model of contact-lenses' normal class as printed in Fig. 2 / Table I, SAnDCat's Table IV
 * protocol, all six detectors, and CBRW's worked example. The named commands are aliases of
 * `run` (issue 27): each prints exactly what `run` prints for the same call.
 */
import { describe, expect, it } from 'vitest';
import { cli } from './cliRun.ts';

const data = (file: string) => `public/datasets/${file}`;

interface Table {
  columns: { key: string; title: string }[];
  rows: Record<string, unknown>[];
  notes: string[];
}

function parsed(run: { code: number; stdout: string; stderr: string }) {
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as {
    options: Record<string, unknown>;
    results: Record<string, unknown>;
  };
}

/** The output without its timings, which differ between two runs of the same call. */
function untimed(stdout: string): unknown {
  return JSON.parse(stdout, (key, value: unknown) => (key === 'seconds' ? 0 : value));
}

describe('CLI: anomaly workflow', () => {
  it('dilca prints the normal class’s contexts and distance matrices (Fig. 2, Table I)', async () => {
    const args = [data('contact-lenses.csv'), '--class', 'contact-lenses', '--fit-class', 'none'];
    const run = await cli('dilca', ...args, '--matrices');
    const json = parsed(run);
    const contexts = json.results.contexts as Table;
    expect(contexts.columns[1]?.title).toBe('context — contact-lenses = none, 15 rows');
    const context = (a: string) =>
      String(contexts.rows.find((r) => r.attribute === a)?.context ?? '')
        .split(', ')
        .map((c) => c.replace(/ \(SU .*\)$/, ''));
    expect(context('age')).toEqual(['tear-prod-rate']);
    expect(context('spectacle-prescrip')).toEqual(['astigmatism', 'tear-prod-rate']);
    expect(context('tear-prod-rate')).toEqual(['age', 'spectacle-prescrip']);
    // Table I: age's distances, the first 3 × 3 block of the value matrix (values in file order).
    const { matrix } = json.results.distances as { matrix: (number | null)[][] };
    const round = (x: number | null | undefined) => (x == null ? x : Number(x.toFixed(4)));
    expect(matrix.slice(0, 3).map((row) => row.slice(0, 3).map(round))).toEqual([
      [0, 0.2357, 0.4714],
      [0.2357, 0, 0.2357],
      [0.4714, 0.2357, 0],
    ]);
    expect(round(matrix[3]?.[4])).toBe(0.2202);
    const impact = (json.results.modelImpact as { values: Record<string, number> }).values;
    expect(round(impact['tear-prod-rate'])).toBe(0.668);
    // The abnormal model: every other class.
    const other = parsed(await cli('dilca', ...args, '--fit-side', 'other'));
    const otherContexts = other.results.contexts as Table;
    expect(otherContexts.rows[3]?.context).toMatch(/^age \(SU/);
    // The alias prints what run prints.
    expect(untimed((await cli('run', 'dilca', ...args)).stdout)).toEqual(
      untimed((await cli('dilca', ...args)).stdout),
    );
  });

  it('sandcat runs the Table IV protocol and prints the paper’s value beside ours', async () => {
    const run = await cli('sandcat', data('vote.csv'), '--class', 'Class', '--seed', '1');
    const json = parsed(run);
    expect(json.options).toMatchObject({ detectors: 'sandcat', heuristic: 'maxdtk', k: 40 });
    const table = json.results.table as Table;
    // Missing values read as the column mode (Sec. V): all 267 democrats stay.
    expect(table.notes.join(' ')).toMatch(/normal: democrat \(267\); abnormal: 8 objects/);
    expect(table.notes[0]).toMatch(/shape of Vote in Ienco et al\. 2016/);
    const [row] = table.rows as { paper: number; auc: { mean: number; sd: number } }[];
    expect(row?.paper).toBe(0.9762);
    // 10 samples of 8 abnormal votes each: one mean AUC per sample.
    const samples = json.results.samples as Table;
    expect(Object.keys(samples.rows[0] ?? {}).filter((k) => /^s\d+$/.test(k))).toHaveLength(10);
    // A user's --missing wins over the protocol's mode.
    const dropped = parsed(
      await cli('sandcat', data('vote.csv'), '--class', 'Class', '--missing', 'drop'),
    );
    expect((dropped.results.table as Table).notes.join(' ')).toMatch(/normal: democrat \(124\)/);
  });

  it('outliers runs all six detectors on the same splits', async () => {
    const args = [data('breast-cancer.csv'), '--class', 'Class', '--samples', '2', '--seed', '3'];
    const json = parsed(await cli('outliers', ...args));
    const table = json.results.table as Table;
    expect(table.notes.join(' ')).toMatch(/abnormal: 6 objects/);
    const rows = table.rows as { method: string; auc: { mean: number } }[];
    expect(rows.map((r) => r.method)).toEqual([
      'sandcat',
      'cosh',
      'cbrw',
      'zero',
      'lof-of',
      'iforest',
    ]);
    for (const r of rows) expect(r.auc.mean).toBeGreaterThanOrEqual(0);
    const unknown = await cli(
      'outliers',
      data('breast-cancer.csv'),
      '--class',
      'Class',
      '--methods',
      'sandcat,svm',
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /“svm” is not one of sandcat, cosh, cbrw, zero, lof-of, iforest/,
    );
  });

  it('cbrw prints the worked example’s scores and feature weights', async () => {
    const json = parsed(
      await cli('cbrw', data('cbrw-example.csv'), '--class', 'Cheat?', '--tol', '1e-12'),
    );
    const scores = (json.results.scores as { scores: number[] }).scores;
    expect(scores[0]).toBeCloseTo(0.105763, 6);
    expect(scores.at(-1)).toBeCloseTo(0.089002, 6);
    const weights = (json.results.featureWeights as { values: Record<string, number> }).values;
    expect(weights.Gender).toBeCloseTo(0.160659, 6);
    expect(weights.Education).toBeCloseTo(0.262316, 6);
    expect(weights.Marriage).toBeCloseTo(0.282682, 6);
    expect(weights.Income).toBeCloseTo(0.294343, 6);
  });
});
