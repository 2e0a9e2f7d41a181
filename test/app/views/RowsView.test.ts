import { describe, expect, it } from 'vitest';
import {
  clickedSelection,
  pageLabel,
  pageOf,
  pageRows,
  valueCell,
} from '../../../src/app/views/RowsView.tsx';

describe('the rows table’s pages of 50', () => {
  it('counts the pages (at least one) and keeps the page within them', () => {
    expect(pageOf(0, 0)).toEqual({ pages: 1, current: 0 });
    expect(pageOf(50, 3)).toEqual({ pages: 1, current: 0 });
    expect(pageOf(51, 1)).toEqual({ pages: 2, current: 1 });
    expect(pageOf(120, 5)).toEqual({ pages: 3, current: 2 });
  });

  it('lists the page’s rows of the table: 50, or what is left on the last', () => {
    expect(pageRows(0, null, 3)).toEqual([0, 1, 2]);
    const second = pageRows(1, null, 120);
    expect(second).toHaveLength(50);
    expect([second[0], second[49]]).toEqual([50, 99]);
    expect(pageRows(2, null, 120)).toEqual(Array.from({ length: 20 }, (_, i) => 100 + i));
  });

  it('or of the linked rows, in their order', () => {
    const linked = Int32Array.from({ length: 60 }, (_, i) => 1000 - i);
    expect(pageRows(1, linked, 5000)).toEqual([950, 949, 948, 947, 946, 945, 944, 943, 942, 941]);
    expect(pageRows(0, Int32Array.from([8, 3]), 5000)).toEqual([8, 3]);
  });

  it('labels the page from 1: “51–100 of 120”, the last short, “0–0 of 0” when empty', () => {
    expect(pageLabel(120, 0)).toBe('1–50 of 120');
    expect(pageLabel(120, 1)).toBe('51–100 of 120');
    expect(pageLabel(120, 2)).toBe('101–120 of 120');
    expect(pageLabel(0, 0)).toBe('0–0 of 0');
  });
});

describe('a click on a row', () => {
  const selected: ReadonlySet<number> = new Set([4, 9]);

  it('selects the row alone, or nothing when it was selected', () => {
    expect(clickedSelection(selected, 2, false)).toEqual([2]);
    expect(clickedSelection(selected, 4, false)).toEqual([]);
  });

  it('with Ctrl, ⌘ or Shift adds it to the selection or takes it out', () => {
    expect(clickedSelection(selected, 2, true)).toEqual([4, 9, 2]);
    expect(clickedSelection(selected, 4, true)).toEqual([9]);
    expect([...selected]).toEqual([4, 9]);
  });
});

describe('a value cell', () => {
  const colour = { name: 'colour', labels: ['red', 'green'] };

  it('its label, none while the codes are fetched', () => {
    expect(valueCell(colour, 1, undefined)).toEqual({ label: 'green', marked: false });
    expect(valueCell(colour, undefined, ['colour=red'])).toEqual({
      label: undefined,
      marked: false,
    });
  });

  it('marked where a tour’s step points at its attribute and label', () => {
    expect(valueCell(colour, 0, ['colour=red'])).toEqual({ label: 'red', marked: true });
    expect(valueCell(colour, 1, ['colour=red'])).toEqual({ label: 'green', marked: false });
    expect(valueCell(colour, 0, ['shade=red'])).toEqual({ label: 'red', marked: false });
  });
});
