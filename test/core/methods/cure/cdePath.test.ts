/**
 * Issue 30, CDE at DNA scale: the fast path (PCA in the Gram form, k-means with its exact
 * shortcuts) against the reference path it replaced (the m × m covariance PCA, the plain k-means
 * loop), on small tables. The shortcuts must give the same clusterings bit for bit; the Gram form
 * the same components up to round-off (1e-9), hence the same partition costs and, ties within
 * round-off going to the lowest-numbered centre, the same object partitions.
 */
import { describe, expect, it } from 'vitest';
import {
  CDE_FAST_PATH,
  CDE_REFERENCE_PATH,
  computeCounts,
  couplingMatrices,
  createRandom,
  denseGeometry,
  kmeans,
  kmeansRows,
  materialise,
  pcaWithRangeFilter,
  runCde,
  valueConcatGeometry,
  type CdeResult,
} from '../../../../src/core/index.ts';
import { loadDataset } from '../../../helpers.ts';

/** Σ of squared distances of rows to their cluster's mean (own loops on materialised rows). */
function partitionCost(rows: Float64Array, dims: number, labels: Int32Array, k: number): number {
  const sums = new Float64Array(k * dims);
  const sizes = new Int32Array(k);
  labels.forEach((c, i) => {
    sizes[c]!++;
    for (let d = 0; d < dims; d++) sums[c * dims + d]! += rows[i * dims + d]!;
  });
  let cost = 0;
  labels.forEach((c, i) => {
    for (let d = 0; d < dims; d++)
      cost += (rows[i * dims + d]! - sums[c * dims + d]! / sizes[c]!) ** 2;
  });
  return cost;
}

/** Squared distance between rows i and j of a row-major matrix with `dims` columns. */
function rowDistance(data: Float64Array, dims: number, i: number, j: number): number {
  let s = 0;
  for (let d = 0; d < dims; d++) s += (data[i * dims + d]! - data[j * dims + d]!) ** 2;
  return s;
}

/** A rows × m 0/1 matrix (rows < m) with repeated rows, so its rank is below rows. */
function wideIndicators(seed: number, rows: number, m: number): Float64Array {
  const rng = createRandom(seed);
  const data = new Float64Array(rows * m);
  for (let r = 0; r < rows; r++) {
    if (r % 5 === 4) {
      data.copyWithin(r * m, (r - 1) * m, r * m); // a repeat of the previous row
      continue;
    }
    for (let a = 0; a < m; a++) data[r * m + a] = rng.next() < 0.2 ? 1 : 0;
  }
  return data;
}

describe('pcaWithRangeFilter: the Gram form against the covariance form', () => {
  const rows = 25;
  const m = 70;
  const data = wideIndicators(3, rows, m);
  const gram = pcaWithRangeFilter(data, rows, m, 1e-10, 'gram');
  const covariance = pcaWithRangeFilter(data, rows, m, 1e-10, 'covariance');

  it('keeps the same components, with the same variances and scores up to round-off', () => {
    // 20 distinct rows: at most 19 components with variance after centring.
    expect(gram.dims).toBe(covariance.dims);
    expect(gram.dims).toBeLessThanOrEqual(19);
    expect(gram.dims).toBeGreaterThan(10);
    expect(Array.from(gram.kept)).toEqual(Array.from(covariance.kept));
    for (let j = 0; j < gram.dims; j++)
      expect(Math.abs(gram.variances[j]! - covariance.variances[j]!)).toBeLessThan(1e-9);
    // Distinct variances here, so each component is the same up to round-off, sign included
    // (both take MATLAB's convention on the covariance eigenvector).
    let worst = 0;
    for (let c = 0; c < gram.scores.length; c++)
      worst = Math.max(worst, Math.abs(gram.scores[c]! - covariance.scores[c]!));
    expect(worst).toBeLessThan(1e-9);
  });

  it('keeps every distance between rows, and repeated rows get the same scores bit for bit', () => {
    for (let i = 0; i < rows; i++)
      for (let j = 0; j < i; j++)
        expect(
          Math.abs(rowDistance(gram.scores, gram.dims, i, j) - rowDistance(data, m, i, j)),
        ).toBeLessThan(1e-9);
    for (let r = 4; r < rows; r += 5)
      expect(Array.from(gram.scores.subarray(r * gram.dims, (r + 1) * gram.dims))).toEqual(
        Array.from(gram.scores.subarray((r - 1) * gram.dims, r * gram.dims)),
      );
  });

  it('with β = 0 both keep all m components (the zero ones as zero columns in the Gram form)', () => {
    const all = pcaWithRangeFilter(data, rows, m, 0, 'gram');
    expect(all.dims).toBe(m);
    expect(pcaWithRangeFilter(data, rows, m, 0, 'covariance').dims).toBe(m);
    for (let r = 0; r < rows; r++) expect(all.scores[r * m + m - 1]).toBe(0);
  });

  it("'auto' takes the Gram form for a wide matrix and the covariance form for a tall one", () => {
    expect(Array.from(pcaWithRangeFilter(data, rows, m, 1e-10).scores)).toEqual(
      Array.from(gram.scores),
    );
    const tall = wideIndicators(4, 40, 12);
    expect(Array.from(pcaWithRangeFilter(tall, 40, 12, 1e-10).scores)).toEqual(
      Array.from(pcaWithRangeFilter(tall, 40, 12, 1e-10, 'covariance').scores),
    );
  });
});

