/**
 * The counts file's two forms (src/core/data/counts/countsFormats.ts), as the browser and the CLI
 * read them: the JSON and the long form made by ClickHouse for Zoo (the e2e fixtures) give the
 * counts of Zoo's CSV; detection by content; and every malformed file — wrong shape, counts that
 * do not add up, empty — is refused in one line.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import {
  computeCounts,
  countsInputOfJson,
  countsTable,
  DataError,
  parseCsvText,
  prepareTable,
  type CountsInput,
} from '../../../../src/core/index.ts';
import {
  countsInputOfJsonText,
  countsInputOfLongRows,
  isLongCountsColumns,
  LONG_COUNTS_COLUMNS,
  startsLikeJsonObject,
  type LongCountsRow,
} from '../../../../src/core/data/counts/countsFormats.ts';
import { COUNT_CELL_LIMIT } from '../../../../src/core/data/counts/limits.ts';
import { readDataset } from '../../../helpers.ts';

const fixture = (name: string): string =>
  fileURLToPath(new URL(`../../../../e2e/fixtures/${name}`, import.meta.url));
const JSON_FIXTURE = fixture('zoo.clickhouse.counts.json');
const PARQUET_FIXTURE = fixture('zoo.clickhouse.counts.parquet');

/** Zoo's CSV as the counts command reads it (no class: type is a feature, as in the fixtures). */
async function zooCsv() {
  const { table } = prepareTable(await parseCsvText(readDataset('zoo.csv')), {});
  return { table, counts: computeCounts(table) };
}

/** The long form's rows of a Parquet file, read by DuckDB in the form's column order. */
async function parquetRows(file: string): Promise<LongCountsRow[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const reader = await connection.runAndReadAll(
      `SELECT ${LONG_COUNTS_COLUMNS.join(', ')} FROM read_parquet('${file.replaceAll("'", "''")}')`,
    );
    return reader.getRows() as unknown as LongCountsRow[];
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** The long form of a counts input given densely (as the counts command writes Parquet). */
function longRowsOf(input: CountsInput): LongCountsRow[] {
  const L = input.values.length;
  const dense = (input.pairs as { dense: ArrayLike<number> }).dense;
  const rows: LongCountsRow[] = [['rows', null, null, null, null, BigInt(input.rows)]];
  input.values.forEach((v, i) => rows.push(['value', i, v.attribute, v.label, null, v.count]));
  for (let i = 0; i < L; i++)
    for (let j = i + 1; j < L; j++) {
      const n = dense[i * L + j] as number;
      if (n > 0 && input.values[i]?.attribute !== input.values[j]?.attribute)
        rows.push(['pair', i, null, null, j, BigInt(n)]);
    }
  return rows;
}

/** The message a call refuses with (a DataError), or a failure of the test. */
function refusal(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(DataError);
    const message = (error as DataError).message;
    expect(message, 'one line').not.toContain('\n');
    return message;
  }
  throw new Error('not refused');
}

describe('counts files made by ClickHouse for Zoo (e2e/fixtures)', () => {
  it('the JSON gives the counts of Zoo’s CSV, value by value and pair by pair', async () => {
    const csv = await zooCsv();
    const input = countsInputOfJsonText(readFileSync(JSON_FIXTURE, 'utf8'), true);
    expect(input).not.toBeNull();
    const { table, counts, summary } = countsTable(input as CountsInput);
    expect(table.rowless).toBe(true);
    expect(table.attributes.map((a) => [a.name, a.labels])).toEqual(
      csv.table.attributes.map((a) => [a.name, a.labels]),
    );
    expect(Array.from(counts.cooccurrence.valueCounts)).toEqual(
      Array.from(csv.counts.cooccurrence.valueCounts),
    );
    expect(Array.from(counts.cooccurrence.data)).toEqual(Array.from(csv.counts.cooccurrence.data));
    expect(Array.from(counts.symmetricUncertainty)).toEqual(
      Array.from(csv.counts.symmetricUncertainty),
    );
    expect(summary).toMatchObject({ rows: 101, totalRows: 101, droppedRows: 0 });
  });

  it('the Parquet, read by the shared long-form parser, gives the same counts as the JSON', async () => {
    const rows = await parquetRows(PARQUET_FIXTURE);
    expect(rows.length).toBeGreaterThan(43);
    const fromParquet = countsTable(countsInputOfLongRows(rows));
    const fromJson = countsTable(countsInputOfJson(JSON.parse(readFileSync(JSON_FIXTURE, 'utf8'))));
    expect(fromParquet.table.attributes.map((a) => [a.name, a.labels, a.offset])).toEqual(
      fromJson.table.attributes.map((a) => [a.name, a.labels, a.offset]),
    );
    expect(Array.from(fromParquet.counts.cooccurrence.data)).toEqual(
      Array.from(fromJson.counts.cooccurrence.data),
    );
    expect(fromParquet.summary).toEqual(fromJson.summary);
  });
});

