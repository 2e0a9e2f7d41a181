import { describe, expect, it } from 'vitest';
import { spaceLayout } from '../../../src/core/methods/untie/vectorRepresentation.ts';
import { meanBars } from '../../../src/app/views/KernelWeightBars.tsx';

describe('meanBars: the mean weight of each kernel and kind of space', () => {
  // Two attributes, two kernels: spaces (attribute, kind, kernel) in the order
  // (0 intra 0) (0 intra 1) (0 inter 0) (0 inter 1) (1 intra 0) (1 intra 1) (1 inter 0) (1 inter 1).
  const layout = spaceLayout([3, 2], 2);
  const weights = Float64Array.from([1, 2, 3, 4, 5, 6, 7, 8]);

  it('over every attribute', () => {
    expect(meanBars(['linear', 'gaussian'], layout, weights, -1)).toEqual([
      { kernel: 'linear', kind: 'intra', mean: 3, present: true }, // (1 + 5) / 2
      { kernel: 'linear', kind: 'inter', mean: 5, present: true }, // (3 + 7) / 2
      { kernel: 'gaussian', kind: 'intra', mean: 4, present: true }, // (2 + 6) / 2
      { kernel: 'gaussian', kind: 'inter', mean: 6, present: true }, // (4 + 8) / 2
    ]);
  });

  it('over one attribute', () => {
    expect(meanBars(['linear', 'gaussian'], layout, weights, 1).map((b) => b.mean)).toEqual([
      5, 7, 6, 8,
    ]);
  });

  it('leaves out a bar no space has (one attribute: no inter spaces; weights of an older layout)', () => {
    const one = spaceLayout([4], 2);
    expect(meanBars(['linear', 'gaussian'], one, Float64Array.from([2, 4]), -1)).toEqual([
      { kernel: 'linear', kind: 'intra', mean: 2, present: true },
      { kernel: 'gaussian', kind: 'intra', mean: 4, present: true },
    ]);
    // Fewer weights than spaces (a result drawn for a frame against a new table's layout).
    expect(meanBars(['linear', 'gaussian'], layout, Float64Array.from([1, 2]), -1)).toEqual([
      { kernel: 'linear', kind: 'intra', mean: 1, present: true },
      { kernel: 'gaussian', kind: 'intra', mean: 2, present: true },
    ]);
  });
});
