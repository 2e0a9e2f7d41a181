/**
 * Every detector explains every object (issue 29), every registered detector, none named
 * (issue 49): the checks of explanationChecks.ts — the planted value gets the largest term, and
 * the terms relate to the score as each detector's spec declares — over the registry.
 */
import { describe, expect, it } from 'vitest';
import { EXPLANATION_CELLS, explainable } from '../../../../src/core/platform/valueExplanations.ts';
import type { CategoricalTable } from '../../../../src/core/data/table/types.ts';
import { checkPlantedValue, checkRelation, detectorSpecs, PLANTED } from './explanationChecks.ts';

const DETECTORS = detectorSpecs();

describe('explanations: the planted value gets the largest term', () => {
  it('finds the detectors in the registry', () => {
    expect(DETECTORS.length).toBeGreaterThan(0);
  });

  for (const spec of DETECTORS)
    it(`${spec.id}: row ${PLANTED}'s largest term is attribute c, ahead of the next`, () =>
      checkPlantedValue(spec));
});

describe('explanations: the terms and the score, as each spec declares', () => {
  for (const spec of DETECTORS)
    it(`${spec.id}: every row's terms are ${spec.detector.relation}`, () => checkRelation(spec));
});

describe('explanations: a table too large to explain every object', () => {
  const shaped = (nRows: number, D: number) =>
    ({
      nRows,
      attributes: Array.from({ length: D }),
      rowless: false,
    }) as unknown as CategoricalTable;

  it('is explained up to the limit of terms and left out above it, with a note', () => {
    const notes: string[] = [];
    expect(explainable(shaped(EXPLANATION_CELLS / 4, 4), 'CBRW', (m) => notes.push(m))).toBe(true);
    expect(notes).toEqual([]);
    expect(explainable(shaped(EXPLANATION_CELLS / 4 + 1, 4), 'CBRW', (m) => notes.push(m))).toBe(
      false,
    );
    expect(notes[0]).toMatch(/^CBRW: no per-object explanation: 1,000,001 rows × 4 attributes/);
  });
});
