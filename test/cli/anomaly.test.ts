/**
 * The anomaly workflow's CLI commands as a user runs them (issue 11's "Done when"): the DILCA
 * model of contact-lenses' normal class as printed in Fig. 2 / Table I, SAnDCat's Table IV
 * protocol, all six detectors, and CBRW's worked example.
 */
import { describe, expect, it } from 'vitest';
import { cli } from './cliRun.ts';

const data = (file: string) => `public/datasets/${file}`;

describe('CLI: anomaly workflow', () => {
  it('dilca prints the normal class’s contexts and distance matrices (Fig. 2, Table I)', async () => {
    const run = await cli(
      'dilca',
      data('contact-lenses.csv'),
      '--class',
      'contact-lenses',
      '--rows-where',
      'contact-lenses=none',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as {
      fittedOn: { rows: number };
      attributes: {
        name: string;
        values: string[];
        context: string[];
        distances: number[][];
        modelImpact: number;
      }[];
    };
    expect(json.fittedOn.rows).toBe(15);
    const [age, spectacle, astigmatism, tear] = json.attributes;
    expect(age?.context).toEqual(['tear-prod-rate']);
    expect(age?.distances).toEqual([
      [0, 0.2357, 0.4714],
      [0.2357, 0, 0.2357],
      [0.4714, 0.2357, 0],
    ]);
    expect(spectacle?.context).toEqual(['astigmatism', 'tear-prod-rate']);
    expect(astigmatism?.distances[0]?.[1]).toBe(0.2202);
    expect(tear?.context).toEqual(['age', 'spectacle-prescrip']);
    expect(tear?.modelImpact).toBe(0.668);
    // The abnormal model with !=, and a row filter on a column that is not the class refused.
    const other = JSON.parse(
      (
        await cli(
          'dilca',
          data('contact-lenses.csv'),
          '--class',
          'contact-lenses',
          '--rows-where',
          'contact-lenses!=none',
        )
      ).stdout,
    ) as typeof json;
    expect(other.attributes[3]?.context).toEqual(['age']);
    const bad = await cli(
      'dilca',
      data('contact-lenses.csv'),
      '--class',
      'contact-lenses',
      '--rows-where',
      'age=young',
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--rows-where selects rows by the class column \(contact-lenses\)/);
  });

  it('sandcat runs the Table IV protocol and prints the paper’s value beside ours', async () => {
    const run = await cli(
      'sandcat',
      data('vote.csv'),
      '--class',
      'Class',
      '--heuristic',
      'maxdtk',
      '--k',
      '40',
      '--folds',
      '5',
      '--seed',
      '1',
    );
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as {
      normalClass: string;
      abnormalCount: number;
      auc: { mean: number; sd: number };
      paper: { dataset: string; auc: number };
      folds: { auc: number }[];
    };
    expect(json.normalClass).toBe('democrat');
    expect(json.abnormalCount).toBe(8);
    expect(json.paper).toEqual({ dataset: 'Vote', auc: 0.9762 });
    expect(json.folds).toHaveLength(50);
    expect(json.auc.mean).toBeGreaterThan(0.85);
    expect(json.auc.mean).toBeLessThan(1);
  });

  it('outliers runs all six detectors on the same splits', async () => {
    const run = await cli(
      'outliers',
      data('breast-cancer.csv'),
      '--class',
      'Class',
      '--samples',
      '2',
      '--seed',
      '3',
    );
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as {
      abnormalCount: number;
      results: { method: string; auc: { mean: number; sd: number }; seconds: number }[];
    };
    expect(json.abnormalCount).toBe(6);
    expect(json.results.map((r) => r.method)).toEqual([
      'sandcat',
      'cosh',
      'cbrw',
      'zero',
      'lof-of',
      'iforest',
    ]);
    for (const r of json.results) {
      expect(r.auc.mean).toBeGreaterThan(0);
      expect(r.auc.mean).toBeLessThan(1);
      expect(r.seconds).toBeGreaterThanOrEqual(0);
    }
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
    const run = await cli('cbrw', data('cbrw-example.csv'), '--class', 'Cheat?', '--tol', '1e-12');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as {
      objectScores: number[];
      featureWeights: Record<string, number>;
    };
    expect(json.objectScores[0]).toBeCloseTo(0.105763, 6);
    expect(json.objectScores.at(-1)).toBeCloseTo(0.089002, 6);
    expect(json.featureWeights).toEqual({
      Gender: 0.160659,
      Education: 0.262316,
      Marriage: 0.282682,
      Income: 0.294343,
    });
  });
});
