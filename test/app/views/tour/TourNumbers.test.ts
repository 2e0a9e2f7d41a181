import { describe, expect, it } from 'vitest';
import { agreement } from '../../../../src/app/views/tour/TourNumbers.tsx';

describe('agreement: ours beside the paper’s printed number', () => {
  it('pending while ours is computed', () => {
    expect(agreement(null, { paper: 0.5, digits: 2 })).toBe('pending');
  });

  it('agrees within half a unit of the last printed digit', () => {
    // Printed 0.47 (two digits): 0.465 … 0.475 agree.
    expect(agreement(0.4712, { paper: 0.47, digits: 2 })).toBe('yes');
    expect(agreement(0.4651, { paper: 0.47, digits: 2 })).toBe('yes');
    expect(agreement(0.4749, { paper: 0.47, digits: 2 })).toBe('yes');
    expect(agreement(0.476, { paper: 0.47, digits: 2 })).toBe('no');
    expect(agreement(0.46, { paper: 0.47, digits: 2 })).toBe('no');
    // A count printed whole: 12 agrees with 12.4, not 12.6.
    expect(agreement(12.4, { paper: 12, digits: 0 })).toBe('yes');
    expect(agreement(12.6, { paper: 12, digits: 0 })).toBe('no');
  });
});
