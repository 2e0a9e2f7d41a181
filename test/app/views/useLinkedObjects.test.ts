import { describe, expect, it } from 'vitest';
import type { TableMeta } from '../../../src/core/platform/session.ts';
import { objectTooltip, selectionLine } from '../../../src/app/views/useLinkedObjects.ts';

const meta = (attributes: number, withClass: boolean) =>
  ({
    lines: Int32Array.from([2, 3, 7]),
    attributes: Array.from({ length: attributes }, (_, k) => ({
      name: `A${k + 1}`,
      labels: ['no', 'yes'],
    })),
    classColumn: withClass
      ? { name: 'type', labels: ['bird', 'fish'], codes: Int32Array.from([0, 1, 1]) }
      : null,
  }) as unknown as TableMeta;

describe('an object’s tooltip in the scatters', () => {
  it('its file line and class, then its values', () => {
    expect(objectTooltip(meta(2, true), 2, Int32Array.from([1, 0]))).toEqual([
      'line 7 · type = fish',
      'A1 = yes',
      'A2 = no',
    ]);
    expect(objectTooltip(meta(1, false), 0, Int32Array.from([0]))).toEqual(['line 2', 'A1 = no']);
  });

  it('“…” while its values are on their way', () => {
    expect(objectTooltip(meta(2, true), 0, undefined)).toEqual(['line 2 · type = bird', '…']);
  });

  it('the first 16 attributes, and how many more', () => {
    const lines = objectTooltip(meta(20, false), 1, new Int32Array(20));
    expect(lines).toHaveLength(1 + 16 + 1);
    expect(lines[16]).toBe('A16 = no');
    expect(lines[17]).toBe('… 4 more');
  });
});

describe('selectionLine: what the scatters say of the selection', () => {
  it('the objects selected, and the neighbours shown with them', () => {
    expect(selectionLine(1, 0, null)).toBe('1 object selected');
    expect(selectionLine(3, 0, 12)).toBe('3 objects selected');
    expect(selectionLine(1, 10, null)).toBe(
      '1 object selected and 10 of their nearest neighbours shown',
    );
  });

  it('else the objects holding the selected values, else none', () => {
    expect(selectionLine(0, 0, 42)).toBe('42 objects hold enough of the selected values');
    expect(selectionLine(0, 0, 0)).toBe('0 objects hold enough of the selected values');
    expect(selectionLine(0, 0, null)).toBe('No objects selected');
  });
});
