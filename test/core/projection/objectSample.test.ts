/**
 * Per-object layouts above a size lay out a seeded sample (src/core/projection/objectSample.ts):
 * the sample's properties, a sampled input that is the source's rows and nothing else, a layout
 * of the sample equal to the layout of those rows projected on their own, points without a
 * position kept out of the stacks of identical rows, and t-SNE and UMAP calls on zoo.
 */
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import {
  findResult,
  type DenseEmbeddingResult,
  type Measures,
} from '../../../src/core/platform/results.ts';
import { ExplorerSession } from '../../../src/core/platform/session.ts';
import { objectValues } from '../../../src/core/platform/objectEmbedding.ts';
import { projectionSource } from '../../../src/core/platform/representation.ts';
import { coincidentPoints } from '../../../src/core/projection/coincident.ts';
import {
  objectSample,
  sampleInput,
  sampleSource,
  spreadLayout,
} from '../../../src/core/projection/objectSample.ts';
import { mdsLayout, projectSteps } from '../../../src/core/projection/project.ts';
import { vectorInput } from '../../../src/core/platform/projectionInput.ts';
import { readDataset } from '../../helpers.ts';
import { gaussianData } from './projectionInputs.ts';

describe('objectSample', () => {
  it('takes every object up to the limit, and 0 means no limit', () => {
    expect(objectSample(100, 100, 1)).toBeNull();
    expect(objectSample(100, 0, 1)).toBeNull();
  });
  it('draws the limit’s count of distinct rows, ascending, the same for a seed', () => {
    const a = objectSample(1000, 300, 7) as Int32Array;
    expect(a.length).toBe(300);
    for (let s = 1; s < a.length; s++) expect(a[s]).toBeGreaterThan(a[s - 1] as number);
    expect(a[0]).toBeGreaterThanOrEqual(0);
    expect(a[299]).toBeLessThan(1000);
    expect(Array.from(objectSample(1000, 300, 7) as Int32Array)).toEqual(Array.from(a));
    expect(Array.from(objectSample(1000, 300, 8) as Int32Array)).not.toEqual(Array.from(a));
  });
  it('is uniform: each half of the rows gets about half of the sample', () => {
    const a = objectSample(100_000, 10_000, 3) as Int32Array;
    const low = a.filter((r) => r < 50_000).length;
    // Hypergeometric sd ≈ 47; 5 sd.
    expect(Math.abs(low - 5000)).toBeLessThan(240);
  });
});

describe('a sampled input', () => {
  it('is the source’s rows: vectors copied, distances and codes looked up', () => {
    const data = gaussianData(50, 3, 1);
    const rows = Int32Array.from([2, 9, 31, 49]);
    const v = sampleInput(vectorInput(data, 50, 3), rows);
    expect(v.kind === 'vectors' && Array.from(v.data)).toEqual(
      Array.from(rows).flatMap((r) => Array.from(data.subarray(3 * r, 3 * r + 3))),
    );
    const zoo = new ExplorerSession();
    return zoo.load([readDataset('zoo.csv')], {}, { classColumn: 'type' }).then(() => {
      const onehot = runToEnd(zoo.runSteps({ method: 'onehot' })).results;
      const embedding = findResult(onehot, 'object-embedding')?.result;
      if (!embedding) throw new Error('no embedding');
      const source = projectionSource(
        embedding,
        zoo.table,
        zoo.counts(),
        objectValues(zoo.table),
      ).input;
      const d = sampleInput(source, rows);
      if (source.kind !== 'distance' || d.kind !== 'distance') throw new Error('not a distance');
      expect(d.n).toBe(4);
      for (let i = 0; i < 4; i++)
        for (let j = 0; j < 4; j++)
          expect(d.distance(i, j)).toBe(source.distance(rows[i] as number, rows[j] as number));
      const D = source.additive?.D as number;
      expect(Array.from(d.additive?.codes.subarray(D, 2 * D) ?? [])).toEqual(
        Array.from(source.additive?.codes.subarray(9 * D, 10 * D) ?? []),
      );
    });
  });
  it('lays the sample out as those rows projected on their own, the others without a position', () => {
    const n = 60;
    const data = gaussianData(n, 4, 5);
    const rows = objectSample(n, 25, 11) as Int32Array;
    const source = { input: vectorInput(data, n, 4), principal: null };
    const own = vectorInput(
      Float64Array.from(
        Array.from(rows).flatMap((r) => Array.from(data.subarray(4 * r, 4 * r + 4))),
      ),
      25,
      4,
    );
    const layout = mdsLayout();
    const sampled = runToEnd(projectSteps(sampleSource(source, rows), layout, { quality: false }));
    const alone = runToEnd(
      projectSteps({ input: own, principal: null }, layout, { quality: false }),
    );
    expect(Array.from(sampled.coordinates)).toEqual(Array.from(alone.coordinates));
    const spread = spreadLayout(sampled.coordinates, rows, n);
    const placed = new Set(rows);
    for (let i = 0; i < n; i++)
      expect(Number.isFinite(spread[2 * i]), `row ${i}`).toBe(placed.has(i));
  });
});

describe('points without a position', () => {
  it('are not stacked with one another; identical placed points still are', () => {
    const points = Float64Array.from([1, 2, NaN, NaN, 1, 2, NaN, NaN, 3, 4]);
    const groups = coincidentPoints(points);
    expect(groups.count).toBe(4);
    expect(groups.groupOf[0]).toBe(groups.groupOf[2]);
    expect(groups.groupOf[1]).not.toBe(groups.groupOf[3]);
    expect(points[2]).toBeNaN();
  });
});

describe('t-SNE and UMAP over a sample', () => {
  it.each(['tsne', 'umap'])(
    '%s on zoo with sample 40: 40 of 101 placed, and said',
    async (method) => {
      const session = new ExplorerSession();
      await session.load([readDataset('zoo.csv')], {}, { classColumn: 'type' });
      const out = runToEnd(
        session.runSteps({
          method,
          options: {
            sample: 40,
            seed: 2,
            ...(method === 'tsne' ? { iterations: 100 } : { epochs: 50 }),
          },
          inputs: { of: { method: 'onehot' } },
        }),
      );
      const layout = out.results.layout as DenseEmbeddingResult;
      expect(layout.n).toBe(101);
      const data = layout.data as Float64Array;
      let placed = 0;
      for (let i = 0; i < 101; i++) if (Number.isFinite(data[2 * i])) placed++;
      expect(placed).toBe(40);
      expect(layout.title).toContain('a seeded sample of 40 of 101 objects');
      const laidOut = (out.results.quality as Measures).values.find((v) => v.name === 'laidOut');
      expect(laidOut?.value).toBe(40);
      // The default lays every object of a table this small out.
      const all = runToEnd(
        session.runSteps({
          method,
          options: { seed: 2, ...(method === 'tsne' ? { iterations: 100 } : { epochs: 50 }) },
          inputs: { of: { method: 'onehot' } },
        }),
      ).results.layout as DenseEmbeddingResult;
      expect(Array.from(all.data as Float64Array).every(Number.isFinite)).toBe(true);
    },
  );
});
