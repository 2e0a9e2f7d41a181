/**
 * Adding a method is one module: a test-only representation, detector and evaluation step,
 * registered here and nowhere else, appear in the CLI (`methods`, `run`, the detector
 * comparison), in the app's menus (panels, comparisons, checkboxes), on the results board and in
 * the explanations (the ranking view) — with no other file touched. The detector is declared by
 * defineDetector alone (issue 49), and passes the conformance suite and the explanation checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/program.ts';
import { uniformValueEmbedding } from '../../../src/core/platform/objectEmbedding.ts';
import { REPRESENTATION_KINDS } from '../../../src/core/platform/representation.ts';
import {
  methodsProducing,
  registerMethod,
  unregisterMethod,
} from '../../../src/core/platform/registry.ts';
import { embeddingResult } from '../../../src/core/platform/representation.ts';
import { defineMethod, type MethodSpec } from '../../../src/core/platform/spec.ts';
import { defineDetector } from '../../../src/core/platform/defineDetector.ts';
import type { CategoricalTable } from '../../../src/core/data/table/types.ts';
import { tableMeta } from '../../../src/core/platform/session.ts';
import { runAllPlan } from '../../../src/app/model/runAllPlan.ts';
import { boardMeasures } from '../../../src/app/store/board.ts';
import { zooSession } from '../../sessions.ts';
import { conformanceChecks } from './conformanceSuite.ts';
import {
  checkPlantedValue,
  checkRelation,
  detectorSpecs,
} from '../methods/detectors/explanationChecks.ts';

/** Each value ↦ (its relative frequency · weight): a one-dimensional value-frequency embedding. */
const frequencyMethod = defineMethod({
  id: 'test-frequency',
  title: 'Frequency (test)',
  role: 'method',
  paper: 'a test-only method',
  where: 'test/core/platform/newMethod.test.ts',
  description: 'each value as its relative frequency',
  parameters: [
    {
      name: 'weight',
      type: 'number',
      default: 1,
      min: 0,
      minExclusive: true,
      max: 1000,
      maxBecause: 'a test’s scale',
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
    expect(bad.err).toMatch(/weight must be a finite number > 0 and ≤ 1000, got -1/);
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
    const { panelChoices } = await import('../../../src/app/views/registry.tsx');
    // Listed under every view that shows what it produces: an object embedding, so a projection
    // and the neighbours of an object.
    const offered = panelChoices()
      .flatMap((g) => g.choices)
      .filter((c) => c.id.endsWith(':test-frequency'));
    expect(offered.map((c) => c.view)).toEqual(['projection', 'neighbours']);
    expect(offered[0]?.label).toMatch(/^Frequency \(test\)/);
    const evaluation = panelChoices()
      .flatMap((g) => g.choices)
      .find((c) => c.id === 'comparison:evaluate-clustering')?.call;
    expect(evaluation?.inputs?.methods).toContainEqual({ method: 'test-frequency' });
  });
});

/**
 * A test-only detector declared by defineDetector alone: AVF, attribute value frequency
 * (Koufakou, Ortiz, Georgiopoulos, Anagnostopoulos, Reynolds, ICTAI 2007): an object's AVF is the
 * mean over the D attributes of its value's count among the rows learnt from, low = anomalous;
 * its score is minus that, so higher = more anomalous, and its term in attribute a is
 * −count(x_a)/D: the terms sum to the score.
 */
function avfTerms(counts: Float64Array, rows: Int32Array, table: CategoricalTable): Float64Array {
  const D = table.attributes.length;
  const terms = new Float64Array(rows.length * D);
  table.attributes.forEach((attribute, a) => {
    rows.forEach((row, i) => {
      const count = counts[attribute.offset + (attribute.codes[row] as number)] as number;
      terms[i * D + a] = -count / D;
    });
  });
  return terms;
}

