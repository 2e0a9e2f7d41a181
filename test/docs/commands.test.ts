/**
 * Every command the README and docs/ show runs (issue 49: "Every command shown in docs/ runs in a
 * test"). The commands are read from the pages themselves: each line of a ```sh / ```bash block,
 * any fenced line starting with `npm `, `npx ` or `node `, and each inline `npm run …`, `npm test`
 * (start, ci, install), `npx …`, `node …` or `bench/….ts --…` span. A CLI command (`npm run cli -- …`) runs as the user would type it, on the
 * bundled tables in place of the pages' placeholders (FILE, data.csv …), in a scratch directory
 * that takes the files it writes; it must exit with 0. The README's quick start runs as a process
 * of its own (node with tsx's loader, what the script runs); the others run the same `runCli` in
 * this process (test/cli/cliRun.ts), which saves a second of CPU per command loading the sources. Any other command is named in NOT_RUN
 * with the reason it is not run here (a benchmark, the whole test suite, a server …), and every
 * entry there must still be shown somewhere, so the list cannot go stale.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../cli/cliRun.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** npm scripts other than `cli` that the pages show, and why none is run here. */
const NOT_RUN_SCRIPTS: Record<string, string> = {
  reproduce: 'reruns the papers’ protocols (tens of minutes); test/results checks what it wrote',
  mutants: 'reruns the pinned numbers once per mutant (tens of minutes)',
  matrix: 'every method on every table (an hour); test/matrix/quick.test.ts runs --quick',
  fuzz: 'open-ended; test/fuzz runs its subset',
  lint: 'ESLint and Prettier over the repository; `npm test` and CI run it',
  'engines:start': 'starts PostgreSQL and ClickHouse servers (downloads them on first use)',
  'engines:stop': 'stops the servers engines:start started',
  'bench:cas': 'a benchmark: minutes of a machine; prints figures, not pass/fail',
  'bench:cde': 'a benchmark: minutes of a machine; prints figures, not pass/fail',
  'bench:cde-dna': 'a benchmark: minutes of a machine; prints figures, not pass/fail',
  'bench:cado-neighbours': 'a benchmark: minutes of a machine; prints figures, not pass/fail',
  'bench:duckdb': 'a benchmark: minutes of a machine; prints figures, not pass/fail',
  'bench:engines': 'a benchmark against the servers of engines:start',
  'bench:million-rows': 'a production build and a browser on a million rows',
  'bench:neighbours': 'a benchmark: minutes of a machine; prints figures, not pass/fail',
  'bench:parallel': 'a benchmark: minutes of a machine; prints figures, not pass/fail',
  'bench:projection': 'a benchmark: minutes of a machine; prints figures, not pass/fail',
  'bench:run-all': 'a benchmark: minutes of a machine; prints figures, not pass/fail',
  'bench:sandcat': 'a benchmark: minutes of a machine; prints figures, not pass/fail',
  'bench:scatter': 'a benchmark in a browser; prints figures, not pass/fail',
  'bench:scatter-libs': 'a benchmark in a browser; prints figures, not pass/fail',
  'bench:teams': 'a benchmark: minutes of a machine; prints figures, not pass/fail',
  'bench:untie': 'a benchmark: minutes of a machine; prints figures, not pass/fail',
  'bench:smoke': 'every benchmark at its smoke size (minutes); npm test runs it after the build',
};

/** Whole commands shown but not run here, and why. */
const NOT_RUN: Record<string, string> = {
  'npm install && npm start': 'installs packages (network) and serves the app until stopped',
  'npm ci': 'installs from the registry (network); the tests run on the installed packages',
  'bench/generateBig.ts --rows 70000000 --out /tmp/big.csv':
    'writes a 4.2 GB file (about 7 minutes); test/cli/engine/duckdb.test.ts uses its generator on small sizes',
  'npm test': 'the whole suite, this file among it (about 15 minutes)',
  'npm run cli -- <command> …': 'the syntax of every command, not one',
  'npm run cli -- <command> [FILE] [options]': 'the syntax of every command, not one',
  'npm run cli -- counts my-table.csv --engine clickhouse --out counts.json':
    'needs the ClickHouse of engines:start; test/cli/engines.test.ts runs counts there',
  'npm run cli -- outliers-sql my-table.csv --engine clickhouse --method cosh --top 20':
    'needs the ClickHouse of engines:start; test/cli/engines.test.ts runs outliers-sql there',
  'npm run cli -- counts --engine postgres --connect postgres://me@db:5432/sales --table public.orders --row-column id --out counts.json':
    'names a server of the reader’s own',
  'npm run cli -- outliers-sql --engine clickhouse --connect clickhouse://ch:8123 --table orders_all --row-column id --method cbrw':
    'names a server of the reader’s own',
  'npm run cli -- export-app out/ --data FILE --state WORKSPACE.json':
    'a full Vite build (a minute or more); e2e/export-app.spec.ts runs export-app',
  'npm run cli -- export-app out/ --data my-table.csv --state my-table-workspace.json':
    'a full Vite build (a minute or more); e2e/export-app.spec.ts runs export-app',
};

/** The pages' placeholders, as the bundled table they stand for. */
const ZOO = join(root, 'public/datasets/zoo.csv');
const PLACEHOLDERS: Record<string, string> = {
  FILE: ZOO,
  'data.csv': ZOO,
  'big.csv': ZOO,
  'my-table.csv': ZOO,
  '/tmp/big.csv': ZOO,
  M: 'cde',
  LINE: '2',
  K: '5',
};

