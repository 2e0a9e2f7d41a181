import { describe, expect, it } from 'vitest';
import {
  discretise,
  formatNumber,
  inferKind,
  parseCsvText,
  parseNumber,
  prepareTable,
  type RawTable,
} from '../../../../src/core/index.ts';
import { OptionError } from '../../../../src/core/base/errors.ts';

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
const ones = (n: number): number[] => new Array<number>(n).fill(1);

/** Rows of each bin (bin index → sum of counts). */
function binTotals(binOf: Int32Array, counts: readonly number[], nBins: number): number[] {
  const out = new Array<number>(nBins).fill(0);
  binOf.forEach((b, i) => (out[b]! += counts[i]!));
  return out;
}

/** A two-column CSV: the numeric column `x` with the given cells and a filler `y`. */
async function numericTable(cells: readonly (string | number)[]): Promise<RawTable> {
  return parseCsvText(`x,y\n${cells.map((v, i) => `${v},${i % 3}`).join('\n')}\n`);
}

describe('discretise: equal-frequency', () => {
  it('1..20 into 10 bins: 10 bins of 2 values', () => {
    // n = 20, quantiles b·20/10 = 2, 4, …, 18 are reached right after 2, 4, …, 18:
    // cuts 2.5, 4.5, …, 18.5.
    const values = range(1, 20);
    const { binOf, labels } = discretise(values, ones(20), 'equal-frequency', 10);
    expect(Array.from(binOf)).toEqual(values.map((x) => Math.floor((x - 1) / 2)));
    expect(labels).toEqual([
      '(-∞, 2.5]',
      '(2.5, 4.5]',
      '(4.5, 6.5]',
      '(6.5, 8.5]',
      '(8.5, 10.5]',
      '(10.5, 12.5]',
      '(12.5, 14.5]',
      '(14.5, 16.5]',
      '(16.5, 18.5]',
      '(18.5, ∞)',
    ]);
    expect(binTotals(binOf, ones(20), 10)).toEqual(ones(10).map(() => 2));
  });

  it('does not depend on the order of the distinct values', () => {
    const values = [7, 3, 20, 1, 15, 9, 12, 5, 18, 2, 11, 4, 16, 6, 19, 8, 13, 10, 17, 14];
    const { binOf } = discretise(values, ones(20), 'equal-frequency', 10);
    expect(Array.from(binOf)).toEqual(values.map((x) => Math.floor((x - 1) / 2)));
  });

  it('never splits a value: a heavy value takes several quantiles and fewer bins result', () => {
    // Values 1..5 with counts 1, 6, 1, 1, 1 (n = 10), 5 bins: quantiles 2, 4, 6, 8.
    // After 1: 1 < 2. After 2: 7 ≥ 2 → cut 2.5, and 7 passes 4 and 6 too. After 3: 8 ≥ 8 → cut 3.5.
    // Bins {1, 2} (7 rows), {3} (1), {4, 5} (2).
    const counts = [1, 6, 1, 1, 1];
    const { binOf, labels } = discretise([1, 2, 3, 4, 5], counts, 'equal-frequency', 5);
    expect(Array.from(binOf)).toEqual([0, 0, 1, 2, 2]);
    expect(labels).toEqual(['(-∞, 2.5]', '(2.5, 3.5]', '(3.5, ∞)']);
    expect(binTotals(binOf, counts, 3)).toEqual([7, 1, 2]);
  });

  it('puts a single distinct value in one bin', () => {
    expect(discretise([4], [9], 'equal-frequency', 10)).toEqual({
      binOf: Int32Array.of(0),
      labels: ['(-∞, ∞)'],
      cuts: [],
      ofInterval: Int32Array.of(0),
    });
  });

  it('refuses fewer than 2 bins or a fractional number', () => {
    expect(() => discretise([1, 2], [1, 1], 'equal-frequency', 1)).toThrow(
      new OptionError('bins must be an integer ≥ 2, got 1'),
    );
    expect(() => discretise([1, 2], [1, 1], 'equal-width', 2.5)).toThrow(RangeError);
  });

  it('places no cut between two labels of the same number (“1” and “1.0”)', () => {
    // Values 1, 1, 2 with one row each, 3 bins: quantiles 1 and 2. A cut is due after the first 1,
    // but the next value is also 1, so it waits: after the second 1 (2 rows) → cut 1.5.
    const { binOf, labels } = discretise([1, 1, 2], [1, 1, 1], 'equal-frequency', 3);
    expect(Array.from(binOf)).toEqual([0, 0, 1]);
    expect(labels).toEqual(['(-∞, 1.5]', '(1.5, ∞)']);
  });
});

