/**
 * npm run mutants — does every pin of a published table fail when its method is broken?
 *
 * Each mutant of results/mutants.ts is one small change to one method's formula or option, or
 * the method swapped for its baseline. For each, this copies `src/` and `results/` to a temporary
 * folder, applies the change there (the working tree is never touched), and re-runs the
 * reproductions the method feeds (results/pinsRun.ts, cheapest first, stopping at the first
 * broken rule). A mutant is killed when a rule breaks (results/pins/verdicts.ts), survived when
 * every row still holds. Then an unmutated copy re-runs each reproduction that killed: a kill
 * by a table that does not hold unmutated is void.
 *
 *   npm run mutants                      every mutant, two at a time
 *   npm run mutants -- --only a,b        those mutants
 *   npm run mutants -- --jobs 1          one at a time
 *   npm run mutants -- --list            the list, nothing run
 *
 * Exit code 0 when every mutant is killed, 1 otherwise.
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MUTANTS, applyMutant, type Mutant } from '../results/mutants.ts';

const ROOT = resolve(import.meta.dirname, '..');
/** Copied (the code a mutant changes, and the pins that judge it). */
const COPIED = ['src', 'results'];
/** Linked (read, never changed). */
const LINKED = ['node_modules', 'public', 'package.json', 'tsconfig.json', 'tsconfig.base.json'];

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
}

interface Outcome {
  verdict: 'killed' | 'survived' | 'error';
  /** The reproduction that broke (killed). */
  by: string;
  /** The first broken rule (killed), or what went wrong (error). */
  reason: string;
  seconds: number;
}

/** The code as it was when the command started: every copy is taken from it. */
let snapshot = ROOT;

function copyTree(into: string, from = snapshot): void {
  mkdirSync(into, { recursive: true });
  for (const name of COPIED) cpSync(join(from, name), join(into, name), { recursive: true });
  for (const name of LINKED) symlinkSync(join(ROOT, name), join(into, name));
}

/** Runs results/pinsRun.ts in a copy; killed at the first broken rule. */
function runPins(dir: string, pins: readonly string[]): Promise<Outcome> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'results/pinsRun.ts', '--first', ...pins],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const lines = out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { id: string; seconds: number; failures: string[] });
      const broken = lines.find((l) => l.failures.length > 0);
      if (code === 0 && !broken) done({ verdict: 'survived', by: '', reason: '', seconds });
      else if (code === 1 && broken)
        done({ verdict: 'killed', by: broken.id, reason: broken.failures[0] ?? '', seconds });
      else
        done({
          verdict: 'error',
          by: '',
          reason: `exit ${code}: ${err.trim().split('\n').slice(-3).join(' ')}`,
          seconds,
        });
    });
  });
}

async function runMutant(base: string, m: Mutant): Promise<Outcome> {
  const dir = join(base, m.id);
  copyTree(dir);
  const file = join(dir, m.file);
  writeFileSync(file, applyMutant(m, readFileSync(file, 'utf8')));
  try {
    return await runPins(dir, m.pins);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the tasks `jobs` at a time, in order of the list. */
async function pool<T, R>(items: readonly T[], jobs: number, run: (t: T) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await run(items[i] as T);
      }
    }),
  );
  return out;
}

const clip = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const cell = (s: string): string => s.replace(/\|/g, '∣');

/** Which rule of results/pins/verdicts.ts a kill broke, from its message. */
function how(reason: string): string {
  if (reason.includes('outside its tolerance and not declared')) return 'a pin fails';
  if (reason.includes('meets the pin')) return 'a pin’s baseline meets it';
  if (reason.includes('declared with a gap of')) return 'a declared gap moves';
  if (reason.includes('but is declared not to')) return 'a declared number now pins';
  if (reason.includes('wider than')) return 'a pin widens past ±0.05';
  return 'the reproduction fails';
}

const only = option('only')?.split(',');
const jobs = Number(option('jobs') ?? 2);
const chosen = only ? MUTANTS.filter((m) => only.includes(m.id)) : [...MUTANTS];
if (only && chosen.length !== only.length) {
  const known = new Set(MUTANTS.map((m) => m.id));
  console.error(`no mutant ${only.filter((id) => !known.has(id)).join(', ')}`);
  process.exit(2);
}
if (process.argv.includes('--list')) {
  for (const m of chosen)
    console.log(`${m.id.padEnd(34)} ${m.family.padEnd(9)} ${m.kind.padEnd(8)} ${m.what}`);
  process.exit(0);
}

const started = performance.now();
const base = mkdtempSync(join(tmpdir(), 'mutants-'));
copyTree(join(base, 'snapshot'), ROOT);
snapshot = join(base, 'snapshot');
const exitCode = await judge().finally(() => rmSync(base, { recursive: true, force: true }));
process.exit(exitCode);

/**
 * Every chosen mutant, then the control: each reproduction that killed a mutant, unmutated,
 * must hold (a kill by a table that fails anyway is no kill). 0 when every mutant is killed.
 */
async function judge(): Promise<number> {
  console.log(`${chosen.length} mutants, ${jobs} at a time…`);
  const outcomes = await pool(chosen, jobs, async (m) => {
    const o = await runMutant(base, m);
    console.log(
      `  ${m.id}: ${o.verdict}${o.verdict === 'survived' ? '' : ` — ${clip(o.reason, 160)}`} (${o.seconds.toFixed(0)} s)`,
    );
    return o;
  });
  const killers = [...new Set(outcomes.flatMap((o) => (o.verdict === 'killed' ? [o.by] : [])))];
  console.log(`\ncontrol: the ${killers.length} reproductions that killed, unmutated…`);
  const controlDir = join(base, 'control');
  copyTree(controlDir);
  const control = await pool(killers, jobs, (id) => runPins(controlDir, [id]));
  const holds = new Set(killers.filter((_, i) => control[i]?.verdict === 'survived'));
  for (const [i, c] of control.entries())
    console.log(
      `  ${killers[i]}: ${c.verdict === 'survived' ? 'holds' : `does not hold: ${c.reason}`} (${c.seconds.toFixed(0)} s)`,
    );
  console.log('');
  console.log('| mutant | family | change | verdict | how | killed by | seconds |');
  console.log('| --- | --- | --- | --- | --- | --- | ---: |');
  let killed = 0;
  for (const [i, m] of chosen.entries()) {
    const o = outcomes[i] as Outcome;
    const valid = o.verdict === 'killed' && holds.has(o.by);
    if (valid) killed++;
    const verdict = o.verdict === 'killed' && !valid ? 'void (control fails)' : o.verdict;
    console.log(
      `| ${m.id} | ${m.family} | ${cell(m.what)} | ${verdict} | ${o.verdict === 'killed' ? how(o.reason) : ''} | ${cell(clip(o.reason, 150))} | ${o.seconds.toFixed(0)} |`,
    );
  }
  const minutes = (performance.now() - started) / 60_000;
  console.log(
    `\n${killed} of ${chosen.length} mutants killed, ${chosen.length - killed} not, in ${minutes.toFixed(1)} minutes`,
  );
  return killed === chosen.length ? 0 : 1;
}
