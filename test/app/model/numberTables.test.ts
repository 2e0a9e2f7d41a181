import { describe, expect, it } from 'vitest';
import { tableCsv } from '../../../src/app/components/export/domTables.ts';
import {
  attributeItems,
  clustersTable,
  itemTable,
  squareTable,
  valueItems,
} from '../../../src/app/model/numberTables.ts';
import type { TableMeta } from '../../../src/core/platform/session.ts';

/** Two attributes: colour {red, =blue} and size {S}, as a table's meta holds them. */
const meta = {
  attributes: [
    { name: 'colour', labels: ['red', '=blue'], offset: 0 },
    { name: 'size', labels: ['S'], offset: 2 },
  ],
  nValues: 3,
  valueAttribute: new Int32Array([0, 0, 1]),
} as unknown as TableMeta;

describe('the numbers behind a picture, as a table', () => {
  it('names rows and columns by attribute and value, in file order, undefined cells empty', () => {
    const t = squareTable('M', valueItems(meta), (i, j) => (i === j ? Number.NaN : 10 * i + j));
    expect(t.columns).toEqual(['attribute', 'value', 'colour = red', 'colour = =blue', 'size = S']);
    expect(t.rows).toEqual([
      ['colour', 'red', null, 1, 2],
      ['colour', '=blue', 10, null, 12],
      ['size', 'S', 20, 21, null],
    ]);
  });

  it('lists one number column per item, full precision, not-a-number empty', () => {
    const t = itemTable('weights', valueItems(meta), [
      { title: 'score', value: (v) => [1 / 3, Number.NaN, 2][v] },
    ]);
    expect(t.columns).toEqual(['attribute', 'value', 'score']);
    expect(t.rows).toEqual([
      ['colour', 'red', 1 / 3],
      ['colour', '=blue', null],
      ['size', 'S', 2],
    ]);
  });

  it('names an attribute matrix by attribute alone', () => {
    const t = squareTable('SU', attributeItems(meta.attributes), (a, b) => (a === b ? 1 : 0.25));
    expect(t.columns).toEqual(['attribute', 'colour', 'size']);
    expect(t.rows).toEqual([
      ['colour', 1, 0.25],
      ['size', 0.25, 1],
    ]);
  });

  it('gives each value its cluster per granularity, numbered from 1, empty in a removed cluster', () => {
    const t = clustersTable('clusters', meta, {
      kind: 'value-partitions',
      title: 'clusters',
      partitions: [
        { name: 'k=1', k: 1, labels: new Int32Array([0, 0, 0]), kept: new Uint8Array([1]) },
        { name: 'k=2', k: 2, labels: new Int32Array([0, 0, 1]), kept: new Uint8Array([1, 0]) },
      ],
    } as never);
    expect(t.columns).toEqual(['attribute', 'value', 'k=1', 'k=2']);
    expect(t.rows.map((r) => r.slice(2))).toEqual([
      [1, 1],
      [1, 1],
      [1, null],
    ]);
  });

  it('keeps a formula-like text safe in CSV, and as it is in the raw CSV', () => {
    const t = squareTable('M', valueItems(meta), () => -0.5);
    const safe = tableCsv(t).split('\r\n');
    const raw = tableCsv(t, { raw: true }).split('\r\n');
    expect(safe[2]).toBe("colour,'=blue,-0.5,-0.5,-0.5");
    expect(raw[2]).toBe('colour,=blue,-0.5,-0.5,-0.5');
    // A negative number stays a number either way; the header names “colour = =blue” alike.
    expect(safe[0]).toBe('attribute,value,colour = red,colour = =blue,size = S');
  });
});
