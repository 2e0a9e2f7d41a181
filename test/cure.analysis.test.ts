/**
 * The clustering evaluation harness (seeds 000/003 protocol) and the evaluation report of the four
 * embedding methods.
 */
import { describe, expect, it } from 'vitest';
import {
  EMBEDDING_METHODS,
  computeCounts,
  evaluateClustering,
  evaluationSteps,
  featureCorrelationIndex,
  oneHot,
  runToEnd,
  scorePartition,
  valueClusterIndex,
  type CategoricalTable,
  type Counts,
  type Progress,
} from '../src/core/index.ts';
import { loadDataset } from './helpers.ts';

async function zoo(): Promise<{ table: CategoricalTable; counts: Counts }> {
  const { table } = await loadDataset('zoo.csv', { classColumn: 'type' });
  return { table, counts: computeCounts(table) };
}

describe('evaluationSteps', () => {
  it('zoo, 5 runs: results for all four methods with scores in range; indicators attached; progress monotone', async () => {
    const { table, counts } = await zoo();
    const progress: Progress[] = [];
    const report = runToEnd(evaluationSteps(table, counts, { runs: 5 }), (p) => progress.push(p));
    expect(report.k).toBe(7);
    expect(report.runs).toBe(5);
    expect(report.seed).toBe(0);
    expect(report.results.map((r) => r.method)).toEqual([...EMBEDDING_METHODS]);
    for (const r of report.results) {
      for (const m of [r.fscore, r.nmi, r.accuracy]) {
        expect(m.mean).toBeGreaterThan(0);
        expect(m.mean).toBeLessThanOrEqual(1);
        expect(m.sd).toBeGreaterThanOrEqual(0);
      }
      expect(r.bestLabels).toHaveLength(table.nRows);
      expect(new Set(r.bestLabels).size).toBeLessThanOrEqual(7);
      expect(r.bestLabels.every((c) => c >= 0 && c < 7)).toBe(true);
      expect(r.seconds).toBeGreaterThanOrEqual(0);
      expect(r.title.length).toBeGreaterThan(0);
    }
    const dims = Object.fromEntries(report.results.map((r) => [r.method, r.dims]));
    expect(dims.onehot).toBe(table.nValues);
    expect(dims.idf).toBe(table.attributes.length);
    expect(dims['onehot-pca']).toBeLessThan(table.nValues);
    expect(dims.cde! % table.attributes.length).toBe(0);
    expect(report.indicators.fci).toBe(featureCorrelationIndex(counts));
    expect(report.indicators.vci).toBe(valueClusterIndex(table));
    expect(progress.length).toBeGreaterThan(4 * 5);
    for (let i = 0; i < progress.length; i++) {
      expect(progress[i]!.fraction).toBeGreaterThanOrEqual(0);
      expect(progress[i]!.fraction).toBeLessThanOrEqual(1);
      if (i > 0) expect(progress[i]!.fraction).toBeGreaterThanOrEqual(progress[i - 1]!.fraction);
    }
  });

  it('the same request twice gives the same report; a chosen subset keeps its order', async () => {
    const { table, counts } = await zoo();
    const request = { runs: 3, seed: 4, methods: ['idf', 'onehot'] as ('idf' | 'onehot')[] };
    const a = runToEnd(evaluationSteps(table, counts, request));
    const b = runToEnd(evaluationSteps(table, counts, request));
    expect(a.results.map((r) => r.method)).toEqual(['idf', 'onehot']);
    expect(b.results.map((r) => [r.fscore, r.nmi, r.accuracy])).toEqual(
      a.results.map((r) => [r.fscore, r.nmi, r.accuracy]),
    );
  });

  it('an unknown method, no method or no class column throw RangeError', async () => {
    const { table, counts } = await zoo();
    expect(() =>
      runToEnd(evaluationSteps(table, counts, { methods: ['cosh' as never], runs: 1 })),
    ).toThrow(RangeError);
    expect(() => runToEnd(evaluationSteps(table, counts, { methods: [], runs: 1 }))).toThrow(
      RangeError,
    );
    const { table: noClass } = await loadDataset('zoo.csv', { drop: ['type'] });
    expect(noClass.classColumn).toBeNull();
    expect(() => runToEnd(evaluationSteps(noClass, computeCounts(noClass), { runs: 1 }))).toThrow(
      RangeError,
    );
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
    expect(() => evaluateClustering(e, classes.slice(1))).toThrow(RangeError);
    expect(() => evaluateClustering(e, classes, { runs: 0 })).toThrow(RangeError);
    expect(() => evaluateClustering(e, classes, { k: 0 })).toThrow(RangeError);
    expect(() => evaluateClustering(e, classes, { seed: 0.5 })).toThrow(TypeError);
  });
});