describe('detection by content', () => {
  it('a JSON object starts with “{” after white space or a byte-order mark', () => {
    expect(startsLikeJsonObject('{"rows": 1')).toBe(true);
    expect(startsLikeJsonObject('\uFEFF \n\t{')).toBe(true);
    expect(startsLikeJsonObject('hair,feathers\n')).toBe(false);
    expect(startsLikeJsonObject('[1, 2]')).toBe(false);
  });

  it('text that is not JSON is left to the CSV reader unless its name says .json', () => {
    expect(countsInputOfJsonText('{a},b\n1,2\n', false)).toBeNull();
    expect(refusal(() => countsInputOfJsonText('{"rows": 3, "values": [', true))).toMatch(
      /^This \.json file is not valid JSON \(.+\): a counts file is the JSON/,
    );
  });

  it('JSON that is not a counts file says what a counts file holds', () => {
    expect(refusal(() => countsInputOfJsonText('[]', false))).toMatch(
      /^This JSON file is not a counts file: a counts file is the JSON “npm run cli -- counts FILE --out counts.json” writes/,
    );
    expect(refusal(() => countsInputOfJsonText('{"rows": 3, "values": []}', true))).toMatch(
      /it has no “cooccurrence”/,
    );
    expect(refusal(() => countsInputOfJsonText('{"cooccurrence": []}', true))).toMatch(
      /it has no “values”/,
    );
    expect(
      refusal(() =>
        countsInputOfJsonText('{"format": "coupled-explorer-workspace", "version": 1}', true),
      ),
    ).toMatch(/^This is a saved workspace, not data/);
  });

  it('the long form is known by its six columns, in any order and case', () => {
    expect(isLongCountsColumns(['kind', 'i', 'attribute', 'label', 'j', 'count'])).toBe(true);
    expect(isLongCountsColumns(['count', 'J', 'label', 'attribute', 'I', 'Kind'])).toBe(true);
    expect(isLongCountsColumns(['kind', 'i', 'attribute', 'label', 'j'])).toBe(false);
    expect(isLongCountsColumns(['kind', 'i', 'attribute', 'label', 'j', 'count', 'x'])).toBe(false);
    expect(isLongCountsColumns(['hair', 'feathers', 'eggs', 'milk', 'legs', 'type'])).toBe(false);
  });
});

/** A small consistent table: a ∈ {x, y}, b ∈ {u, v}, 3 rows: (x,u), (x,v), (y,u). */
const SMALL = {
  rows: 3,
  values: [
    { attribute: 'a', label: 'x', count: 2 },
    { attribute: 'a', label: 'y', count: 1 },
    { attribute: 'b', label: 'u', count: 2 },
    { attribute: 'b', label: 'v', count: 1 },
  ],
  cooccurrence: [
    [2, 0, 1, 1],
    [0, 1, 1, 0],
    [1, 1, 2, 0],
    [1, 0, 0, 1],
  ],
};
const smallJson = (change: (o: typeof SMALL) => unknown = (o) => o): string =>
  JSON.stringify(change(structuredClone(SMALL)));
const readJson = (text: string) => countsTable(countsInputOfJsonText(text, true) as CountsInput);
const readLong = (rows: LongCountsRow[]) => countsTable(countsInputOfLongRows(rows));

describe('a consistent small table in both forms', () => {
  it('reads alike from the JSON and from the long form', () => {
    const json = readJson(smallJson());
    const input = countsInputOfJsonText(smallJson(), true) as CountsInput;
    const long = readLong(longRowsOf(input));
    expect(Array.from(long.counts.cooccurrence.data)).toEqual(
      Array.from(json.counts.cooccurrence.data),
    );
    expect(Array.from(json.counts.cooccurrence.valueCounts)).toEqual([2, 1, 2, 1]);
    // Rows in any order, numbers as DuckDB gives them (numbers, BigInts) or as digits.
    const shuffled = longRowsOf(input)
      .reverse()
      .map((r) => [r[0], r[1] === null ? null : String(r[1]), r[2], r[3], r[4], r[5]] as const);
    expect(Array.from(readLong(shuffled).counts.cooccurrence.data)).toEqual(
      Array.from(json.counts.cooccurrence.data),
    );
  });
});

