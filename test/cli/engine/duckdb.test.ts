/**
 * The CLI's duckdb engine (src/cli/engine/duckdb.ts) against the in-memory path: the same table of
 * values (labels, order, offsets) and the same counts on every bundled data set with a class
 * column under each missing-value policy, and on generated files with numeric columns and
 * missing cells; `--counts FILE` gives the same value-level results as the CSV; bad input ends in
 * one line and exit code 2.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cliHere } from '../cliRun.ts';
import { generateBig } from '../../../bench/generateBig.ts';
import { countWithDuckdb, openDuckdb, type CountsForm } from '../../../src/cli/engine/duckdb.ts';
import {
  computeCounts,
  parseCsvText,
  prepareTable,
  type Counts,
  type CategoricalTable,
  type MissingPolicy,
  type PrepareOptions,
} from '../../../src/core/index.ts';
import { DATASETS } from '../../helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'duckdb-engine-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const dataset = (file: string): string =>
  fileURLToPath(new URL(`../../../public/datasets/${file}`, import.meta.url));

/** The in-memory path, as the CLI's default engine reads a file. */
async function inMemory(
  path: string,
  options: PrepareOptions,
): Promise<{ table: CategoricalTable; counts: Counts; rows: number; dropped: number }> {
  const { table, summary } = prepareTable(await parseCsvText(readFileSync(path, 'utf8')), options);
  return { table, counts: computeCounts(table), rows: summary.rows, dropped: summary.droppedRows };
}

async function expectSameCounts(
  path: string,
  options: PrepareOptions,
  form?: CountsForm,
): Promise<void> {
  const reference = await inMemory(path, options);
  const engine = await countWithDuckdb(path, {}, options, form ? { form } : {});
  const names = (t: CategoricalTable) =>
    t.attributes.map((a) => ({ name: a.name, labels: a.labels, offset: a.offset }));
  expect(names(engine.table)).toEqual(names(reference.table));
  expect(engine.table.classColumn?.labels ?? null).toEqual(
    reference.table.classColumn?.labels ?? null,
  );
  expect(engine.table.nRows).toBe(reference.table.nRows);
  expect(engine.summary.droppedRows).toBe(reference.dropped);
  const a = engine.counts.cooccurrence;
  const b = reference.counts.cooccurrence;
  expect(Array.from(a.valueCounts)).toEqual(Array.from(b.valueCounts));
  expect(Array.from(a.data)).toEqual(Array.from(b.data));
  // Entropy and SU come from the same counts by the same functions: equal to the last bit.
  expect(Array.from(engine.counts.entropy)).toEqual(Array.from(reference.counts.entropy));
  expect(Array.from(engine.counts.symmetricUncertainty)).toEqual(
    Array.from(reference.counts.symmetricUncertainty),
  );
}

const POLICIES: MissingPolicy[] = ['drop', 'own', 'mode'];

describe('duckdb engine: each form of the counting query (cli/engine/tally.ts) gives the same counts', () => {
  // vote.csv: missing cells (dropped, or a value of their own); credit-g.csv: numeric columns binned.
  for (const form of ['pairs', 'cells', 'grouping-sets'] as CountsForm[])
    for (const [file, options] of [
      ['vote.csv', { classColumn: 'Class', missing: 'own' }],
      ['vote.csv', { classColumn: 'Class', missing: 'drop' }],
      ['credit-g.csv', { classColumn: 'class' }],
    ] as [string, PrepareOptions][])
      it(`${form}: ${file}, missing ${options.missing ?? 'drop'}`, async () => {
        await expectSameCounts(dataset(file), options, form);
      });
});

describe('duckdb engine: the same counts as the in-memory path', () => {
  const withClass = DATASETS.filter((d) => d.classColumn !== null);
  it('covers every bundled data set with a class column', () => {
    expect(withClass.length).toBeGreaterThanOrEqual(8);
  });
  for (const d of withClass)
    for (const missing of POLICIES)
      it(`${d.file}, missing ${missing}`, async () => {
        await expectSameCounts(dataset(d.file), {
          classColumn: d.classColumn,
          drop: d.drop,
          missing,
        });
      });

  it('a generated file: numeric columns binned three ways, missing cells under each policy', async () => {
    const file = join(dir, 'generated.csv');
    await generateBig(file, {
      rows: 6000,
      attributes: 7,
      numeric: 2,
      missing: 0.03,
      classColumn: true,
      seed: 11,
    });
    for (const missing of POLICIES)
      for (const discretisation of ['equal-frequency', 'equal-width', 'raw'] as const)
        await expectSameCounts(file, { classColumn: 'class', missing, discretisation, bins: 7 });
  }, 120_000);

  it('cells the in-memory reader trims, quoted delimiters and newlines, a BOM, blank lines, custom tokens', async () => {
    const file = join(dir, 'tricky.csv');
    writeFileSync(
      file,
      '\uFEFFa;b;b;c\r\n x ;"p;q";1;k\r\n\u00a0y\t;"multi\nline";2;NA\r\n\r\nx;r;?;k\r\ny;"p;q";1;-\r\nx;r;2;k\r\n',
    );
    const reference = prepareTable(
      await parseCsvText(readFileSync(file, 'utf8'), { missingTokens: ['', '-', 'NA', '?'] }),
      { missing: 'own' },
    );
    const engine = await countWithDuckdb(
      file,
      { missingTokens: ['', '-', 'NA', '?'] },
      { missing: 'own' },
    );
    expect(engine.table.attributes.map((a) => [a.name, a.labels])).toEqual(
      reference.table.attributes.map((a) => [a.name, a.labels]),
    );
    expect(Array.from(engine.counts.cooccurrence.data)).toEqual(
      Array.from(computeCounts(reference.table).cooccurrence.data),
    );
  });
});

