/**
 * Seeded Lloyd k-means with k-means++ start: determinism, the two geometries agreeing, option
 * validation, recovery of well separated blobs, and agreement with ml-kmeans.
 */
import { kmeans as mlKmeans } from 'ml-kmeans';
import { describe, expect, it } from 'vitest';
import {
  computeCounts,
  createRandom,
  denseGeometry,
  distinctRows,
  idfEncoding,
  kmeans,
  kmeansRows,
  materialise,
  oneHot,
  valueConcatGeometry,
  type Geometry,
  type ValueConcatEmbedding,
} from '../../../src/core/index.ts';
import { loadDataset } from '../../helpers.ts';
import { OptionError, Defect } from '../../../src/core/base/errors.ts';

/** Three 2-D blobs of `per` points around (0,0), (100,0), (0,100), noise uniform in ±1. */
function blobs(seed: number, per = 20): { data: Float64Array; truth: Int32Array; n: number } {
  const centres = [
    [0, 0],
    [100, 0],
    [0, 100],
  ];
  const rng = createRandom(seed);
  const n = centres.length * per;
  const data = new Float64Array(n * 2);
  const truth = new Int32Array(n);
  // Interleave the blobs so cluster ids cannot follow the row order.
  for (let i = 0; i < n; i++) {
    const b = i % centres.length;
    truth[i] = b;
    data[i * 2] = centres[b]![0]! + (rng.next() * 2 - 1);
    data[i * 2 + 1] = centres[b]![1]! + (rng.next() * 2 - 1);
  }
  return { data, truth, n };
}

function randomData(seed: number, n: number, dim: number): Float64Array {
  const rng = createRandom(seed);
  return Float64Array.from({ length: n * dim }, () => rng.next());
}

/** Means of the members of each cluster and the sum of squared distances to them (own loops). */
function ownInertia(
  data: Float64Array,
  n: number,
  dim: number,
  labels: ArrayLike<number>,
  k: number,
): { centroids: Float64Array; inertia: number; sizes: number[] } {
  const sums = new Float64Array(k * dim);
  const sizes = new Array<number>(k).fill(0);
  for (let i = 0; i < n; i++) {
    const c = labels[i]!;
    sizes[c]!++;
    for (let j = 0; j < dim; j++) sums[c * dim + j]! += data[i * dim + j]!;
  }
  const centroids = sums.map((s, cell) => s / Math.max(sizes[Math.floor(cell / dim)]!, 1));
  let inertia = 0;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < dim; j++)
      inertia += (data[i * dim + j]! - centroids[labels[i]! * dim + j]!) ** 2;
  return { centroids, inertia, sizes };
}

async function zooOneHot(): Promise<{ e: ValueConcatEmbedding; x: Float64Array }> {
  const { table } = await loadDataset('zoo.csv', { classColumn: 'type', drop: ['legs'] });
  const e = oneHot(table);
  return { e, x: materialise(e) };
}

