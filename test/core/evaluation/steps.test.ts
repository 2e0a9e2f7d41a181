/**
 * The clustering evaluation on every bundled data set with a class column: all representation
 * methods, 50 runs (so CDE is re-fitted with each of its seeds 0–49), never throws, and every
 * F-score is a number in [0, 1]. k is lowered, with a warning, where a representation has fewer
 * distinct objects than classes.
 */
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import { findResult } from '../../../src/core/platform/results.ts';
import { ExplorerSession } from '../../../src/core/platform/session.ts';
import { DATASETS, readDataset } from '../../helpers.ts';

const WITH_CLASS = DATASETS.filter((d) => d.classColumn !== null);

describe('evaluate-clustering on every bundled data set', () => {
  it.each(WITH_CLASS.map((d) => [d.file, d] as const))(
    '%s: CDE seeds 0–49 and the baselines',
    async (_file, d) => {
      const session = new ExplorerSession();
      await session.load([readDataset(d.file)], {}, { classColumn: d.classColumn, drop: d.drop });
      const output = runToEnd(
        session.runSteps({
          method: 'evaluate-clustering',
          options: { runs: 50 },
          inputs: {
            methods: ['cde', 'onehot', 'onehot-pca', 'idf', 'hamming'].map((method) => ({
              method,
            })),
          },
        }),
      );
      const table = findResult(output.results, 'table')?.result;
      expect(table?.rows).toHaveLength(5);
      for (const row of table?.rows ?? []) {
        const f = row.fscore as { mean: number; sd: number };
        expect(f.mean, String(row.title)).toBeGreaterThan(0);
        expect(f.mean).toBeLessThanOrEqual(1);
      }
      expect(table?.rows[0]?.fits).toBe(50);
      for (const w of output.warnings) expect(w).toMatch(/^k = \d+ lowered to \d+: /);
    },
  );
});

describe('evaluate-outliers with fits', () => {
  it('re-fits a seeded detector (isolation forest) for mean ± sd; CBRW is fitted once', async () => {
    const session = new ExplorerSession();
    await session.load([readDataset('zoo.csv')], {}, { classColumn: 'type' });
    const table = (fits: number) =>
      findResult(
        runToEnd(
          session.runSteps({
            method: 'evaluate-outliers',
            options: { outlierClass: 'amphibian', fits },
            inputs: { methods: [{ method: 'iforest' }, { method: 'cbrw' }] },
          }),
        ).results,
        'table',
      )!.result;
    const one = table(1);
    const five = table(5);
    const row = (t: typeof one, m: string) => t.rows.find((r) => r.method === m)!;
    expect(row(five, 'iforest').fits).toBe(5);
    expect(row(five, 'cbrw').fits).toBe(1);
    const forest = row(five, 'iforest').auc as { mean: number; sd: number };
    expect(forest.mean).toBeGreaterThan(0.5);
    expect(forest.mean).toBeLessThanOrEqual(1);
    expect(forest.sd).toBeGreaterThan(0);
    expect(row(five, 'cbrw').auc).toBe(row(one, 'cbrw').auc);
    expect(typeof row(one, 'iforest').auc).toBe('number');
  });
});
