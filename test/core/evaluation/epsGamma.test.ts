/**
 * Representation quality (UNTIE, Zhu et al. 2022, Sec. 6.3): (ε,γ)-curves and precision@k on hand-made
 * distances, and the steps on a bundled table.
 */
import { describe, expect, it } from 'vitest';
import {
  epsGammaArea,
  epsGammaCurve,
  margins,
  precisionAtK,
  sampleObjects,
} from '../../../src/core/evaluation/epsGamma.ts';
import { sameClassChance } from '../../../src/core/evaluation/retrieval.ts';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import { createRandom } from '../../../src/core/base/random.ts';
import { datasetSession, resultOf } from '../../sessions.ts';

/** A symmetric m × m distance matrix from a function. */
function matrix(m: number, f: (a: number, b: number) => number): Float64Array {
  const d = new Float64Array(m * m);
  for (let a = 0; a < m; a++) for (let b = 0; b < m; b++) if (a !== b) d[a * m + b] = f(a, b);
  return d;
}
const GRID = Float64Array.from({ length: 11 }, (_, i) => i / 10);

describe('(ε,γ)-curve', () => {
  it('a perfect similarity (1 within a class, 0 across) keeps γ = 1 for every ε', () => {
    const classes = Int32Array.of(0, 0, 0, 1, 1, 1);
    const d = matrix(6, (a, b) => (classes[a] === classes[b] ? 0 : 1));
    const curve = epsGammaCurve(margins(d, 1, classes), GRID);
    expect(Array.from(curve.eps)).toEqual(Array.from(GRID));
    expect(Array.from(curve.gamma)).toEqual(Array.from(GRID, () => 1));
  });

  it('hand-computed margins, and γ(ε) as the margin all but a share ε keep', () => {
    // Four objects, classes 0 0 1 1; distances (max 1): d01 = 0.2, d23 = 0.4, across 1 except
    // d12 = 0.4. Similarities s = 1 − d. margin(0) = 0.8 − (0 + 0)/2 = 0.8;
    // margin(1) = 0.8 − (0.6 + 0)/2 = 0.5; margin(2) = 0.6 − (0 + 0.6)/2 = 0.3;
    // margin(3) = 0.6 − 0 = 0.6. Sorted: 0.8, 0.6, 0.5, 0.3.
    const classes = Int32Array.of(0, 0, 1, 1);
    const table: Record<string, number> = { '0,1': 0.2, '2,3': 0.4, '1,2': 0.4 };
    const d = matrix(4, (a, b) => table[`${Math.min(a, b)},${Math.max(a, b)}`] ?? 1);
    const m = margins(d, 1, classes);
    [0.8, 0.5, 0.3, 0.6].forEach((x, i) => expect(m[i]).toBeCloseTo(x, 12));
    const curve = epsGammaCurve(m, Float64Array.of(0, 0.25, 0.5, 0.75));
    // ε = 0: all four → 0.3; ε = 0.25: three → 0.5; ε = 0.5: two → 0.6; ε = 0.75: one → 0.8.
    expect(Array.from(curve.gamma)).toEqual([0.3, 0.5, 0.6, 0.8].map((x) => expect.closeTo(x, 12)));
  });

  it('cuts the points where γ is negative', () => {
    const classes = Int32Array.of(0, 0, 1, 1);
    // Every object closer to the other class: all margins negative, nothing drawn.
    const d = matrix(4, (a, b) => (classes[a] === classes[b] ? 1 : 0.1));
    expect(epsGammaCurve(margins(d, 1, classes), GRID).eps).toHaveLength(0);
  });
});

describe('(ε,γ) area', () => {
  const FINE = Float64Array.from({ length: 101 }, (_, i) => i / 100);
  it('is 1 for a perfect similarity and 0 when no margin is positive', () => {
    const classes = Int32Array.of(0, 0, 0, 1, 1, 1);
    const perfect = matrix(6, (a, b) => (classes[a] === classes[b] ? 0 : 1));
    expect(epsGammaArea(margins(perfect, 1, classes), FINE)).toBeCloseTo(1, 12);
    const inverted = matrix(6, (a, b) => (classes[a] === classes[b] ? 1 : 0));
    expect(epsGammaArea(margins(inverted, 1, classes), FINE)).toBe(0);
    expect(epsGammaArea(Float64Array.of(Number.NaN), FINE)).toBeNaN();
  });

  it('integrates the step function γ(ε), negative γ counting as 0 (by hand: 0.225)', () => {
    // Sorted margins 0.4, 0.3, 0.2, −0.1: γ = −0.1 → 0 on [0, .25), 0.2 on [.25, .5), 0.3 on
    // [.5, .75), 0.4 on [.75, 1]: the area is (0 + 0.2 + 0.3 + 0.4) / 4 = 0.225. Trapezoids on a
    // 0.01 grid are off by half a step at each of the three jumps: at most 0.005 · 0.4.
    const area = epsGammaArea(Float64Array.of(0.4, 0.2, -0.1, 0.3), FINE);
    expect(Math.abs(area - 0.225)).toBeLessThanOrEqual(0.002 + 1e-12);
  });
});

