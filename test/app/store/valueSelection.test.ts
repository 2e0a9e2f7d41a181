/**
 * Selecting objects by the values they hold (issue 14): at least t of the selected values, by
 * default half the attributes the values span (rounded up), not any one of them.
 */
import { describe, expect, it } from 'vitest';
import { valueSelection } from '../../../src/app/store/linkSlice.ts';
import { datasetSession, zooSession } from '../../sessions.ts';

describe('valueSelection', () => {
  // Values 0-1 of attribute 0, 2-3 of attribute 1, 4-6 of attribute 2.
  const valueAttribute = Int32Array.of(0, 0, 1, 1, 2, 2, 2);

  it('counts the attributes spanned and defaults to half of them, rounded up', () => {
    expect(valueSelection([0], valueAttribute, null)).toEqual({ attributes: 1, threshold: 1 });
    expect(valueSelection([0, 1], valueAttribute, null)).toEqual({ attributes: 1, threshold: 1 });
    expect(valueSelection([0, 2], valueAttribute, null)).toEqual({ attributes: 2, threshold: 1 });
    expect(valueSelection([0, 2, 4, 5], valueAttribute, null)).toEqual({
      attributes: 3,
      threshold: 2,
    });
  });

  it('keeps a chosen threshold within 1 … the attributes spanned', () => {
    expect(valueSelection([0, 2, 4], valueAttribute, 3).threshold).toBe(3);
    expect(valueSelection([0, 2, 4], valueAttribute, 9).threshold).toBe(3);
    expect(valueSelection([0, 2, 4], valueAttribute, 0).threshold).toBe(1);
  });
});

describe('rowsHolding with a threshold', () => {
  it('zoo: rows holding ≥ t of {hair = TRUE, milk = TRUE, feathers = TRUE} shrink as t grows', async () => {
    const s = await zooSession();
    const value = (name: string, label: string) => {
      const a = s.table.attributes.find((x) => x.name === name)!;
      return a.offset + a.labels.indexOf(label);
    };
    const values = [value('hair', 'TRUE'), value('milk', 'TRUE'), value('feathers', 'TRUE')];
    const count = (t: number) => s.rowsHolding(values, t).length;
    const any = s.rowsHolding(values, 'any').length;
    expect(count(1)).toBe(any);
    expect(count(2)).toBeLessThan(count(1));
    expect(count(3)).toBe(0); // nothing with feathers has hair and milk
    // By hand: holding ≥ 2 of them = the mammals with hair (hair and milk both TRUE).
    const hair = s.table.attributes.find((x) => x.name === 'hair')!;
    const milk = s.table.attributes.find((x) => x.name === 'milk')!;
    let both = 0;
    for (let r = 0; r < s.table.nRows; r++)
      if (hair.labels[hair.codes[r]!] === 'TRUE' && milk.labels[milk.codes[r]!] === 'TRUE') both++;
    expect(count(2)).toBe(both);
  });
});

describe('valueCountsOf: how many selected objects hold each value', () => {
  it('zoo: over every row it is the value counts; over the mammals milk = TRUE is all of them', async () => {
    const s = await zooSession();
    const all = Int32Array.from({ length: s.table.nRows }, (_, r) => r);
    const counts = s.valueCountsOf(all);
    const milk = s.table.attributes.find((x) => x.name === 'milk')!;
    const TRUE = milk.offset + milk.labels.indexOf('TRUE');
    const FALSE = milk.offset + milk.labels.indexOf('FALSE');
    // By hand from zoo.csv: 41 animals give milk, 60 do not.
    expect([counts[TRUE], counts[FALSE]]).toEqual([41, 60]);
    const cls = s.table.classColumn!;
    const mammals = all.filter((r) => cls.labels[cls.codes[r]!] === 'mammal');
    expect(mammals.length).toBe(41);
    const shares = s.valueCountsOf(mammals);
    expect(shares[TRUE]).toBe(41);
    expect(shares[FALSE]).toBe(0);
    // Each attribute's counts add up to the rows selected.
    for (const a of s.table.attributes) {
      let sum = 0;
      for (let k = 0; k < a.labels.length; k++) sum += shares[a.offset + k]!;
      expect(sum).toBe(41);
    }
    expect(() => s.valueCountsOf([s.table.nRows])).toThrow(/outside/);
  });
});

describe('searchRows: objects found by text', () => {
  it('movie: a title in the dropped identifier column, a director, a line number', async () => {
    const s = await datasetSession('movie.csv', { classColumn: 'Class', drop: ['Movie'] });
    // By hand from movie.csv: Vertigo is the third movie, on line 4.
    expect(s.searchRows('vertigo')).toEqual({
      total: 1,
      rows: [{ row: 2, column: 'Movie', cell: 'Vertigo' }],
    });
    // Hitchcock directed two (lines 4 and 5); "o" is in every row but one is counted once.
    expect(s.searchRows('HITCH').rows.map((r) => r.row)).toEqual([2, 3]);
    expect(s.searchRows('o', 2)).toMatchObject({ total: 6 });
    expect(s.searchRows('o', 2).rows).toHaveLength(2);
    expect(s.searchRows('5').rows).toEqual([{ row: 3, column: 'line', cell: '5' }]);
    expect(s.searchRows('  ').total).toBe(0);
    expect(s.searchRows('nothing like this').total).toBe(0);
  });
});
