import { describe, expect, it } from 'vitest';
import type { TourStep } from '../../../../src/app/model/tours.ts';
import { readOurs, type LiveState } from '../../../../src/app/views/tour/readNumber.ts';
import { resolveCall } from '../../../../src/core/platform/calls.ts';
import { FOUR_COUNTS, FOUR_META } from '../fourRows.ts';

const step = { title: '', text: '', sample: 's', panels: [], numbers: [] } as unknown as TourStep;
const live: LiveState = { meta: FOUR_META, counts: FOUR_COUNTS, results: {}, indicators: null };

describe('readOurs: the number a tour reading names, from the live counts', () => {
  it('the table’s shape', () => {
    expect(readOurs({ from: 'shape', what: 'rows' }, step, live)).toBe(4);
    expect(readOurs({ from: 'shape', what: 'values' }, step, live)).toBe(4);
    expect(readOurs({ from: 'shape', what: 'attributes' }, step, live)).toBe(2);
  });

  it('a co-occurrence count, a frequency and a conditional probability', () => {
    expect(readOurs({ from: 'count', a: 'a=y', b: 'b=p' }, step, live)).toBe(2);
    expect(readOurs({ from: 'count', a: 'b=p', b: 'b=p' }, step, live)).toBe(3);
    expect(readOurs({ from: 'frequency', value: 'b=p' }, step, live)).toBe(0.75);
    // p(x | p) = 1 / 3; p(p | y) = 2 / 2.
    expect(readOurs({ from: 'conditional', value: 'a=x', given: 'b=p' }, step, live)).toBe(1 / 3);
    expect(readOurs({ from: 'conditional', value: 'b=p', given: 'a=y' }, step, live)).toBe(1);
  });

  it('the linear kernel of a value’s inter-attribute coupling space (UNTIE Eqs. 3-4)', () => {
    // m_Ie(x) = [p(x | p), p(x | q)] = [1/3, 1]: its squared length is 1/9 + 1.
    expect(readOurs({ from: 'inter-kernel', value: 'a=x' }, step, live)).toBeCloseTo(10 / 9, 15);
    // m_Ie(p) = [p(p | x), p(p | y)] = [1/2, 1]: 1/4 + 1.
    expect(readOurs({ from: 'inter-kernel', value: 'b=p' }, step, live)).toBe(1.25);
  });

  it('an indicator of the live report', () => {
    const withFci = { ...live, indicators: { fci: 0.25 } as LiveState['indicators'] };
    expect(readOurs({ from: 'indicator', name: 'fci' }, step, withFci)).toBe(0.25);
    expect(readOurs({ from: 'indicator', name: 'fci' }, step, live)).toBeNull();
  });

  it('null for a value the table lacks, before the table loads, or without counts', () => {
    expect(readOurs({ from: 'count', a: 'a=z', b: 'b=p' }, step, live)).toBeNull();
    expect(readOurs({ from: 'frequency', value: 'c=p' }, step, live)).toBeNull();
    expect(readOurs({ from: 'shape', what: 'rows' }, step, { ...live, meta: null })).toBeNull();
    expect(readOurs({ from: 'count', a: 'a=x', b: 'b=p' }, step, { ...live, counts: null })).toBe(
      null,
    );
  });

  it('a matrix cell of the step’s panel, once its result is done', () => {
    const matrixStep = { ...step, panels: [{ entry: 'value-matrices:cde' }] } as TourStep;
    const reading = {
      from: 'matrix',
      panel: 0,
      result: 'mo',
      row: 'a=y',
      col: 'b=q',
    } as const;
    expect(readOurs(reading, matrixStep, live)).toBeNull(); // not computed yet
    const data = Float64Array.from({ length: 16 }, (_, k) => k / 10);
    const done = {
      ...live,
      results: {
        [resolveCall({ method: 'cde' }).key]: {
          status: 'done',
          output: { results: { mo: { kind: 'value-matrix', size: 4, data } } },
        },
      },
    } as unknown as LiveState;
    // Row a=y is value 1, column b=q value 3: cell 1·4 + 3.
    expect(readOurs(reading, matrixStep, done)).toBe(0.7);
    expect(readOurs({ from: 'matrix-size', panel: 0, result: 'mo' }, matrixStep, done)).toBe(4);
    expect(readOurs({ ...reading, row: 'a=z' }, matrixStep, done)).toBeNull();
  });
});
