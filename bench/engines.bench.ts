/**
 * The counts on database engines at 20 million rows (issue 47): `npm run bench:engines`
 * (`npx tsx bench/engines.bench.ts [--rows 20000000]`).
 *
 * One generated table (bench/generateEnginesTable.ts: seeded, 20 categorical attributes of 2–30
 * values, skewed, dependent, with rare values) is counted by `counts FILE --engine E --out …` for
 * E = duckdb, clickhouse (the two shards `node scripts/engines.mjs start` starts) and postgres,
 * each in its own CLI process with COUPLED_DUCKDB_TRACE=1, whose `duckdb: <stage> <s> s` lines
 * give the stages (DuckDB's counting time is its `counts` stage, a server's its `server count`
 * stage, its load `server load`). Peak memory: the CLI process's maximum RSS (/usr/bin/time), and
 * for a server the peak of its processes' summed RSS (PostgreSQL: the postmaster and its
 * children; ClickHouse: both servers), polled every 100 ms, above its idle RSS before the run.
 * The in-memory engine (`--engine memory`) counts prefixes of the same table (1, 2, 5, 10 million
 * rows …) up to the largest it reads (it refuses beyond 100 million cells or 1 GiB); DuckDB counts
 * the same prefixes beside it. Every engine's counts file is compared with DuckDB's. Then the
 * top-100 COSH outliers by `outliers-sql FILE --method cosh --top 100 --engine E --counts C` right
 * after each engine's counts C, if the CLI has that command (skipped on an engine whose counts did
 * not finish). Figures of one run, side by side; no pass/fail. The machine's 2 cores are shared:
 * compare within a run.
 *
 * Options: --rows 20000000 (the table; e.g. --rows 200000 for a quick try), --dir
 * /tmp/coupled-bench-engines (the table is kept there and reused while its parameters are the
 * same), --seed 47, --engines duckdb,clickhouse,postgres, --memory-sizes 1000000,2000000,5000000,
 * 10000000 (prefixes tried in memory, in order, until one fails), --timeout-min 60 (per CLI run:
 * a run still going then is stopped and its stages so far printed), --keep-engines (do not stop
 * the servers even if this bench started them; servers already running are never stopped).
 *
 * --smoke: 2,000 rows in a folder of its own (one prefix, the whole table: its DuckDB count is
 * also DuckDB's on all rows, run once); PostgreSQL and ClickHouse only if `npm run engines:start`
 * left them running (else skipped, said so); a failed or differing count fails the run.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { describeTable, generateEnginesTable } from './generateEnginesTable.ts';
import { option, SMOKE, sizedOption } from './timing.ts';

const ROWS = Number(sizedOption('rows', '20000000', '2000'));
const SEED = Number(option('seed', '47'));
// --smoke: a folder of its own (a full run may be keeping its table in the default one), removed
// at the end.
const OWN_DIR = SMOKE && option('dir', null) === null;
const DIR = OWN_DIR
  ? mkdtempSync(join(tmpdir(), 'bench-engines-'))
  : option('dir', '/tmp/coupled-bench-engines');
const ENGINES = option('engines', 'duckdb,clickhouse,postgres').split(',').filter(Boolean);
const MEMORY_SIZES = sizedOption('memory-sizes', '1000000,2000000,5000000,10000000', '2000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const TIMEOUT_MS = Number(option('timeout-min', '60')) * 60_000;
const KEEP_ENGINES = process.argv.includes('--keep-engines');
const ENGINES_HOME = process.env.COUPLED_ENGINES_DIR ?? join(tmpdir(), 'coupled-explorer-engines');
const ROOT = new URL('..', import.meta.url).pathname;
const say = (line = ''): void => void process.stdout.write(`${line}\n`);
const n = (x: number): string => x.toLocaleString('en-US');
const mb = (kb: number): string => `${(kb / 1024).toFixed(0)} MB`;
const s1 = (x: number | undefined): string => (x === undefined ? '—' : `${x.toFixed(1)} s`);

// ─── the table ──────────────────────────────────────────────────────────────────────────────

mkdirSync(DIR, { recursive: true });
const table = join(DIR, `table-${ROWS}-seed${SEED}.csv`);
const tableMeta = `${table}.json`;
const parameters = describeTable({ rows: ROWS, seed: SEED });

async function ensureTable(): Promise<void> {
  if (existsSync(table) && existsSync(tableMeta)) {
    const meta = JSON.parse(readFileSync(tableMeta, 'utf8')) as {
      parameters: string;
      bytes: number;
    };
    if (meta.parameters === parameters && statSync(table).size === meta.bytes) {
      say(`table: ${table} (reused: ${(meta.bytes / 1e9).toFixed(2)} GB)`);
      return;
    }
  }
  for (const f of readdirSync(DIR))
    if (f.startsWith(`table-${ROWS}-seed${SEED}`)) rmSync(join(DIR, f));
  const start = performance.now();
  const bytes = await generateEnginesTable(table, { rows: ROWS, seed: SEED }, (r) => {
    if (r % 1_000_000 < 16_000) process.stderr.write(`\rgenerating: ${n(r)} rows`);
  });
  process.stderr.write('\n');
  writeFileSync(tableMeta, JSON.stringify({ parameters, bytes }));
  say(
    `table: ${table} generated: ${n(ROWS)} rows × 20 attributes, ${(bytes / 1e9).toFixed(2)} GB in ${((performance.now() - start) / 1000).toFixed(0)} s`,
  );
}

/** The first `rows` data rows of the table (with its header), as a file of their own. */
async function prefix(rows: number): Promise<string> {
  if (rows >= ROWS) return table;
  const file = join(DIR, `table-${ROWS}-seed${SEED}.prefix-${rows}.csv`);
  const done = `${file}.done`;
  if (existsSync(file) && existsSync(done)) return file;
  const out = createWriteStream(file);
  const lines = createInterface({ input: createReadStream(table), crlfDelay: Infinity });
  let left = rows + 1;
  for await (const line of lines) {
    if (!out.write(`${line}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
    if (--left === 0) break;
  }
  lines.close();
  await new Promise<void>((resolve, reject) =>
    out.end((e?: Error | null) => (e ? reject(e) : resolve())),
  );
  writeFileSync(done, '');
  return file;
}

// ─── processes and their memory ─────────────────────────────────────────────────────────────

/** Resident memory (VmRSS) of a process in kB, 0 when gone. */
function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Proportional set size (shared pages split among their users) in kB, 0 when gone. */
function pssKb(pid: number): number {
  try {
    const m = /Pss:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

/** The processes `roots` and all their descendants. */
function tree(roots: number[]): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc'))
    if (/^\d+$/.test(entry)) parents.set(Number(entry), parentOf(Number(entry)));
  const inside = new Set(roots.filter((p) => parents.has(p)));
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents)
      if (!inside.has(pid) && inside.has(parent)) {
        inside.add(pid);
        grew = true;
      }
  }
  return [...inside];
}

/** The server processes of an engine (postgres: the postmaster; clickhouse: both servers). */
function serverRoots(engine: string): number[] {
  const pidFile = (file: string): number[] => {
    try {
      const pid = Number(readFileSync(file, 'utf8').split('\n')[0]?.trim());
      return Number.isInteger(pid) && pid > 0 && rssKb(pid) > 0 ? [pid] : [];
    } catch {
      return [];
    }
  };
  if (engine === 'postgres') return pidFile(join(ENGINES_HOME, 'postgres', 'postmaster.pid'));
  if (engine === 'clickhouse')
    return [1, 2].flatMap((i) => pidFile(join(ENGINES_HOME, `clickhouse-${i}`, 'server.pid')));
  return [];
}

interface MemorySample {
  rss: number;
  pss: number;
  processes: number;
}

function sample(roots: number[]): MemorySample {
  const pids = tree(roots);
  return {
    rss: pids.reduce((s, p) => s + rssKb(p), 0),
    pss: pids.reduce((s, p) => s + pssKb(p), 0),
    processes: pids.length,
  };
}

/** Polls the servers' memory every 100 ms until stopped: idle (before) and peak. */
function poller(roots: number[]): { stop(): { idle: MemorySample; peak: MemorySample } } {
  const idle = sample(roots);
  const peak = { ...idle };
  const timer = setInterval(() => {
    const now = sample(roots);
    peak.rss = Math.max(peak.rss, now.rss);
    peak.pss = Math.max(peak.pss, now.pss);
    peak.processes = Math.max(peak.processes, now.processes);
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return { idle, peak };
    },
  };
}

// ─── one CLI run ────────────────────────────────────────────────────────────────────────────

interface CliRun {
  code: number;
  wall: number;
  /** Max RSS of the CLI process (kB), from /usr/bin/time. */
  cliPeakKb: number;
  stages: [string, number][];
  stdout: string;
  stderr: string;
  timedOut: boolean;
  server?: { idle: MemorySample; peak: MemorySample };
  /** The machine's 1-minute load average when the run started (2 cores, shared). */
  load: string;
}

const stage = (run: CliRun, name: string): number | undefined =>
  run.stages.find(([s]) => s === name)?.[1];

/** Runs `node src/cli/main.ts …args` under /usr/bin/time; stops it after TIMEOUT_MS. */
async function cli(
  args: string[],
  options: { engine: string; heapMb?: number; label: string },
): Promise<CliRun> {
  const tmp = join(DIR, `tmp-${options.engine}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const env = {
    ...process.env,
    COUPLED_DUCKDB_TRACE: '1',
    COUPLED_ENGINES_DIR: ENGINES_HOME,
    // The CLI's temporary files (DuckDB's spill, the servers' CSV copies) where we can remove them.
    TMPDIR: tmp,
    // PostgreSQL sessions of the CLI carry this name (a stopped run's are ended by it).
    PGAPPNAME: 'coupled-engines-bench',
    NODE_OPTIONS: options.heapMb
      ? `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${options.heapMb}`.trim()
      : process.env.NODE_OPTIONS,
  };
  const roots = serverRoots(options.engine);
  const memory = roots.length > 0 ? poller(roots) : null;
  const started = performance.now();
  const load = loadavg()[0]?.toFixed(1) ?? '?';
  const child = spawn(
    '/usr/bin/time',
    ['-f', 'TIME %e %M', process.execPath, '--import', 'tsx', 'src/cli/main.ts', ...args],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
    for (const line of d.toString().split('\n'))
      if (line.startsWith('duckdb: ')) process.stderr.write(`  [${options.label}] ${line}\n`);
  });
  let timedOut = false;
  let cliPids: number[] = [];
  const timer = setTimeout(() => {
    timedOut = true;
    // /usr/bin/time's child is the CLI's node process.
    cliPids = tree([child.pid as number]).filter((pid) => pid !== child.pid);
    for (const pid of cliPids)
      if (pid !== child.pid) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
  }, TIMEOUT_MS);
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? -1)));
  clearTimeout(timer);
  const wall = (performance.now() - started) / 1000;
  const server = memory?.stop();
  if (timedOut) await stopServerWork(options.engine, cliPids);
  rmSync(tmp, { recursive: true, force: true });
  const m = /TIME ([\d.]+) (\d+)/.exec(stderr);
  const stages = [...stderr.matchAll(/^duckdb: (.+?) ([\d.]+) s$/gm)].map(
    (x) => [x[1] as string, Number(x[2])] as [string, number],
  );
  return {
    code: timedOut ? -1 : code,
    wall,
    cliPeakKb: m ? Number(m[2]) : NaN,
    stages,
    stdout,
    stderr: stderr.replace(/^TIME .*\n?/m, '').trim(),
    timedOut,
    server,
    load,
  };
}

