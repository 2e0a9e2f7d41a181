// Every bench at its --smoke size (issue 49, "benches that run"): `npm run bench:smoke`, part of
// `npm test` after the build. A bench is a file bench/*.bench.ts (each has its `npm run bench:…`
// script; test/bench/smoke.test.ts checks both and that each reads --smoke), so a new bench is run
// here without being listed. Each runs in its own process, `node --import tsx FILE --smoke`; a
// bench that exits non-zero, or runs past its time limit, fails the run, and its output is shown.
// Prints each bench's wall time and the total, and the CPU seconds of its processes (from
// /usr/bin/time, where there is one: on a shared machine the wall time counts the others' turns);
// exits 1 on any failure.
//
// Every bench takes the next free lane of --jobs (default 3: the 2 cores stay busy while a bench
// waits on a browser, a server or a start-up, without more at once), the slow ones first (by their
// wall time in the last run on this machine; untimed ones by kind, see `benches`). Lane k
// serves its browser benches (those that drive Chromium: they import playwright) on port
// BENCH_SMOKE_PORT + k (default 4313 + k, away from the end-to-end tests' 4179 and a developer's
// 4173), so two browser benches in two lanes never share a port.
//
//   node scripts/bench-smoke.mjs [--jobs 2] [--verbose] [NAME …]   NAME: part of a file name
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const argv = process.argv.slice(2);
const valueOf = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at < 0 ? fallback : argv.splice(at, 2)[1];
};
const jobs = Math.max(1, Number(valueOf('jobs', '3')));
const port = valueOf('port', process.env.BENCH_SMOKE_PORT ?? '4313');
const verbose = argv.includes('--verbose');
const names = argv.filter((a) => !a.startsWith('--'));
/** Longest a smoke run may take before it counts as hung. */
const LIMIT_MS = Number(process.env.BENCH_SMOKE_LIMIT_S ?? 300) * 1000;
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
/** Where /usr/bin/time writes each bench's CPU seconds (made by a run, not by an import). */
let scratch = '';

/**
 * Every bench: bench/*.bench.ts, whether it drives a browser, and whether it runs processes of its
 * own (directly or through bench/script.ts's runScript). The slow ones start first, so that the
 * lanes end together: those that do both (a browser and a server or test runner of their own),
 * then those that do either, then the rest, each kind the longest source first.
 */
export function benches(root = ROOT) {
  return readdirSync(join(root, 'bench'))
    .filter((f) => f.endsWith('.bench.ts'))
    .sort()
    .map((file) => {
      const source = readFileSync(join(root, 'bench', file), 'utf8');
      return {
        file: `bench/${file}`,
        browser: /playwright-core|@playwright\/test/.test(source),
        spawns: /\b(spawnSync|spawn|execFile|execFileSync|runScript)\(/.test(source),
        size: source.length,
      };
    })
    .sort((a, b) => b.spawns + b.browser - (a.spawns + a.browser) || b.size - a.size);
}

/** Runs one bench; a browser bench serves on `benchPort`. */
function run(bench, benchPort) {
  return new Promise((resolve) => {
    const start = performance.now();
    const env = { ...process.env, ...(bench.browser ? { BENCH_PORT: String(benchPort) } : {}) };
    const command = [process.execPath, '--import', 'tsx', bench.file, '--smoke'];
    const cpuFile = join(scratch, bench.file.replace(/\W/g, '_'));
    if (TIME) command.unshift(TIME, '-f', '%U %S', '-o', cpuFile);
    const child = spawn(command[0], command.slice(1), {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (chunk) => {
      output += chunk;
      if (verbose) process.stdout.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      // The bench's whole process group: its servers, browsers and child processes too.
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, LIMIT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - start) / 1000;
      const [user, system] =
        TIME && existsSync(cpuFile)
          ? readFileSync(cpuFile, 'utf8').trim().split(/\s+/).slice(-2).map(Number)
          : [NaN, NaN];
      const cpu = user + system;
      const ok = code === 0 && !timedOut;
      const why = timedOut ? `still running after ${LIMIT_MS / 1000} s` : `exit ${code ?? signal}`;
      console.log(
        `${ok ? 'ok  ' : 'FAIL'} ${bench.file.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s${Number.isNaN(cpu) ? '' : ` (CPU ${cpu.toFixed(1).padStart(5)} s)`}${ok ? '' : `  (${why})`}`,
      );
      if (!ok && !verbose) console.log(output.replace(/^/gm, '     | '));
      resolve({ ...bench, ok, seconds, cpu });
    });
  });
}

/**
 * The wall seconds of each bench's last smoke run on this machine (a file in the temporary
 * folder): the longest start first, so that the lanes end together. A bench not timed yet keeps
 * its place from `benches` ahead of the timed ones.
 */
const WALLS = join(tmpdir(), 'coupled-bench-smoke-walls.json');

function lastWalls() {
  try {
    return JSON.parse(readFileSync(WALLS, 'utf8'));
  } catch {
    return {};
  }
}

function longestFirst(list) {
  const walls = lastWalls();
  const known = (b) => walls[b.file] ?? Infinity;
  return list
    .map((b, at) => ({ b, at }))
    .sort((x, y) => known(y.b) - known(x.b) || x.at - y.at)
    .map(({ b }) => b);
}

function rememberWalls(results) {
  const walls = { ...lastWalls() };
  for (const r of results) if (r.ok) walls[r.file] = Number(r.seconds.toFixed(1));
  const draft = `${WALLS}.${process.pid}`;
  writeFileSync(draft, JSON.stringify(walls, null, 1));
  renameSync(draft, WALLS);
}

/** Runs `list` `lanes` at a time, in its order; lane k's browser benches on port `port` + k. */
async function pool(list, lanes) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, list.length) }, async (_, lane) => {
      while (next < list.length) results.push(await run(list[next++], Number(port) + lane));
    }),
  );
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const all = benches().filter((b) => names.length === 0 || names.some((n) => b.file.includes(n)));
  if (all.length === 0) {
    console.error(`bench-smoke: no bench matches ${names.join(' ')}`);
    process.exit(1);
  }
  scratch = mkdtempSync(join(tmpdir(), 'bench-smoke-'));
  // Chromium for the browser benches, as for the end-to-end tests (which npm test runs after).
  if (all.some((b) => b.browser)) {
    const ensured = spawnSync(process.execPath, [join(ROOT, 'scripts/ensure-chromium.mjs')], {
      stdio: 'inherit',
    });
    if (ensured.status !== 0) process.exit(ensured.status ?? 1);
  }
  console.log(
    `bench-smoke: ${all.length} benches at --smoke size (${jobs} at a time; browser benches on ports ${port}–${Number(port) + jobs - 1}, one a lane)`,
  );
  const start = performance.now();
  const results = await pool(longestFirst(all), jobs);
  rememberWalls(results);
  const failed = results.filter((r) => !r.ok);
  const total = (performance.now() - start) / 1000;
  const sum = results.reduce((s, r) => s + r.seconds, 0);
  const cpu = results.reduce((s, r) => s + r.cpu, 0);
  rmSync(scratch, { recursive: true, force: true });
  console.log(
    `bench-smoke: ${results.length - failed.length} of ${results.length} passed in ${total.toFixed(1)} s (${sum.toFixed(1)} s of bench time${Number.isNaN(cpu) ? '' : `, ${cpu.toFixed(1)} s of CPU`})${failed.length ? `; failed: ${failed.map((f) => f.file).join(', ')}` : ''}`,
  );
  process.exit(failed.length ? 1 : 0);
}
