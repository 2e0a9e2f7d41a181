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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../src/core/base/random.ts';
import { cli } from './cliRun.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'engines-'));
// The servers' own directory, beside (not inside) this test's: PostgreSQL runs as its own user.
const engines = join(tmpdir(), 'coupled-explorer-engines-test');
// The CLI runs below (child processes) find the servers this test started.
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

describe('a server that cannot count', () => {
  /** Counting the first table on this engine in the server `connect` names. */
  const countIn = (engine: string, connect: string) =>
    cli('counts', TABLES[0]![1], '--engine', engine, '--connect', connect);

  it('is refused in one line with exit code 2: none reachable, or none named and none started', async () => {
    const unreachable = await countIn('postgres', 'postgres://x@127.0.0.1:1/db');
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(
      /^error: PostgreSQL at postgres:\/\/x@127\.0\.0\.1:1\/db could not count: .*ECONNREFUSED/,
    );
    expect(unreachable.stderr.trim().split('\n')).toHaveLength(1);
    const none = await countIn('postgres', 'mysql://x@h/db');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--connect must be a postgres:// address');
    const closed = await countIn('clickhouse', 'clickhouse://127.0.0.1:1');
    expect(closed.code).toBe(2);
    expect(closed.stderr).toMatch(
      /^error: ClickHouse at http:\/\/127\.0\.0\.1:1 could not count: /,
    );
  }, 60_000);
});

describe('a server that cannot count', () => {
  it('is refused in one line with exit code 2: none reachable, or none named and none started', async () => {
    const unreachable = await cli(
      'counts',
      TABLES[0]![1],
      '--engine',
      'postgres',
      '--connect',
      'postgres://x@127.0.0.1:1/db',
    );
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(
      /^error: PostgreSQL at postgres:\/\/x@127\.0\.0\.1:1\/db could not count: .*ECONNREFUSED/,
    );
    expect(unreachable.stderr.trim().split('\n')).toHaveLength(1);
    const none = await cli(
      'counts',
      TABLES[0]![1],
      '--engine',
      'postgres',
      '--connect',
      'mysql://x@h/db',
    );
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--connect must be a postgres:// address');
    const closed = await cli(
      'counts',
      TABLES[0]![1],
      '--engine',
      'clickhouse',
      '--connect',
      'clickhouse://127.0.0.1:1',
    );
    expect(closed.code).toBe(2);
    expect(closed.stderr).toMatch(
      /^error: ClickHouse at http:\/\/127\.0\.0\.1:1 could not count: /,
    );
  }, 60_000);
});
