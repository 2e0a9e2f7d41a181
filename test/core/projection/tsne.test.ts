/**
 * t-SNE: the repulsion (Barnes-Hut at θ = 0 equals the exact sum, duplicates included; θ = 0.5
 * within a few per cent), determinism, progress with the live layout, cluster separation, the
 * exact and Barnes-Hut paths agreeing, distance input ≡ vector input, the perplexity lowered on
 * tiny inputs, option validation, and a reference comparison with the `tsne-js` package on the
 * Zoo data set (KL against one common dense P, trustworthiness, 1-NN class agreement).
 */
import TSNE from 'tsne-js';
import { describe, expect, it } from 'vitest';
import {
  materialise,
  objectValues,
  oneHot,
  pickResult,
  projectionSource,
  REPRESENTATION_KINDS,
} from '../../../src/core/index.ts';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import { createRandom } from '../../../src/core/base/random.ts';
import { perplexityAffinities } from '../../../src/core/projection/affinity.ts';
import { barnesHutRepulsion, exactRepulsion } from '../../../src/core/projection/barnesHut.ts';
import {
  euclidean,
  vectorInput,
  type DistanceInput,
  type VectorInput,
} from '../../../src/core/platform/projectionInput.ts';
import { nearestNeighbourSteps } from '../../../src/core/neighbours/knn.ts';
import { projectionQuality } from '../../../src/core/projection/quality.ts';
import {
  klDivergence,
  resolveTsneOptions,
  runTsne,
  tsneSteps,
  type TsneOptions,
} from '../../../src/core/projection/tsne.ts';
import { denseAffinities, denseKl, withSeededMathRandom } from '../../../bench/reference.ts';
import { zooSession } from '../../sessions.ts';
import { asDistance, normal } from './projectionInputs.ts';
import { OptionError } from '../../../src/core/base/errors.ts';

/** `clusters` unit-variance Gaussian blobs in `dims` dimensions, centres 10 apart on the axes. */
function blobs(
  perCluster: number,
  clusters: number,
  dims: number,
  seed: number,
): { input: VectorInput; labels: Int32Array } {
  const rng = createRandom(seed);
  const n = perCluster * clusters;
  const data = new Float64Array(n * dims);
  const labels = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const c = i % clusters;
    labels[i] = c;
    for (let d = 0; d < dims; d++) data[i * dims + d] = normal(rng) + (d === c ? 10 : 0);
  }
  return { input: vectorInput(data, n, dims), labels };
}

/** Share of points whose nearest other point in the layout has the same label. */
function oneNearestAgreement(layout: ArrayLike<number>, labels: ArrayLike<number>): number {
  const n = labels.length;
  let agree = 0;
  for (let i = 0; i < n; i++) {
    let best = -1;
    let bestD = Infinity;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const d = (layout[2 * i] - layout[2 * j]) ** 2 + (layout[2 * i + 1] - layout[2 * j + 1]) ** 2;
      if (d < bestD) {
        bestD = d;
        best = j;
      }
    }
    if (labels[best] === labels[i]) agree++;
  }
  return agree / n;
}

/**
 * A random layout of `base` points spread over [−scale, scale]², each repeated 1 to 5 times,
 * at full double precision (so the mean of a repeated position is not always that position).
 */
function layoutWithDuplicates(base: number, seed: number, scale: number): Float64Array {
  const rng = createRandom(seed);
  const y: number[] = [];
  for (let i = 0; i < base; i++) {
    const x = scale * Math.sin(1000 * rng.next());
    const z = scale * Math.cos(1000 * rng.next());
    const copies = 1 + (i % 5 === 0 ? rng.int(5) : 0);
    for (let c = 0; c < copies; c++) y.push(x, z);
  }
  return Float64Array.from(y);
}

