import { describe, expect, it } from 'vitest';
import type { ObjectExplanations } from '../../../src/core/platform/results.ts';
import { meanTerms } from '../../../src/app/views/ObjectExplanation.tsx';

const explanations = (values: number[], dims: number): ObjectExplanations =>
  ({
    kind: 'object-explanations',
    n: values.length / dims,
    dims,
    values: Float64Array.from(values),
    relation: 'sums-to-score',
    relationText: '',
  }) as unknown as ObjectExplanations;

describe('meanTerms: each attribute’s term averaged over the objects asked', () => {
  // Three objects, two attributes: (1, 10), (2, 20), (6, 60).
  const e = explanations([1, 10, 2, 20, 6, 60], 2);

  it('averages the rows of the objects given, in any order', () => {
    expect([...meanTerms(e, [0, 2])]).toEqual([3.5, 35]);
    expect([...meanTerms(e, [2, 1, 0])]).toEqual([3, 30]);
  });

  it('is zero for no object', () => {
    expect([...meanTerms(e, [])]).toEqual([0, 0]);
  });

  it('takes the first 5,000 objects only', () => {
    const many = explanations(
      [...Array(5001)].flatMap((_, i) => [i === 5000 ? 1e9 : 2]),
      1,
    );
    const objects = [...Array(5001).keys()];
    expect([...meanTerms(many, objects)]).toEqual([2]);
  });
});