/** After a CLI run was stopped: the server work it left (queries, tables) is stopped too. */
async function stopServerWork(engine: string, cliPids: number[]): Promise<void> {
  const engines = JSON.parse(readFileSync(join(ENGINES_HOME, 'engines.json'), 'utf8')) as {
    postgres: string;
    clickhouseShards: string[];
  };
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: engines.postgres });
    await client.connect();
    const killed = await client.query(
      `SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE pid <> pg_backend_pid() AND application_name = 'coupled-engines-bench'`,
    );
    await client.end();
    say(`  (stopped ${killed.rowCount} PostgreSQL backend(s) of the stopped run)`);
  }
  if (engine === 'clickhouse')
    for (const shard of engines.clickhouseShards) {
      const http = shard.replace(/^clickhouse:\/\//, 'http://');
      const q = async (sql: string): Promise<string> =>
        (await fetch(`${http}/`, { method: 'POST', body: sql })).text();
      // The CLI's tables are named coupled_<its pid>_…; the pattern is split so as not to match
      // the KILL statement itself.
      const tables: string[] = [];
      for (const pid of cliPids) {
        await q(`KILL QUERY WHERE query LIKE concat('%coupl', 'ed_${pid}_', '%') SYNC`).catch(
          () => '',
        );
        tables.push(
          ...(
            await q(
              `SELECT name FROM system.tables WHERE database = 'default' AND startsWith(name, 'coupled_${pid}_')`,
            )
          )
            .split('\n')
            .filter(Boolean),
        );
      }
      for (const t of tables) await q(`DROP TABLE IF EXISTS default.${t}`);
      say(`  (stopped the queries and dropped ${tables.length} table(s) on ${http})`);
    }
}