describe('t-SNE repulsion', () => {
  it('Barnes-Hut with θ = 0 equals the exact sum, duplicate points included', () => {
    for (const [base, seed, scale] of [
      [300, 1, 5],
      [500, 2, 50],
      [200, 3, 1e-3],
    ]) {
      const y = layoutWithDuplicates(base, seed, scale);
      const n = y.length / 2;
      expect(n).toBeGreaterThan(base);
      const exact = new Float64Array(2 * n);
      const bh = new Float64Array(2 * n);
      const zExact = exactRepulsion(n).compute(y, exact);
      const zBh = barnesHutRepulsion(n, 0).compute(y, bh);
      expect(Math.abs(zBh - zExact)).toBeLessThanOrEqual(1e-9 * zExact);
      const largest = Math.max(...exact.map(Math.abs));
      for (let i = 0; i < n; i++) {
        const error = Math.hypot(bh[2 * i] - exact[2 * i], bh[2 * i + 1] - exact[2 * i + 1]);
        const size = Math.hypot(exact[2 * i], exact[2 * i + 1]);
        expect(error, `point ${i}`).toBeLessThanOrEqual(1e-9 * size + 1e-12 * largest);
      }
    }
  });

  it('all points coincident: Z = n(n − 1), no force', () => {
    const n = 7;
    const y = new Float64Array(2 * n).fill(0.1);
    for (const repulsion of [exactRepulsion(n), barnesHutRepulsion(n, 0.5)]) {
      const force = new Float64Array(2 * n).fill(Number.NaN);
      expect(repulsion.compute(y, force)).toBe(n * (n - 1));
      expect(Array.from(force)).toEqual(new Array(2 * n).fill(0));
    }
  });

  it('Barnes-Hut with θ = 0.5 is within a few per cent of the exact forces', () => {
    for (const [base, seed] of [
      [2000, 4],
      [1500, 5],
    ]) {
      // A clustered layout as t-SNE makes them: ten Gaussian clumps plus duplicates.
      const y = layoutWithDuplicates(base, seed, 1);
      for (let i = 0; i < y.length / 2; i++) {
        const c = i % 10;
        y[2 * i] = 3 * y[2 * i] + 30 * Math.cos(c);
        y[2 * i + 1] = 3 * y[2 * i + 1] + 30 * Math.sin(c);
      }
      const n = y.length / 2;
      const exact = new Float64Array(2 * n);
      const bh = new Float64Array(2 * n);
      const zExact = exactRepulsion(n).compute(y, exact);
      const zBh = barnesHutRepulsion(n, 0.5).compute(y, bh);
      expect(Math.abs(zBh - zExact) / zExact).toBeLessThan(0.01);
      let error = 0;
      let size = 0;
      for (let t = 0; t < 2 * n; t++) {
        error += (bh[t] - exact[t]) ** 2;
        size += exact[t] ** 2;
      }
      expect(Math.sqrt(error / size)).toBeLessThan(0.03);
    }
  });
});

