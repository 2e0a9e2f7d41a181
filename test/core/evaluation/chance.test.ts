import { describe, expect, it } from 'vitest';
import { chanceScores } from '../../../src/core/evaluation/chance.ts';
import { Defect } from '../../../src/core/base/errors.ts';

describe('chanceScores: random partitions as the baseline of a clustering score', () => {
  const balanced = Int32Array.from({ length: 10_000 }, (_, i) => i % 2);

  it('two balanced classes, k = 2: accuracy ½ + O(1/√n), NMI ≈ 0', () => {
    // A random halving agrees with the classes on ½ of the rows in expectation; the better of
    // the two matchings adds about E|Bin(n, ½) − n/2| / n = √(1/(2πn)) ≈ 0.004 at n = 10,000.
    const c = chanceScores(balanced, 2, 20, 3);
    expect(c.accuracy.mean).toBeGreaterThan(0.5);
    expect(c.accuracy.mean).toBeLessThan(0.51);
    expect(c.nmi.mean).toBeLessThan(0.001);
  });

  it('one cluster: every run the same partition, sd 0', () => {
    const c = chanceScores(Int32Array.from([0, 0, 1, 1, 2]), 1, 7);
    expect(c.fscore.sd).toBe(0);
    expect(c.accuracy.mean).toBeCloseTo(2 / 5, 12);
  });

  it('is determined by its seed', () => {
    const classes = Int32Array.from({ length: 50 }, (_, i) => i % 3);
    expect(chanceScores(classes, 3, 10, 5)).toEqual(chanceScores(classes, 3, 10, 5));
    expect(chanceScores(classes, 3, 10, 5)).not.toEqual(chanceScores(classes, 3, 10, 6));
  });

  it('refuses k or runs below 1', () => {
    expect(() => chanceScores(balanced, 0, 5)).toThrow(Defect);
    expect(() => chanceScores(balanced, 2, 0)).toThrow(Defect);
  });
});
