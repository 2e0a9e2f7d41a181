/**
 * The CURE commands of the CLI (aliases of `run`): shapes of their JSON, the paper's Table 1
 * beside ours, errors.
 */
import { describe, expect, it } from 'vitest';
import { chanceOn, expectAboveChance } from '../aboveChance.ts';
import { cli } from './cliRun.ts';

const ZOO = 'public/datasets/zoo.csv';
const ZOO_FILE = 'zoo.csv';

interface Output<R> {
  method: string;
  options: Record<string, unknown>;
  values?: { attribute: string; label: string }[];
  results: R;
  seconds: number;
}

interface MatrixJson {
  kind: 'value-matrix';
  size: number;
  matrix?: number[][];
  omitted?: string;
}

interface PartitionsJson {
  kind: 'value-partitions';
  partitions: { name: string; k: number; clusters: number[][]; dropped: number[][] }[];
}

interface MeanSd {
  mean: number;
  sd: number;
}

interface EvaluationJson {
  table: {
    kind: 'table';
    notes?: string[];
    rows: {
      method: string;
      dims: number;
      fits: number;
      fscore: MeanSd;
      paper: number | null;
      gap: number | null;
    }[];
  };
  indicators: { kind: 'measures'; values: { fci: number; paperFci: number | null; vci: number } };
}

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
    const out = JSON.parse(run.stdout) as Output<{
      mo: MatrixJson;
      mc: MatrixJson;
      granularities: PartitionsJson;
      valueEmbedding: { kind: 'value-embedding'; dims: number; vectors: number[][] };
      embedding: { kind: 'object-embedding'; n: number; dims: number };
    }>;
    expect(out.method).toBe('cde');
    expect(out.options.seed).toBe(3);
    expect(out.values).toHaveLength(30);
    expect(out.results.mo.matrix).toHaveLength(30);
    expect(out.results.mc.matrix?.[0]?.[0]).toBe(1);
    const { partitions } = out.results.granularities;
    expect(partitions[0]).toMatchObject({ name: 'Mc k=2', k: 2 });
    for (const g of partitions) {
      // Kept clusters (indicator columns) have ≥ 2 values; the dropped ones are one-value clusters.
      for (const c of g.clusters) expect(c.length).toBeGreaterThanOrEqual(2);
      for (const c of g.dropped) expect(c).toHaveLength(1);
    }
    const embedding = out.results.valueEmbedding;
    expect(embedding.vectors).toHaveLength(30);
    expect(embedding.vectors[0]).toHaveLength(embedding.dims);
    expect(out.results.embedding).toMatchObject({ n: 101, dims: 15 * embedding.dims });
    const again = await cli('cde', ZOO, '--class', 'type', '--drop', 'legs', '--seed', '3');
    const second = JSON.parse(again.stdout) as typeof out;
    expect(second.results.valueEmbedding.vectors).toEqual(embedding.vectors);
    // Without --matrices Mo and Mc are announced, not printed.
    expect(second.results.mo).not.toHaveProperty('matrix');
    expect(second.results.mo.omitted).toMatch(/--matrices/);
    // `cde` is an alias of `run cde`: the same JSON (but the time).
    const viaRun = await cli('run', 'cde', ZOO, '--class', 'type', '--drop', 'legs', '--seed', '3');
    const direct = JSON.parse(viaRun.stdout) as typeof out;
    expect({ ...direct, seconds: 0 }).toEqual({ ...second, seconds: 0 });
  });
});

