/**
 * Identical objects merged into one t-SNE point with a multiplicity (src/core/projection/duplicates.ts,
 * tsne.ts): the groups against a brute-force grouping by row text; the weighted P, gradient and KL
 * against the ordinary code on the expanded data (every copy its own object, copies coincident in
 * the layout) summed over copies; whole runs merged vs kept apart on a table with many duplicates.
 */
import { describe, expect, it } from 'vitest';
import { createRandom, gaussian } from '../../../src/core/base/random.ts';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import {
  perplexityAffinities,
  type SparseAffinity,
} from '../../../src/core/projection/affinity.ts';
import { exactRepulsion } from '../../../src/core/projection/barnesHut.ts';
import { identicalObjects, restrictedInput } from '../../../src/core/projection/duplicates.ts';
import {
  vectorInput,
  type DistanceInput,
  type VectorInput,
} from '../../../src/core/platform/projectionInput.ts';
import { nearestNeighbourSteps } from '../../../src/core/neighbours/knn.ts';
import { projectionQuality } from '../../../src/core/projection/quality.ts';
import { klDivergence, klGradient, runTsne } from '../../../src/core/projection/tsne.ts';

/** `distinct` random vectors, row i of the result a copy of vector copyOf[i]. */
function withCopies(
  distinct: number,
  dims: number,
  multiplicities: number[],
  seed: number,
): { input: VectorInput; copyOf: Int32Array } {
  const random = createRandom(seed);
  const base = Float64Array.from({ length: distinct * dims }, () => gaussian(random));
  const n = multiplicities.reduce((s, m) => s + m, 0);
  // Copies are spread through the table (not adjacent), in a seeded order.
  const copyOf = new Int32Array(n);
  let at = 0;
  multiplicities.forEach((m, u) => {
    for (let c = 0; c < m; c++) copyOf[at++] = u;
  });
  for (let i = n - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [copyOf[i], copyOf[j]] = [copyOf[j]!, copyOf[i]!];
  }
  const data = new Float64Array(n * dims);
  for (let i = 0; i < n; i++)
    data.set(base.subarray(copyOf[i]! * dims, (copyOf[i]! + 1) * dims), i * dims);
  return { input: vectorInput(data, n, dims), copyOf };
}

/** The expanded P with every entry replaced by the mean over its two points' copy pairs. */
function averagedOverCopies(p: SparseAffinity, of: Int32Array, unique: number): SparseAffinity {
  const n = p.n;
  const total = new Float64Array(unique * unique);
  const size = new Float64Array(unique);
  for (let i = 0; i < n; i++) {
    size[of[i]!]! += 1;
    for (let s = p.rowStart[i]!; s < p.rowStart[i + 1]!; s++)
      total[of[i]! * unique + of[p.columns[s]!]!] += p.values[s]!;
  }
  const rowStart = new Int32Array(n + 1);
  const columns: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const a = of[i]!;
      const b = of[j]!;
      if (i === j || total[a * unique + b] === 0) continue;
      const pairs = a === b ? size[a]! * (size[a]! - 1) : size[a]! * size[b]!;
      columns.push(j);
      values.push(total[a * unique + b]! / pairs);
    }
    rowStart[i + 1] = columns.length;
  }
  return { n, rowStart, columns: Int32Array.from(columns), values: Float64Array.from(values) };
}