describe('kmeans: determinism and Lloyd fixed point', () => {
  const n = 60;
  const dim = 4;
  const data = randomData(21, n, dim);

  it('the same seed gives identical labels, sizes and inertia; a Random stream equals its seed', () => {
    const a = kmeans(denseGeometry(data, n, dim), { k: 5, seed: 7 });
    const b = kmeans(denseGeometry(data, n, dim), { k: 5, seed: 7 });
    expect(Array.from(a.labels)).toEqual(Array.from(b.labels));
    expect(Array.from(a.sizes)).toEqual(Array.from(b.sizes));
    expect(a.inertia).toBe(b.inertia);
    const c = kmeans(denseGeometry(data, n, dim), { k: 5 }, createRandom(7));
    expect(Array.from(c.labels)).toEqual(Array.from(a.labels));
    // Different seeds: at least one of several runs ends elsewhere on random data.
    const others = [8, 9, 10, 11].map((s) =>
      Array.from(kmeans(denseGeometry(data, n, dim), { k: 5, seed: s }).labels).join(),
    );
    expect(others.some((o) => o !== Array.from(a.labels).join())).toBe(true);
  });

  it('a converged run: sizes count the labels, inertia is Σ‖x − mean‖², every object is nearest its own centroid', () => {
    for (const seed of [0, 1, 2, 3]) {
      const r = kmeansRows(data, n, dim, { k: 5, seed });
      expect(r.converged).toBe(true);
      const own = ownInertia(data, n, dim, r.labels, 5);
      expect(Array.from(r.sizes)).toEqual(own.sizes);
      expect(own.sizes.every((s) => s > 0)).toBe(true);
      expect(r.inertia).toBeCloseTo(own.inertia, 10);
      for (let c = 0; c < 5 * dim; c++) expect(r.centroids[c]).toBeCloseTo(own.centroids[c]!, 12);
      for (let i = 0; i < n; i++) {
        const d = (c: number): number => {
          let s = 0;
          for (let j = 0; j < dim; j++)
            s += (data[i * dim + j]! - own.centroids[c * dim + j]!) ** 2;
          return s;
        };
        const mine = d(r.labels[i]!);
        for (let c = 0; c < 5; c++) expect(mine).toBeLessThanOrEqual(d(c) + 1e-12);
      }
    }
  });

  it('maxIterations = 1 stops after one update', () => {
    const r = kmeans(denseGeometry(data, n, dim), { k: 6, seed: 0, maxIterations: 1 });
    expect(r.iterations).toBeLessThanOrEqual(1);
    expect(r.labels.every((l) => l >= 0 && l < 6)).toBe(true);
  });

  it('recovers three well separated blobs on every run', () => {
    for (let seed = 0; seed < 20; seed++) {
      const { data: x, truth, n: m } = blobs(seed);
      const r = kmeans(denseGeometry(x, m, 2), { k: 3, seed });
      // Each blob has one cluster id, and the three ids differ.
      const idOf = new Map<number, number>();
      for (let i = 0; i < m; i++) {
        const seen = idOf.get(truth[i]!);
        if (seen === undefined) idOf.set(truth[i]!, r.labels[i]!);
        else expect(r.labels[i], `seed ${seed}, object ${i}`).toBe(seen);
      }
      expect(new Set(idOf.values()).size).toBe(3);
      expect(r.converged).toBe(true);
      // Within-blob noise only: each point is within √2 of its blob mean, so inertia < 2n.
      expect(r.inertia).toBeLessThan(2 * m);
    }
  });
});

describe('kmeans: validation', () => {
  const data = randomData(1, 10, 2);

  it('bad k or maxIterations throw RangeError, a fractional seed TypeError', () => {
    const g = denseGeometry(data, 10, 2);
    for (const k of [0, -1, 1.5, Number.NaN, 11])
      expect(() => kmeans(g, { k }), `k = ${k}`).toThrow(RangeError);
    for (const maxIterations of [0, -3, 2.5])
      expect(() => kmeans(g, { k: 2, maxIterations }), `maxIterations = ${maxIterations}`).toThrow(
        RangeError,
      );
    expect(() => kmeans(g, { k: 2, seed: 1.5 })).toThrow(OptionError);
    expect(() => denseGeometry(data, 10, 3)).toThrow(Defect);
  });

  it('k larger than the number of distinct rows throws RangeError', () => {
    // 10 rows, 3 distinct.
    const rows = [0, 1, 2, 0, 1, 2, 0, 1, 2, 0].flatMap((v) => [v, v * v]);
    const x = Float64Array.from(rows);
    expect(distinctRows(x, 10, 2)).toBe(3);
    expect(kmeans(denseGeometry(x, 10, 2), { k: 3, seed: 0 }).inertia).toBe(0);
    for (const seed of [0, 1, 2])
      expect(() => kmeans(denseGeometry(x, 10, 2), { k: 4, seed })).toThrow(RangeError);
  });

  it('distinctRows counts distinct rows (own Set of row keys)', async () => {
    const { e, x } = await zooOneHot();
    const keys = new Set<string>();
    for (let i = 0; i < e.nObjects; i++)
      keys.add(Array.from(x.subarray(i * e.dims, (i + 1) * e.dims)).join('|'));
    expect(distinctRows(x, e.nObjects, e.dims)).toBe(keys.size);
    expect(keys.size).toBeLessThan(e.nObjects); // zoo has duplicate animals
  });
});