describe('precision@k', () => {
  it('is 1 for a perfect representation and the class share for a useless one', () => {
    const classes = Int32Array.of(0, 0, 0, 1, 1, 1);
    const perfect = matrix(6, (a, b) => (classes[a] === classes[b] ? 0.1 : 1));
    expect(Array.from(precisionAtK(perfect, classes, [1, 2]))).toEqual([1, 1]);
    // All distances equal: ties by row order, so object a's neighbours are the first rows.
    const flat = matrix(6, () => 1);
    // k = 5: every other object, 2 of 5 of the same class.
    expect(precisionAtK(flat, classes, [5])[0]).toBeCloseTo(0.4, 12);
  });

  it('orders only the k nearest yet equals the full sort, ties by row order (property table)', () => {
    const { next } = createRandom(5);
    for (const [m, levels, ks] of [
      [40, 3, [1, 5, 10]],
      [60, 60, [1, 59, 200]],
      [25, 2, [24]],
      [2, 2, [1, 5]],
    ] as [number, number, number[]][]) {
      const classes = Int32Array.from({ length: m }, () => Math.floor(next() * 3));
      // Few distinct distances: many ties at every k-th distance.
      const d = matrix(m, (a, b) => (a === b ? 0 : 1 + Math.floor(next() * levels)));
      for (let a = 0; a < m; a++) for (let b = 0; b < a; b++) d[a * m + b] = d[b * m + a]!;
      const full = ks.map((k) => {
        let sum = 0;
        for (let a = 0; a < m; a++) {
          const order = Array.from({ length: m }, (_, b) => b)
            .filter((b) => b !== a)
            .sort((x, y) => d[a * m + x]! - d[a * m + y]! || x - y);
          const kk = Math.min(k, m - 1);
          sum += order.slice(0, kk).filter((b) => classes[b] === classes[a]).length / kk;
        }
        return sum / m;
      });
      const fast = Array.from(precisionAtK(d, classes, ks));
      fast.forEach((p, i) => expect(p).toBeCloseTo(full[i]!, 12));
    }
  });
});

describe('the steps on zoo', () => {
  it('eps-gamma and retrieval compare five representations on one sample', async () => {
    const s = await datasetSession('zoo.csv', { classColumn: 'type' });
    const methods = ['cde', 'onehot', 'idf', 'hamming', 'caso'].map((method) => ({ method }));
    const curves = resultOf(
      runToEnd(s.runSteps({ method: 'eps-gamma', inputs: { methods } })),
      'curves',
    );
    expect(curves.series).toHaveLength(5);
    for (const c of curves.series) {
      expect(c.x.length).toBeGreaterThan(10);
      for (const g of c.y) expect(g).toBeGreaterThanOrEqual(0);
      // γ(ε) never decreases with ε.
      for (let i = 1; i < c.y.length; i++) expect(c.y[i]).toBeGreaterThanOrEqual(c.y[i - 1]!);
    }
    const retrieval = resultOf(
      runToEnd(s.runSteps({ method: 'retrieval', options: { ks: '1,5' }, inputs: { methods } })),
      'table',
    );
    // Hamming and 0-1 order neighbours alike (d² of one-hot = 2 × Hamming).
    const row = (m: string) => retrieval.rows.find((r) => r.method === m)!;
    expect(row('hamming').p1).toBe(row('onehot').p1);
    expect(row('hamming').p5).toBe(row('onehot').p5);
  });

  it('says which objects were measured in a sentence that reads: a seeded sample, or all of them', async () => {
    const s = await datasetSession('zoo.csv', { classColumn: 'type' });
    const methods = [{ method: 'onehot' }];
    const notes = (method: string, sample: number) =>
      (
        resultOf(
          runToEnd(s.runSteps({ method, options: { sample }, inputs: { methods } })),
          'curves',
        ).notes ?? []
      ).join(' ');
    expect(notes('retrieval', 50)).toContain(
      'neighbours among a seeded sample of 50 of the 101 objects (seed ',
    );
    expect(notes('retrieval', 1000)).toContain('neighbours among all 101 objects;');
    expect(notes('eps-gamma', 50)).toContain(
      'measured on a seeded sample of 50 of the 101 objects',
    );
    expect(notes('eps-gamma', 1000)).toContain('measured on all 101 objects;');
  });

  it('re-fits a seeded method (CDE) and gives mean ± sd; a deterministic one stays a number', async () => {
    const s = await datasetSession('zoo.csv', { classColumn: 'type' });
    const methods = [{ method: 'cde' }, { method: 'onehot' }];
    const run = (fits: number) =>
      resultOf(
        runToEnd(s.runSteps({ method: 'eps-gamma', options: { fits }, inputs: { methods } })),
        'table',
      );
    const one = run(1);
    const three = run(3);
    const row = (t: typeof one, m: string) => t.rows.find((r) => r.method === m)!;
    expect(typeof row(one, 'cde').area).toBe('number');
    const cde = row(three, 'cde').area as { mean: number; sd: number };
    expect(cde.sd).toBeGreaterThan(0);
    // The first of the three fits is the single fit (seed 0): its area lies within the spread.
    expect(Math.abs((row(one, 'cde').area as number) - cde.mean)).toBeLessThan(3 * cde.sd);
    expect(row(three, 'onehot').area).toBe(row(one, 'onehot').area);
    expect(three.notes?.join(' ')).toMatch(/re-fitted 3 times/);
    // Retrieval likewise.
    const p = resultOf(
      runToEnd(
        s.runSteps({ method: 'retrieval', options: { ks: '5', fits: 3 }, inputs: { methods } }),
      ),
      'table',
    );
    expect(p.rows.find((r) => r.method === 'cde')!.p5).toMatchObject({ mean: expect.any(Number) });
    expect(typeof p.rows.find((r) => r.method === 'onehot')!.p5).toBe('number');
  });

  it('contact-lenses (a full factorial, values equally frequent): the note names the methods that put every pair at one distance', async () => {
    const s = await datasetSession('contact-lenses.csv', { classColumn: 'contact-lenses' });
    const methods = ['dilca', 'hamming', 'idf'].map((method) => ({ method }));
    const curves = resultOf(
      runToEnd(s.runSteps({ method: 'eps-gamma', inputs: { methods } })),
      'curves',
    );
    const flat = curves.notes?.find((n) => /one distance/.test(n)) ?? '';
    // DILCA's contexts are independent attributes, IDF maps equally frequent values alike.
    expect(flat).toMatch(/^DILCA, IDF: every pair/);
    expect(flat).not.toMatch(/Hamming/);
    for (const name of ['DILCA', 'IDF'])
      expect(curves.series.find((c) => c.name === name)!.y.every((g) => g === 0)).toBe(true);
  });

  it('samples a large table with a seed', () => {
    const a = sampleObjects(10_000, 500, 3);
    expect(a).toHaveLength(500);
    expect(new Set(a).size).toBe(500);
    expect(sampleObjects(10_000, 500, 3)).toEqual(a);
    expect(sampleObjects(100, 500, 3)).toHaveLength(100);
  });
});

