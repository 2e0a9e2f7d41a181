import { describe, expect, it } from 'vitest';
import type { TableMeta } from '../../../src/core/platform/session.ts';
import type { ObjectImpacts } from '../../../src/core/platform/results.ts';
import { attributeWords, meanImpact, plural } from '../../../src/app/views/ImpactView.tsx';

describe('the impact view’s clouds', () => {
  const impacts = {
    dims: 3,
    values: Float64Array.from([1, 0, 2, 3, 4, 0, 5, 2, 1]),
  } as ObjectImpacts;

  it('averages the impacts of the objects asked, attribute by attribute', () => {
    // Objects 0 and 2: ((1 + 5) / 2, (0 + 2) / 2, (2 + 1) / 2).
    expect([...meanImpact(impacts, [0, 2])]).toEqual([3, 1, 1.5]);
    expect([...meanImpact(impacts, [1])]).toEqual([3, 4, 0]);
    expect([...meanImpact(impacts, [])]).toEqual([0, 0, 0]);
  });

  it('names a word by its attribute, or by its number past the table’s attributes', () => {
    const meta = { attributes: [{ name: 'legs' }, { name: 'hair' }] } as unknown as TableMeta;
    expect(attributeWords(meta, [0.5, 0.25, 0.125])).toEqual([
      { text: 'legs', value: 0.5 },
      { text: 'hair', value: 0.25 },
      { text: 'attribute 3', value: 0.125 },
    ]);
  });

  it('counts in words: one, or many', () => {
    expect(plural(1, 'object', 'objects')).toBe('1 object');
    expect(plural(0, 'object', 'objects')).toBe('0 objects');
    expect(plural(12, 'outlier', 'outliers')).toBe('12 outliers');
  });
});