const cli = cliHere;

/** A run's JSON without its timing. */
const results = (stdout: string): unknown => {
  const json = JSON.parse(stdout) as Record<string, unknown>;
  delete json.seconds;
  return json;
};

describe('--counts FILE: value-level methods from the counts alone', () => {
  const zoo = dataset('zoo.csv');
  const json = join(dir, 'zoo.counts.json');
  const parquet = join(dir, 'zoo.counts.parquet');

  it('writes the counts as JSON and Parquet', async () => {
    expect((await cli('counts', zoo, '--class', 'type', '--out', json)).code).toBe(0);
    expect((await cli('counts', zoo, '--class', 'type', '--out', parquet)).code).toBe(0);
  });

  for (const method of ['cde', 'cosh', 'cas', 'dilca'])
    it(`${method}: the same results from the CSV, the JSON counts and the Parquet counts`, async () => {
      const fromCsv = await cli('run', method, zoo, '--class', 'type', '--matrices');
      const fromJson = await cli('run', method, '--counts', json, '--matrices');
      const fromParquet = await cli('run', method, '--counts', parquet, '--matrices');
      expect(fromJson.code, fromJson.stderr).toBe(0);
      expect(fromParquet.code, fromParquet.stderr).toBe(0);
      const reference = results(fromCsv.stdout) as { results: Record<string, unknown> };
      // COSH's object scores and their explanations need the rows: without them only the value
      // scores stay.
      if (method === 'cosh') {
        delete reference.results.scores;
        delete reference.results.explanations;
      }
      expect(results(fromJson.stdout)).toEqual(reference);
      expect(results(fromParquet.stdout)).toEqual(reference);
    }, 60_000);

  it('the dilca and cas commands read counts as run does; two rows cannot be compared from counts', async () => {
    for (const command of ['dilca', 'cas']) {
      const alias = await cli(command, '--counts', json);
      expect(alias.code, alias.stderr).toBe(0);
      expect(results(alias.stdout)).toEqual(
        results((await cli('run', command, '--counts', json)).stdout),
      );
    }
    const objects = await cli('run', 'cas-walkthrough', '--counts', json, '--objects', '0,1');
    expect(objects.code).toBe(2);
    expect(objects.stderr).toMatch(/needs the table's rows/);
  }, 60_000);

  it('refuses a method that needs the rows, naming why', async () => {
    const run = await cli('run', 'untie', '--counts', json);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error: UNTIE needs the table's rows: .+\n$/);
    const tsne = await cli('run', 'tsne', '--counts', json, '--of', 'cde');
    expect(tsne.stderr).toMatch(/t-SNE needs the table's rows/);
    const dilca = await cli('run', 'dilca', '--counts', json, '--fit-class', 'mammal');
    expect(dilca.code).toBe(2);
    expect(dilca.stderr).toMatch(/class of each row/);
  });

  it('refuses counts that do not add up', async () => {
    const counts = JSON.parse(readFileSync(json, 'utf8')) as { cooccurrence: number[][] };
    (counts.cooccurrence[0] as number[])[5] = 3;
    (counts.cooccurrence[5] as number[])[0] = 3;
    const bad = join(dir, 'bad.counts.json');
    writeFileSync(bad, JSON.stringify(counts));
    const run = await cli('run', 'cde', '--counts', bad);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(run.stderr).toMatch(/not consistent/);
  });
});

describe('duckdb engine: per-row outputs streamed, SQL printed, bad input', () => {
  const zoo = dataset('zoo.csv');

  it('COSH scores written row by row equal the in-memory scores', async () => {
    const a = join(dir, 'cosh.memory.csv');
    const b = join(dir, 'cosh.duckdb.csv');
    expect((await cli('run', 'cosh', zoo, '--class', 'type', '--out', a)).code).toBe(0);
    const run = await cli('run', 'cosh', zoo, '--class', 'type', '--engine', 'duckdb', '--out', b);
    expect(run.code, run.stderr).toBe(0);
    const scores = (file: string) =>
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(',')[1]);
    expect(scores(b)).toEqual(scores(a));
    expect(scores(b)).toHaveLength(101);
  });

  it('CBRW scores of a generated file with dropped rows, written row by row, equal the in-memory ones', async () => {
    const file = join(dir, 'scores.csv');
    await generateBig(file, {
      rows: 3000,
      attributes: 6,
      numeric: 1,
      missing: 0.02,
      classColumn: false,
      seed: 5,
    });
    const a = join(dir, 'cbrw.memory.csv');
    const b = join(dir, 'cbrw.duckdb.csv');
    expect((await cli('run', 'cbrw', file, '--out', a)).code).toBe(0);
    const run = await cli('run', 'cbrw', file, '--engine', 'duckdb', '--out', b);
    expect(run.code, run.stderr).toBe(0);
    const lines = (f: string) => readFileSync(f, 'utf8').trim().split('\n').slice(1);
    // Same rows kept, in the same order: file line = data row + 1 (no cell spans lines here).
    const memory = lines(a).map((l) => l.split(','));
    const duck = lines(b).map((l) => l.split(','));
    expect(memory.length).toBeLessThan(3000);
    expect(duck.map(([row]) => Number(row) + 1)).toEqual(memory.map(([line]) => Number(line)));
    expect(duck.map(([, score]) => score)).toEqual(memory.map(([, score]) => score));
  }, 60_000);

  it('counts --sql runs on a table of the rows and gives the engine’s counts', async () => {
    const run = await cli('counts', zoo, '--class', 'type', '--sql');
    expect(run.code, run.stderr).toBe(0);
    const { connection, close } = await openDuckdb();
    try {
      await connection.run(
        `CREATE TABLE data AS SELECT * FROM read_csv('${zoo}', all_varchar = true)`,
      );
      const rows = (await connection.runAndReadAll(run.stdout.replace(/;\s*$/, ''))).getRows();
      const byCell = new Map(rows.map((r) => [Number(r[0]), Number(r[1])]));
      expect(byCell.get(0)).toBe(101); // key 0 counts the rows
      // Every key of one attribute's values adds up to the rows.
      const total = [...byCell.values()].reduce((s, n) => s + n, 0);
      const engine = await countWithDuckdb(zoo, {}, { classColumn: 'type' });
      const c = engine.counts.cooccurrence;
      const expected =
        101 + // rows
        101 * (engine.table.attributes.length + 1) + // value counts of every feature and the class
        c.data.reduce((s, n) => s + n, 0); // co-occurrences
      expect(total).toBe(expected);
    } finally {
      close();
    }
  });

  it('a missing file, a bad Parquet file, an unbinnable column: one line, exit code 2', async () => {
    const missing = await cli('counts', join(dir, 'nope.csv'), '--engine', 'duckdb');
    expect([missing.code, missing.stderr]).toEqual([
      2,
      `error: cannot read “${join(dir, 'nope.csv')}”: no such file\n`,
    ]);
    const badParquet = join(dir, 'bad.parquet');
    writeFileSync(badParquet, 'PAR1 this is not really parquet');
    const bad = await cli('counts', badParquet, '--engine', 'duckdb');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: DuckDB could not read .*bad\.parquet.*\n$/);
    const inMemory = await cli('describe', dataset('zoo.parquet'));
    expect(inMemory.code).toBe(2);
    expect(inMemory.stderr).toMatch(/is a Parquet file: .*--engine duckdb\n$/);
    const parquet = await cli('describe', dataset('zoo.parquet'), '--engine', 'duckdb');
    expect(parquet.code, parquet.stderr).toBe(0);
    const badCounts = await cli('run', 'cde', '--counts', badParquet);
    expect(badCounts.code).toBe(2);
    expect(badCounts.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    // A numeric column with more distinct values than the engine bins.
    const wide = join(dir, 'wide.csv');
    const lines = ['a,b,x'];
    for (let i = 0; i < 100_010; i++) lines.push(`${i % 3},${i % 5},${(i * 7919) % 100_003}.5`);
    lines.push('0,0,1.5');
    writeFileSync(wide, `${lines.join('\n')}\n`);
    const tooMany = await cli('counts', wide, '--engine', 'duckdb');
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toMatch(
      /^error: Column “x” has 100,00\d distinct values.*--drop it.*\n$/,
    );
    const dropped = await cli('counts', wide, '--engine', 'duckdb', '--drop', 'x');
    expect(dropped.code, dropped.stderr).toBe(0);
  }, 60_000);
});
