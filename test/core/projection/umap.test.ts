/**
 * UMAP (src/core/projection/umap.ts and its pieces): a and b against umap-learn's values, the
 * fuzzy set's defining properties, the layout's quality against a random one, the reuse of a
 * remembered neighbour graph, disconnected graphs, and the same layout bit for bit on 1, 2 and 3
 * threads with the helpers taking tasks.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startNodeTeam, type NodeTeam } from '../../../src/cli/nodeTeam.ts';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import { createRandom, gaussian } from '../../../src/core/base/random.ts';
import { exactNeighbourSteps } from '../../../src/core/neighbours/knn.ts';
import { rememberGraph } from '../../../src/core/neighbours/graphMemo.ts';
import { serialTeam } from '../../../src/core/parallel/team.ts';
import { vectorInput, type VectorInput } from '../../../src/core/platform/projectionInput.ts';
import { fuzzySimplicialSet, smoothKnnDistances } from '../../../src/core/projection/fuzzySet.ts';
import { projectionQuality } from '../../../src/core/projection/quality.ts';
import { defaultEpochs, runUmap } from '../../../src/core/projection/umap.ts';
import { fitUmapCurve } from '../../../src/core/projection/umapCurve.ts';

/** n points around `clusters` centres 12 apart on the axes of `dims` dimensions. */
function planted(n: number, dims: number, clusters: number, seed: number): VectorInput {
  const random = createRandom(seed);
  const data = new Float64Array(n * dims);
  for (let i = 0; i < n; i++)
    for (let d = 0; d < dims; d++)
      data[i * dims + d] = gaussian(random) + (d === i % clusters ? 12 : 0);
  return vectorInput(data, n, dims);
}

describe('the curve 1 / (1 + a d^2b)', () => {
  it('fits umap-learn’s a and b', () => {
    // min_dist 0.1, spread 1: umap-learn's published defaults a ≈ 1.577, b ≈ 0.895.
    const fitted = fitUmapCurve(0.1, 1);
    expect(fitted.a).toBeCloseTo(1.577, 3);
    expect(fitted.b).toBeCloseTo(0.895, 3);
    // Other settings: umap-learn 0.5.3's find_ab_params(spread, min_dist), run on Debian's
    // umap-learn package when this test was written (printed to 4 decimals).
    for (const [minDist, spread, a, b] of [
      [0.5, 1, 0.583, 1.3342],
      [0, 1, 1.9328, 0.7905],
      [0.1, 2, 0.5447, 0.8421],
    ] as const) {
      const f = fitUmapCurve(minDist, spread);
      expect(Math.abs(f.a - a)).toBeLessThanOrEqual(0.00005);
      expect(Math.abs(f.b - b)).toBeLessThanOrEqual(0.00005);
    }
  });

  it('refuses a spread that is not positive', () => {
    expect(() => fitUmapCurve(0.1, 0)).toThrow(/spread/);
  });
});

describe('the fuzzy simplicial set', () => {
  const input = planted(400, 6, 4, 3);
  const nn = runToEnd(exactNeighbourSteps(input, 14, createRandom(1)));

  it('calibrates each row to log2(k) and joins the rows by fuzzy union', () => {
    const { rho, sigma } = smoothKnnDistances(nn, 15);
    for (let i = 0; i < nn.n; i++) {
      expect(rho[i]).toBe(nn.distances[i * 14]);
      let sum = 0;
      for (let t = 0; t < 14; t++)
        sum += Math.exp(-Math.max(0, (nn.distances[i * 14 + t] as number) - rho[i]!) / sigma[i]!);
      expect(Math.abs(sum - Math.log2(15))).toBeLessThan(1e-4);
    }
    const graph = fuzzySimplicialSet(nn, 15);
    const weight = (i: number, j: number): number => {
      for (let e = graph.rowStart[i]!; e < graph.rowStart[i + 1]!; e++)
        if (graph.columns[e] === j) return graph.weights[e]!;
      return 0;
    };
    const membership = (i: number, j: number): number => {
      for (let t = 0; t < 14; t++)
        if (nn.indices[i * 14 + t] === j)
          return Math.exp(-Math.max(0, (nn.distances[i * 14 + t] as number) - rho[i]!) / sigma[i]!);
      return 0;
    };
    for (let i = 0; i < nn.n; i++)
      for (let e = graph.rowStart[i]!; e < graph.rowStart[i + 1]!; e++) {
        const j = graph.columns[e]!;
        expect(weight(j, i)).toBe(graph.weights[e]);
        const [a, b] = [membership(i, j), membership(j, i)];
        expect(Math.abs(graph.weights[e]! - (a + b - a * b))).toBeLessThan(1e-12);
      }
    // Every row's nearest neighbour has membership 1.
    for (let i = 0; i < nn.n; i++) expect(weight(i, nn.indices[i * 14]!)).toBeCloseTo(1, 12);
  });
});

