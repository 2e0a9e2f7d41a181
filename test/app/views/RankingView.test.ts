import { describe, expect, it } from 'vitest';
import type {
  ObjectExplanations,
  ObjectImpacts,
  ValueScores,
} from '../../../src/core/platform/results.ts';
import type { TableMeta } from '../../../src/core/platform/session.ts';
import {
  markedNote,
  markedOption,
  parseMarked,
  valuesHeading,
} from '../../../src/app/views/RankingView.tsx';
import { FOUR_META } from './fourRows.ts';

describe('the objects marked normal (SAnDCat’s alsoNormal option)', () => {
  it('reads the rows from the option, spaces allowed', () => {
    expect(parseMarked('3,7, 12')).toEqual([3, 7, 12]);
    expect(parseMarked('0')).toEqual([0]);
  });

  it('leaves out what is not a row: negative, fractional, words; no option is none', () => {
    expect(parseMarked('4,-1,2.5,x,6')).toEqual([4, 6]);
    expect(parseMarked(undefined)).toEqual([]);
    expect(parseMarked(null)).toEqual([]);
    expect(parseMarked(12)).toEqual([]);
  });

  it('writes them in order, comma-separated, and no option for none', () => {
    const rows = [12, 3, 7];
    expect(markedOption(rows)).toBe('3,7,12');
    expect(rows).toEqual([12, 3, 7]);
    expect(markedOption([])).toBeNull();
    expect(parseMarked(markedOption([9, 1]))).toEqual([1, 9]);
  });

  it('says how many joined the training set, by their lines', () => {
    const meta = { ...FOUR_META, lines: Int32Array.from([2, 3, 1500, 1501]) } as TableMeta;
    expect(markedNote(meta, [2])).toBe(
      '1 object you marked normal joined the training set (line 1,500).',
    );
    expect(markedNote(meta, [0, 3])).toBe(
      '2 objects you marked normal joined the training set (line 2, line 1,501).',
    );
  });
});

describe('the heading of the ranking’s values', () => {
  const impacts = {} as ObjectImpacts;
  const values = {} as ValueScores;
  const explanations = {} as ObjectExplanations;

  it('names what orders them: impacts, then value scores, then terms of the score', () => {
    expect(valuesHeading(impacts, values, explanations)).toBe(
      'its values, farthest from the normal ones first',
    );
    expect(valuesHeading(null, values, explanations)).toBe(
      'its values with the largest value scores',
    );
    expect(valuesHeading(null, null, explanations)).toBe(
      'its values, largest terms of its score first',
    );
    expect(valuesHeading(null, null, null)).toBe('its values');
  });
});