/** The counts files' verdict: identical bytes, equal values and co-occurrences, or different. */
function compareCounts(a: string, b: string): string {
  if (!existsSync(a) || !existsSync(b)) return 'n/a';
  const ta = readFileSync(a, 'utf8');
  const tb = readFileSync(b, 'utf8');
  if (ta === tb) return 'byte-identical';
  const ja = JSON.parse(ta) as { rows: number; values: unknown; cooccurrence: unknown };
  const jb = JSON.parse(tb) as { rows: number; values: unknown; cooccurrence: unknown };
  const same = (x: unknown, y: unknown): boolean => JSON.stringify(x) === JSON.stringify(y);
  if (ja.rows === jb.rows && same(ja.values, jb.values) && same(ja.cooccurrence, jb.cooccurrence))
    return 'equal counts (bytes differ elsewhere)';
  return `DIFFERENT (rows ${ja.rows} vs ${jb.rows}; values ${same(ja.values, jb.values) ? 'equal' : 'differ'}; co-occurrence ${same(ja.cooccurrence, jb.cooccurrence) ? 'equal' : 'differs'})`;
}

const failure = (run: CliRun): string =>
  run.timedOut
    ? `stopped after ${(TIMEOUT_MS / 60_000).toFixed(1)} min (stages done: ${run.stages.map(([s, t]) => `${s} ${t.toFixed(1)} s`).join(', ') || 'none'})`
    : `exit ${run.code}: ${
        run.stderr
          .split('\n')
          // the CLI's own message: not the stage lines, nor /usr/bin/time's exit line
          .filter((l) => l.trim() !== '' && !/^(duckdb: |Command exited with)/.test(l))
          .at(-1)
          ?.slice(0, 160) ?? ''
      }`;