describe("k-means on dense rows: denseGeometry's shortcuts against the plain loop", () => {
  it("on zoo's Mc and Mo, k = 2…9, three seeds: the same labels, sizes, inertia and centroids", async () => {
    const { table } = await loadDataset('zoo.csv', { classColumn: 'type', drop: ['legs'] });
    const couplings = couplingMatrices(computeCounts(table));
    const L = couplings.nValues;
    for (const rows of [couplings.mc, couplings.mo]) {
      // One shortcut geometry serves every k, as in CURE's value clustering.
      const fast = denseGeometry(rows, L, L, { pairwise: true });
      for (let seed = 0; seed < 3; seed++) {
        const rngFast = createRandom(seed);
        const rngPlain = createRandom(seed);
        for (let k = 2; k <= 9; k++) {
          const a = kmeansRows(rows, L, L, { k }, rngFast, fast);
          const b = kmeansRows(
            rows,
            L,
            L,
            { k },
            rngPlain,
            denseGeometry(rows, L, L, { bound: false }),
          );
          expect(Array.from(a.labels)).toEqual(Array.from(b.labels));
          expect(Array.from(a.sizes)).toEqual(Array.from(b.sizes));
          expect(a.inertia).toBe(b.inertia);
          expect(a.iterations).toBe(b.iterations);
          expect(Array.from(a.centroids)).toEqual(Array.from(b.centroids));
        }
      }
    }
  });
});

describe('CDE: the fast path against the reference path', () => {
  // The Gram form is forced: these tables have fewer indicator columns than values, where 'auto'
  // keeps the covariance form (DNA, 240 values × 1,572 columns, is the bench's).
  const gramPath = { ...CDE_FAST_PATH, pca: 'gram' as const };

  async function compare(file: string, classColumn: string, seeds: number[]): Promise<void> {
    const { table } = await loadDataset(file, { classColumn });
    const counts = computeCounts(table);
    const classes = Int32Array.from(table.classColumn!.codes);
    const k = new Set(classes).size;
    for (const seed of seeds) {
      const fast: CdeResult = runCde(table, counts, { seed }, gramPath);
      const reference: CdeResult = runCde(table, counts, { seed }, CDE_REFERENCE_PATH);
      // The value clusterings, bit for bit.
      expect(fast.granularities.map((g) => `${g.matrix}${g.k}:${g.labels.join()}`)).toEqual(
        reference.granularities.map((g) => `${g.matrix}${g.k}:${g.labels.join()}`),
      );
      expect(fast.dims).toBe(reference.dims);
      // The value embedding: every distance between two values' vectors, up to round-off.
      const L = table.nValues;
      for (let u = 0; u < L; u++)
        for (let v = 0; v < u; v++)
          expect(
            Math.abs(
              rowDistance(fast.valueEmbedding, fast.dims, u, v) -
                rowDistance(reference.valueEmbedding, reference.dims, u, v),
            ),
          ).toBeLessThan(1e-9);
      // k-means of the object embeddings, one start per run from streams seeded alike.
      const rngFast = createRandom(seed);
      const rngReference = createRandom(seed);
      const rows = materialise(reference.objectEmbedding);
      for (let run = 0; run < 3; run++) {
        const a = kmeans(valueConcatGeometry(fast.objectEmbedding), { k }, rngFast);
        const b = kmeans(valueConcatGeometry(reference.objectEmbedding), { k }, rngReference);
        // The fast path's partition costs the same on the reference path's embedding.
        const cost = partitionCost(rows, reference.objectEmbedding.dims, a.labels, k);
        expect(Math.abs(cost - a.inertia)).toBeLessThan(1e-9 * Math.max(1, cost));
        // The same partition: the indicator space's squared distances are whole numbers, so
        // exact ties are common, and round-off (~1e-13 here) used to break them either way (zoo
        // seed 1 moved 1 and 4 objects); k-means now takes distances within 1e-9 (relative) of
        // each other as ties, and gives them to the lowest-numbered centre (nearestCentre.ts).
        expect(Array.from(a.labels)).toEqual(Array.from(b.labels));
      }
    }
  }

  it('zoo, seeds 0-2', async () => {
    await compare('zoo.csv', 'type', [0, 1, 2]);
  });

  it('soybean, seed 0', async () => {
    await compare('soybean.csv', 'class', [0]);
  });
});
