/**
 * Counting where the data lives (issue 47): `counts FILE --engine postgres|clickhouse` — DuckDB
 * plans; a PostgreSQL server, or two ClickHouse servers as two shards of a Distributed table,
 * started by the project's own script (scripts/engines.mjs), count — gives
 * the counts file of the in-memory and DuckDB engines, byte for byte, on bundled tables and on
 * generated hostile ones (quotes, backquotes, semicolons, unicode, right-to-left text, empty
 * strings, the missing tokens, numeric columns binned). Where the servers cannot be started the
 * test fails with the script's one line (which package), never skips.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import Papa from 'papaparse';
import pg from 'pg';
import { createRandom } from '../../src/core/base/random.ts';
import { cli, cliHere, traced } from './cliRun.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'engines-'));
// The servers' own directory, beside (not inside) this test's: PostgreSQL runs as its own user.
const engines = join(tmpdir(), 'coupled-explorer-engines-test');
// The CLI runs below (in this process, or child processes) find the servers this test started;
// the files run after this one in the same process (vitest.config.ts) get the variable back.
const enginesDirBefore = process.env.COUPLED_ENGINES_DIR;
process.env.COUPLED_ENGINES_DIR = engines;
const env = { ...process.env };

/** A CSV field, quoted as RFC 4180 quotes it. */
const field = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
const csv = (rows: string[][]) => `${rows.map((r) => r.map(field).join(',')).join('\n')}\n`;

/** Hostile names and values: quotes, backquotes, semicolons, unicode, RTL, empty, missing tokens. */
function hostileLabels(): string {
  const random = createRandom(47);
  const header = ['na"me', 'back`tick', 'semi;colon', 'ünï©ødé 名前', 'שלום עולם', 'x y', 'class'];
  const pools = [
    ['a"b', "it's", '""', 'plain'],
    ['`x`', 'y`', '`'],
    ['a;b', ';', 'DROP TABLE data;--'],
    ['名前', 'ünï', '🙂', 'e\u0301'],
    ['שלום', 'مرحبا', 'abc'],
    ['', '?', 'NA', 'null', ' padded ', 'NaN', 'v'],
    ['yes', 'no'],
  ];
  const rows = Array.from({ length: 80 }, () =>
    pools.map((pool) => pool[random.int(pool.length)] as string),
  );
  return csv([header, ...rows]);
}

/** Numeric columns (binned into equal-frequency intervals), with gaps and padding. */
function hostileNumbers(): string {
  const random = createRandom(4747);
  const header = ['weight', 'count', 'label', 'class'];
  const rows = Array.from({ length: 120 }, (_, i) => [
    i % 17 === 0 ? '' : (random.next() * 100 - 20).toFixed(3),
    i % 13 === 0 ? 'NA' : ` ${random.int(9)} `,
    ['red', 'green', 'blue'][random.int(3)] as string,
    random.int(2) === 0 ? 'a' : 'b',
  ]);
  return csv([header, ...rows]);
}

const TABLES: [string, string][] = [
  ['zoo', 'public/datasets/zoo.csv'],
  ['credit-g', 'public/datasets/credit-g.csv'],
  ['breast-cancer-wisconsin', 'public/datasets/breast-cancer-wisconsin.csv'],
  ['hostile labels', join(dir, 'hostile-labels.csv')],
  ['hostile numbers', join(dir, 'hostile-numbers.csv')],
];

