import { describe, expect, it } from 'vitest';
import type { ObjectScores } from '../../../src/core/platform/results.ts';
import { largestImpact, ranksOf } from '../../../src/app/views/ImpactInspector.tsx';

const scores = (values: number[], direction: ObjectScores['direction']) =>
  ({ n: values.length, scores: Float64Array.from(values), direction }) as ObjectScores;

describe('the impact inspector', () => {
  it('ranks the objects, most anomalous first, ties by row', () => {
    // Scores 0.2, 0.9, 0.5, 0.9: rows 1 and 3 tie first (1 before 3), then 2, then 0.
    expect([...ranksOf(scores([0.2, 0.9, 0.5, 0.9], 'higher-is-more-anomalous'), null)]).toEqual([
      4, 1, 3, 2,
    ]);
    // A score of typicality (higher is more typical): the lowest ranks first.
    expect([...ranksOf(scores([0.2, 0.9, 0.5, 0.1], 'higher-is-more-typical'), null)]).toEqual([
      2, 4, 3, 1,
    ]);
  });

  it('leaves a training row unranked (0), and ranks the others among themselves', () => {
    const training = Int32Array.from([1, 0, 1, 1]);
    expect([
      ...ranksOf(scores([0.2, 0.9, 0.5, 0.7], 'higher-is-more-anomalous'), training),
    ]).toEqual([3, 0, 2, 1]);
  });

  it('colours up to the largest impact, 0 when none is positive', () => {
    expect(largestImpact(Float64Array.from([0.1, 0.7, -2, 0.3]))).toBe(0.7);
    expect(largestImpact(Float64Array.from([-1, 0]))).toBe(0);
    expect(largestImpact([])).toBe(0);
  });
});
