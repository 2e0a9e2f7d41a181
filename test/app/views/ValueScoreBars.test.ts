import { describe, expect, it } from 'vitest';
import { barLength } from '../../../src/app/views/ValueScoreBars.tsx';

describe('barLength: a value’s score as a bar', () => {
  it('in proportion to the top score, which fills the room', () => {
    expect(barLength(200, 4, 4)).toBe(200);
    expect(barLength(200, 1, 4)).toBe(50);
    expect(barLength(150, 0.3, 0.9)).toBeCloseTo(50, 12);
  });

  it('never under half a pixel (a score of 0 still marks its start)', () => {
    expect(barLength(200, 0, 4)).toBe(0.5);
    expect(barLength(200, 0.001, 4)).toBe(0.5);
  });
});