/** A shell line as a command: its comment and prompt dropped, its spaces collapsed. */
function clean(line: string): string {
  return line
    .replace(/\s+#\s.*$/, '')
    .replace(/^\$\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every command a page shows, in the order it shows them. */
export function commandsOf(text: string): string[] {
  const found: string[] = [];
  const fences = /^```(\w*)\n([\s\S]*?)^```/gm;
  for (const [, lang, body] of text.matchAll(fences)) {
    const shell = ['sh', 'bash', 'shell', 'console'].includes(lang ?? '');
    for (const line of (body ?? '').split('\n').map(clean))
      if (line !== '' && (shell || /^(npm|npx|node) /.test(line))) found.push(line);
  }
  const prose = text.replace(fences, '');
  for (const [, span] of prose.matchAll(/`([^`]+)`/g)) {
    const command = clean(span ?? '');
    if (/^(npm (run|test|start|ci|install)|npx|node)( |$)|^(bench|scripts)\/\S+ --/.test(command))
      found.push(command);
  }
  return found;
}

const shown = pages.flatMap((page) =>
  commandsOf(readFileSync(join(root, page), 'utf8')).map((command) => ({ page, command })),
);
/** The CLI as `npm run cli -- …` runs it, or as node with tsx's loader. */
const CLI = /^(npm run cli(?: --)?|node --import tsx src\/cli\/main\.ts)(?= |$)/;
const cliLines = [...new Set(shown.map((s) => s.command).filter((c) => CLI.test(c)))].filter(
  (c) => !(c in NOT_RUN),
);
/** Commands that write the counts.json others read run first. */
const writers = cliLines.filter((c) => c.includes('--out counts.json'));
const readers = cliLines.filter((c) => !writers.includes(c));

const scratch = mkdtempSync(join(tmpdir(), 'docs-commands-'));
// The CLI's helper threads import tsx by name from the working directory.
symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'));
afterAll(() => {
  unlinkSync(join(scratch, 'node_modules'));
  rmSync(scratch, { recursive: true, force: true });
});
const tsx = pathToFileURL(createRequire(join(root, 'package.json')).resolve('tsx')).href;

/** The README's quick start: the line run as a process of its own. */
const QUICK_START = 'npm run cli -- run cde public/datasets/zoo.csv --class type --alpha 10';

/** A CLI line's arguments, the placeholders and the bundled tables' paths resolved. */
function argsOf(line: string): string[] {
  return line
    .replace(CLI, '')
    .trim()
    .split(' ')
    .filter((a) => a !== '')
    .map((a) => PLACEHOLDERS[a] ?? (a.startsWith('public/') ? join(root, a) : a));
}

/**
 * A CLI line run by `runCli` in this process, in the scratch folder (the working directory while
 * this file's tests run: the files a command writes land there, as they do for a user).
 */
function runCliHere(line: string): Promise<{ code: number; stderr: string }> {
  return cli(...argsOf(line));
}

/** A CLI line as node with tsx's loader (what the script runs), in the scratch folder. */
function runCliLine(line: string): Promise<{ code: number; stderr: string }> {
  const args = argsOf(line);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', tsx, join(root, 'src/cli/main.ts'), ...args],
      { cwd: scratch, timeout: 150_000, maxBuffer: 256 * 1024 * 1024 },
      (error, _stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stderr }),
    );
  });
}

describe('every command shown in docs/ and the README', () => {
  it('finds the commands of the pages (the README’s quick start among them)', () => {
    expect(shown.length).toBeGreaterThan(50);
    expect(cliLines).toContain(QUICK_START);
  });

  it('runs each command, or says why not', () => {
    const unexplained = shown
      .map((s) => s.command)
      .filter((c) => !CLI.test(c) && !(c in NOT_RUN))
      .filter((c) => !((/^npm run ([\w:-]+)/.exec(c)?.[1] ?? '') in NOT_RUN_SCRIPTS));
    expect(unexplained).toEqual([]);
  });

  it('has no reason left for a command no page shows any more', () => {
    const commands = shown.map((s) => s.command);
    const scripts = commands.map((c) => /^npm run ([\w:-]+)/.exec(c)?.[1]);
    expect(Object.keys(NOT_RUN).filter((c) => !commands.includes(c))).toEqual([]);
    expect(Object.keys(NOT_RUN_SCRIPTS).filter((s) => !scripts.includes(s))).toEqual([]);
  });
});

describe.sequential('the CLI commands shown', () => {
  // The commands run here read and write relative to the scratch folder, as from a user's shell.
  const cwd = process.cwd();
  beforeAll(() => process.chdir(scratch));
  afterAll(() => process.chdir(cwd));

  describe.sequential('the CLI commands that write counts.json', () => {
    it.each(writers)(
      '%s',
      async (line) => {
        const run = await runCliHere(line);
        expect(run.code, run.stderr).toBe(0);
      },
      160_000,
    );
  });

  describe.sequential('the CLI commands that read', () => {
    it.each(readers)(
      '%s',
      async (line) => {
        const run = await (line === QUICK_START ? runCliLine(line) : runCliHere(line));
        expect(run.code, run.stderr).toBe(0);
      },
      300_000,
    );
  });
});
