/** CLIMBO value clustering (cluster/limbo.ts): CADO merged by weighted average linkage. */
import { describe, expect, it } from 'vitest';
import { AGGLOMERATE_MAX_ITEMS } from '../../../../src/core/clustering/agglomerate.ts';
import {
  climboValueClustering,
  limboValueClustering,
} from '../../../../src/core/clustering/limbo.ts';
import { casModelSteps } from '../../../../src/core/methods/cas/casModel.ts';
import { computeCounts } from '../../../../src/core/data/counts/counts.ts';
import { runToEnd } from '../../../../src/core/base/jobs.ts';
import { attributeIndex, loadDataset } from '../../../helpers.ts';

describe('CLIMBO (weighted average linkage of CADO)', () => {
  const block = Float64Array.from([0, 1, 1.6, 5, 1, 0, 4, 6, 1.6, 4, 0, 2.5, 5, 6, 2.5, 0]);

  it('merges in the hand-computed order, weighted by frequency', () => {
    // (0,1) at 1; then ({01},2) = (3·1.6 + 1·4)/4 = 2.2 < (2,3) = 2.5 < ({01},3) = (15 + 6)/4;
    // then ({012},3) = (3·5 + 1·6 + 1·2.5)/5 = 4.7.
    const r = climboValueClustering(block, 4, [3, 1, 1, 1], 1);
    expect(r.merges.map(({ a, b }) => [a, b])).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
    expect(r.merges.map((x) => x.cost)).toEqual([1, 2.2, expect.closeTo(4.7, 12)]);
    expect([...climboValueClustering(block, 4, [3, 1, 1, 1], 2).labels]).toEqual([0, 0, 0, 1]);
    // Equal weights: ({01},2) = 2.8 > (2,3) = 2.5; then (1.6 + 5 + 4 + 6)/4 = 4.15.
    const u = climboValueClustering(block, 4, [1, 1, 1, 1], 1);
    expect(u.merges.map(({ a, b, cost }) => [a, b, cost])).toEqual([
      [0, 1, 1],
      [2, 3, 2.5],
      [0, 2, expect.closeTo(4.15, 12)],
    ]);
    expect(climboValueClustering(block, 4, [1, 1, 1, 1], 4).merges).toEqual([]);
  });

  it('breaks ties by the lowest ids and numbers labels by first value', () => {
    const ones = Float64Array.from({ length: 16 }, (_, q) => (q % 5 === 0 ? 0 : 1));
    const r = climboValueClustering(ones, 4, [1, 1, 1, 1], 1);
    expect(r.merges.map(({ a, b }) => [a, b])).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
    const far = Float64Array.from([0, 9, 1, 9, 9, 0, 9, 8, 1, 9, 0, 9, 9, 8, 9, 0]);
    expect([...climboValueClustering(far, 4, [1, 1, 1, 1], 2).labels]).toEqual([0, 1, 0, 1]);
  });

  it('matches weighted average linkage computed from its definition', () => {
    let seed = 11;
    const rand = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const m = 12;
    const d = new Float64Array(m * m);
    for (let x = 0; x < m; x++)
      for (let y = x + 1; y < m; y++) d[x * m + y] = d[y * m + x] = rand();
    const w = Array.from({ length: m }, () => 1 + Math.floor(rand() * 9));
    let clusters = Array.from({ length: m }, (_, v) => [v]);
    const link = (p: number[], q: number[]): number => {
      let s = 0;
      for (const x of p) for (const y of q) s += w[x]! * w[y]! * d[x * m + y]!;
      const W = (c: number[]): number => c.reduce((t, v) => t + w[v]!, 0);
      return s / (W(p) * W(q));
    };
    const expected: [number, number][] = [];
    while (clusters.length > 1) {
      let best = { cost: Infinity, x: -1, y: -1 };
      for (let x = 0; x < clusters.length; x++)
        for (let y = x + 1; y < clusters.length; y++) {
          const c = link(clusters[x]!, clusters[y]!);
          if (c < best.cost) best = { cost: c, x, y };
        }
      expected.push([clusters[best.x]![0]!, clusters[best.y]![0]!]);
      clusters[best.x] = [...clusters[best.x]!, ...clusters[best.y]!].sort((p, q) => p - q);
      clusters = clusters.filter((_, i) => i !== best.y);
    }
    const r = climboValueClustering(d, m, w, 1);
    expect(r.merges.map(({ a, b }) => [a, b])).toEqual(expected);
  });
});

describe('CLIMBO on a CAS model', () => {
  it('clusters tumor-size from its CADO block, merge costs never decreasing', async () => {
    const { table } = await loadDataset('breast-cancer.csv', { classColumn: 'Class' });
    const counts = computeCounts(table);
    const model = runToEnd(casModelSteps(table, counts, { irs: 'I' }));
    const j = attributeIndex(table, 'tumor-size');
    const m = table.attributes[j]!.labels.length;
    const start = model.tableStart[j]!;
    const block = model.cado.subarray(start, start + m * m);
    const off = table.attributes[j]!.offset;
    const weights = counts.cooccurrence.valueCounts.subarray(off, off + m);
    const r = climboValueClustering(block, m, weights, 3);
    expect(r.merges).toHaveLength(m - 3);
    expect(new Set(r.labels).size).toBe(3);
    // The first merge is the least CADO pair (lowest indices on ties).
    let first = { a: -1, b: -1, cost: Infinity };
    for (let x = 0; x < m; x++)
      for (let y = x + 1; y < m; y++)
        if (block[x * m + y]! < first.cost) first = { a: x, b: y, cost: block[x * m + y]! };
    expect(r.merges[0]).toEqual(first);
    // Weighted average linkage has no inversions (Lance–Williams α_a + α_b = 1, β = γ = 0).
    for (let t = 1; t < r.merges.length; t++)
      expect(r.merges[t]!.cost).toBeGreaterThanOrEqual(r.merges[t - 1]!.cost - 1e-12);
    const l = limboValueClustering(counts, j, 1);
    expect(l.informationLoss).toBeCloseTo(l.information, 10);
  });
});

describe('CLIMBO refusals', () => {
  it('refuses an invalid k, block, weights or size with a message', () => {
    expect(() => climboValueClustering(new Float64Array(4), 2, [1, 1], 3)).toThrow(
      'k = 3 exceeds the 2 values to cluster',
    );
    expect(() => climboValueClustering(new Float64Array(4), 2, [1, 1], 0)).toThrow(
      /k \(clusters\) must be a whole number ≥ 1/,
    );
    expect(() => climboValueClustering(new Float64Array(3), 2, [1, 1], 1)).toThrow(
      /expected 2 × 2/,
    );
    expect(() => climboValueClustering(new Float64Array(4), 2, [1, 0], 1)).toThrow(/must be > 0/);
    expect(() => climboValueClustering(new Float64Array(4), 2, [1], 1)).toThrow(/1 weights for 2/);
    const big = AGGLOMERATE_MAX_ITEMS + 1;
    expect(() => climboValueClustering(new Float64Array(0), big, [], 1)).toThrow(
      /exceed the limit/,
    );
    expect(() =>
      climboValueClustering(Float64Array.from([0, Number.NaN, Number.NaN, 0]), 2, [1, 1], 1),
    ).toThrow(/is NaN/);
  });
});