describe('identicalObjects', () => {
  it('groups equal vectors as a grouping by row text does, first occurrences in row order', () => {
    const { input } = withCopies(
      40,
      3,
      Array.from({ length: 40 }, (_, u) => 1 + (u % 5)),
      1,
    );
    const groups = identicalObjects(input)!;
    const byText = new Map<string, number>();
    const firstRows: number[] = [];
    for (let i = 0; i < input.n; i++) {
      const key = Array.from(input.data.subarray(i * 3, i * 3 + 3)).join(',');
      if (!byText.has(key)) {
        byText.set(key, firstRows.length);
        firstRows.push(i);
      }
      expect(groups.of[i]).toBe(byText.get(key));
    }
    expect(Array.from(groups.representative)).toEqual(firstRows);
    expect(groups.unique).toBe(40);
    expect(groups.multiplicity.reduce((s, m) => s + m, 0)).toBe(input.n);
  });

  it('groups equal code rows of a distance input; a bare distance gives no groups', () => {
    const codes = Int32Array.from([0, 1, 2, 0, 1, 3, 0, 1, 2, 5, 5, 5, 0, 1, 3]);
    const input: DistanceInput = {
      kind: 'distance',
      n: 5,
      distance: () => 1,
      rows: { codes, width: 3 },
    };
    const groups = identicalObjects(input)!;
    expect(Array.from(groups.of)).toEqual([0, 1, 0, 2, 1]);
    expect(Array.from(groups.multiplicity)).toEqual([2, 2, 1]);
    expect(identicalObjects({ kind: 'distance', n: 5, distance: () => 1 })).toBeNull();
  });
});

describe('weighted t-SNE equals t-SNE on the expanded objects', () => {
  // Multiplicities 1 … 20 with perplexity 5 (k = 15 objects): some points' own copies fill
  // their whole neighbour list.
  const multiplicities = Array.from({ length: 50 }, (_, u) => 1 + ((u * 7) % 20));
  const { input, copyOf } = withCopies(50, 4, multiplicities, 2);
  const n = input.n;
  const perplexity = 5;
  const k = 15;
  const groups = identicalObjects(input)!;
  const unique = restrictedInput(input, groups.representative);
  const random = createRandom(1);
  const weighted = perplexityAffinities(
    runToEnd(nearestNeighbourSteps(unique, k, random)),
    perplexity,
    groups.multiplicity,
    k,
  );
  const expanded = perplexityAffinities(
    runToEnd(nearestNeighbourSteps(input, k, createRandom(1))),
    perplexity,
  );
  const point = (i: number): number => groups.of[i]!;

  it('P summed over object pairs equals the weighted P, the copies’ own pairs included', () => {
    const u = groups.unique;
    const totals = new Float64Array(u * u);
    for (let i = 0; i < n; i++)
      for (let s = expanded.rowStart[i]!; s < expanded.rowStart[i + 1]!; s++)
        totals[point(i) * u + point(expanded.columns[s]!)] += expanded.values[s]!;
    let checked = 0;
    for (let a = 0; a < u; a++) {
      expect(weighted.self![a]).toBeCloseTo(totals[a * u + a]!, 6);
      for (let s = weighted.rowStart[a]!; s < weighted.rowStart[a + 1]!; s++) {
        const b = weighted.columns[s]!;
        const want = totals[a * u + b]!;
        expect(Math.abs(weighted.values[s]! - want)).toBeLessThan(1e-5 * Math.max(want, 1e-3));
        totals[a * u + b] = 0;
        checked++;
      }
      totals[a * u + a] = 0;
    }
    // Nothing the expanded P holds is missing from the weighted one.
    expect(Math.max(...totals)).toBeLessThan(1e-12);
    expect(checked).toBeGreaterThan(100);
  });

  // Copies of one point have one neighbour list, but where a point's list ends part-way through
  // another's copies, the index decides which copies are in it, so after symmetrisation the
  // expanded copies of that other point feel slightly different attractions. The merged point
  // moves with their mean: the group's total force, hence the mean, is what must agree.
  it('gradient (mean over copies) and KL equal the expanded ones with every copy on its point', () => {
    const r = createRandom(3);
    const y = Float64Array.from({ length: 2 * groups.unique }, () => 3 * gaussian(r));
    const yExpanded = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
      yExpanded[2 * i] = y[2 * point(i)]!;
      yExpanded[2 * i + 1] = y[2 * point(i) + 1]!;
    }
    const g = new Float64Array(y.length);
    const z = klGradient(
      weighted,
      y,
      exactRepulsion(groups.unique, groups.multiplicity),
      1,
      g,
      new Float64Array(y.length),
    );
    const gExpanded = new Float64Array(2 * n);
    const zExpanded = klGradient(
      expanded,
      yExpanded,
      exactRepulsion(n),
      1,
      gExpanded,
      new Float64Array(2 * n),
    );
    expect(z / zExpanded).toBeCloseTo(1, 10);
    const mean = new Float64Array(y.length);
    for (let i = 0; i < n; i++) {
      const m = groups.multiplicity[point(i)]!;
      mean[2 * point(i)] += gExpanded[2 * i]! / m;
      mean[2 * point(i) + 1] += gExpanded[2 * i + 1]! / m;
    }
    let scale = 0;
    for (const v of mean) scale = Math.max(scale, Math.abs(v));
    for (let t = 0; t < y.length; t++)
      expect(Math.abs(g[t]! - mean[t]!)).toBeLessThan(1e-6 * scale);
    // The weighted KL is the KL of the expanded P averaged over each pair of points' copies
    // (the uneven split above changes Σ p log p only), built here as an expanded CSR matrix.
    expect(klDivergence(weighted, y, z)).toBeCloseTo(
      klDivergence(averagedOverCopies(expanded, groups.of, groups.unique), yExpanded, zExpanded),
      8,
    );
    // … and the plain expanded KL is higher by that uneven split only (Jensen), a little.
    const plain = klDivergence(expanded, yExpanded, zExpanded);
    expect(plain).toBeGreaterThanOrEqual(klDivergence(weighted, y, z));
    expect(plain - klDivergence(weighted, y, z)).toBeLessThan(0.03 * plain);
    expect(copyOf.length).toBe(n);
  });
});