describe('CLI: eps-gamma and retrieval', () => {
  it('print curves and precision per method', async () => {
    const { cli } = await import('../../cli/cliRun.ts');
    const run = await cli(
      'eps-gamma',
      'public/datasets/zoo.csv',
      '--class',
      'type',
      '--methods',
      // UNTIE with the paper's learning (its default learns nothing).
      'untie@iterations=1000,cde,onehot,idf,hamming,caso',
      '--seed',
      '3',
    );
    expect(run.code).toBe(0);
    const { results } = JSON.parse(run.stdout) as {
      results: {
        table: { rows: { method: string }[] };
        curves: { series: { x: number[]; y: number[] }[] };
      };
    };
    expect(results.table.rows.map((c) => c.method)).toEqual([
      'untie',
      'cde',
      'onehot',
      'idf',
      'hamming',
      'caso',
    ]);
    for (const c of results.curves.series) expect(c.x[0]).toBe(0);
    // Zhu et al. 2022 (UNTIE) Fig. 6's claim holds on zoo: UNTIE's margin at ε = 0 is the largest.
    const atZero = results.curves.series.map((c) => c.y[0] ?? 0);
    expect(atZero[0]).toBe(Math.max(...atZero));
    const r = await cli(
      'retrieval',
      'public/datasets/zoo.csv',
      '--class',
      'type',
      '--methods',
      'cde,hamming',
      '--k',
      '1,5',
    );
    expect(r.code).toBe(0);
    const rj = JSON.parse(r.stdout) as {
      results: { curves: { series: { x: number[]; y: number[] }[] } };
    };
    expect(rj.results.curves.series.map((x) => x.x)).toEqual([
      [1, 5],
      [1, 5],
    ]);
  });
});

describe('precision@k without skill', () => {
  it('is the chance another object is of one’s class: Σ n_c(n_c − 1) / n(n − 1), by hand', () => {
    // Classes a, a, a, b: (3·2 + 1·0) / (4·3) = 0.5.
    const table = {
      nRows: 4,
      classColumn: { name: 'c', labels: ['a', 'b'], codes: Int32Array.from([0, 0, 0, 1]) },
    } as unknown as Parameters<typeof sameClassChance>[0];
    expect(sameClassChance(table)).toBe(0.5);
    expect(sameClassChance({ ...table, classColumn: null })).toBeNull();
  });
});
