import { describe, expect, it } from 'vitest';
import {
  DataError,
  MISSING_LABEL,
  parseCsvText,
  prepareTable,
  type CategoricalTable,
  type ColumnSummary,
  type PrepareOptions,
  type RawTable,
  type TableSummary,
} from '../../../../src/core/index.ts';
import {
  DATASETS,
  loadDataset,
  parseDataset,
  readDataset,
  readFixture,
  splitSimpleCsv,
} from '../../../helpers.ts';

const column = (summary: TableSummary, name: string): ColumnSummary => {
  const c = summary.columns.find((x) => x.name === name);
  if (!c) throw new Error(`no column ${name}`);
  return c;
};

const labelsOf = (table: CategoricalTable, name: string): string[] =>
  table.attributes.find((a) => a.name === name)?.labels ?? [];

/** Labels of an attribute's rows. */
const rowLabels = (table: CategoricalTable, name: string): string[] => {
  const a = table.attributes.find((x) => x.name === name)!;
  return Array.from(a.codes, (c) => a.labels[c]!);
};

describe('zoo.csv with class type', () => {
  it('101 rows, 16 features, legs categorical with 6 values, class with 7', async () => {
    const text = readDataset('zoo.csv');
    const { header, rows } = splitSimpleCsv(text.replace(/"/g, '')); // no cell in zoo.csv holds a comma
    const { table, summary } = await loadDataset('zoo.csv', { classColumn: 'type' });
    expect(rows).toHaveLength(101);
    expect(table.nRows).toBe(101);
    expect(summary.rows).toBe(101);
    expect(summary.droppedRows).toBe(0);
    expect(header).toHaveLength(17);
    expect(table.attributes).toHaveLength(16);
    expect(table.attributes.map((a) => a.name)).toEqual(header.filter((h) => h !== 'type'));
    const legs = column(summary, 'legs');
    expect(legs).toMatchObject({
      kind: 'categorical',
      inferredKind: 'categorical',
      role: 'feature',
      distinct: 6,
    });
    // The legs values, counted here from the text.
    const legsIndex = header.indexOf('legs');
    const legCounts = new Map<string, number>();
    for (const r of rows) legCounts.set(r[legsIndex]!, (legCounts.get(r[legsIndex]!) ?? 0) + 1);
    expect([...legCounts.keys()].sort()).toEqual(['0', '2', '4', '5', '6', '8']);
    expect(legs.values).toEqual([...legCounts].map(([label, count]) => ({ label, count })));
    expect(table.classColumn?.name).toBe('type');
    expect(table.classColumn?.labels).toHaveLength(7);
    expect(column(summary, 'type').role).toBe('class');
    expect(Array.from(table.sourceRows)).toEqual(Array.from({ length: 101 }, (_, r) => r));
  });
});

describe('vote.csv: missing policies', () => {
  const text = readDataset('vote.csv');
  const { header, rows } = splitSimpleCsv(text);
  // Independent counts: complete rows, and per column the missing cells and value counts.
  const complete: number[] = [];
  rows.forEach((r, i) => {
    if (r.every((cell) => cell !== '')) complete.push(i);
  });
  const missingIn = header.map((_, c) => rows.filter((r) => r[c] === '').length);
  const valueCounts = header.map((_, c) => {
    const m = new Map<string, number>();
    for (const r of rows) if (r[c] !== '') m.set(r[c]!, (m.get(r[c]!) ?? 0) + 1);
    return m;
  });

  it('the independent count agrees with the documented 232 complete rows of 435', () => {
    expect(rows).toHaveLength(435);
    expect(rows.every((r) => r.length === 17)).toBe(true);
    expect(complete).toHaveLength(232);
  });

  it('drop (default): rows with a missing cell go, with a warning', async () => {
    const { table, summary } = await loadDataset('vote.csv', { classColumn: 'Class' });
    expect(summary.missingPolicy).toBe('drop');
    expect(summary.rows).toBe(complete.length);
    expect(summary.totalRows).toBe(435);
    expect(summary.droppedRows).toBe(435 - complete.length); // 203
    expect(summary.droppedRows).toBe(203);
    expect(table.nRows).toBe(232);
    expect(Array.from(table.sourceRows)).toEqual(complete);
    expect(summary.warnings).toContain(
      'Dropped 203 of 435 rows with a missing value (missing: drop).',
    );
    for (const a of table.attributes) expect(a.labels).not.toContain(MISSING_LABEL);
    // The kept rows hold the file's values.
    const c = header.indexOf('crime');
    expect(rowLabels(table, 'crime')).toEqual(complete.map((r) => rows[r]![c]));
  });

  it('own: “(missing)” is a value with the number of empty cells', async () => {
    const { table, summary } = await loadDataset('vote.csv', {
      classColumn: 'Class',
      missing: 'own',
    });
    expect(table.nRows).toBe(435);
    expect(summary.droppedRows).toBe(0);
    header.forEach((name, c) => {
      if (name === 'Class') return;
      const values = column(summary, name).values;
      const missing = values.find((v) => v.label === MISSING_LABEL);
      expect(missing?.count, name).toBe(missingIn[c]);
      expect(missingIn[c], name).toBeGreaterThan(0);
      for (const [label, count] of valueCounts[c]!)
        expect(values.find((v) => v.label === label)?.count).toBe(count);
      // Row by row.
      expect(rowLabels(table, name)).toEqual(rows.map((r) => (r[c] === '' ? MISSING_LABEL : r[c])));
    });
    // export-administration-act-south-africa has the most empty cells: 104.
    expect(Math.max(...missingIn)).toBe(104);
  });

  it('mode: each column’s empty cells take its most frequent value', async () => {
    const { table, summary } = await loadDataset('vote.csv', {
      classColumn: 'Class',
      missing: 'mode',
    });
    expect(table.nRows).toBe(435);
    header.forEach((name, c) => {
      if (name === 'Class') return;
      const counts = [...valueCounts[c]!];
      const [mode, modeCount] = counts.reduce((best, x) => (x[1] > best[1] ? x : best));
      expect(
        counts.filter(([, n]) => n === modeCount),
        `${name} has a tie`,
      ).toHaveLength(1);
      const values = column(summary, name).values;
      expect(values.map((v) => v.label)).not.toContain(MISSING_LABEL);
      expect(values.find((v) => v.label === mode)?.count, name).toBe(modeCount + missingIn[c]!);
      expect(rowLabels(table, name)).toEqual(rows.map((r) => (r[c] === '' ? mode : r[c])));
    });
    // By hand for one column: water-project-cost-sharing has y 195, n 192, 48 empty → y 243.
    expect(column(summary, 'water-project-cost-sharing').values).toEqual([
      { label: 'y', count: 243 },
      { label: 'n', count: 192 },
    ]);
  });
});

describe('missing cells, small cases', () => {
  it('a value seen only on dropped rows disappears', async () => {
    const raw = await parseCsvText('a,b\nx,1\ny,\nz,2\nx,2\n');
    const { table } = prepareTable(raw);
    expect(labelsOf(table, 'a')).toEqual(['x', 'z']);
    expect(rowLabels(table, 'a')).toEqual(['x', 'z', 'x']);
    expect(Array.from(table.sourceRows)).toEqual([0, 2, 3]);
  });

  it('a missing class cell drops the row too; excluded columns do not', async () => {
    // Row 2 lacks the class, row 3 lacks only the dropped column c.
    const raw = await parseCsvText('a,b,c,cls\nx,p,1,u\ny,q,2,\nx,q,,v\ny,p,4,u\n');
    const { table, summary } = prepareTable(raw, { classColumn: 'cls', drop: ['c'] });
    expect(Array.from(table.sourceRows)).toEqual([0, 2, 3]);
    expect(summary.droppedRows).toBe(1);
  });

  it('every row missing something → no-rows', async () => {
    // a: x, z and b: y, w (two values each, so neither is constant); each row lacks one.
    const raw = await parseCsvText('a,b\nx,\n,y\nz,\n,w\n');
    expect(() => prepareTable(raw)).toThrow(expect.objectContaining({ code: 'no-rows' }));
  });

  it('mode ties go to the value seen first', async () => {
    const raw = await parseCsvText('a,b\nx,p\ny,q\n,r\ny,s\nx,t\n');
    // a: x 2, y 2, one empty → x (first seen) gets 3.
    const { summary } = prepareTable(raw, { missing: 'mode', drop: ['b'] });
    expect(column(summary, 'a').values).toEqual([
      { label: 'x', count: 3 },
      { label: 'y', count: 2 },
    ]);
  });

  it('an included all-missing column stays “(missing)” under mode and own', async () => {
    const raw = await parseCsvText('a,b,c\nx,1,\ny,2,\nx,3,\n');
    for (const missing of ['mode', 'own'] as const) {
      const { table } = prepareTable(raw, { include: ['c'], missing });
      const c = table.attributes.find((a) => a.name === 'c')!;
      expect(c.labels, missing).toEqual([MISSING_LABEL]);
      expect(Array.from(c.codes), missing).toEqual([0, 0, 0]);
    }
  });
});

describe('excluded columns', () => {
  it('identifier: excluded with a reason and a warning; include brings it back', async () => {
    const { table, summary } = await loadDataset('sales.csv');
    expect(column(summary, 'ID')).toMatchObject({
      kind: 'identifier',
      role: 'excluded',
      reason: 'identifier: every value distinct',
      distinct: 10,
    });
    expect(summary.warnings).toContain(
      'Column “ID” looks like an identifier (every value distinct) and is excluded.',
    );
    expect(table.attributes.map((a) => a.name)).not.toContain('ID');
    const included = await loadDataset('sales.csv', { include: ['ID'] });
    expect(column(included.summary, 'ID').role).toBe('feature');
    expect(labelsOf(included.table, 'ID')).toEqual([
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
    ]);
    expect(included.summary.warnings.join(' ')).not.toContain('identifier');
  });

  it('dropped by the user: a reason, no identifier warning', async () => {
    const { summary } = await loadDataset('sales.csv', { drop: ['ID'] });
    expect(column(summary, 'ID')).toMatchObject({
      role: 'excluded',
      reason: 'dropped by the user',
    });
    expect(summary.warnings).toEqual([]);
  });

  it('constant: excluded with a reason and a warning; include brings it back', async () => {
    const raw = await parseCsvText(readFixture('tiny.csv'));
    const { table, summary } = prepareTable(raw);
    expect(column(summary, 'K')).toMatchObject({
      kind: 'constant',
      role: 'excluded',
      reason: 'constant: a single value',
    });
    expect(column(summary, 'K').values).toEqual([{ label: 'k', count: 6 }]);
    expect(summary.warnings).toEqual(['Column “K” is constant and is excluded.']);
    expect(table.attributes.map((a) => a.name)).toEqual(['A', 'B']);
    expect(prepareTable(raw, { include: ['K'] }).table.attributes.map((a) => a.name)).toEqual([
      'A',
      'B',
      'K',
    ]);
  });

  it('an all-missing column is constant', async () => {
    const raw = await parseCsvText('a,b,c\nx,p,\ny,q,NA\nx,q,?\n');
    const { summary } = prepareTable(raw);
    expect(column(summary, 'c')).toMatchObject({
      kind: 'constant',
      reason: 'constant: every cell missing',
      missing: 3,
    });
    expect(summary.warnings).toContain('Column “c” is constant (all missing) and is excluded.');
    // The all-missing column does not drop rows, since it is not used.
    expect(summary.rows).toBe(3);
  });

  it('more than 1000 distinct values: excluded with a warning unless included', async () => {
    // 1,100 rows; “big” has 1,050 distinct values (rows 1,050.. repeat v0..v49), so it is not an
    // identifier; “small” has 3.
    const lines = ['big,small'];
    for (let r = 0; r < 1100; r++) lines.push(`v${r % 1050},s${r % 3}`);
    const raw = await parseCsvText(lines.join('\n'));
    const { summary, table } = prepareTable(raw);
    expect(column(summary, 'big')).toMatchObject({
      kind: 'categorical',
      role: 'excluded',
      reason: 'more than 1000 distinct values',
      distinct: 1050,
      valuesTruncated: true,
    });
    // Excluded columns list their 50 most frequent values: v0..v49 twice each.
    expect(column(summary, 'big').values).toHaveLength(50);
    expect(column(summary, 'big').values.every((v) => v.count === 2)).toBe(true);
    expect(summary.warnings).toContain(
      'Column “big” has 1,050 distinct values (more than 1000) and is excluded; include it to use it.',
    );
    expect(table.attributes.map((a) => a.name)).toEqual(['small']);
    const included = prepareTable(raw, { include: ['big'] });
    expect(labelsOf(included.table, 'big')).toHaveLength(1050);
    // 1,000 distinct values are still fine.
    const ok = [
      'big,small',
      ...Array.from({ length: 1100 }, (_, r) => `v${r % 1000},s${r % 3}`),
    ].join('\n');
    expect(prepareTable(await parseCsvText(ok)).table.attributes.map((a) => a.name)).toEqual([
      'big',
      'small',
    ]);
  });

  it('no usable feature → no-features, naming each column’s fate', async () => {
    const raw = await parseDataset('sales.csv');
    let error: unknown;
    try {
      prepareTable(raw, {
        classColumn: 'Sale dep.',
        drop: ['Age', 'Gender', 'Profession', 'Product'],
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataError);
    expect((error as DataError).code).toBe('no-features');
    expect((error as DataError).message).toBe(
      'No usable categorical column remains (ID: identifier: every value distinct; Age: dropped by the user; ' +
        'Gender: dropped by the user; Profession: dropped by the user; Product: dropped by the user; Sale dep.: class).',
    );
  });
});

describe('kinds overrides', () => {
  it('identifier → categorical keeps the column; categorical → identifier or constant excludes it', async () => {
    const raw = await parseDataset('sales.csv');
    const asCategorical = prepareTable(raw, { kinds: { ID: 'categorical' } });
    expect(column(asCategorical.summary, 'ID')).toMatchObject({
      kind: 'categorical',
      inferredKind: 'identifier',
      role: 'feature',
    });
    const asIdentifier = prepareTable(raw, { kinds: { Age: 'identifier' } });
    expect(column(asIdentifier.summary, 'Age')).toMatchObject({
      kind: 'identifier',
      inferredKind: 'categorical',
      role: 'excluded',
    });
    expect(
      prepareTable(raw, { kinds: { Age: 'constant' } }).table.attributes.map((a) => a.name),
    ).not.toContain('Age');
  });

  it('numeric on a column with text refuses with a data error', async () => {
    const raw = await parseDataset('sales.csv');
    expect(() => prepareTable(raw, { kinds: { Age: 'numeric' } })).toThrow(
      expect.objectContaining({
        code: 'bad-option',
        message: 'Column “Age” cannot be numeric: “young” is not a number.',
      }),
    );
  });
});

describe('invalid options', () => {
  const weather: Promise<RawTable> = parseDataset('weather.nominal.csv');
  const load = (): Promise<RawTable> => weather;

  it.each<[string, PrepareOptions, string]>([
    [
      'missing',
      { missing: 'ignore' as never },
      'missing must be "drop" | "own" | "mode" | "auto", got “ignore”',
    ],
    [
      'discretisation',
      { discretisation: 'quantile' as never },
      'discretise must be "equal-frequency" | "equal-width" | "raw", got “quantile”',
    ],
    ['bins 1', { bins: 1 }, 'bins must be a whole number ≥ 2 and ≤ 1000, got 1'],
    ['bins 1001', { bins: 1001 }, 'bins must be a whole number ≥ 2 and ≤ 1000, got 1001'],
    ['bins 2.5', { bins: 2.5 }, 'bins must be a whole number ≥ 2 and ≤ 1000, got 2.5'],
    ['bins NaN', { bins: Number.NaN }, 'bins must be a whole number ≥ 2 and ≤ 1000, got NaN'],
    [
      'kind',
      { kinds: { outlook: 'ordinal' as never } },
      'kind of “outlook” must be one of categorical, numeric, identifier, constant, got “ordinal”',
    ],
  ])(
    '%s → an error naming the option and its domain (the preparation table’s)',
    async (_, options, message) => {
      const table = await load();
      expect(() => prepareTable(table, options)).toThrow(message);
    },
  );

  it('undefined options fall back to the defaults', async () => {
    const table = await load();
    const { summary } = prepareTable(table, {
      missing: undefined,
      bins: undefined,
      drop: undefined,
    });
    expect(summary.missingPolicy).toBe('drop');
  });

  it.each<[string, PrepareOptions, string]>([
    ['class', { classColumn: 'Play' }, 'Class column “Play” is not a column of this file'],
    ['drop', { drop: ['windy', 'rain'] }, 'Dropped column “rain” is not a column of this file'],
    ['include', { include: ['sun'] }, 'Included column “sun” is not a column of this file'],
    ['kinds', { kinds: { temp: 'numeric' } }, 'Column “temp” is not a column of this file'],
  ])('unknown %s column → DataError unknown-column', async (_, options, message) => {
    const table = await load();
    let error: unknown;
    try {
      prepareTable(table, options);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataError);
    expect((error as DataError).code).toBe('unknown-column');
    expect((error as DataError).message).toBe(
      `${message} (columns: outlook, temperature, humidity, windy, play).`,
    );
  });
});

describe('global value index', () => {
  const cases = DATASETS.flatMap((d) =>
    (['drop', 'own', 'mode'] as const).map((missing) => ({ ...d, missing })),
  );

  it.each(cases)('$file, missing $missing', async ({ file, classColumn, drop, missing }) => {
    const { table, summary } = await loadDataset(file, { classColumn, drop, missing });
    let expectedOffset = 0;
    table.attributes.forEach((a, i) => {
      expect(a.offset, a.name).toBe(expectedOffset); // consecutive
      for (let k = 0; k < a.labels.length; k++) expect(table.valueAttribute[a.offset + k]).toBe(i);
      expect(new Set(a.labels).size).toBe(a.labels.length); // labels distinct
      expect(a.codes).toHaveLength(table.nRows);
      // Every code in range, every value used at least once.
      const used = new Set<number>();
      for (const c of a.codes) {
        expect(c >= 0 && c < a.labels.length).toBe(true);
        used.add(c);
      }
      expect(used.size).toBe(a.labels.length);
      // The summary's counts are the codes' counts.
      const counts = column(summary, a.name).values.map((v) => v.count);
      expect(counts.reduce((s, n) => s + n, 0)).toBe(table.nRows);
      expectedOffset += a.labels.length;
    });
    // L = Σ |V_a|
    expect(table.nValues).toBe(expectedOffset);
    expect(table.valueAttribute).toHaveLength(table.nValues);
    expect(table.sourceRows).toHaveLength(table.nRows);
    if (missing !== 'drop') expect(table.nRows).toBe(summary.totalRows);
  });
});
