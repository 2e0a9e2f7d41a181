/** The CURE commands of the CLI: shapes of their JSON, the paper's Table 1 beside ours, errors. */
import { describe, expect, it } from 'vitest';
import { cli } from './cliRun.ts';

const ZOO = 'public/datasets/zoo.csv';

describe('cli cde', () => {
  it('prints values, granularities, the value embedding and (with --matrices) Mo and Mc', async () => {
    const run = await cli(
      'cde',
      ZOO,
      '--class',
      'type',
      '--drop',
      'legs',
      '--seed',
      '3',
      '--matrices',
    );
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as {
      values: { attribute: string; label: string }[];
      Mo: number[][];
      Mc: number[][];
      granularities: { matrix: string; k: number; clusters: number[][]; removed: number[][] }[];
      valueEmbedding: number[][];
      dims: number;
    };
    expect(out.values).toHaveLength(30);
    expect(out.Mo).toHaveLength(30);
    expect(out.Mc[0]?.[0]).toBe(1);
    expect(out.granularities[0]).toMatchObject({ matrix: 'Mc', k: 2 });
    for (const g of out.granularities) {
      for (const c of g.clusters) expect(c.length).toBeGreaterThanOrEqual(2);
      for (const c of g.removed) expect(c).toHaveLength(1);
    }
    expect(out.valueEmbedding).toHaveLength(30);
    expect(out.valueEmbedding[0]).toHaveLength(out.dims);
    const again = await cli('cde', ZOO, '--class', 'type', '--drop', 'legs', '--seed', '3');
    const second = JSON.parse(again.stdout) as typeof out;
    expect(second.valueEmbedding).toEqual(out.valueEmbedding);
    expect(second).not.toHaveProperty('Mo');
  });
});

describe('cli cosh', () => {
  it('prints value and object scores, and the AUC for an outlier class', async () => {
    const run = await cli('cosh', ZOO, '--class', 'type', '--outlier-class', 'amphibian');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as {
      valueScores: number[];
      objectScores: number[];
      auc: number;
    };
    expect(out.valueScores).toHaveLength(36);
    expect(out.objectScores).toHaveLength(101);
    expect(out.auc).toBeGreaterThanOrEqual(0);
    expect(out.auc).toBeLessThanOrEqual(1);
  });

  it('an unknown outlier class is a one-line error with exit code 2', async () => {
    const run = await cli('cosh', ZOO, '--class', 'type', '--outlier-class', 'dragon');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error: outlier class “dragon” is not a value of type/);
  });
});

describe('cli evaluate-clustering and indicators', () => {
  it('Zoo without legs: four methods with mean ± sd, next to seed 000 Table 1', async () => {
    const run = await cli(
      'evaluate-clustering',
      ZOO,
      '--class',
      'type',
      '--drop',
      'legs',
      '--runs',
      '10',
    );
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as {
      results: {
        method: string;
        dims: number;
        fscore: { mean: number; sd: number };
        paperFscore: number;
      }[];
      indicators: { fci: number; vci: number };
      paper: { data: string };
    };
    expect(out.results.map((r) => r.method)).toEqual(['cde', 'onehot', 'onehot-pca', 'idf']);
    expect(out.results.map((r) => r.paperFscore)).toEqual([0.647, 0.596, 0.607, 0.537]);
    expect(out.paper.data).toBe('Zoo');
    expect(out.indicators.fci).toBeCloseTo(0.11, 3);
    for (const r of out.results) expect(r.fscore.mean).toBeGreaterThan(0.4);
  });

  it('Zoo with legs: no paper column, a note saying why', async () => {
    const run = await cli(
      'evaluate-clustering',
      ZOO,
      '--class',
      'type',
      '--methods',
      'idf',
      '--runs',
      '2',
    );
    const out = JSON.parse(run.stdout) as { note: string; results: object[] };
    expect(out.results).toHaveLength(1);
    expect(out.note).toMatch(/--drop legs/);
  });

  it('indicators with an outlier class give FCI, VCI, VSI and OCI in [0, 1]', async () => {
    const run = await cli('indicators', ZOO, '--class', 'type', '--outlier-class', 'amphibian');
    const out = JSON.parse(run.stdout) as Record<string, number>;
    for (const key of ['fci', 'vci', 'vsi', 'oci']) {
      expect(out[key]).toBeGreaterThanOrEqual(0);
      expect(out[key]).toBeLessThanOrEqual(1);
    }
  });

  it('a method without an object embedding is refused', async () => {
    const run = await cli('evaluate-clustering', ZOO, '--class', 'type', '--methods', 'cosh');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/has no object embedding/);
  });
});