describe('discretise: equal-width', () => {
  it('0..10 into 5 bins of width 2', () => {
    // Cuts 2, 4, 6, 8; a value on a cut belongs to the bin below (intervals are (low, high]).
    const { binOf, labels } = discretise(range(0, 10), ones(11), 'equal-width', 5);
    expect(Array.from(binOf)).toEqual([0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
    expect(labels).toEqual(['(-∞, 2]', '(2, 4]', '(4, 6]', '(6, 8]', '(8, ∞)']);
  });

  it('ignores the counts', () => {
    const { binOf } = discretise([0, 1, 10], [100, 1, 1], 'equal-width', 2);
    // Width 5: cut 5.
    expect(Array.from(binOf)).toEqual([0, 0, 1]);
  });

  it('drops empty bins and keeps the labels of the used ones', () => {
    // 0, 1, 10 with width 2: 0, 1 in (-∞, 2]; 10 in (8, ∞); bins 2–4 are empty.
    const { binOf, labels } = discretise([10, 0, 1], ones(3), 'equal-width', 5);
    expect(Array.from(binOf)).toEqual([1, 0, 0]);
    expect(labels).toEqual(['(-∞, 2]', '(8, ∞)']);
  });

  it('handles negative and fractional ranges', () => {
    // −1 .. 1 in 4 bins: width 0.5, cuts −0.5, 0, 0.5.
    const { binOf, labels } = discretise([-1, -0.5, -0.25, 0, 0.25, 1], ones(6), 'equal-width', 4);
    expect(Array.from(binOf)).toEqual([0, 0, 1, 1, 2, 3]);
    expect(labels).toEqual(['(-∞, -0.5]', '(-0.5, 0]', '(0, 0.5]', '(0.5, ∞)']);
  });
});

describe('discretise: raw', () => {
  it('keeps every distinct value, sorted numerically (not as text)', () => {
    const { binOf, labels } = discretise([10, 9, 2.5, 100, -3], ones(5), 'raw', 2);
    expect(labels).toEqual(['-3', '2.5', '9', '10', '100']);
    expect(Array.from(binOf)).toEqual([3, 2, 1, 4, 0]);
  });

  it('merges equal numbers and never gives two categories one label', () => {
    // “1” and “1.0” are the same number; 0.1234567 and 0.1234568 differ in the 7th digit.
    const { binOf, labels } = discretise([1, 1, 0.1234567, 0.1234568], ones(4), 'raw', 10);
    expect(labels).toEqual(['0.1234567', '0.1234568', '1']);
    expect(Array.from(binOf)).toEqual([2, 2, 0, 1]);
  });
});

describe('numbers', () => {
  it.each([
    ['12', 12],
    ['-3.5', -3.5],
    ['+4', 4],
    ['.5', 0.5],
    ['5.', 5],
    ['1e3', 1000],
    ['2.5E-1', 0.25],
  ])('parseNumber(%j) = %d', (text, x) => {
    expect(parseNumber(text)).toBe(x);
  });

  it.each(['', 'abc', '1,5', '0x10', 'Infinity', '1e999', '1 2', '--1', '.'])(
    'parseNumber(%j) is null',
    (text) => {
      expect(parseNumber(text)).toBeNull();
    },
  );

  it('formatNumber: integers as is, others to 6 significant digits', () => {
    expect(formatNumber(3)).toBe('3');
    expect(formatNumber(2.5)).toBe('2.5');
    expect(formatNumber(1 / 3)).toBe('0.333333');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
  });
});

describe('numeric columns through prepareTable', () => {
  it('more than 10 distinct numbers → numeric; 10 → categorical', async () => {
    // 11 distinct values twice each (22 rows, not every value distinct, so not an identifier).
    const eleven = await numericTable([...range(1, 11), ...range(1, 11)]);
    expect(inferKind(eleven.columns[0]!)).toBe('numeric');
    const ten = await numericTable([...range(1, 10), ...range(1, 10)]);
    expect(inferKind(ten.columns[0]!)).toBe('categorical');
    // All distinct integers → identifier; all distinct non-integers → numeric.
    expect(inferKind((await numericTable(range(1, 20))).columns[0]!)).toBe('identifier');
    expect(inferKind((await numericTable(range(1, 20).map((x) => x + 0.5))).columns[0]!)).toBe(
      'numeric',
    );
    // A single non-number keeps the column categorical.
    expect(
      inferKind((await numericTable([...range(1, 11), ...range(1, 11), 'n/a'])).columns[0]!),
    ).toBe('categorical');
  });

  it('1..20 twice: equal-frequency gives 10 bins of 4 rows by default', async () => {
    const raw = await numericTable([...range(1, 20), ...range(1, 20)]);
    const { table, summary } = prepareTable(raw);
    const x = summary.columns[0]!;
    expect(x.kind).toBe('numeric');
    // n = 40, quantiles 4, 8, …, 36 reached after 2, 4, …, 18 → cuts 2.5, …, 18.5.
    expect(x.values.map((v) => v.count)).toEqual(new Array(10).fill(4));
    expect(x.values[0]!.label).toBe('(-∞, 2.5]');
    expect(x.values[9]!.label).toBe('(18.5, ∞)');
    // Row r holds value (r mod 20) + 1, in bin ⌊(r mod 20)/2⌋.
    expect(Array.from(table.attributes[0]!.codes)).toEqual(
      range(0, 39).map((r) => Math.floor((r % 20) / 2)),
    );
  });

  it('the bins option, and equal-width and raw through prepareTable', async () => {
    const raw = await numericTable([...range(1, 20), ...range(1, 20)]);
    // 4 bins: quantiles 10, 20, 30 reached after 5, 10, 15 → 4 bins of 10 rows.
    const four = prepareTable(raw, { bins: 4 }).summary.columns[0]!;
    expect(four.values).toEqual([
      { label: '(-∞, 5.5]', count: 10 },
      { label: '(5.5, 10.5]', count: 10 },
      { label: '(10.5, 15.5]', count: 10 },
      { label: '(15.5, ∞)', count: 10 },
    ]);
    // Equal width over 1..20 in 2 bins: width 9.5, cut 10.5.
    const wide = prepareTable(raw, { bins: 2, discretisation: 'equal-width' }).summary.columns[0]!;
    expect(wide.values).toEqual([
      { label: '(-∞, 10.5]', count: 20 },
      { label: '(10.5, ∞)', count: 20 },
    ]);
    const rawBins = prepareTable(raw, { discretisation: 'raw' }).summary.columns[0]!;
    expect(rawBins.values).toEqual(range(1, 20).map((x) => ({ label: String(x), count: 2 })));
  });

  it('discretises only the rows kept, and puts ties in one bin', async () => {
    // x: 1 ×6, 2..7 once each; y missing on the rows with x = 7 (dropped). 11 rows kept:
    // value 1 has 6 of them. 3 bins: quantiles 11/3 ≈ 3.67 and 7.33 → cut after 1 (6 rows) at 1.5,
    // then after 3 (8 rows) at 3.5 → bins {1} 6, {2, 3} 2, {4, 5, 6} 3.
    const cells = [
      '1',
      '1',
      '1',
      '1',
      '1',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
    ];
    const text = `x,y\n${cells.map((x) => `${x},${Number(x) >= 7 ? '' : 'k' + (Number(x) % 2)}`).join('\n')}\n`;
    const raw = await parseCsvText(text);
    expect(inferKind(raw.columns[0]!)).toBe('numeric'); // 11 distinct numbers
    const { summary, table } = prepareTable(raw, { bins: 3 });
    expect(summary.droppedRows).toBe(5); // x = 7..11
    expect(summary.columns[0]!.values).toEqual([
      { label: '(-∞, 1.5]', count: 6 },
      { label: '(1.5, 3.5]', count: 2 },
      { label: '(3.5, ∞)', count: 3 },
    ]);
    expect(Array.from(table.attributes[0]!.codes)).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 2]);
  });

  it('a kinds override makes a small numeric column numeric', async () => {
    // 1..6 twice (12 rows, 6 distinct → categorical by default). As numeric with 2 bins:
    // quantile 6 reached after 3 → cut 3.5.
    const raw = await numericTable([...range(1, 6), ...range(1, 6)]);
    expect(prepareTable(raw).summary.columns[0]!.kind).toBe('categorical');
    const { summary } = prepareTable(raw, { kinds: { x: 'numeric' }, bins: 2 });
    expect(summary.columns[0]).toMatchObject({ kind: 'numeric', inferredKind: 'categorical' });
    expect(summary.columns[0]!.values).toEqual([
      { label: '(-∞, 3.5]', count: 6 },
      { label: '(3.5, ∞)', count: 6 },
    ]);
  });
});