describe('kmeans: value-concatenation geometry = dense geometry', () => {
  it('oneHot(zoo): same labels and inertia (±1e-9) as the materialised rows, for several seeds', async () => {
    const { e, x } = await zooOneHot();
    for (const seed of [0, 1, 2, 3, 4, 5]) {
      const a = kmeans(valueConcatGeometry(e), { k: 7, seed });
      const b = kmeans(denseGeometry(x, e.nObjects, e.dims), { k: 7, seed });
      expect(Array.from(a.labels), `seed ${seed}`).toEqual(Array.from(b.labels));
      expect(Math.abs(a.inertia - b.inertia)).toBeLessThan(1e-9);
      expect(a.iterations).toBe(b.iterations);
      // And the inertia is the own-loop inertia of the final partition when converged.
      if (b.converged)
        expect(b.inertia).toBeCloseTo(ownInertia(x, e.nObjects, e.dims, b.labels, 7).inertia, 9);
    }
  });

  it('IDF(zoo, with legs): same labels and inertia', async () => {
    const { table } = await loadDataset('zoo.csv', { classColumn: 'type' });
    const e = idfEncoding(table, computeCounts(table));
    const x = materialise(e);
    for (const seed of [0, 1, 2]) {
      const a = kmeans(valueConcatGeometry(e), { k: 7, seed });
      const b = kmeans(denseGeometry(x, e.nObjects, e.dims), { k: 7, seed });
      expect(Array.from(a.labels)).toEqual(Array.from(b.labels));
      expect(Math.abs(a.inertia - b.inertia)).toBeLessThan(1e-9);
    }
  });
});

describe('kmeans against ml-kmeans on zoo one-hot rows (k = 7)', () => {
  it('from the same k-means++ centres, ml-kmeans ends in the same partition', async () => {
    const { e, x } = await zooOneHot();
    const n = e.nObjects;
    const rows = Array.from({ length: n }, (_, i) =>
      Array.from(x.subarray(i * e.dims, (i + 1) * e.dims)),
    );
    for (let seed = 0; seed < 15; seed++) {
      // Record the k-means++ seeds our run starts from.
      const g = denseGeometry(x, n, e.dims);
      const start: number[][] = [];
      const recording: Geometry = {
        n,
        distancesToObject: (i, out) => g.distancesToObject(i, out),
        setCentroidToObject: (c, i) => {
          if (start.length < 7) start[c] = rows[i]!.slice();
          g.setCentroidToObject(c, i);
        },
        beginAssign: (k) => g.beginAssign(k),
        distanceToCentroid: (i, c) => g.distanceToCentroid(i, c),
        updateCentroids: (labels, k) => g.updateCentroids(labels, k),
      };
      const ours = kmeans(recording, { k: 7, seed });
      expect(start).toHaveLength(7);
      const theirs = mlKmeans(rows, 7, { initialization: start, maxIterations: 100 });
      expect(theirs.clusters, `seed ${seed}`).toEqual(Array.from(ours.labels));
    }
  });

  it('best inertia over 50 runs is within 5% of ml-kmeans (greedy k-means++) over 50 runs; mean single-run inertia within 5% of ml-kmeans with plain k-means++', async () => {
    const { e, x } = await zooOneHot();
    const n = e.nObjects;
    const rows = Array.from({ length: n }, (_, i) =>
      Array.from(x.subarray(i * e.dims, (i + 1) * e.dims)),
    );
    const theirInertia = (clusters: number[]): number =>
      ownInertia(x, n, e.dims, clusters, 7).inertia;
    const ours: number[] = [];
    const greedy: number[] = [];
    const plain: number[] = [];
    for (let seed = 0; seed < 50; seed++) {
      ours.push(kmeans(denseGeometry(x, n, e.dims), { k: 7, seed }).inertia);
      greedy.push(theirInertia(mlKmeans(rows, 7, { seed, initialization: 'kmeans++' }).clusters));
      // ml-kmeans forwards its options to its k-means++; one local trial = plain k-means++.
      plain.push(
        theirInertia(
          mlKmeans(rows, 7, { seed, initialization: 'kmeans++', localTrials: 1 } as never).clusters,
        ),
      );
    }
    const mean = (xs: number[]): number => xs.reduce((s, v) => s + v, 0) / xs.length;
    expect(Math.min(...ours)).toBeLessThanOrEqual(Math.min(...greedy) * 1.05);
    expect(Math.abs(mean(ours) / mean(plain) - 1)).toBeLessThan(0.05);
  });
});
