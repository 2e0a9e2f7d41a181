/**
 * The clustering evaluation harness (Jian et al. 2019, Jian et al. 2017 protocol) and the `evaluate-clustering` step
 * over the four embedding methods.
 */
import { describe, expect, it } from 'vitest';
import {
  computeCounts,
  evaluateClustering,
  featureCorrelationIndex,
  oneHot,
  runToEnd,
  scorePartition,
  valueClusterIndex,
  type CategoricalTable,
  type Call,
  type Cell,
  type Counts,
  type ExplorerSession,
  type MethodOutput,
  type Progress,
  type ResultTable,
} from '../../../../src/core/index.ts';
import { loadDataset } from '../../../helpers.ts';
import { datasetSession, resultOf, zooSession } from '../../../sessions.ts';
import { Defect, OptionError } from '../../../../src/core/base/errors.ts';

async function zoo(): Promise<{ table: CategoricalTable; counts: Counts }> {
  const { table } = await loadDataset('zoo.csv', { classColumn: 'type' });
  return { table, counts: computeCounts(table) };
}

const EMBEDDING_METHODS = ['cde', 'onehot', 'onehot-pca', 'idf'] as const;

function evaluationCall(methods: readonly string[], options: Record<string, unknown> = {}): Call {
  return {
    method: 'evaluate-clustering',
    options,
    inputs: { methods: methods.map((method) => ({ method })) },
  };
}

function evaluate(
  session: ExplorerSession,
  call: Call,
  onProgress?: (p: Progress) => void,
): MethodOutput {
  return runToEnd(session.runSteps(call), onProgress);
}

const table = (output: MethodOutput): ResultTable => resultOf(output, 'table', 'table');
const meanSd = (cell: Cell | undefined): { mean: number; sd: number } =>
  cell as { mean: number; sd: number };