describe('UMAP layouts', () => {
  it('keeps neighbourhoods far better than a random layout', () => {
    const input = planted(500, 10, 10, 5);
    const layout = runUmap(input, { seed: 1, epochs: 200 });
    const random = createRandom(9);
    const noise = Float64Array.from({ length: 1000 }, () => random.next());
    const ours = projectionQuality(input, layout.coordinates, { k: 10 }).trustworthiness;
    const chance = projectionQuality(input, noise, { k: 10 }).trustworthiness;
    expect(chance).toBeLessThan(0.6);
    expect(ours).toBeGreaterThan(0.9);
  });

  it('reuses a remembered neighbour graph', () => {
    const input = planted(300, 5, 3, 7);
    const searched = runUmap(input, { seed: 2, epochs: 50 });
    expect(searched.search).toBe('exact');
    const wide = runToEnd(exactNeighbourSteps(input, 30, createRandom(1)));
    rememberGraph(input, { points: 300, K: 30, indices: wide.indices, of: null });
    const reused = runUmap(input, { seed: 2, epochs: 50 });
    expect(reused.search).toBe('reused');
    expect(reused.coordinates).toEqual(searched.coordinates);
  });

  it('lays out each connected component apart', () => {
    // Two groups of 40 points 100 apart: every 14-neighbour list stays in its group.
    const input = planted(80, 2, 2, 11);
    for (let i = 0; i < 80; i++) input.data[i * 2] = input.data[i * 2]! + (i % 2 === 0 ? 100 : 0);
    const layout = runUmap(input, { seed: 3, epochs: 100 });
    expect(layout.start).toMatch(/2 connected components/);
    const centre = [0, 0, 0, 0];
    for (let i = 0; i < 80; i++) {
      centre[2 * (i % 2)]! += layout.coordinates[2 * i]! / 40;
      centre[2 * (i % 2) + 1]! += layout.coordinates[2 * i + 1]! / 40;
    }
    for (let i = 0; i < 80; i++) {
      const own = i % 2;
      const d = (g: number) =>
        Math.hypot(
          layout.coordinates[2 * i]! - centre[2 * g]!,
          layout.coordinates[2 * i + 1]! - centre[2 * g + 1]!,
        );
      expect(d(own)).toBeLessThan(d(1 - own));
    }
  });

  it('runs umap-learn’s default number of epochs', () => {
    expect([defaultEpochs(10000), defaultEpochs(10001)]).toEqual([500, 200]);
    const small = runUmap(planted(40, 3, 2, 1), { seed: 1 });
    expect(small.epochs).toBe(500);
  });

  it('refuses fewer than 3 objects', () => {
    expect(() => runUmap(vectorInput(new Float64Array(4), 2, 2))).toThrow(/at least 3/);
  });
});

describe('UMAP on a team of threads', () => {
  const teams: NodeTeam[] = [];
  afterAll(async () => {
    await Promise.all(teams.map((t) => t.close()));
  });

  it('gives the same layout on 1, 2 and 3 threads, and the helpers take tasks', async () => {
    // 1,000 points: four tasks an epoch.
    const input = planted(1000, 8, 8, 13);
    const options = { seed: 4, epochs: 40 };
    const alone = runUmap(input, { ...options, team: serialTeam });
    for (const threads of [2, 3]) {
      const started = await startNodeTeam(threads);
      teams.push(started);
      const shared = runUmap(input, { ...options, team: started.team });
      expect(Buffer.from(shared.coordinates.buffer)).toEqual(Buffer.from(alone.coordinates.buffer));
      const stats = (started.team as unknown as { stats: { tasks: number; local: number } }).stats;
      expect(stats.tasks).toBeGreaterThan(0);
      expect(stats.local).toBeLessThan(stats.tasks);
    }
  }, 60_000);
});
