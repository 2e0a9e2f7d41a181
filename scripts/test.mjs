// `npm test`: the whole suite, phase by phase, printing each phase's time and the total.
//  1. checks: the two type checks, ESLint, Prettier and the production build, two at a time (each
//     is one process on one core; in a row they took about twice as long);
//  2. Vitest (both cores);
//  3. every bench at its --smoke size (scripts/bench-smoke.mjs; the browser benches serve the build);
//  4. Debian's Chromium made sure of (scripts/ensure-chromium.mjs, which installs it as root), and
//     the end-to-end tests in it (scripts/e2e.mjs: the views, then the timing specs alone).
// Every check of phase 1 runs even when one fails, so one run names every failure; a failing
// phase stops the suite with its exit code (`node scripts/test.mjs --keep-going` runs the rest).
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const npx = (...args) => ['npx', args];
export const CHECKS = [
  // The longest first, so that the two lanes end together (about 28, 24, 24, 7 and 3 s quiet).
  ['prettier', npx('prettier', '--check', '--log-level', 'warn', '.')],
  ['typecheck (app)', npx('tsc', '-p', 'tsconfig.json', '--noEmit')],
  ['eslint', npx('eslint', '.')],
  ['typecheck (core)', npx('tsc', '-p', 'tsconfig.core.json', '--noEmit')],
  ['build', npx('vite', 'build', '--logLevel', 'warn')],
];
export const PHASES = [
  ['vitest', npx('vitest', 'run')],
  ['bench smoke', ['node', ['scripts/bench-smoke.mjs']]],
  ['chromium', ['node', ['scripts/ensure-chromium.mjs']]],
  ['e2e', ['node', ['scripts/e2e.mjs']]],
];

const started = performance.now();
const times = [];
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(0);

/** Runs a command with the terminal's output; resolves to its exit code and time. */
function run(name, [command, args], { quiet = false } = {}) {
  const since = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const time = `${name} ${seconds(since)} s`;
      times.push(time);
      // A check's output is shown when it fails (or speaks), after it ends, never interleaved.
      if (quiet && output.trim() !== '') process.stdout.write(`\n── ${name}:\n${output}`);
      console.log(`${code === 0 ? '✓' : '✗'} ${time}`);
      resolve(code ?? 1);
    });
  });
}

/** Runs the checks, `width` at a time; resolves to the first failure's code, or 0. */
async function pool(checks, width) {
  const queue = [...checks];
  const codes = [];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let next = queue.shift(); next; next = queue.shift())
        codes.push(await run(next[0], next[1], { quiet: true }));
    }),
  );
  return codes.find((c) => c !== 0) ?? 0;
}

function finish(code) {
  console.log(
    `\nnpm test ${code === 0 ? 'passed' : 'failed'} in ${seconds(started)} s (${times.join(', ')})`,
  );
  process.exit(code);
}

// Run as a script (test/bench/smoke.test.ts imports the lists above).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // --keep-going: every phase runs, and the first failure's code is the suite's.
  const keepGoing = process.argv.includes('--keep-going');
  let failed = await pool(CHECKS, 2);
  for (const [name, command] of PHASES) {
    if (failed !== 0 && !keepGoing) break;
    const code = await run(name, command);
    if (failed === 0) failed = code;
  }
  finish(failed);
}