describe('cli cosh (an alias of run cosh)', () => {
  it('prints value and object scores; their AUC for an outlier class is the outlier evaluation’s', async () => {
    const run = await cli('cosh', ZOO, '--class', 'type');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Output<{
      valueScores: { kind: 'value-scores'; scores: number[] };
      scores: { kind: 'object-scores'; scores: number[] };
    }>;
    expect(out.results.valueScores.scores).toHaveLength(36);
    expect(out.results.scores.scores).toHaveLength(101);
    const evaluation = await cli(
      'run',
      'evaluate-outliers',
      ZOO,
      '--class',
      'type',
      '--outlier-class',
      'amphibian',
      '--methods',
      'cosh',
    );
    expect(evaluation.code).toBe(0);
    const table = (
      JSON.parse(evaluation.stdout) as Output<{
        table: { rows: { method: string; auc: number }[] };
      }>
    ).results.table;
    // The AUC of the printed scores with amphibians as the positives (4 of 101 rows), by rank.
    const classes = (await import('node:fs'))
      .readFileSync(ZOO, 'utf8')
      .replaceAll('"', '')
      .trim()
      .split('\n');
    const header = classes[0]!.split(',');
    const type = header.indexOf('type');
    const positive = classes.slice(1).map((line) => line.split(',')[type] === 'amphibian');
    const scores = out.results.scores.scores;
    let wins = 0;
    let pairs = 0;
    scores.forEach((p, i) => {
      if (!positive[i]) return;
      scores.forEach((q, j) => {
        if (positive[j]) return;
        pairs++;
        wins += p > q ? 1 : p === q ? 0.5 : 0;
      });
    });
    expect(table.rows).toEqual([expect.objectContaining({ method: 'cosh' })]);
    expect(table.rows[0]?.auc).toBeCloseTo(wins / pairs, 10);
  });

  it('an unknown outlier class is a one-line error with exit code 2', async () => {
    const run = await cli(
      'run',
      'evaluate-outliers',
      ZOO,
      '--class',
      'type',
      '--methods',
      'cosh',
      '--outlier-class',
      'dragon',
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error: .*“dragon” is not a value of type/);
  });
});

describe('cli evaluate-clustering and indicators', () => {
  it('Zoo without legs: four methods with mean ± sd, next to Jian et al. 2019 (CURE) Table 1', async () => {
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
    const out = JSON.parse(run.stdout) as Output<EvaluationJson>;
    const { table, indicators } = out.results;
    expect(out.options.runs).toBe(10);
    expect(table.rows.map((r) => r.method)).toEqual(['cde', 'onehot', 'onehot-pca', 'idf']);
    // Matched to the paper's table: every row has its paper column and the gap to it (the paper's
    // numbers themselves are pinned in results/, test/results/paperNumbers.test.ts).
    for (const r of table.rows) {
      expect(r.paper, r.method).not.toBeNull();
      expect(r.gap).toBeCloseTo(r.fscore.mean - (r.paper as number), 12);
    }
    // The table is matched to Jian et al. 2019's Zoo row (its FCI is printed beside ours).
    expect(table.notes?.join('\n')).toMatch(
      /Zoo in Jian et al. 2019 \(CURE\) Table 1 \(101 objects, 30 values\)/,
    );
    expect(indicators.values.paperFci).toBe(0.11);
    expect(indicators.values.fci).toBeCloseTo(0.11, 3);
    const chance = await chanceOn(ZOO_FILE, { classColumn: 'type', drop: ['legs'] }, 10);
    for (const r of table.rows) expectAboveChance(r.method, r.fscore, chance.fscore, 10);
  });

  it('Zoo with legs: no paper column', async () => {
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
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Output<EvaluationJson>;
    expect(out.results.table.rows).toHaveLength(1);
    expect(out.results.table.rows[0]).toMatchObject({ method: 'idf', paper: null, gap: null });
    expect(out.results.indicators.values.paperFci).toBeNull();
  });

  // Zoo with legs is Zhu et al. 2022's Zoo (Table 4 has no IDF column) and not Jian et al. 2019's (legs dropped):
  // the note says how to get Table 1's row.
  it('Zoo with legs: a note saying why Table 1 is not beside ours', async () => {
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
    const out = JSON.parse(run.stdout) as Output<EvaluationJson> & { warnings?: string[] };
    const remarks = [...(out.results.table.notes ?? []), ...(out.warnings ?? [])];
    expect(remarks.join('\n')).toMatch(/Zoo.*--drop legs/s);
    expect(remarks.join('\n')).toMatch(/Zoo in Zhu et al. 2022 \(UNTIE\) Table 4/);
    expect(out.results.table.rows[0]).toMatchObject({ method: 'idf', paper: null });
  });

  it('indicators with an outlier class give FCI, VCI, VSI and OCI in [0, 1]', async () => {
    const run = await cli('indicators', ZOO, '--class', 'type', '--outlier-class', 'amphibian');
    const out = JSON.parse(run.stdout) as Record<string, number>;
    for (const key of ['fci', 'vci', 'vsi', 'oci']) {
      expect(out[key]).toBeGreaterThanOrEqual(0);
      expect(out[key]).toBeLessThanOrEqual(1);
    }
  });

  it('a method without an object embedding (or distance) is refused', async () => {
    const run = await cli('evaluate-clustering', ZOO, '--class', 'type', '--methods', 'cosh');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^error: evaluate-clustering's input “methods” needs .*any object embedding or object distance; COSH produces/,
    );
  });
});
