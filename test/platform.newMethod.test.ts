/**
 * Adding a method is one module: a test-only method, registered here and nowhere else, appears
 * in the CLI's `methods` and `run`, among the projection's representations (and its panel menu),
 * and in the clustering evaluation — with no other file touched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/program.ts';
import { uniformValueEmbedding } from '../src/core/platform/objectEmbedding.ts';
import { REPRESENTATION_KINDS } from '../src/core/platform/representation.ts';
import {
  methodsProducing,
  registerMethod,
  unregisterMethod,
} from '../src/core/platform/registry.ts';
import { embeddingResult } from '../src/core/platform/representation.ts';
import { defineMethod } from '../src/core/platform/spec.ts';

/** Each value ↦ (its relative frequency · weight): a one-dimensional value-frequency embedding. */
const frequencyMethod = defineMethod({
  id: 'test-frequency',
  title: 'Frequency (test)',
  role: 'method',
  paper: 'a test-only method',
  where: 'test/platform.newMethod.test.ts',
  description: 'each value as its relative frequency',
  parameters: [
    {
      name: 'weight',
      type: 'number',
      default: 1,
      min: 0,
      minExclusive: true,
      description: 'scale',
    },
  ],
  produces: ['object-embedding'],
  // eslint-disable-next-line require-yield
  *run(context, options) {
    const n = context.counts.nRows;
    const vectors = Float64Array.from(
      context.counts.cooccurrence.valueCounts,
      (c) => (options.weight * c) / n,
    );
    return {
      embedding: embeddingResult(uniformValueEmbedding(context.table, vectors, 1), 'frequency'),
    };
  },
});

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(
    argv,
    { stdout: (t) => (out += t), writeFile: () => {} },
    (t) => (err += t),
  );
  return { code, out, err };
}

const ZOO = 'public/datasets/zoo.csv';

describe('a method added by one module', () => {
  beforeAll(() => registerMethod(frequencyMethod));
  afterAll(() => unregisterMethod(frequencyMethod.id));

  it('is listed by the CLI’s methods, with its parameter table', async () => {
    const run = await cli('methods');
    expect(run.code).toBe(0);
    const listed = (
      JSON.parse(run.out) as {
        methods: {
          id: string;
          parameters: { name: string; default: unknown }[];
          produces: string[];
        }[];
      }
    ).methods;
    const entry = listed.find((m) => m.id === 'test-frequency');
    expect(entry?.parameters).toEqual([expect.objectContaining({ name: 'weight', default: 1 })]);
    expect(entry?.produces).toEqual(['object-embedding']);
  });

  it('runs from the CLI with its own flags, validated by its table', async () => {
    const run = await cli('run', 'test-frequency', ZOO, '--class', 'type', '--weight', '2');
    expect(run.err).toBe('');
    const json = JSON.parse(run.out) as {
      results: { embedding: { dims: number; valueVectors: number[][] } };
    };
    expect(json.results.embedding.dims).toBe(16);
    // hair = TRUE holds in 43 of 101 rows: 2 · 43/101.
    expect(json.results.embedding.valueVectors[0]?.[0]).toBeCloseTo((2 * 43) / 101, 12);
    const bad = await cli('run', 'test-frequency', ZOO, '--weight', '-1');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/weight must be a finite number > 0, got -1/);
  });

  it('is a representation: projected by t-SNE and MDS', async () => {
    expect(methodsProducing(REPRESENTATION_KINDS).map((m) => m.id)).toContain('test-frequency');
    const run = await cli('run', 'mds', ZOO, '--of', 'test-frequency', '--of.weight', '3');
    expect(run.err).toBe('');
    const json = JSON.parse(run.out) as {
      results: { layout: { rows: number[][] }; quality: { values: { stress: number } } };
    };
    expect(json.results.layout.rows).toHaveLength(101);
    expect(json.results.quality.values.stress).toBeGreaterThanOrEqual(0);
  });

  it('is evaluated by the clustering evaluation beside the others', async () => {
    const run = await cli(
      'run',
      'evaluate-clustering',
      ZOO,
      '--class',
      'type',
      '--drop',
      'legs',
      '--runs',
      '5',
      '--methods',
      'onehot,test-frequency',
    );
    expect(run.err).toBe('');
    const rows = (
      JSON.parse(run.out) as {
        results: { table: { rows: { method: string; fscore: { mean: number } }[] } };
      }
    ).results.table.rows;
    expect(rows.map((r) => r.method)).toEqual(['onehot', 'test-frequency']);
    for (const r of rows) expect(r.fscore.mean).toBeGreaterThan(0);
  });

  it('is offered by the app: a projection panel, and a box in the clustering evaluation', async () => {
    const { panelChoices, viewSpec } = await import('../src/app/views/registry.tsx');
    const group = panelChoices().find((g) =>
      g.choices.some((c) => c.label.startsWith('Frequency (test)')),
    );
    expect(group?.choices.map((c) => c.view)).toEqual(['projection']);
    const evaluation = viewSpec('evaluation').defaultCall?.();
    expect(evaluation?.inputs?.methods).toContainEqual({ method: 'test-frequency' });
  });
});