// ─── the engines ────────────────────────────────────────────────────────────────────────────

function serversRunning(): boolean {
  return (
    existsSync(join(ENGINES_HOME, 'engines.json')) &&
    serverRoots('postgres').length === 1 &&
    serverRoots('clickhouse').length === 2
  );
}

// ─── the run ────────────────────────────────────────────────────────────────────────────────

const head = (() => {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    const changed = execFileSync(
      'git',
      ['--no-optional-locks', 'status', '--porcelain', '--', 'src'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    )
      .split('\n')
      .filter(Boolean).length;
    return `${commit}${changed ? ` + ${changed} uncommitted file(s) under src/` : ''}`;
  } catch {
    return 'unknown';
  }
})();
say(
  `engines bench: ${n(ROWS)} rows × 20 attributes, seed ${SEED}; code ${head}; ${process.versions.node}; timeout ${TIMEOUT_MS / 60_000} min a run; ${new Date().toISOString()}`,
);
await ensureTable();

const serverEngines = ENGINES.filter((e) => e === 'postgres' || e === 'clickhouse');
let startedHere = false;
// --smoke starts no server (a start may install packages and takes its time): the servers are
// used when `npm run engines:start` left them running, else their engines are skipped.
if (SMOKE && serverEngines.length > 0 && !serversRunning()) {
  for (const engine of serverEngines) {
    say(`peer ${engine} not running (npm run engines:start): skipped`);
    ENGINES.splice(ENGINES.indexOf(engine), 1);
  }
} else if (serverEngines.length > 0) {
  const before = serversRunning();
  execFileSync(process.execPath, ['scripts/engines.mjs', 'start'], {
    cwd: ROOT,
    env: { ...process.env, COUPLED_ENGINES_DIR: ENGINES_HOME },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  startedHere = !before;
  say(
    `servers: ${before ? 'already running (reused, left running)' : 'started by this bench'}; PostgreSQL pid ${serverRoots('postgres').join()}, ClickHouse pids ${serverRoots('clickhouse').join(' and ')}`,
  );
}

// In memory, on prefixes of the table, beside DuckDB on the same prefix.
say('\n## In memory against DuckDB, on prefixes of the table\n');
const memoryRows: string[] = [];
let largestInMemory: { rows: number; memory: CliRun; duckdb: CliRun; equal: string } | null = null;
let memoryRefused = false;
const sizes = MEMORY_SIZES.filter((s) => s < ROWS);
if (sizes.length === 0 || MEMORY_SIZES.some((s) => s >= ROWS)) sizes.push(ROWS);
for (const rows of sizes) {
  const file = await prefix(rows);
  const outMemory = join(DIR, `counts-memory-${rows}.json`);
  const outDuck = join(DIR, `counts-duckdb-${rows}.json`);
  rmSync(outMemory, { force: true });
  const memory = await cli(['counts', file, '--out', outMemory], {
    engine: 'memory',
    heapMb: 16384,
    label: `memory ${n(rows)}`,
  });
  if (memory.code !== 0) {
    memoryRows.push(
      `| ${n(rows)} | ${failure(memory)} (after ${s1(memory.wall)}, ${mb(memory.cliPeakKb)}) | | | |`,
    );
    say(memoryRows.at(-1));
    memoryRefused = true;
    break;
  }
  const duck = await cli(['counts', file, '--engine', 'duckdb', '--out', outDuck], {
    engine: 'duckdb',
    label: `duckdb ${n(rows)}`,
  });
  const equal = duck.code === 0 ? compareCounts(outMemory, outDuck) : failure(duck);
  memoryRows.push(
    `| ${n(rows)} | ${s1(memory.wall)}, ${mb(memory.cliPeakKb)} | ${s1(duck.wall)} (counts ${s1(stage(duck, 'counts'))}), ${mb(duck.cliPeakKb)} | time ×${(duck.wall / memory.wall).toFixed(2)}, memory ×${(duck.cliPeakKb / memory.cliPeakKb).toFixed(2)} | ${equal} |`,
  );
  say(memoryRows.at(-1));
  largestInMemory = { rows, memory, duckdb: duck, equal };
  rmSync(outMemory, { force: true });
  if (rows !== ROWS) rmSync(outDuck, { force: true });
}
say(
  `\n| rows | in memory: wall, peak RSS | --engine duckdb: wall (counts stage), peak RSS | duckdb / memory | counts |\n| --- | --- | --- | --- | --- |\n${memoryRows.join('\n')}`,
);

// Every engine on the whole table.
say(`\n## The engines on all ${n(ROWS)} rows\n`);
interface EngineResult {
  engine: string;
  counts: CliRun;
  out: string;
  cosh?: CliRun;
}
// outliers-sql (the top-100 COSH), where the CLI has it: each engine scores right after it counts.
const help = await cli(['--help'], { engine: 'none', label: 'help' });
const hasOutliersSql = help.code === 0 && /^commands:.*\boutliers-sql\b/m.test(help.stdout);
// …and takes the counts made before (--counts), where it can: else it counts again first.
const hasKnownCounts = /--counts COUNTS/.test(help.stdout);
say(
  `outliers-sql: ${hasOutliersSql ? `available${hasKnownCounts ? ', with the counts made here' : ', counting again'}` : 'not available yet'}\n`,
);
const results: EngineResult[] = [];
const tops = new Map<string, string>();
// --smoke: the in-memory section's largest prefix is the whole table, so its DuckDB run was this
// very command (`counts TABLE --engine duckdb --out` this same file): it stands for DuckDB's here
// rather than running the same process twice.
const sameDuckdb =
  SMOKE && largestInMemory?.rows === ROWS && largestInMemory.duckdb.code === 0
    ? largestInMemory.duckdb
    : null;
for (const engine of ENGINES) {
  const out = join(DIR, `counts-${engine}-${ROWS}.json`);
  const reused = engine === 'duckdb' ? sameDuckdb : null;
  if (reused) say(`duckdb counts: the run above on the same ${n(ROWS)} rows, to the same file`);
  else rmSync(out, { force: true });
  const run =
    reused ??
    (await cli(['counts', table, '--engine', engine, '--out', out], {
      engine,
      label: engine,
    }));
  const result: EngineResult = { engine, counts: run, out };
  results.push(result);
  const server = run.server
    ? `; server RSS idle ${mb(run.server.idle.rss)}, peak ${mb(run.server.peak.rss)} (+${mb(run.server.peak.rss - run.server.idle.rss)}; PSS +${mb(run.server.peak.pss - run.server.idle.pss)}; up to ${run.server.peak.processes} processes)`
    : '';
  say(
    `${engine} counts: ${run.code === 0 ? 'ok' : failure(run)}; wall ${s1(run.wall)}; stages ${run.stages.map(([s, t]) => `${s} ${t.toFixed(2)} s`).join(', ') || 'none'}; CLI peak RSS ${mb(run.cliPeakKb)}${server}; load average ${run.load}`,
  );
  if (!hasOutliersSql) continue;
  if (run.code !== 0) {
    say(`${engine} COSH top-100: skipped (its counts run did not finish; outliers-sql needs them)`);
    continue;
  }
  // The counts just made stand in for counting again (--counts): the rows are read, planned,
  // loaded and scored.
  const cosh = await cli(
    [
      'outliers-sql',
      table,
      '--method',
      'cosh',
      '--top',
      '100',
      '--engine',
      engine,
      ...(hasKnownCounts ? ['--counts', out] : []),
    ],
    { engine, label: `cosh ${engine}` },
  );
  result.cosh = cosh;
  if (cosh.code === 0) {
    try {
      const json = JSON.parse(cosh.stdout) as { top: unknown[] };
      tops.set(engine, JSON.stringify(json.top));
    } catch {
      // compared only when it parses
    }
  }
  say(
    `${engine} COSH top-100: ${cosh.code === 0 ? 'ok' : failure(cosh)}; wall ${s1(cosh.wall)}; stages ${cosh.stages.map(([s, t]) => `${s} ${t.toFixed(2)} s`).join(', ') || 'none'}; CLI peak RSS ${mb(cosh.cliPeakKb)}${cosh.server ? `; server RSS peak +${mb(cosh.server.peak.rss - cosh.server.idle.rss)}` : ''}; load average ${cosh.load}`,
  );
}

// Counts equal: every engine's file against DuckDB's (and DuckDB's against memory's at the
// largest prefix, above).
const reference = results.find((r) => r.engine === 'duckdb' && r.counts.code === 0);
const verdicts = new Map<string, string>();
for (const r of results)
  verdicts.set(
    r.engine,
    r.counts.code !== 0
      ? 'no counts'
      : !reference || r === reference
        ? largestInMemory && largestInMemory.rows === ROWS
          ? `memory: ${largestInMemory.equal}`
          : 'reference'
        : compareCounts(reference.out, r.out),
  );
say(`\ncounts equal to DuckDB's: ${[...verdicts].map(([e, v]) => `${e} ${v}`).join('; ')}`);

// The top-100 COSH outliers, scored on each engine.
const ref = tops.get('duckdb');
if (hasOutliersSql)
  say(
    `top-100 COSH rows, scores and terms equal to DuckDB's: ${
      ref === undefined
        ? 'no DuckDB result'
        : [...tops]
            .filter(([e]) => e !== 'duckdb')
            .map(([e, t]) => `${e} ${t === ref ? 'identical' : 'DIFFERENT'}`)
            .join('; ') || '—'
    }`,
  );

// The summary.
const countSeconds = (r: EngineResult): number | undefined =>
  r.counts.code !== 0
    ? undefined
    : r.engine === 'duckdb'
      ? stage(r.counts, 'counts')
      : stage(r.counts, 'server count');
const loadSeconds = (r: EngineResult): number | undefined =>
  r.engine === 'duckdb' ? stage(r.counts, 'profile') : stage(r.counts, 'server load');
const peak = (r: EngineResult): string =>
  r.counts.server
    ? `CLI ${mb(r.counts.cliPeakKb)} + server +${mb(r.counts.server.peak.rss - r.counts.server.idle.rss)}`
    : `CLI ${mb(r.counts.cliPeakKb)}`;
const duck = results.find((r) => r.engine === 'duckdb');
const ratio = (x: number | undefined, y: number | undefined): string =>
  x === undefined || y === undefined || y === 0 ? '' : ` (×${(x / y).toFixed(1)})`;
const cosh = (r: EngineResult): string => {
  if (!hasOutliersSql) return 'n/a';
  if (!r.cosh) return 'skipped';
  if (r.cosh.code !== 0) return r.cosh.timedOut ? `> ${TIMEOUT_MS / 60_000} min` : 'failed';
  const score = stage(r.cosh, 'server score');
  const wall = `wall ${s1(r.cosh.wall)}${duck?.cosh && r !== duck ? ratio(r.cosh.wall, duck.cosh.wall) : ''}`;
  return score === undefined ? wall : `score ${s1(score)}, ${wall}`;
};
const lines = results.map((r) => {
  const cs = countSeconds(r);
  const counted =
    r.counts.code === 0
      ? `${s1(cs)}${duck && r !== duck ? ratio(cs, countSeconds(duck)) : ''}`
      : r.counts.timedOut
        ? `> ${s1(r.counts.wall - r.counts.stages.reduce((t, [, x]) => t + x, 0))} (stopped)`
        : 'failed';
  return `| ${r.engine} | ${n(ROWS)} | ${s1(loadSeconds(r))} | ${counted} | ${r.counts.code === 0 ? s1(r.counts.wall) : `> ${s1(r.counts.wall)}`}${duck && r !== duck && r.counts.code === 0 ? ratio(r.counts.wall, duck.counts.wall) : ''} | ${peak(r)} | ${cosh(r)} | ${verdicts.get(r.engine)} |`;
});
if (largestInMemory) {
  const m = largestInMemory;
  lines.unshift(
    `| memory | ${n(m.rows)} (${memoryRefused ? 'largest it reads' : 'largest tried'}) | — | — | ${s1(m.memory.wall)} | CLI ${mb(m.memory.cliPeakKb)} | — | ${m.equal} (vs duckdb) |`,
    `| duckdb | ${n(m.rows)} (same prefix) | ${s1(stage(m.duckdb, 'profile'))} | ${s1(stage(m.duckdb, 'counts'))} | ${s1(m.duckdb.wall)} (×${(m.duckdb.wall / m.memory.wall).toFixed(2)} memory's) | CLI ${mb(m.duckdb.cliPeakKb)} (×${(m.duckdb.cliPeakKb / m.memory.cliPeakKb).toFixed(2)}) | — | ${m.equal} (vs memory) |`,
  );
}
say(
  `\n## Summary (one run; ratios against DuckDB on the same rows)\n\n| engine | rows | load s | count s | wall s | peak memory | COSH top-100 | counts equal |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n${lines.join('\n')}`,
);
say(
  `\nload = DuckDB's profile scan (duckdb) or the \`server load\` stage (DuckDB's copy of the raw cells, then the copy into the server); count = the \`counts\` stage (duckdb) or \`server count\` (the counting query); wall = the whole CLI process (reading, planning, loading, counting, writing the file); peak memory = the CLI process's max RSS, and for a server the peak of its processes' summed RSS above idle; COSH = the \`server score\` stage (the scoring query) where printed, and the whole outliers-sql command's wall time (it reads and plans the file, loads it into the server, takes the counts made above with --counts, and scores).`,
);

if (startedHere && !KEEP_ENGINES) {
  execFileSync(process.execPath, ['scripts/engines.mjs', 'stop'], { cwd: ROOT, stdio: 'inherit' });
}

// A smoke run fails where the full run only prints: an engine that did not count or score, or
// counted or scored otherwise than DuckDB.
if (SMOKE) {
  if (OWN_DIR) rmSync(DIR, { recursive: true, force: true });
  const wrong = [
    ...results.filter((r) => r.counts.code !== 0).map((r) => `${r.engine} counts failed`),
    ...results
      .filter((r) => hasOutliersSql && r.cosh?.code !== 0)
      .map((r) => `${r.engine} COSH failed`),
    ...[...verdicts]
      .filter(([, v]) => !/^(memory: )?(byte-identical|equal counts|reference)/.test(v))
      .map(([e, v]) => `${e} counts: ${v}`),
    ...[...tops].filter(([, t]) => t !== ref).map(([e]) => `${e} COSH top-100 differs`),
    ...(/^(byte-identical|equal counts)/.test(largestInMemory?.equal ?? '')
      ? []
      : [`memory against DuckDB: ${largestInMemory?.equal ?? 'not run'}`]),
  ];
  if (wrong.length > 0) throw new Error(`engines bench: ${wrong.join('; ')}`);
}
