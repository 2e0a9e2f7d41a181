import { afterEach, describe, expect, it } from 'vitest';
import type { TableMeta } from '../../../src/core/platform/session.ts';
import { useStore } from '../../../src/app/store/index.ts';
import { rowsTable } from '../../../src/app/views/rowsExport.ts';

// Three rows of two attributes (file lines 2, 5, 9: two were skipped), a class column.
const meta = {
  nRows: 3,
  lines: [2, 5, 9],
  attributes: [
    { name: 'colour', labels: ['red', 'blue'], offset: 0 },
    { name: 'size', labels: ['S', 'M', 'L'], offset: 2 },
  ],
  classColumn: { name: 'kind', labels: ['fruit', 'veg'], codes: Int32Array.from([1, 0, 1]) },
} as unknown as TableMeta;
/** Each row's codes: (blue, L), (red, S), (blue, M). */
const CODES = [
  [1, 2],
  [0, 0],
  [1, 1],
];

const original = useStore.getState().query;
afterEach(() => useStore.setState({ query: original }));

describe('rowsTable: the rows of a table’s CSV and JSON export', () => {
  it('each row’s file line, the lead columns, its class and its labels, in the order asked', async () => {
    const asked: number[][] = [];
    useStore.setState({
      query: (async (call: (api: unknown) => Promise<unknown>) =>
        call({
          objectRows: (rows: Int32Array) => {
            asked.push([...rows]);
            return Promise.resolve({
              ok: true,
              value: Int32Array.from([...rows].flatMap((r) => CODES[r]!)),
            });
          },
        })) as never,
    });
    const table = await rowsTable(
      'outliers',
      meta,
      [2, 0],
      [
        { title: 'rank', value: (_r, k) => k + 1 },
        { title: 'score', value: (r) => r / 10 },
      ],
    );
    expect(asked).toEqual([[2, 0]]);
    expect(table).toEqual({
      name: 'outliers',
      columns: ['line', 'rank', 'score', 'kind', 'colour', 'size'],
      rows: [
        [9, 1, 0.2, 'veg', 'blue', 'M'],
        [2, 2, 0, 'veg', 'blue', 'L'],
      ],
    });
  });

  it('fails with the worker’s message', async () => {
    useStore.setState({
      query: (async () => ({ ok: false, error: { message: 'the table changed' } })) as never,
    });
    await expect(rowsTable('rows', meta, [0])).rejects.toThrow('the table changed');
  });
});