const avfMethod = defineDetector({
  id: 'test-avf',
  title: 'AVF (test)',
  paper:
    'Koufakou et al., “Scalable and efficient outlier detection in large distributed data sets with mixed-type attributes” (AVF), ICTAI 2007; a test-only detector',
  where: 'test/core/platform/newMethod.test.ts',
  description: 'minus the mean frequency of the object’s values',
  parameters: [],
  supervision: 'unsupervised',
  scoreTitle: 'AVF outlier score',
  *fit({ counts }) {
    return Float64Array.from((yield* counts()).cooccurrence.valueCounts);
  },
  score(counts, rows, table) {
    const D = table.attributes.length;
    const terms = avfTerms(counts, rows, table);
    return Float64Array.from(rows, (_, i) =>
      terms.subarray(i * D, (i + 1) * D).reduce((sum, t) => sum + t, 0),
    );
  },
  explain: (counts, rows, table) => avfTerms(counts, rows, table),
  explanation: {
    title: 'AVF: each value’s frequency',
    relation: 'sums-to-score',
    relationText: 'the terms sum to the object’s score',
    definition: '−count(x_a)/D: minus the count of the object’s value among the rows, over D',
  },
});

/** A test-only evaluation step: each detector's mean score over the objects, a board column. */
const meanScoreStep = defineMethod({
  id: 'test-mean-score',
  title: 'Mean score (test)',
  role: 'step',
  paper: 'a test-only evaluation step',
  where: 'test/core/platform/newMethod.test.ts',
  description: 'each detector’s mean score',
  parameters: [
    {
      name: 'fits',
      type: 'integer',
      default: 1,
      min: 1,
      max: 50,
      maxBecause: 'a test’s fits',
      description: 'fits of each method',
    },
  ],
  inputs: [
    {
      name: 'methods',
      many: true,
      accepts: ['object-scores'],
      description: 'the detectors',
      fitsOption: 'fits',
    },
  ],
  produces: ['table'],
  board: [{ column: 'meanScore', title: 'mean score', help: 'the mean of the object scores' }],
  *run(context, _options, inputs) {
    const rows = [];
    for (const call of inputs.methods as { method: string }[]) {
      const output = yield* context.require(call);
      const scores = Object.values(output.results).find((r) => r.kind === 'object-scores');
      const values = scores?.kind === 'object-scores' ? scores.scores : new Float64Array();
      rows.push({
        method: call.method,
        title: call.method,
        meanScore: values.reduce((sum, x) => sum + x, 0) / Math.max(1, values.length),
      });
    }
    return {
      table: {
        kind: 'table',
        title: 'Mean score',
        columns: [
          { key: 'title', title: 'method' },
          { key: 'meanScore', title: 'mean score' },
        ],
        rows,
      },
    };
  },
});

