/**
 * outliers-sql's printed queries and counts --sample, without a server: the DuckDB-dialect query
 * run by DuckDB itself ranks as the in-memory detector ranks, and the sample query selects the
 * rows the sample file holds. (The same queries on PostgreSQL and ClickHouse: engines.test.ts.)
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cli, cliHere, traced } from '../cliRun.ts';

const ZOO = 'public/datasets/zoo.csv';
const BREAST = 'public/datasets/breast-cancer.csv';
const LABOR = 'public/datasets/labor.csv';
const dir = mkdtempSync(join(tmpdir(), 'outliers-sql-'));

async function duckdbRows(sql: string): Promise<unknown[][]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    return (await connection.runAndReadAll(sql)).getRows();
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

interface Top {
  top: { row: number; score: number }[];
}

describe('outliers-sql --sql --dialect duckdb', () => {
  it.each([
    ['cosh', ZOO],
    ['cbrw', BREAST],
    ['zero', BREAST],
  ])(
    '%s on %s: the printed query, run by DuckDB, gives the in-memory top 10 (rows with gaps dropped)',
    async (method, file) => {
      const [printed, memory] = await Promise.all([
        cli(
          'outliers-sql',
          file,
          '--method',
          method,
          '--top',
          '10',
          '--sql',
          '--dialect',
          'duckdb',
        ),
        cli('outliers-sql', file, '--method', method, '--top', '10'),
      ]);
      expect(printed.stderr).toBe('');
      expect(printed.stdout).toMatch(/^-- The top 10 outliers of /);
      const rows = await duckdbRows(printed.stdout);
      const expected = (JSON.parse(memory.stdout) as Top).top;
      expect(rows.map((r) => Number(r[0]))).toEqual(expected.map((r) => r.row));
      rows.forEach((r, k) =>
        expect(Math.abs(Number(r[1]) - expected[k]!.score)).toBeLessThanOrEqual(1e-9),
      );
    },
    60_000,
  );

  it('a changed option changes the query: ZERO++ with another seed ranks other rows', async () => {
    const [one, two] = await Promise.all(
      ['1', '2'].map((seed) =>
        cli('outliers-sql', BREAST, '--method', 'zero', '--method.seed', seed, '--sql'),
      ),
    );
    expect(one.stdout).not.toBe(two.stdout);
  }, 60_000);
});

describe('outliers-sql refuses in one line, exit code 2', () => {
  it.each([
    [['--top', '5'], /outliers-sql needs --method cosh, cbrw, zero/],
    [['--method', 'iforest'], /outliers-sql needs --method cosh, cbrw, zero, got “iforest”/],
    [['--method', 'cosh', '--top', '0'], /--top must be a whole number from 1 to 100,000/],
    [['--method', 'cosh', '--top', '1e9'], /--top must be a whole number from 1 to 100,000/],
    [['--method', 'cosh', '--sql', '--dialect', 'mysql'], /--dialect must be duckdb, postgres/],
    [['--method', 'cosh', '--dialect', 'postgres'], /--dialect goes with --sql/],
    [['--method', 'zero', '--method.t', '0'], /t must be/],
    [['--method', 'cosh', '--bogus', '1'], /bogus/],
  ])('%j', async (flags, message) => {
    const result = await cliHere('outliers-sql', ZOO, ...flags);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')[0]).toMatch(/^error: /);
  });
});

describe('outliers-sql --counts: counts made before stand in for counting the rows again', () => {
  afterEach(() => void vi.unstubAllEnvs());
  it.each([
    ['cosh', ZOO, []],
    ['cbrw', BREAST, []],
    ['zero', BREAST, []],
    // Numeric columns binned on the kept rows, and missing cells as a value of their own.
    ['cosh', LABOR, ['--missing', 'own']],
    ['zero', LABOR, ['--missing', 'own']],
  ])(
    '%s on %s %j: the same top 20 as counting, and DuckDB takes the counts instead of counting',
    async (method, file, options) => {
      const counts = join(dir, `${method}-${file.replace(/\W+/g, '-')}.json`);
      const made = await cliHere('counts', file, '--engine', 'duckdb', ...options, '--out', counts);
      expect(made.stderr).toBe('');
      const flags = ['--method', method, '--top', '20', '--engine', 'duckdb', ...options];
      const counting = await traced('outliers-sql', file, ...flags);
      const taking = await traced('outliers-sql', file, ...flags, '--counts', counts);
      expect(taking.code).toBe(0);
      expect(taking.stdout).toBe(counting.stdout);
      expect(counting.stages).toContain('duckdb: counts');
      expect(taking.stages).toContain('duckdb: counts known');
      expect(taking.stages).not.toContain('duckdb: counts');
      expect((JSON.parse(taking.stdout) as Top).top).toHaveLength(20);
    },
    60_000,
  );

  it('refuses, in one line, counts of another table or of other options, under --missing mode, in memory, or without the FILE', async () => {
    const zooCounts = join(dir, 'zoo-counts.json');
    const noLegs = join(dir, 'zoo-no-legs.json');
    await cliHere('counts', ZOO, '--engine', 'duckdb', '--out', zooCounts);
    await cliHere('counts', ZOO, '--engine', 'duckdb', '--drop', 'legs', '--out', noLegs);
    const breastCounts = join(dir, 'breast-counts.json');
    await cliHere(
      'counts',
      BREAST,
      '--engine',
      'duckdb',
      '--missing',
      'own',
      '--out',
      breastCounts,
    );
    const cases: [string[], RegExp][] = [
      [
        [BREAST, '--counts', zooCounts],
        /it counts 17 attributes, the file has 10; “hair” is not among the file's/,
      ],
      [[ZOO, '--counts', noLegs], /it counts 16 attributes, the file has 17; it lacks “legs”/],
      [[ZOO, '--drop', 'legs', '--counts', zooCounts], /“legs” is not among the file's/],
      // The same columns, other rows kept: the counts differ.
      [
        [BREAST, '--counts', breastCounts],
        /The counts file is not this file's, read with these options: it counts 286 rows, the file keeps 277/,
      ],
      [
        [ZOO, '--missing', 'mode', '--counts', zooCounts],
        /--counts cannot stand in for counting under --missing mode/,
      ],
      [
        [ZOO, '--engine', 'memory', '--counts', zooCounts],
        /give it with --engine duckdb, postgres or clickhouse/,
      ],
      [['--counts', zooCounts], /give the data FILE \(or --table\) with --counts/],
    ];
    for (const [argv, message] of cases) {
      const engine = argv.includes('--engine') ? [] : ['--engine', 'duckdb'];
      const result = await cliHere('outliers-sql', ...argv, '--method', 'cosh', ...engine);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
  }, 60_000);
});

describe('counts --sample', () => {
  it('writes N of the file’s rows in file order, drawn with the seed, and the query selects the same rows', async () => {
    const out = join(dir, 'sample.csv');
    const written = await cli('counts', ZOO, '--sample', '12', '--sample-seed', '7', '--out', out);
    expect(written.stderr).toBe('');
    expect(JSON.parse(written.stdout)).toMatchObject({ rows: 12, total: 101, seed: 7 });
    const sample = Papa.parse<string[]>(readFileSync(out, 'utf8').trim()).data;
    const file = Papa.parse<string[]>(readFileSync(ZOO, 'utf8').trim()).data;
    expect(sample[0]).toEqual(file[0]);
    expect(sample).toHaveLength(13);
    const printed = await cli(
      'counts',
      ZOO,
      '--sample',
      '12',
      '--sample-seed',
      '7',
      '--sql',
      '--sql-table',
      `(SELECT *, ROW_NUMBER() OVER () AS row_no FROM read_csv('${ZOO}', header = true, all_varchar = true))`,
    );
    expect(printed.stderr).toBe('');
    const rows = await duckdbRows(printed.stdout);
    // The query's rows are the sample file's, in the same order (row_no last).
    expect(rows.map((r) => r.slice(0, -1).map(String))).toEqual(sample.slice(1));
    // Each is the file's row at its number, and the numbers ascend.
    const numbers = rows.map((r) => Number(r[r.length - 1]));
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
    numbers.forEach((n, i) => expect(file[n]).toEqual(sample[i + 1]));
    // Another seed draws other rows.
    const other = await cli('counts', ZOO, '--sample', '12', '--sql');
    expect(other.stdout).not.toBe(printed.stdout);
  }, 60_000);

  it('refuses a sample without a CSV to write, or of no rows, in one line', async () => {
    const noOut = await cliHere('counts', ZOO, '--sample', '5');
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toMatch(/--sample writes a CSV file: give --out SAMPLE\.csv/);
    const none = await cliHere('counts', ZOO, '--sample', '0', '--out', join(dir, 'x.csv'));
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--sample must be a whole number from 1 to 10,000,000/);
  }, 60_000);
});
