import { describe, expect, it } from 'vitest';
import { formatShare } from '../../../src/app/views/useValueLinks.ts';

describe('formatShare: a share as a percentage with the precision a reader needs', () => {
  it('whole per cents from 10 % up, and for none at all', () => {
    expect(formatShare(0)).toBe('0 %');
    expect(formatShare(0.1)).toBe('10 %');
    expect(formatShare(0.456)).toBe('46 %');
    expect(formatShare(1)).toBe('100 %');
  });

  it('whole per cents from 1 % to 10 %, one decimal below 1 %', () => {
    expect(formatShare(0.034)).toBe('3 %');
    expect(formatShare(0.0999)).toBe('10 %'); // 9.99 rounds up in toFixed(0)
    expect(formatShare(0.004)).toBe('0.4 %');
    expect(formatShare(0.00004)).toBe('0.0 %');
  });
});