describe('the evaluate-clustering step', () => {
  it('zoo, 5 runs: results for all four methods with scores in range; indicators attached; progress monotone', async () => {
    const session = await zooSession();
    const counts = session.counts();
    // The step's own progress (the counts every method shares are fitted before it).
    runToEnd(session.fitCountSteps());
    const progress: Progress[] = [];
    const output = evaluate(session, evaluationCall(EMBEDDING_METHODS, { runs: 5 }), (p) =>
      progress.push(p),
    );
    expect(output.call.options).toMatchObject({ runs: 5, seed: 0, k: 'auto' });
    const report = table(output);
    // k = the number of classes, 5 runs, seed 0.
    expect(report.notes?.[0]).toMatch(/^k = 7 classes of type; 5 runs, .*seed 0;/);
    expect(report.rows.map((r) => r.method)).toEqual([...EMBEDDING_METHODS]);
    for (const r of report.rows) {
      for (const m of [r.fscore, r.nmi, r.accuracy].map(meanSd)) {
        expect(m.mean).toBeGreaterThan(0);
        expect(m.mean).toBeLessThanOrEqual(1);
        expect(m.sd).toBeGreaterThanOrEqual(0);
      }
      expect(r.seconds as number).toBeGreaterThanOrEqual(0);
      expect((r.title as string).length).toBeGreaterThan(0);
      // Zoo with legs (36 values) has no row in Jian et al. 2019's Table 1 but is Zhu et al. 2022's Zoo, whose
      // Table 4 prints CDE (75.04) and none of the encodings.
      if (r.method === 'cde') {
        expect(r.paper).toBe(0.7504);
        expect(r.gap).toBeCloseTo(meanSd(r.fscore).mean - 0.7504, 12);
      } else {
        expect(r.paper).toBeNull();
        expect(r.gap).toBeNull();
      }
    }
    // CDE (seeded) is re-fitted once per run with seeds 0..4; the encodings are fitted once.
    const fits = Object.fromEntries(report.rows.map((r) => [r.method, r.fits]));
    expect(fits).toEqual({ cde: 5, onehot: 1, 'onehot-pca': 1, idf: 1 });
    expect(session.computedCounts()).toMatchObject({
      cde: 5,
      onehot: 1,
      'onehot-pca': 1,
      idf: 1,
      'evaluate-clustering': 1,
    });
    expect(report.notes?.join('\n')).toMatch(/re-fits CDE with its own seed \(0–4\)/);
    const dims = Object.fromEntries(report.rows.map((r) => [r.method, r.dims as number]));
    const t = session.table;
    expect(dims.onehot).toBe(t.nValues);
    expect(dims.idf).toBe(t.attributes.length);
    expect(dims['onehot-pca']).toBeLessThan(t.nValues);
    expect(dims.cde! % t.attributes.length).toBe(0);
    const indicators = Object.fromEntries(
      resultOf(output, 'measures', 'indicators').values.map((m) => [m.name, m.value]),
    );
    expect(indicators.fci).toBe(featureCorrelationIndex(counts));
    expect(indicators.vci).toBe(valueClusterIndex(t));
    expect(indicators.paperFci).toBeNull();
    expect(progress.length).toBeGreaterThan(4 * 5);
    for (let i = 0; i < progress.length; i++) {
      expect(progress[i]!.fraction).toBeGreaterThanOrEqual(0);
      expect(progress[i]!.fraction).toBeLessThanOrEqual(1);
      if (i > 0) expect(progress[i]!.fraction).toBeGreaterThanOrEqual(progress[i - 1]!.fraction);
    }
    // The evaluation keeps no labels; the objects' clusters for views are the k-means step of
    // each method (k = 7 classes by default).
    for (const method of EMBEDDING_METHODS) {
      const kmeans = runToEnd(session.runSteps({ method: 'kmeans', inputs: { of: { method } } }));
      const partition = resultOf(kmeans, 'object-partition', 'partition');
      expect(partition.labels).toHaveLength(t.nRows);
      expect(partition.k).toBeLessThanOrEqual(7);
      expect(new Set(partition.labels).size).toBeLessThanOrEqual(7);
      expect(partition.labels.every((c) => c >= 0 && c < partition.k)).toBe(true);
    }
  });

  it('the same request twice gives the same report; a chosen subset keeps its order', async () => {
    const call = evaluationCall(['idf', 'onehot'], { runs: 3, seed: 4 });
    // Two sessions, so the second report is computed again, not served from the cache.
    const a = table(evaluate(await zooSession(), call));
    const b = table(evaluate(await zooSession(), call));
    expect(a.rows.map((r) => r.method)).toEqual(['idf', 'onehot']);
    expect(b.rows.map((r) => [r.fscore, r.nmi, r.accuracy])).toEqual(
      a.rows.map((r) => [r.fscore, r.nmi, r.accuracy]),
    );
    // Within one session the same call is served from the cache.
    const session = await zooSession();
    const first = evaluate(session, call);
    const second = evaluate(session, call);
    expect(second.key).toBe(first.key);
    expect(session.computedCounts()['evaluate-clustering']).toBe(1);
  });

  it('a method without a representation, an unknown method or no method throw RangeError; no class column is not applicable', async () => {
    const session = await zooSession();
    const run = (call: Call) => () => evaluate(session, call);
    const cosh = run(evaluationCall(['cosh'], { runs: 1 }));
    expect(cosh).toThrow(RangeError);
    expect(cosh).toThrow(
      /input “methods” needs .*object embedding or object distance; COSH produces/,
    );
    const unknown = run(evaluationCall(['trimap'], { runs: 1 }));
    expect(unknown).toThrow(RangeError);
    expect(unknown).toThrow(/unknown method “trimap” \(.*cde.*\)/);
    const none = run(evaluationCall([], { runs: 1 }));
    expect(none).toThrow(RangeError);
    expect(none).toThrow(/at least one method/);
    const noClass = await datasetSession('zoo.csv', { drop: ['type'] });
    expect(noClass.table.classColumn).toBeNull();
    const classless = () => evaluate(noClass, evaluationCall(['idf'], { runs: 1 }));
    // Not a bad option: the table does not meet the step's precondition (said "not applicable").
    expect(classless).toThrow(expect.objectContaining({ code: 'not-applicable' }));
    expect(classless).toThrow(/needs a class column/);
  });
});

describe('evaluateClustering', () => {
  it('mean ± sd are those of the per-run scores; the best labels score as a partition', async () => {
    const { table } = await zoo();
    const classes = table.classColumn!.codes;
    const ev = evaluateClustering(oneHot(table), classes, { runs: 6, seed: 2 });
    expect(ev.k).toBe(7);
    expect(ev.runs).toHaveLength(6);
    const f = ev.runs.map((r) => r.fscore);
    const mean = f.reduce((s, x) => s + x, 0) / f.length;
    const sd = Math.sqrt(f.reduce((s, x) => s + (x - mean) ** 2, 0) / (f.length - 1));
    expect(ev.fscore.mean).toBeCloseTo(mean, 14);
    expect(ev.fscore.sd).toBeCloseTo(sd, 14);
    const best = scorePartition(classes, ev.bestLabels);
    expect(ev.runs.some((r) => r.fscore === best.fscore && r.nmi === best.nmi)).toBe(true);
  });

  it('validates its inputs', async () => {
    const { table } = await zoo();
    const e = oneHot(table);
    const classes = table.classColumn!.codes;
    expect(() => evaluateClustering(e, classes.slice(1))).toThrow(Defect);
    expect(() => evaluateClustering(e, classes, { runs: 0 })).toThrow(RangeError);
    expect(() => evaluateClustering(e, classes, { k: 0 })).toThrow(RangeError);
    expect(() => evaluateClustering(e, classes, { seed: 0.5 })).toThrow(OptionError);
  });
});