describe('t-SNE', () => {
  const { input: five, labels: fiveLabels } = blobs(60, 5, 10, 10);

  it('is deterministic for a seed; another seed with a random start gives another layout', () => {
    const options: TsneOptions = { iterations: 300, seed: 7, init: 'random' };
    const a = runTsne(five, options);
    const b = runTsne(five, options);
    expect(b.coordinates).toEqual(a.coordinates);
    expect(b.kl).toBe(a.kl);
    const c = runTsne(five, { ...options, seed: 8 });
    expect(c.coordinates).not.toEqual(a.coordinates);
    // A given start makes the seed matter only through the tree's vantage points (none here).
    const init = Float64Array.from({ length: 2 * five.n }, (_, t) => Math.sin(t));
    const d = runTsne(five, { iterations: 50, seed: 1, init });
    const e = runTsne(five, { iterations: 50, seed: 2, init });
    expect(e.coordinates).toEqual(d.coordinates);
  });

  it('yields one progress step per iteration with the live layout', () => {
    const iterations = 40;
    const steps = tsneSteps(five, { iterations, init: 'random' });
    const seen: number[] = [];
    let last = 0;
    let layout: Float64Array | null = null;
    for (;;) {
      const step = steps.next();
      if (step.done) {
        expect(step.value.coordinates).toBe(layout);
        expect(step.value.iterations).toBe(iterations);
        break;
      }
      const p = step.value;
      expect(p.fraction).toBeGreaterThanOrEqual(last);
      last = p.fraction;
      if (p.iteration === 0) expect(p.layout).toBeNull();
      else {
        expect(p.layout).toBeInstanceOf(Float64Array);
        expect(p.layout).toHaveLength(2 * five.n);
        expect(p.message).toBe(`iteration ${p.iteration}/${iterations}`);
        layout = p.layout;
        seen.push(p.iteration);
      }
    }
    expect(seen).toEqual(Array.from({ length: iterations }, (_, t) => t + 1));
    expect(last).toBe(1);
  });

  it('separates five well-separated Gaussian blobs (1-NN label agreement ≥ 0.95)', () => {
    const result = runTsne(five, { seed: 3, init: 'random' });
    expect(result.gradient).toBe('exact');
    expect(oneNearestAgreement(result.coordinates, fiveLabels)).toBeGreaterThanOrEqual(0.95);
    expect(result.coordinates.every(Number.isFinite)).toBe(true);
  });

  it('reports KL(P‖Q) of its final layout', () => {
    const result = runTsne(five, { iterations: 200, seed: 4, init: 'random' });
    const o = resolveTsneOptions(five.n);
    const nn = runToEnd(nearestNeighbourSteps(five, 90, createRandom(4)));
    const p = perplexityAffinities(nn, o.perplexity);
    const z = exactRepulsion(five.n).compute(result.coordinates, new Float64Array(2 * five.n));
    expect(result.neighbours).toBe(90);
    expect(result.kl).toBeCloseTo(klDivergence(p, result.coordinates, z), 12);
    expect(result.kl).toBeGreaterThan(0);
  });

  it('the exact and Barnes-Hut gradients reach KL within 10% of each other', () => {
    const { input, labels } = blobs(80, 6, 12, 11);
    const exact = runTsne(input, { seed: 5, init: 'random' });
    const bh = runTsne(input, { seed: 5, init: 'random', exactLimit: 0 });
    expect(exact.gradient).toBe('exact');
    expect(bh.gradient).toBe('barnes-hut');
    expect(Math.abs(bh.kl - exact.kl) / exact.kl).toBeLessThan(0.1);
    expect(oneNearestAgreement(bh.coordinates, labels)).toBeGreaterThanOrEqual(0.95);
  });

  it('gives the same layout from a distance input as from the vectors', () => {
    const distance = asDistance(five);
    for (const options of [
      { iterations: 150, seed: 6, init: 'random' as const },
      { iterations: 150, seed: 6, exactLimit: 0 },
    ]) {
      const fromVectors = runTsne(five, options);
      const fromDistance = runTsne(distance, options);
      expect(fromDistance.coordinates).toEqual(fromVectors.coordinates);
      expect(fromDistance.kl).toBe(fromVectors.kl);
    }
  });

  it('lowers the perplexity on tiny inputs and says so', () => {
    const { input } = blobs(5, 2, 3, 12);
    expect(input.n).toBe(10);
    const result = runTsne(input, { iterations: 100 });
    expect(result.perplexity).toBe(3);
    expect(result.neighbours).toBe(9);
    expect(result.coordinates.every(Number.isFinite)).toBe(true);
    const low = runTsne(input, { iterations: 100, perplexity: 2 });
    expect(low.perplexity).toBe(2);
    expect(low.neighbours).toBe(6);
    const three = runTsne(blobs(1, 3, 2, 13).input, { iterations: 20 });
    expect(three.neighbours).toBe(2);
    expect(three.coordinates.every(Number.isFinite)).toBe(true);
  });

  it('rejects invalid options with an error naming the option', () => {
    const small = blobs(10, 2, 3, 14).input;
    // Checked against TSNE_PARAMETERS: a value outside the domain (a fraction for a whole number
    // included) is a RangeError, a value of the wrong type an OptionError (a user error too); the message starts with
    // the option's name.
    const cases: [TsneOptions, new (message?: string) => Error, RegExp][] = [
      [{ perplexity: 0 }, RangeError, /^perplexity /],
      [{ perplexity: -5 }, RangeError, /^perplexity /],
      [{ perplexity: 0.5 }, RangeError, /^perplexity /],
      [{ perplexity: Number.NaN }, RangeError, /^perplexity /],
      [{ perplexity: '30' as unknown as number }, OptionError, /^perplexity /],
      [{ iterations: 0 }, RangeError, /^iterations /],
      [{ iterations: 2.5 }, RangeError, /^iterations /],
      [{ theta: 2 }, RangeError, /^theta /],
      [{ theta: -0.1 }, RangeError, /^theta /],
      [{ learningRate: -1 }, RangeError, /^learningRate /],
      [{ learningRate: Infinity }, RangeError, /^learningRate /],
      [{ earlyExaggeration: -1 }, RangeError, /^earlyExaggeration /],
      [{ earlyExaggeration: 0 }, RangeError, /^earlyExaggeration /],
      [{ exaggerationIterations: 1.5 }, RangeError, /^exaggerationIterations /],
      [{ exactLimit: -1 }, RangeError, /^exactLimit /],
      [{ seed: 1.5 }, RangeError, /^seed /],
      [{ seed: '1' as unknown as number }, OptionError, /^seed /],
      [{ init: new Float64Array(7) }, RangeError, /^init /],
      [{ init: 'pca' as 'random' }, OptionError, /^init /],
    ];
    for (const [options, type, message] of cases) {
      const label = JSON.stringify(options);
      expect(() => runTsne(small, options), label).toThrow(type);
      expect(() => runTsne(small, options), label).toThrow(message);
    }
    // learningRate 'auto' is the parameter table's default: the automatic rate max(n / early
    // exaggeration, 200); 0, which stood for it before 'auto' was a value, still reads as it. An
    // explicit rate must be > 0 and finite.
    expect(resolveTsneOptions(3000).learningRate).toBe(250);
    expect(resolveTsneOptions(3000, { learningRate: 'auto' }).learningRate).toBe(250);
    expect(resolveTsneOptions(3000, { learningRate: 0 }).learningRate).toBe(250);
    expect(resolveTsneOptions(3000, { learningRate: 0, earlyExaggeration: 4 }).learningRate).toBe(
      750,
    );
    expect(resolveTsneOptions(20, { learningRate: 0 }).learningRate).toBe(200);
    expect(resolveTsneOptions(20, { learningRate: 10 }).learningRate).toBe(10);
    const two = blobs(1, 2, 2, 15).input;
    expect(() => runTsne(two)).toThrow(RangeError);
    expect(() => runTsne(two)).toThrow(/at least 3/);
    expect(() => resolveTsneOptions(2)).toThrow(/at least 3/);
  });
});

