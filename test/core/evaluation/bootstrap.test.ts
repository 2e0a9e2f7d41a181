/**
 * The noise of a comparison (bootstrap.ts): resamples of the measured objects, percentile
 * intervals, paired differences; then the quality steps' intervals and bands on zoo.
 */
import { describe, expect, it } from 'vitest';
import {
  interval,
  pairedNoise,
  quantile,
  resampleWeights,
  weightedMean,
} from '../../../src/core/evaluation/bootstrap.ts';
import {
  epsGammaCurve,
  resampledGamma,
  descendingMargins,
} from '../../../src/core/evaluation/epsGamma.ts';
import { runToEnd } from '../../../src/core/base/jobs.ts';
import { datasetSession, resultOf } from '../../sessions.ts';

describe('resamples of the objects', () => {
  it('each draws m objects with replacement, seeded', () => {
    const a = resampleWeights(50, 20, 3);
    expect(a).toHaveLength(20);
    for (const w of a) expect(w.reduce((s, x) => s + x, 0)).toBe(50);
    // With replacement: some object drawn twice, some not at all.
    expect(a.some((w) => w.some((x) => x > 1) && w.some((x) => x === 0))).toBe(true);
    expect(resampleWeights(50, 20, 3)).toEqual(a);
    expect(resampleWeights(50, 20, 4)).not.toEqual(a);
  });

  it('a mean over a resample counts each object as often as it was drawn (by hand)', () => {
    // 1·2 + 3·0 + 5·1 over 3 draws = 7/3.
    expect(weightedMean([1, 3, 5], Int32Array.of(2, 0, 1))).toBeCloseTo(7 / 3, 12);
    expect(weightedMean([1, 3], Int32Array.of(0, 0))).toBeNaN();
  });

  it('quantiles are linear between order statistics (numpy’s default), by hand', () => {
    // (n − 1)p = 0.75 → 1 + 0.75·(2 − 1).
    expect(quantile([4, 1, 3, 2], 0.25)).toBeCloseTo(1.75, 12);
    expect(quantile([4, 1, 3, 2], 0.975)).toBeCloseTo(3.925, 12);
    expect(interval([5, Number.NaN, 5])).toEqual({ low: 5, high: 5 });
  });

  it('the interval of a mean has the width of ±1.96 standard errors (a 0/1 measure, m = 400)', () => {
    // Half the objects score 1: se = 0.5 / √400 = 0.025, a 95 % interval ≈ 0.098 wide. Tolerance
    // fixed before running: ±15 % for 2,000 resamples.
    const m = 400;
    const values = Float64Array.from({ length: m }, (_, i) => i % 2);
    const means = Float64Array.from(resampleWeights(m, 2000, 1), (w) => weightedMean(values, w));
    const { low, high } = interval(means);
    expect(high - low).toBeGreaterThan(2 * 1.96 * 0.025 * 0.85);
    expect(high - low).toBeLessThan(2 * 1.96 * 0.025 * 1.15);
    expect(low).toBeLessThan(0.5);
    expect(high).toBeGreaterThan(0.5);
  });

  it('pairs the methods: a constant gap is clearly behind, however wide each interval', () => {
    // B trails A by exactly 0.01 on every resample; each varies by ±0.2 across resamples.
    const a = Float64Array.from({ length: 100 }, (_, r) => 0.5 + 0.2 * Math.sin(r));
    const b = a.map((x) => x - 0.01);
    const c = a.slice();
    const noise = pairedNoise([0.5, 0.49, 0.5], [a, b, c]);
    expect(noise.leader).toBe(0);
    expect(noise.own[1]!.high - noise.own[1]!.low).toBeGreaterThan(0.3);
    expect(noise.behind[1]!.low).toBeCloseTo(0.01, 12);
    expect(noise.behind[2]).toEqual({ low: 0, high: 0 });
    // Lower is better: the leader is the lowest, and behind is counted the other way.
    expect(pairedNoise([0.5, 0.49], [a, b], false).leader).toBe(1);
    expect(pairedNoise([0.5, 0.49], [a, b], false).behind[0]!.low).toBeCloseTo(0.01, 12);
  });
});

describe('γ(ε) over a resample', () => {
  it('with every object once it is the curve; with weights it counts objects by hand', () => {
    const margin = Float64Array.of(0.3, 0.1, -0.2, Number.NaN);
    const grid = Float64Array.of(0, 0.5, 1);
    const sorted = descendingMargins(margin);
    // Sorted 0.3, 0.1, −0.2 (n = 3): ε = 0 → 3rd, ε = 0.5 → ⌈1.5⌉ = 2nd, ε = 1 → 1st.
    expect(Array.from(resampledGamma(sorted, Int32Array.of(1, 1, 1, 1), grid))).toEqual([
      -0.2, 0.1, 0.3,
    ]);
    expect(Array.from(epsGammaCurve(margin, grid).gamma)).toEqual([0.1, 0.3]);
    // 0.3 drawn twice, 0.1 never, −0.2 once (the NaN one counts for nothing): n = 3, ranks 3, 2, 1.
    expect(Array.from(resampledGamma(sorted, Int32Array.of(2, 0, 1, 5), grid))).toEqual([
      -0.2, 0.3, 0.3,
    ]);
  });
});