describe('a detector and an evaluation step added by one module each', () => {
  beforeAll(() => {
    registerMethod(avfMethod as unknown as MethodSpec);
    registerMethod(meanScoreStep as unknown as MethodSpec);
  });
  afterAll(() => {
    unregisterMethod(avfMethod.id);
    unregisterMethod(meanScoreStep.id);
  });

  it('the detector is listed by the CLI’s methods and runs there: its scores and explanations', async () => {
    const listed = (
      JSON.parse((await cli('methods')).out) as { methods: { id: string; produces: string[] }[] }
    ).methods.find((m) => m.id === 'test-avf');
    expect(listed?.produces).toEqual(['object-scores', 'object-explanations']);
    const run = await cli('run', 'test-avf', ZOO, '--class', 'type');
    expect(run.err).toBe('');
    const { results } = JSON.parse(run.out) as {
      results: {
        scores: { scores: number[] };
        explanations: { relation: string; rows: number[][] };
      };
    };
    expect(results.scores.scores).toHaveLength(101);
    expect(results.explanations.relation).toBe('sums-to-score');
    // Row 0's terms (its 16 features) sum to its score.
    const terms = results.explanations.rows[0] ?? [];
    expect(terms).toHaveLength(16);
    expect(terms.reduce((sum, t) => sum + t, 0)).toBeCloseTo(results.scores.scores[0] as number, 9);
  });

  it('the detector runs in the CLI’s detector comparison, chosen by name or by default', async () => {
    const flags = [ZOO, '--class', 'type', '--samples', '1', '--folds', '2'];
    const named = await cli('run', 'evaluate-detectors', ...flags, '--detectors', 'test-avf');
    expect(named.err).toBe('');
    const rows = (
      JSON.parse(named.out) as {
        results: { table: { rows: { method: string; auc: { mean: number } }[] } };
      }
    ).results.table.rows;
    expect(rows.map((r) => r.method)).toEqual(['test-avf']);
    expect(rows[0]?.auc.mean).toBeGreaterThan(0);
    const usage = await cli('outliers', '--help');
    expect(usage.out).toContain('test-avf');
  });

  it('the detector is in the app: its ranking panel, a box in the detector comparison', async () => {
    const { panelChoices } = await import('../../../src/app/views/registry.tsx');
    const choices = panelChoices().flatMap((g) => g.choices);
    // Its object scores and explanations: the outlier ranking, with each object's explanation.
    expect(choices.map((c) => c.id)).toContain('ranking:test-avf');
    const comparison = choices.find((c) => c.id === 'comparison:evaluate-detectors');
    expect(comparison).toBeDefined();
    const { methodSpec } = await import('../../../src/core/platform/registry.ts');
    const detectors = methodSpec('evaluate-detectors').parameters.find(
      (p) => p.name === 'detectors',
    );
    expect(detectors?.type === 'string' && detectors.subsetOf).toContain('test-avf');
    expect(detectors?.default).toContain('test-avf');
  });

  it('the evaluation step is a comparison panel, runs from the CLI, and is a board column', async () => {
    const { panelChoices } = await import('../../../src/app/views/registry.tsx');
    const choice = panelChoices()
      .flatMap((g) => g.choices)
      .find((c) => c.id === 'comparison:test-mean-score');
    expect(choice?.call?.inputs?.methods).toContainEqual({ method: 'test-avf' });
    const run = await cli('run', 'test-mean-score', ZOO, '--methods', 'test-avf,zero');
    expect(run.err).toBe('');
    const rows = (
      JSON.parse(run.out) as {
        results: { table: { rows: { method: string; meanScore: number }[] } };
      }
    ).results.table.rows;
    expect(rows.map((r) => r.method)).toEqual(['test-avf', 'zero']);
    // Minus a mean count of values among zoo's 101 rows: between −101 and −1.
    expect(rows[0]?.meanScore).toBeGreaterThanOrEqual(-101);
    expect(rows[0]?.meanScore).toBeLessThanOrEqual(-1);
    // Run all plans it over every detector (the new one included), and the board shows it.
    const s = await zooSession();
    const plan = runAllPlan(tableMeta(s.table), 3);
    const planned = plan.calls.find(
      (c) => c.role === 'evaluation' && c.method === 'test-mean-score',
    );
    expect(planned?.call.options).toEqual({ fits: 3 });
    expect(planned?.call.inputs?.methods).toContainEqual({ method: 'test-avf' });
    // The outlier evaluation of Run all (its AUCs on the board) takes the detector too.
    const outliers = plan.calls.find((c) => c.method === 'evaluate-outliers');
    expect(outliers?.call.inputs?.methods).toContainEqual(
      expect.objectContaining({ method: 'test-avf' }),
    );
    expect(boardMeasures().map((m) => m.key)).toContain('meanScore');
  });
});

describe('a detector declared by defineDetector alone, in the conformance suite', () => {
  beforeAll(() => registerMethod(avfMethod as unknown as MethodSpec));
  afterAll(() => unregisterMethod(avfMethod.id));

  conformanceChecks(avfMethod as unknown as MethodSpec);

  it('gets the explanation checks the registry’s detectors get', async () => {
    expect(detectorSpecs().map((s) => s.id)).toContain('test-avf');
    await checkPlantedValue(avfMethod as unknown as Parameters<typeof checkPlantedValue>[0]);
    await checkRelation(avfMethod as unknown as Parameters<typeof checkRelation>[0]);
  });
});