describe('invalid counts files are refused in one line', () => {
  it('margins that do not add up', () => {
    expect(
      refusal(() =>
        readJson(
          smallJson((o) => {
            o.cooccurrence[0]![2] = 2; // x with u: 2, but x's row then sums to 3
            o.cooccurrence[2]![0] = 2;
            return o;
          }),
        ),
      ),
    ).toMatch(/^The counts are not consistent: the co-occurrences of “a” and “b” do not add up/);
    expect(
      refusal(() =>
        readJson(
          smallJson((o) => {
            o.values[0]!.count = 3; // a's counts add up to 4, not the 3 rows
            o.cooccurrence[0]![0] = 3;
            return o;
          }),
        ),
      ),
    ).toMatch(/the counts of “a” add up to 4, not the 3 rows/);
    const input = countsInputOfJsonText(smallJson(), true) as CountsInput;
    const rows = longRowsOf(input).map((r) =>
      r[0] === 'pair' && r[1] === 0 && r[4] === 2 ? (['pair', 0, null, null, 2, 2n] as const) : r,
    );
    expect(refusal(() => readLong(rows))).toMatch(/do not add up to their value counts/);
  });

  it('a wrong shape', () => {
    expect(
      refusal(() =>
        readJson(smallJson((o) => ({ ...o, cooccurrence: o.cooccurrence.slice(0, 3) }))),
      ),
    ).toMatch(/the co-occurrence matrix is not 4 × 4/);
    expect(
      refusal(() =>
        readJson(smallJson((o) => ({ ...o, cooccurrence: o.cooccurrence.map((r) => r.slice(1)) }))),
      ),
    ).toMatch(/not 4 × 4/);
    expect(
      refusal(() =>
        readJson(
          smallJson((o) => {
            o.cooccurrence[0]![1] = 1; // two values of one attribute in one row
            o.cooccurrence[1]![0] = 1;
            return o;
          }),
        ),
      ),
    ).toMatch(/two values of “a” co-occur/);
    expect(refusal(() => readJson(smallJson((o) => ({ ...o, values: 'x' }))))).toMatch(
      /a counts file is the JSON the counts command writes/,
    );
    expect(
      refusal(() =>
        readJson(
          smallJson((o) => ({
            ...o,
            values: [o.values[0], o.values[2], o.values[1], o.values[3]],
          })),
        ),
      ),
    ).toMatch(/the values of attribute “a” are not listed together/);
  });

  it('an empty file: no values, or no rows counted', () => {
    expect(refusal(() => readJson('{"rows": 0, "values": [], "cooccurrence": []}'))).toMatch(
      /it lists no value/,
    );
    expect(refusal(() => readLong([]))).toMatch(
      /^This counts file is not in the long form \(columns kind, i, attribute, label, j, count\): it has no row of kind “rows”/,
    );
    expect(refusal(() => readLong([['rows', null, null, null, null, 3n]]))).toMatch(
      /it lists no value/,
    );
  });

  it('long-form rows that do not fit the form', () => {
    const input = countsInputOfJsonText(smallJson(), true) as CountsInput;
    const rows = longRowsOf(input);
    expect(refusal(() => readLong([...rows, ['total', null, null, null, null, 1n]]))).toMatch(
      /row \d+ is of an unknown kind “total”/,
    );
    expect(refusal(() => readLong(rows.filter((r) => !(r[0] === 'value' && r[1] === 1))))).toMatch(
      /value index 1 is missing or listed twice/,
    );
    expect(refusal(() => readLong([...rows, ['value', 1, 'a', 'z', null, 0]]))).toMatch(
      /value index \d is missing or listed twice/,
    );
    expect(refusal(() => readLong([...rows, ['rows', null, null, null, null, 4n]]))).toMatch(
      /it has two rows of kind “rows”/,
    );
    expect(
      refusal(() =>
        readLong(
          rows.map((r) => (r[0] === 'value' && r[1] === 2 ? [r[0], 2, 'b', null, null, 2] : r)),
        ),
      ),
    ).toMatch(/its value row \d+ has no attribute name or no label/);
    expect(refusal(() => readLong([...rows, ['pair', 0, null, null, null, 1n]]))).toMatch(
      /names value 0 or NaN/,
    );
    expect(refusal(() => readLong([...rows, ['pair', 0, null, null, 9, 1n]]))).toMatch(
      /outside 0\.\.3/,
    );
  });

  it('a matrix too large to read as JSON, before it is allocated', () => {
    const L = Math.ceil(Math.sqrt(2 * COUNT_CELL_LIMIT)) + 1;
    const values = Array.from({ length: L }, (_, i) => ({
      attribute: 'a',
      label: String(i),
      count: 0,
    }));
    const error = (() => {
      try {
        countsInputOfJson({ rows: 0, values, cooccurrence: [] });
      } catch (e) {
        return e as DataError;
      }
      return null;
    })();
    expect(error?.code).toBe('too-large');
    expect(error?.message).toMatch(/write the counts as Parquet/);
  });
});