describe('whole runs on a table with many duplicates', () => {
  it('merged reaches the KL and trustworthiness of kept-apart within noise, faster', () => {
    // 400 distinct points of a 4-cluster mixture, 1 to 8 copies each: 1,800 rows. Medians over
    // three seeds (seed-to-seed spread here: KL ± 0.01, trustworthiness ± 0.001). Groups this
    // small collapse onto one spot in the kept-apart run too; far larger ones spread into small
    // blobs there and the merged KL is then higher (tsne.ts, README), trustworthiness still equal.
    const random = createRandom(5);
    const multiplicities = Array.from({ length: 400 }, () => 1 + random.int(8));
    const { input, copyOf } = withCopies(400, 6, multiplicities, 6);
    for (let i = 0; i < input.n; i++) input.data[i * 6] += 6 * (copyOf[i]! % 4);
    const median = (xs: number[]): number => xs.sort((a, b) => a - b)[1]!;
    const runs = (['merge', 'keep'] as const).map((duplicates) => {
      const kl: number[] = [];
      const trust: number[] = [];
      let seconds = 0;
      let points = 0;
      for (const seed of [1, 2, 3]) {
        const t0 = performance.now();
        const r = runTsne(input, { seed, init: 'random', iterations: 500, duplicates });
        seconds += (performance.now() - t0) / 1000;
        points = r.points;
        kl.push(r.kl);
        trust.push(projectionQuality(input, r.coordinates, { k: 10, seed: 1 }).trustworthiness);
      }
      return { kl: median(kl), trust: median(trust), seconds, points };
    });
    const [merged, kept] = runs as [(typeof runs)[0], (typeof runs)[0]];
    expect(merged.points).toBe(400);
    expect(kept.points).toBe(input.n);
    expect(Math.abs(merged.kl - kept.kl)).toBeLessThan(0.05 * kept.kl);
    expect(Math.abs(merged.trust - kept.trust)).toBeLessThan(0.005);
    expect(merged.seconds).toBeLessThan(0.5 * kept.seconds);
  }, 180_000);
});
