import { describe, expect, it } from 'vitest';
import type {
  ObjectExplanations,
  ObjectImpacts,
  ValueScores,
} from '../../../src/core/platform/results.ts';
import type { TableMeta } from '../../../src/core/platform/session.ts';
import {
  chipScoreName,
  contributions,
  rowTerms,
  tiedGroupLabel,
} from '../../../src/app/views/RankingRow.tsx';
import { FOUR_META } from './fourRows.ts';

// fourRows.ts's values x, y (a) then p, q (b): global indices 0, 1, 2, 3.
const valueScores = { scores: Float64Array.from([0.1, 0.9, 0.2, 0.7]) } as ValueScores;
// The row (y, q): codes (1, 1), values 1 and 3.
const yq = Int32Array.from([1, 1]);
// The row (x, q): values 0 and 3.
const xq = Int32Array.from([0, 1]);

describe('contributions: an object’s values with their scores', () => {
  it('without value scores or terms: its values in attribute order, scored 0', () => {
    expect(contributions(FOUR_META, null, yq, null)).toEqual([
      { v: 1, score: 0 },
      { v: 3, score: 0 },
    ]);
  });

  it('with value scores: each value’s own score, largest first', () => {
    // (y, q): y 0.9 before q 0.7; (x, q): q 0.7 before x 0.1.
    expect(contributions(FOUR_META, valueScores, yq, null)).toEqual([
      { v: 1, score: 0.9 },
      { v: 3, score: 0.7 },
    ]);
    expect(contributions(FOUR_META, valueScores, xq, null)).toEqual([
      { v: 3, score: 0.7 },
      { v: 0, score: 0.1 },
    ]);
  });

  it('with the row’s terms (impacts): those per attribute win over the value scores', () => {
    expect(contributions(FOUR_META, valueScores, yq, [0.3, 0.5])).toEqual([
      { v: 3, score: 0.5 },
      { v: 1, score: 0.3 },
    ]);
    expect(contributions(FOUR_META, null, xq, [2, 1])).toEqual([
      { v: 0, score: 2 },
      { v: 3, score: 1 },
    ]);
  });
});

describe('rowTerms: what orders a row’s chips', () => {
  // Two rows of two attributes, row-major.
  const impacts = { n: 2, dims: 2, values: Float64Array.from([1, 2, 3, 4]) } as ObjectImpacts;
  const explanations = { n: 1, values: Float64Array.from([5, 6]) } as ObjectExplanations;

  it('the row’s impacts when the detector has them', () => {
    expect(Array.from(rowTerms(1, 2, valueScores, impacts, explanations) ?? [])).toEqual([3, 4]);
    expect(Array.from(rowTerms(0, 2, null, impacts, null) ?? [])).toEqual([1, 2]);
  });

  it('its terms of the score only without value scores, and only for rows they reach', () => {
    expect(Array.from(rowTerms(0, 2, null, null, explanations) ?? [])).toEqual([5, 6]);
    expect(rowTerms(1, 2, null, null, explanations)).toBeNull();
    expect(rowTerms(0, 2, valueScores, null, explanations)).toBeNull();
    expect(rowTerms(0, 2, null, null, null)).toBeNull();
  });

  it('names what a chip’s score is', () => {
    expect(chipScoreName(impacts, valueScores)).toBe('distance impact');
    expect(chipScoreName(null, valueScores)).toBe('value score');
    expect(chipScoreName(null, null)).toBe('term of the score');
  });
});

describe('a tied group’s button', () => {
  // Row i starts on line 10 + i of the file.
  const meta = {
    ...FOUR_META,
    lines: Int32Array.from({ length: 12 }, (_, i) => 10 + i),
  } as TableMeta;

  it('its size and lines', () => {
    expect(tiedGroupLabel(meta, [0, 2, 3])).toBe('3 identical rows, lines 10, 12, 13');
  });

  it('the first eight lines, then “…”', () => {
    const group = Array.from({ length: 10 }, (_, i) => i);
    expect(tiedGroupLabel(meta, group)).toBe(
      '10 identical rows, lines 10, 11, 12, 13, 14, 15, 16, 17, …',
    );
    expect(tiedGroupLabel(meta, group.slice(0, 8))).toBe(
      '8 identical rows, lines 10, 11, 12, 13, 14, 15, 16, 17',
    );
  });
});
