import { formatMeanSd } from '../../../src/app/model/values.ts';
import { describe, expect, it } from 'vitest';
import { formatScore } from '../../../src/app/model/numberFormat.ts';

describe('formatScore: numbers as people read them', () => {
  it.each([
    [0, '0'],
    [0.65281, '0.653'],
    [1, '1'],
    [12.345, '12.3'],
    [3.14159, '3.14'],
    [1234.5, '1,235'],
    [33_840_000, '33.8M'],
    [2.5e9, '2.5B'],
    [-0.5, '-0.500'],
    [0.00042, '4.2e-4'],
    [Number.NaN, '—'],
  ])('%s → %s', (x, text) => {
    expect(formatScore(x)).toBe(text);
  });

  it('never prints an exponent for a number a rank reader sees (≥ 0.001)', () => {
    for (const x of [0.001, 0.5, 7, 99.9, 1e4, 3.384e7, 1e12])
      expect(formatScore(x)).not.toMatch(/e[+-]/);
  });
});

describe('a mean ± sd', () => {
  it('keeps a score’s three decimals, and writes a large mean as every view does', () => {
    expect(formatMeanSd({ mean: 0.6534, sd: 0.0041 })).toBe('0.653 ± 0.004');
    expect(formatMeanSd({ mean: 27_912_345.5363, sd: 12_345.2 })).toBe('27.9M ± 12,345');
  });
});