// ---------------------------------------------------------------------------------------------
// Reference: the tsne-js package (exact O(N²) t-SNE) on the Zoo data set

/** tsne-js with Math.random replaced by a seeded generator while it draws its start. */
function runTsneJs(
  data: VectorInput,
  config: { perplexity: number; iterations: number; learningRate: number; exaggeration: number },
  seed: number,
): Float64Array {
  const model = new TSNE({
    dim: 2,
    perplexity: config.perplexity,
    earlyExaggeration: config.exaggeration,
    learningRate: config.learningRate,
    nIter: config.iterations,
    metric: 'euclidean',
  });
  const rows = Array.from({ length: data.n }, (_, i) =>
    Array.from(data.data.subarray(i * data.dims, (i + 1) * data.dims)),
  );
  withSeededMathRandom(seed, () => model.init({ data: rows, type: 'dense' }));
  model.run();
  return Float64Array.from(model.getOutput().flat());
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

describe('t-SNE against tsne-js (Zoo, one-hot)', () => {
  it('reaches a lower KL and at least the trustworthiness of tsne-js at equal iterations', async () => {
    const session = await zooSession();
    const table = session.table;
    const labels = table.classColumn!.codes;
    // Ours projects the representation the projection steps project (the platform's one-hot
    // result, as a distance input); tsne-js gets the same one-hot vectors materialised.
    const output = runToEnd(session.runSteps({ method: 'onehot' }));
    const result = pickResult(output, output.call, REPRESENTATION_KINDS);
    const representation = projectionSource(result, table, session.counts(), objectValues(table));
    expect(representation.dims).toBe(table.nValues);
    const embedding = oneHot(table);
    const vectors = vectorInput(materialise(embedding), table.nRows, embedding.dims);
    expect(representation.input.kind).toBe('distance');
    const distance = representation.input as DistanceInput;
    for (const [i, j] of [
      [0, 1],
      [3, 50],
      [100, 7],
    ])
      expect(distance.distance(i, j)).toBeCloseTo(euclidean(vectors, i, j), 12);

    // One yardstick for every layout: KL against a dense P over all points (bench/reference.ts),
    // trustworthiness T(10) and 1-NN class agreement.
    const perplexity = 30;
    const iterations = 500;
    const p = denseAffinities(vectors, perplexity);
    const measure = (layout: Float64Array) => ({
      kl: denseKl(p, layout),
      trustworthiness: projectionQuality(vectors, layout, { k: 10 }).trustworthiness,
      oneNearest: oneNearestAgreement(layout, labels),
    });
    type Measures = ReturnType<typeof measure>;
    const medians = (runs: Measures[]): Measures => ({
      kl: median(runs.map((r) => r.kl)),
      trustworthiness: median(runs.map((r) => r.trustworthiness)),
      oneNearest: median(runs.map((r) => r.oneNearest)),
    });
    const show = (r: Measures): string =>
      `KL ${r.kl.toFixed(4)}  T(10) ${r.trustworthiness.toFixed(4)}  1-NN ${r.oneNearest.toFixed(3)}`;

    // The same schedule for both: our default step (learning rate 200; tsne-js's gradient carries
    // the factor 4 that ours leaves out, so it gets 50) with our default early exaggeration 12,
    // then with tsne-js's default exaggeration 4. Medians over three seeds (random starts).
    const lines = [
      `Zoo one-hot, n = ${table.nRows}, perplexity ${perplexity}, ${iterations} iterations`,
    ];
    for (const earlyExaggeration of [12, 4]) {
      const o = resolveTsneOptions(table.nRows, { perplexity, earlyExaggeration });
      expect(o.learningRate).toBe(200);
      const ours: Measures[] = [];
      const reference: Measures[] = [];
      for (const seed of [1, 2, 3]) {
        const result = runTsne(representation.input, {
          perplexity,
          iterations,
          earlyExaggeration,
          seed,
          init: 'random',
        });
        expect(result.gradient).toBe('exact');
        expect(result.perplexity).toBe(perplexity);
        ours.push(measure(result.coordinates));
        // Our sparse P (90 neighbours) is close to the dense one: its KL is the layout's.
        expect(Math.abs(result.kl - ours[ours.length - 1].kl)).toBeLessThan(0.02);
        const tsneJs = runTsneJs(
          vectors,
          {
            perplexity,
            iterations,
            learningRate: o.learningRate / 4,
            exaggeration: earlyExaggeration,
          },
          seed,
        );
        reference.push(measure(tsneJs));
      }
      const a = medians(ours);
      const b = medians(reference);
      lines.push(
        `  exaggeration ${earlyExaggeration}, learning rate 200 (tsne-js 50), median of 3 seeds:`,
        `    ours     ${show(a)}   [KL ${ours.map((r) => r.kl.toFixed(3)).join(', ')}]`,
        `    tsne-js  ${show(b)}   [KL ${reference.map((r) => r.kl.toFixed(3)).join(', ')}]`,
      );
      expect(a.kl).toBeLessThanOrEqual(b.kl + 1e-3);
      expect(a.trustworthiness).toBeGreaterThanOrEqual(b.trustworthiness - 0.005);
      expect(a.oneNearest).toBeGreaterThanOrEqual(b.oneNearest - 0.02);
      expect(a.oneNearest).toBeGreaterThanOrEqual(0.9);
    }
    console.info(lines.join('\n'));
  });
});
