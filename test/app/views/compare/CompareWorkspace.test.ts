import { describe, expect, it } from 'vitest';
import type { ResultKind } from '../../../../src/core/platform/results.ts';
import {
  compareRows,
  fills,
  picked,
  richestAttribute,
  ROWS,
  seedOf,
} from '../../../../src/app/views/compare/CompareWorkspace.tsx';

const method = (...produces: ResultKind[]) => ({ produces });
const row = (id: string) => ROWS.find((r) => r.id === id)!;
const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);
const labels = (n: number) => ({ labels: Array.from({ length: n }, (_, i) => `v${i}`) });

describe('the compare layout’s rows', () => {
  it('a method fills a row where it produces one of its kinds', () => {
    expect(fills(method('value-matrix'), row('matrix'))).toBe(true);
    expect(fills(method('value-matrix'), row('clusters'))).toBe(false);
    expect(fills(method('object-distance'), row('projection'))).toBe(true);
    expect(fills(method('object-embedding'), row('projection'))).toBe(true);
    expect(fills(method('value-scores', 'object-scores'), row('scores'))).toBe(true);
    expect(fills(method(), row('scores'))).toBe(false);
  });

  it('keeps the rows some column fills, in the layout’s order', () => {
    const columns = [method('object-scores'), method('value-matrix', 'value-partitions')];
    expect(ids(compareRows(columns, false))).toEqual(['matrix', 'clusters', 'scores']);
    expect(ids(compareRows([method('object-distance')], false))).toEqual(['projection']);
    expect(compareRows([], false)).toEqual([]);
  });

  it('a counts file (no rows) loses the projection and the scores', () => {
    const columns = [method('value-matrix', 'object-distance', 'object-scores')];
    expect(ids(compareRows(columns, false))).toEqual(['matrix', 'projection', 'scores']);
    expect(ids(compareRows(columns, true))).toEqual(['matrix']);
  });
});

describe('the compare controls', () => {
  it('the matrix attribute: the most values up to 12, the first of a tie', () => {
    expect(richestAttribute([labels(3), labels(7), labels(5)])).toBe(1);
    expect(richestAttribute([labels(4), labels(4)])).toBe(0);
    expect(richestAttribute([labels(12), labels(13)])).toBe(0);
  });

  it('an attribute over 12 values gives way to any under, else the first is kept', () => {
    expect(richestAttribute([labels(40), labels(2)])).toBe(1);
    expect(richestAttribute([labels(40), labels(20)])).toBe(0);
    expect(richestAttribute([])).toBe(0);
  });

  it('ticking a method adds its column, unticking takes it out, in a new set', () => {
    const chosen: ReadonlySet<string> = new Set(['a', 'b']);
    expect([...picked(chosen, 'c', true)]).toEqual(['a', 'b', 'c']);
    expect([...picked(chosen, 'a', false)]).toEqual(['b']);
    expect([...picked(chosen, 'a', true)]).toEqual(['a', 'b']);
    expect([...chosen]).toEqual(['a', 'b']);
  });

  it('the seed: a whole number from 0, 0 for anything else', () => {
    expect(seedOf('7')).toBe(7);
    expect(seedOf('2.9')).toBe(2);
    expect(seedOf('-3')).toBe(0);
    expect(seedOf('')).toBe(0);
    expect(seedOf('seed')).toBe(0);
  });
});
