import { describe, expect, it } from 'vitest';
import { verdict } from '../../../src/app/model/verdict.ts';

describe('the verdict on a comparison', () => {
  it('names the leader, those within noise (2 sd of the difference) and those behind, by hand', () => {
    // CDE 0.50 ± 0.02; one-hot 0.47 ± 0.02: 0.03 < 2·√(0.02² + 0.02²) = 0.0566 → within noise.
    // IDF 0.40 ± 0.01: 0.10 > 2·√(0.02² + 0.01²) = 0.0447 → behind.
    const v = verdict(
      [
        { title: 'one-hot', cell: { mean: 0.47, sd: 0.02 } },
        { title: 'CDE', cell: { mean: 0.5, sd: 0.02 } },
        { title: 'IDF', cell: { mean: 0.4, sd: 0.01 } },
      ],
      'area',
      { chance: 0.2 },
    );
    expect(v.best).toBe('CDE');
    expect(v.level).toEqual(['one-hot']);
    expect(v.behind).toEqual(['IDF']);
    expect(v.atChance).toEqual([]);
    expect(v.sentence).toBe(
      'CDE leads on area (0.500 ± 0.020); one-hot is within noise of it; IDF trails; all lie above chance (0.200).',
    );
  });

  it('says when the spread is unknown, and who is no better than chance', () => {
    const v = verdict(
      [
        { title: 'CDE', cell: 0.31 },
        { title: 'Hamming', cell: 0.14 },
      ],
      'precision@5',
      { chance: 0.15 },
    );
    expect(v.sentence).toMatch(/^CDE leads on precision@5 \(0\.310\); each method was fitted once/);
    expect(v.atChance).toEqual(['Hamming']);
    expect(v.sentence).toMatch(/Hamming is no better than chance \(0\.150\)\.$/);
  });

  it('ranks the lowest first when lower is better, and skips what was not measured', () => {
    const v = verdict(
      [
        { title: 'A', cell: { mean: 3, sd: 0.1 } },
        { title: 'B', cell: { mean: 2, sd: 0.1 } },
        { title: 'C', cell: null },
      ],
      'stress',
      { higherIsBetter: false },
    );
    expect(v.best).toBe('B');
    expect(v.sentence).toBe(
      'B leads on stress (2.000 ± 0.100); every other method is clearly behind.',
    );
    expect(verdict([], 'area').sentence).toBe('No method has been measured on area yet.');
  });
});

describe('the verdict from resampled objects (paired intervals)', () => {
  it('level when the interval of the difference holds 0, behind when it lies above 0; chance from each interval', () => {
    const noise = {
      leader: 'CDE',
      resamples: 200,
      objects: 1000,
      rows: [
        { title: 'CDE', low: 0.3, high: 0.4, behindLow: 0, behindHigh: 0 },
        // Overlapping own intervals, but behind on every resample: trails.
        { title: 'one-hot', low: 0.29, high: 0.39, behindLow: 0.002, behindHigh: 0.02 },
        // The difference's interval holds 0: within noise.
        { title: 'IDF', low: 0.28, high: 0.41, behindLow: -0.01, behindHigh: 0.03 },
        // Reaches chance (0.2) from above: no better than chance.
        { title: 'Lin', low: 0.18, high: 0.26, behindLow: 0.1, behindHigh: 0.15 },
      ],
    };
    const v = verdict(
      [
        { title: 'CDE', cell: 0.35 },
        { title: 'one-hot', cell: 0.34 },
        { title: 'IDF', cell: 0.345 },
        { title: 'Lin', cell: 0.22 },
      ],
      'precision@10',
      { chance: 0.2, noise },
    );
    expect(v.best).toBe('CDE');
    expect(v.level).toEqual(['IDF']);
    expect(v.behind).toEqual(['one-hot', 'Lin']);
    expect(v.atChance).toEqual(['Lin']);
    expect(v.sentence).toBe(
      'CDE leads on precision@10 (0.350, 95 % interval 0.300–0.400); IDF is within noise of it (the interval of the difference holds 0); one-hot and Lin trail; Lin is no better than chance (0.200). Noise: 200 resamples of the 1,000 objects, the same for every method.',
    );
  });
});
