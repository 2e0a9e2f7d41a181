/**
 * The CLI's counts, in memory against out of core: `npm run bench:duckdb`.
 *
 * Generated CSVs of 20 categorical attributes (bench/generateBig.ts, seed 7; 3–8 values each) are
 * counted by `counts FILE` (the in-memory path: papaparse, the table in typed arrays, counts in
 * JS) and by `counts FILE --engine duckdb` (DuckDB reads the file where it lies; 1 GB memory
 * limit, 2 threads), each in its own process, timed, with its peak resident memory from
 * /usr/bin/time. The in-memory path stops at 100 million cells (5 million rows here): beyond, it
 * refuses the file. Both write the same JSON (the run checks it where both ran). Then the three
 * ways of counting in SQL (engine option `form`) are timed in this process on the smallest file.
 * Figures only, no pass/fail; this machine's 2 cores are shared, so compare within one run.
 *
 * BENCH_ROWS=1000000,5000000,20000000 (default) sets the sizes; files are kept in /tmp
 * (BENCH_DIR) between runs and deleted with BENCH_CLEAN=1; BENCH_FORM_ROWS=100000 (0: skip) the
 * size of the forms' comparison.
 *
 * --smoke: 2,000 rows, the forms on 1,000, in a folder of its own; a failed or differing count
 * fails the run.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countWithDuckdb, type CountsForm } from '../src/cli/engine/duckdb.ts';
import { generateBig } from './generateBig.ts';
import { SMOKE, sized } from './timing.ts';

const ROWS = (process.env.BENCH_ROWS ?? sized('1000000,5000000,20000000', '2000'))
  .split(',')
  .map(Number);
// --smoke: a folder of its own (another run may be writing /tmp's files), removed at the end.
const DIR =
  process.env.BENCH_DIR ?? (SMOKE ? mkdtempSync(join(tmpdir(), 'bench-duckdb-')) : '/tmp');
const ATTRIBUTES = 20;
const IN_MEMORY_CELLS = 100_000_000;

interface Measure {
  seconds: number;
  peakMb: number;
  code: number;
  stderr: string;
}

function measure(args: string[]): Promise<Measure> {
  return new Promise((resolve) => {
    execFile(
      '/usr/bin/time',
      ['-f', 'TIME %e %M', process.execPath, '--import', 'tsx', 'src/cli/main.ts', ...args],
      { maxBuffer: 1 << 26, timeout: 3 * 3600_000 },
      (error, _stdout, stderr) => {
        const m = /TIME ([\d.]+) (\d+)/.exec(stderr);
        resolve({
          seconds: m ? Number(m[1]) : NaN,
          peakMb: m ? Number(m[2]) / 1024 : NaN,
          code: error ? Number(error.code ?? -1) : 0,
          stderr: stderr.replace(/TIME .*\n?/, '').trim(),
        });
      },
    );
  });
}

const rows: string[] = [];
const fmt = (m: Measure | null): string =>
  m === null
    ? '—'
    : m.code === 0
      ? `${m.seconds.toFixed(1)} s, ${m.peakMb.toFixed(0)} MB`
      : `exit ${m.code}: ${m.stderr.split('\n').at(-1)?.slice(0, 80)}`;

for (const n of ROWS) {
  const file = join(DIR, `bench-duckdb-${n}.csv`);
  if (!existsSync(file)) {
    process.stdout.write(`generating ${file}…\n`);
    await generateBig(file, {
      rows: n,
      attributes: ATTRIBUTES,
      numeric: 0,
      missing: 0,
      classColumn: false,
      seed: 7,
    });
  }
  const gb = statSync(file).size / 1e9;
  const outDuck = join(DIR, `bench-duckdb-${n}.duckdb.json`);
  const outMemory = join(DIR, `bench-duckdb-${n}.memory.json`);
  const duck = await measure(['counts', file, '--engine', 'duckdb', '--out', outDuck]);
  const memory =
    n * ATTRIBUTES <= IN_MEMORY_CELLS ? await measure(['counts', file, '--out', outMemory]) : null;
  const same =
    memory?.code === 0 && duck.code === 0
      ? readFileSync(outDuck, 'utf8') === readFileSync(outMemory, 'utf8')
        ? 'identical'
        : 'DIFFERENT'
      : '';
  const ratio =
    memory?.code === 0 && duck.code === 0
      ? `time ×${(duck.seconds / memory.seconds).toFixed(2)}, memory ×${(duck.peakMb / memory.peakMb).toFixed(2)}`
      : '';
  rows.push(
    `| ${n.toLocaleString('en-US')} | ${gb.toFixed(2)} GB | ${fmt(memory)} | ${fmt(duck)} | ${ratio} ${same} |`,
  );
  process.stdout.write(`${rows.at(-1)}\n`);
  // A smoke run fails where the full run would only print the failure.
  if (SMOKE && (duck.code !== 0 || memory?.code !== 0 || same !== 'identical'))
    throw new Error(`counts of ${n} rows: ${rows.at(-1)}`);
  rmSync(outDuck, { force: true });
  rmSync(outMemory, { force: true });
  if (process.env.BENCH_CLEAN) rmSync(file, { force: true });
}

process.stdout.write(
  `\n| rows × ${ATTRIBUTES} attributes | file | in memory (time, peak RSS) | --engine duckdb | duckdb / in memory |\n| --- | --- | --- | --- | --- |\n${rows.join('\n')}\n`,
);

// The three ways of counting in SQL, in this process, on a file of FORM_ROWS rows (the two
// one-query forms take minutes per million rows here).
const FORM_ROWS = Number(process.env.BENCH_FORM_ROWS ?? sized(100_000, 1_000));
const smallest = join(DIR, `bench-duckdb-forms-${FORM_ROWS}.csv`);
if (FORM_ROWS > 0) {
  await generateBig(smallest, {
    rows: FORM_ROWS,
    attributes: ATTRIBUTES,
    numeric: 0,
    missing: 0,
    classColumn: false,
    seed: 7,
  });
  process.stdout.write(
    `\nforms of the counts query on ${FORM_ROWS.toLocaleString('en-US')} rows (one run each):\n`,
  );
  for (const form of ['pairs', 'cells', 'grouping-sets'] as CountsForm[]) {
    const start = performance.now();
    try {
      await countWithDuckdb(smallest, {}, {}, { form });
      process.stdout.write(`  ${form}: ${((performance.now() - start) / 1000).toFixed(1)} s\n`);
    } catch (error) {
      if (SMOKE) throw error;
      process.stdout.write(`  ${form}: ${(error as Error).message.split('\n')[0]}\n`);
    }
  }
  rmSync(smallest, { force: true });
}
if (SMOKE && process.env.BENCH_DIR === undefined) rmSync(DIR, { recursive: true, force: true });