describe('the quality steps’ noise on zoo', () => {
  const methods = ['cde', 'onehot', 'hamming', 'idf'].map((method) => ({ method }));

  it('precision@k: a 95 % interval around each value, and Hamming level with one-hot (same neighbours, paired)', async () => {
    const s = await datasetSession('zoo.csv', { classColumn: 'type' });
    const out = runToEnd(
      s.runSteps({ method: 'retrieval', options: { ks: '1,5,10' }, inputs: { methods } }),
    );
    const table = resultOf(out, 'table');
    const noise = table.verdict?.noise;
    expect(noise?.resamples).toBe(200);
    expect(noise?.objects).toBe(101);
    for (const row of table.rows) {
      const p = row.p10 as number;
      expect(row.p10Low as number).toBeLessThanOrEqual(p);
      expect(row.p10High as number).toBeGreaterThanOrEqual(p);
      expect((row.p10High as number) - (row.p10Low as number)).toBeGreaterThan(0);
    }
    const byMethod = (m: string) => {
      const title = table.rows.find((r) => r.method === m)?.title;
      return noise?.rows.find((r) => r.title === title);
    };
    // Hamming and one-hot order every object's neighbours alike: the same values on every
    // resample, so the same intervals, and neither behind the other.
    const { title: _h, ...hamming } = byMethod('hamming')!;
    const { title: _o, ...onehot } = byMethod('onehot')!;
    expect(hamming).toEqual(onehot);
    // Paired: CDE's and one-hot's own intervals overlap, yet one-hot is behind on every resample
    // but a few (seed 0) — unpaired intervals could not tell them apart.
    const cde = byMethod('cde')!;
    expect(cde.low).toBeLessThan(onehot.high);
    expect(onehot.behindLow).toBeGreaterThan(0);
    const leader = table.rows.reduce((a, b) => ((b.p10 as number) > (a.p10 as number) ? b : a));
    expect(noise?.leader).toBe(leader.title);
    const curves = resultOf(out, 'curves');
    expect(curves.leader).toBe(leader.title);
    expect(curves.chance).toBeCloseTo(table.verdict?.chance as number, 12);
    for (const c of curves.series)
      c.y.forEach((y, i) => {
        expect(c.low![i]).toBeLessThanOrEqual(y + 1e-12);
        expect(c.high![i]).toBeGreaterThanOrEqual(y - 1e-12);
      });
  });

  it('(ε,γ): bands around each curve at its points, none below 0, and resamples: 0 turns the noise off', async () => {
    const s = await datasetSession('zoo.csv', { classColumn: 'type' });
    const out = runToEnd(s.runSteps({ method: 'eps-gamma', inputs: { methods } }));
    const curves = resultOf(out, 'curves');
    for (const c of curves.series) {
      expect(c.low).toHaveLength(c.x.length);
      c.y.forEach((y, i) => {
        expect(c.low![i]).toBeGreaterThanOrEqual(0);
        expect(c.low![i]).toBeLessThanOrEqual(y + 1e-12);
        expect(c.high![i]).toBeGreaterThanOrEqual(y - 1e-12);
      });
    }
    const table = resultOf(out, 'table');
    expect(table.columns.map((c) => c.key)).toContain('areaLow');
    const quiet = runToEnd(
      s.runSteps({ method: 'eps-gamma', options: { resamples: 0 }, inputs: { methods } }),
    );
    expect(resultOf(quiet, 'table').verdict?.noise).toBeUndefined();
    expect(resultOf(quiet, 'curves').series[0]?.low).toBeUndefined();
    // The values themselves do not depend on the resamples.
    expect(resultOf(quiet, 'table').rows.map((r) => r.area)).toEqual(table.rows.map((r) => r.area));
  });
});

describe('a gap of rounding', () => {
  it('is no lead: the same numbers computed two ways are level, a gap of 1e-6 is not', () => {
    const a = Float64Array.from({ length: 50 }, (_, r) => 0.3 + 0.01 * Math.cos(r));
    const rounded = a.map((x) => x * (1 - 4e-16));
    expect(pairedNoise([0.3, 0.3 * (1 - 4e-16)], [a, rounded]).behind[1]).toEqual({
      low: 0,
      high: 0,
    });
    expect(pairedNoise([0.3, 0.3 - 1e-6], [a, a.map((x) => x - 1e-6)]).behind[1]!.low).toBeCloseTo(
      1e-6,
      12,
    );
  });
});