beforeAll(async () => {
  writeFileSync(join(dir, 'hostile-labels.csv'), hostileLabels());
  writeFileSync(join(dir, 'hostile-numbers.csv'), hostileNumbers());
  try {
    await run(process.execPath, ['scripts/engines.mjs', 'start'], { env, timeout: 240_000 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(stderr.trim().split('\n')[0], { cause: error });
  }
}, 300_000);

afterAll(async () => {
  await run(process.execPath, ['scripts/engines.mjs', 'stop'], { env, timeout: 60_000 });
  if (enginesDirBefore === undefined) delete process.env.COUPLED_ENGINES_DIR;
  else process.env.COUPLED_ENGINES_DIR = enginesDirBefore;
}, 90_000);

describe('counts on every engine', () => {
  it.each(TABLES)(
    '%s: memory, DuckDB, PostgreSQL and ClickHouse (two shards) count the same, value by value',
    async (name, file) => {
      const outputs: Record<string, string> = {};
      for (const engine of ['memory', 'duckdb', 'postgres', 'clickhouse']) {
        const out = join(dir, `${name.replace(/\W+/g, '-')}-${engine}.json`);
        // PostgreSQL named by --connect; ClickHouse found as the two shards the script started.
        const connect = engine === 'postgres' ? ['--connect', startedPostgres()] : [];
        const result = await cli(
          'counts',
          file,
          '--engine',
          engine,
          '--missing',
          'drop',
          '--out',
          out,
          ...connect,
        );
        expect(result.stderr, `${engine}: ${result.stderr}`).toBe('');
        expect(result.code).toBe(0);
        outputs[engine] = readFileSync(out, 'utf8');
      }
      expect(outputs.duckdb).toBe(outputs.memory);
      expect(outputs.postgres).toBe(outputs.memory);
      expect(outputs.clickhouse).toBe(outputs.memory);
      // Something was counted: the file holds the table's values.
      expect(JSON.parse(outputs.memory as string)).toBeTruthy();
      // The end-to-end test opens zoo counted by ClickHouse: its fixture is what ClickHouse makes.
      if (name === 'zoo')
        expect(readFileSync('e2e/fixtures/zoo.clickhouse.counts.json', 'utf8')).toBe(
          outputs.clickhouse,
        );
    },
    120_000,
  );
});

function startedPostgres(): string {
  const state = JSON.parse(readFileSync(join(engines, 'engines.json'), 'utf8')) as {
    postgres: string;
  };
  return state.postgres;
}

/**
 * A file's rows put into the servers as an analyst's table would be, by this test (not by the
 * CLI): in PostgreSQL one table with the file's columns (`typed` ones as integers) and a row
 * number n; in ClickHouse a table on each shard (Nullable(String) columns, every other row) and
 * a Distributed table over both. Empty cells are NULL.
 */
async function putTable(file: string, name: string, typed: readonly string[] = []): Promise<void> {
  const [header = [], ...rows] = Papa.parse<string[]>(readFileSync(file, 'utf8').trim()).data;
  const state = JSON.parse(readFileSync(join(engines, 'engines.json'), 'utf8')) as {
    postgres: string;
    clickhouseShards: string[];
    cluster: string;
  };
  const q = (id: string) => `"${id.replaceAll('"', '""')}"`;
  const client = new pg.Client({ connectionString: state.postgres });
  await client.connect();
  try {
    await client.query(`DROP TABLE IF EXISTS ${q(name)}`);
    await client.query(
      `CREATE TABLE ${q(name)} (${header.map((h) => `${q(h)} ${typed.includes(h) ? 'integer' : 'text'}`).join(', ')}, n bigint)`,
    );
    const values = rows.map((row, i) => [...row.map((c) => (c === '' ? null : c)), i + 1]);
    for (const row of values)
      await client.query(
        `INSERT INTO ${q(name)} VALUES (${row.map((_, k) => `$${k + 1}`).join(', ')})`,
        row,
      );
  } finally {
    await client.end();
  }
  const id = (s: string) => `\`${s.replaceAll('\\', '\\\\').replaceAll('`', '\\`')}\``;
  const text = (s: string) => `'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  const ch = async (shard: string, sql: string) => {
    const response = await fetch(shard.replace('clickhouse://', 'http://'), {
      method: 'POST',
      body: sql,
    });
    if (!response.ok) throw new Error(await response.text());
  };
  for (const [s, shard] of state.clickhouseShards.entries()) {
    await ch(shard, `DROP TABLE IF EXISTS ${name}_local`);
    await ch(
      shard,
      `CREATE TABLE ${name}_local (${header.map((h) => `${id(h)} Nullable(String)`).join(', ')}, n UInt64) ENGINE = MergeTree ORDER BY n`,
    );
    const mine = rows.flatMap((row, i) => ((i + 1) % 2 === s ? [{ row, n: i + 1 }] : []));
    if (mine.length > 0)
      await ch(
        shard,
        `INSERT INTO ${name}_local VALUES ${mine.map(({ row, n }) => `(${[...row.map((c) => (c === '' ? 'NULL' : text(c))), n].join(', ')})`).join(', ')}`,
      );
  }
  const first = state.clickhouseShards[0] as string;
  await ch(first, `DROP TABLE IF EXISTS ${name}_all`);
  await ch(
    first,
    `CREATE TABLE ${name}_all AS ${name}_local ENGINE = Distributed(${state.cluster}, default, ${name}_local)`,
  );
}

describe('a table already in the server (--table, --row-column)', () => {
  const tables = [
    ['zoo', TABLES[0]![1], ['legs']],
    ['breast_cancer', 'public/datasets/breast-cancer.csv', []],
    ['hostile_labels', TABLES[3]![1], []],
  ] as const;
  it.each(tables)(
    '%s: PostgreSQL and ClickHouse (a Distributed table) count it where it is, as the file is counted, and score its top outliers as in memory',
    async (name, file, typed) => {
      await putTable(file, name, typed);
      const fileCounts = await cliHere('counts', file, '--missing', 'drop');
      expect(fileCounts.code).toBe(0);
      const reference = await cliHere('outliers-sql', file, '--method', 'cosh', '--top', '20');
      for (const [engine, table] of [
        ['postgres', name],
        ['clickhouse', `${name}_all`],
      ] as const) {
        const onTable = (command: string, ...flags: string[]) =>
          cliHere(command, '--engine', engine, '--table', table, '--row-column', 'n', ...flags);
        const counted = await onTable('counts', '--missing', 'drop');
        expect(counted.stderr, `${engine}: ${counted.stderr}`).toBe('');
        expect(counted.stdout, engine).toBe(fileCounts.stdout);
        const top = await onTable('outliers-sql', '--method', 'cosh', '--top', '20');
        expect(top.stderr, `${engine}: ${top.stderr}`).toBe('');
        const mine = JSON.parse(top.stdout) as TopOutliers;
        const theirs = JSON.parse(reference.stdout) as TopOutliers;
        expect(
          mine.top.map((r) => [r.row, r.score]),
          engine,
        ).toEqual(theirs.top.map((r) => [r.row, r.score]));
      }
    },
    120_000,
  );

  it('refuses a table with a file, a missing row column, or a table on the memory engine, in one line', async () => {
    const both = await cli('counts', TABLES[0]![1], '--engine', 'postgres', '--table', 'zoo');
    expect(both.stderr).toMatch(/^error: give a data FILE or --table NAME, not both/);
    const memory = await cli('counts', '--table', 'zoo');
    expect(memory.stderr).toMatch(
      /--table names a table in a server: give --engine postgres or clickhouse/,
    );
    const noOrder = await cli(
      'outliers-sql',
      '--engine',
      'postgres',
      '--table',
      'zoo',
      '--method',
      'cosh',
    );
    expect(noOrder.stderr).toMatch(/outliers-sql on a --table needs --row-column/);
    const noColumn = await cli(
      'counts',
      '--engine',
      'clickhouse',
      '--table',
      'zoo_all',
      '--row-column',
      'nope',
    );
    expect(noColumn.stderr).toMatch(/--row-column: zoo_all has no column “nope”/);
    for (const r of [both, memory, noOrder, noColumn]) expect(r.code).toBe(2);
  }, 60_000);
});

describe('a machine where the packages cannot be installed', () => {
  it('fails to start the engines with one line naming the package, exit code 1', async () => {
    // No server installed under an empty root, and an installer that fails.
    const failing = await run(process.execPath, ['scripts/engines.mjs', 'start'], {
      env: {
        ...env,
        COUPLED_ENGINES_DIR: join(dir, 'no-engines'),
        COUPLED_ENGINES_INSTALLED_ROOT: join(dir, 'empty-root'),
        COUPLED_ENGINES_APT_GET: '/bin/false',
        COUPLED_PG_PORT: '1',
      },
      timeout: 60_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code?: number; stderr?: string }) => ({
        code: error.code,
        stderr: error.stderr ?? '',
      }),
    );
    expect(failing.code).toBe(1);
    expect(failing.stderr.trim().split('\n')).toHaveLength(1);
    expect(failing.stderr).toMatch(
      /^engines: (could not install the Debian package postgresql|postgresql missing and this user is not root; install with "sudo apt-get install postgresql")/,
    );
  }, 90_000);
});

describe('a server that cannot count', () => {
  /** Counting the first table on this engine in the server `connect` names. */
  const countIn = (engine: string, connect: string) =>
    cli('counts', TABLES[0]![1], '--engine', engine, '--connect', connect);

  it('is refused in one line with exit code 2: none reachable, or none named and none started', async () => {
    const unreachable = await countIn('postgres', 'postgres://x@127.0.0.1:1/db');
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(
      /^error: PostgreSQL at postgres:\/\/x@127\.0\.0\.1:1\/db could not load the rows: .*ECONNREFUSED/,
    );
    expect(unreachable.stderr.trim().split('\n')).toHaveLength(1);
    const none = await countIn('postgres', 'mysql://x@h/db');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--connect must be a postgres:// address');
    const closed = await countIn('clickhouse', 'clickhouse://127.0.0.1:1');
    expect(closed.code).toBe(2);
    expect(closed.stderr).toMatch(
      /^error: ClickHouse at http:\/\/127\.0\.0\.1:1 could not load the rows: /,
    );
  }, 60_000);
});

/** outliers-sql's JSON: the top rows with their scores, values and terms. */
interface TopOutliers {
  rows: number;
  top: { row: number; score: number; values: string[]; terms: number[] | null }[];
}

describe('the top outliers scored where the rows live (outliers-sql)', () => {
  const tables = [TABLES[0]!, ['breast-cancer', 'public/datasets/breast-cancer.csv'], TABLES[3]!];
  const cases = tables.flatMap(([name, file]) =>
    ['cosh', 'cbrw', 'zero'].map((method) => [name, method, file] as const),
  );
  it.each(cases)(
    '%s, %s: the top 20 rows and scores of DuckDB, PostgreSQL and ClickHouse are the in-memory detector’s',
    async (_, method, file) => {
      const engines = ['memory', 'duckdb', 'postgres', 'clickhouse'];
      // One after the other: the CLI runs in this process.
      const results = [];
      for (const engine of engines)
        results.push(
          await cliHere(
            'outliers-sql',
            file,
            '--method',
            method,
            '--top',
            '20',
            '--engine',
            engine,
          ),
        );
      const tops = results.map((result, i) => {
        expect(result.stderr, `${engines[i]}: ${result.stderr}`).toBe('');
        expect(result.code).toBe(0);
        return JSON.parse(result.stdout) as TopOutliers;
      });
      const [memory, ...others] = tops as [TopOutliers, ...TopOutliers[]];
      expect(memory.top).toHaveLength(20);
      // Not a constant score: the ranking has something to rank.
      expect(memory.top[0]!.score).toBeGreaterThan(memory.top[19]!.score);
      for (const [i, other] of others.entries()) {
        const engine = engines[i + 1];
        expect(other.rows, engine).toBe(memory.rows);
        expect(
          other.top.map((r) => r.row),
          engine,
        ).toEqual(memory.top.map((r) => r.row));
        other.top.forEach((r, k) => {
          const m = memory.top[k]!;
          expect(Math.abs(r.score - m.score), `${engine} row ${r.row}`).toBeLessThanOrEqual(1e-9);
          expect(r.values, `${engine} row ${r.row}`).toEqual(m.values);
          const terms = r.terms ?? [];
          expect(terms, engine).toHaveLength(m.values.length);
          m.terms?.forEach((x, a) =>
            expect(Math.abs((terms[a] as number) - x), `${engine} term ${a}`).toBeLessThanOrEqual(
              1e-9,
            ),
          );
        });
      }
    },
    120_000,
  );
});

describe('outliers-sql --counts on a server: the counts made before, the rows loaded but not counted', () => {
  afterEach(() => void vi.unstubAllEnvs());
  it.each([TABLES[3]!, TABLES[4]!])(
    '%s: PostgreSQL and ClickHouse give the in-memory top 20 and count nothing',
    async (name, file) => {
      const counts = join(dir, `${name.replace(/\W+/g, '-')}-known.json`);
      expect((await cliHere('counts', file, '--engine', 'duckdb', '--out', counts)).stderr).toBe(
        '',
      );
      const flags = ['--method', 'cosh', '--top', '20'];
      const memory = await cliHere('outliers-sql', file, ...flags);
      for (const engine of ['postgres', 'clickhouse']) {
        const taking = await traced(
          'outliers-sql',
          file,
          ...flags,
          '--engine',
          engine,
          '--counts',
          counts,
        );
        expect(taking.stderr, engine).toBe('');
        expect(taking.stdout.replace(`"engine": "${engine}"`, '"engine": "memory"'), engine).toBe(
          memory.stdout,
        );
        expect(taking.stages, engine).toContain('duckdb: server load');
        expect(taking.stages, engine).toContain('duckdb: server score');
        expect(taking.stages, engine).not.toContain('duckdb: server count');
      }
    },
    120_000,
  );
});
