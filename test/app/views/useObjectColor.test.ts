import { describe, expect, it } from 'vitest';
import { legendOf } from '../../../src/app/views/useObjectColor.ts';

describe('legendOf: each label with its colour, numeric bins in their order', () => {
  it('keeps the labels’ order when they are not numbers', () => {
    expect(legendOf(['cat', 'dog', 'bird'], ['#a', '#b', '#c'])).toEqual([
      { label: 'cat', color: '#a' },
      { label: 'dog', color: '#b' },
      { label: 'bird', color: '#c' },
    ]);
  });

  it('orders bins by their numbers, each keeping its own colour', () => {
    expect(legendOf(['10 – 20', '< 10', '≥ 20'], ['#a', '#b', '#c'])).toEqual([
      { label: '< 10', color: '#b' },
      { label: '10 – 20', color: '#a' },
      { label: '≥ 20', color: '#c' },
    ]);
  });

  it('greys a label the palette has no colour for', () => {
    const legend = legendOf(['a', 'b'], ['#a']);
    expect(legend[0]).toEqual({ label: 'a', color: '#a' });
    expect(legend[1]).toEqual({ label: 'b', color: '#6b7280' });
  });
});
