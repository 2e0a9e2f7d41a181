/**
 * `npm run bench:run-all`: Run all in Chromium on the mushroom-shaped table (8,124 rows × 22
 * attributes, public/datasets/mushroom-lookalike.csv), before and after, measured in one run.
 *
 * "Before" is another commit (default: BEFORE_REV, the last commit before issue 26's work),
 * checked out in a git worktree and built there; "after" is the working tree. Each build is
 * served by its own `vite preview` (cross-origin isolated, so the worker team runs), the table is
 * chosen through the file input as a user drops it, Run all is pressed, and the bench waits for
 * the header's "N of N". Per-job times come from the page itself, the same way for both builds:
 * a wrapper around `Worker` (injected before the app loads) notes when the pool sends each `run`
 * call to a worker and when the answer comes back, so a job's time is its worker's time, inputs
 * handed over, not the wait in the queue. Prints both tables, the totals and their ratio.
 *
 *   npm run bench:run-all [-- --before REV] [--only before|after] [--file CSV] [--class COL]
 *
 * --smoke: contact-lenses.csv (24 rows, class `contact-lenses`), and the build already in dist/
 * (`npm run build` first; built here only when there is none) measured twice, as "before" and
 * "after", so every step runs (no other commit is checked out or built). Each build is served
 * in turn on BENCH_PORT (default 4301).
 */
import { CHROMIUM_LAUNCH } from '../e2e/chromium.ts';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { SMOKE } from './timing.ts';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';

const BEFORE_REV = '60273f7';
const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? undefined : args[i + 1];
};
const before = flag('before') ?? BEFORE_REV;
const only = flag('only');
const file = resolve(
  flag('file') ??
    join(ROOT, 'public/datasets', SMOKE ? 'contact-lenses.csv' : 'mushroom-lookalike.csv'),
);
const classColumn = flag('class') ?? (SMOKE ? 'contact-lenses' : 'class');
const PORT = Number(process.env.BENCH_PORT ?? 4301);

interface JobTime {
  label: string;
  seconds: number;
  /** Seconds from pressing Run all to the job's answer. */
  endedAt: number;
  ok: boolean;
}

interface Measured {
  /** The board's numbers by cell (data-testid → text): the same table must give the same. */
  cells: Record<string, string>;
  total: number;
  /** Seconds from pressing Run all to the last answer of a job the board reads (not a t-SNE). */
  board: number;
  header: string;
  jobs: JobTime[];
}

/**
 * Injected before the app: times every `run` the pool sends to a worker (comlink messages). Kept
 * as plain JavaScript text: a function passed from here would carry the TypeScript compiler's
 * helpers (`__name`), which the page does not have.
 */
const TIME_WORKER_RUNS = `
(() => {
  const log = [];
  globalThis.__runTimes = log;
  const Native = Worker;
  const describe = (call) => {
    if (!call) return '?';
    const inputs = Object.values(call.inputs || {}).flatMap((v) =>
      Array.isArray(v) ? [v.length + ' methods'] : [(v && v.method) || '?']);
    const options = JSON.stringify(call.options || {});
    return call.method + (options !== '{}' ? ' ' + options : '') + (inputs.length ? ' of ' + inputs.join(', ') : '');
  };
  class TimedWorker extends Native {
    constructor(url, options) {
      super(url, options);
      const open = new Map();
      this.addEventListener('message', (event) => {
        const id = event.data && event.data.id;
        const entry = id === undefined ? undefined : open.get(id);
        if (!entry) return;
        open.delete(id);
        entry.end = performance.now();
        const value = event.data.value;
        entry.ok = !(value && value.ok === false);
      });
      const post = this.postMessage.bind(this);
      this.postMessage = (message, transfer) => {
        if (message && message.path && message.path[0] === 'run' && message.id !== undefined) {
          const arg = message.argumentList && message.argumentList[0];
          const entry = { label: describe(arg && arg.value), start: performance.now(), end: null, ok: true };
          log.push(entry);
          open.set(message.id, entry);
        }
        return post(message, transfer);
      };
    }
  }
  globalThis.Worker = TimedWorker;
})();
`;

async function measure(name: string, tree: string, port: number): Promise<Measured> {
  const server = serve(tree, port);
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    await waitForServer(port);
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.addInitScript({ content: TIME_WORKER_RUNS });
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.getByTestId('summary').waitFor();
    await page.getByTestId('file-input').setInputFiles(file);
    await page
      .getByTestId('summary')
      .getByText(file.split('/').pop() as string)
      .first()
      .waitFor({ timeout: 120_000 });
    await chooseClass(page);
    await idle(page);
    const started = Date.now();
    const clicked = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Run all', exact: true }).click();
    const header = await finished(page);
    const total = (Date.now() - started) / 1000;
    const raw = await page.evaluate(
      () =>
        (
          globalThis as unknown as {
            __runTimes: { label: string; start: number; end: number | null; ok: boolean }[];
          }
        ).__runTimes,
    );
    const jobs = raw.map((j) => ({
      label: j.label,
      seconds: j.end === null ? Number.NaN : (j.end - j.start) / 1000,
      endedAt: j.end === null ? Number.NaN : (j.end - clicked) / 1000,
      ok: j.ok,
    }));
    const cells = await page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll('[data-testid^="board-"]')]
          .filter((el) =>
            /^board-(fscore|nmi|accuracy|auc|area|p10)-/.test(el.getAttribute('data-testid') ?? ''),
          )
          .map((el) => [el.getAttribute('data-testid') ?? '', (el.textContent ?? '').trim()]),
      ),
    );
    const board = Math.max(
      0,
      ...jobs.filter((j) => !j.label.startsWith('tsne') && j.endedAt > 0).map((j) => j.endedAt),
    );
    console.log(
      `${name}: ${total.toFixed(1)} s (board's jobs ended at ${board.toFixed(1)} s) — ${header}`,
    );
    return { cells, total, board, header, jobs };
  } finally {
    await browser.close();
    await stop(server);
  }
}

/**
 * Picks the class column as a user does: today's summary panel keeps it among its settings, behind
 * "▸ N settings" (components/SettingsBar.tsx), which is opened first; an older build shows it.
 */
async function chooseClass(page: Page): Promise<void> {
  const panel = page.getByTestId('panel-summary');
  const select = panel.getByLabel('Class column');
  const toggle = panel.getByRole('button', { name: /^\d+ settings?$/, expanded: false });
  if (!(await select.isVisible()) && (await toggle.count()) > 0) await toggle.first().click();
  await select.selectOption(classColumn);
}

/** Waits until the Run all header reads "N of N" (every job ended). */
async function finished(page: Page): Promise<string> {
  const text = page.getByTestId('run-all-text').first();
  const deadline = Date.now() + (SMOKE ? 300_000 : 6 * 3600_000);
  for (;;) {
    if (Date.now() > deadline)
      throw new Error(`Run all did not end: “${await text.textContent().catch(() => '')}”`);
    const t = (await text.textContent().catch(() => '')) ?? '';
    const [ended, total] = t.match(/\d+/g)?.map(Number) ?? [];
    if (ended !== undefined && ended === total) return t.trim();
    await page.waitForTimeout(250);
  }
}

async function idle(page: Page): Promise<void> {
  await page
    .getByTestId('job')
    .first()
    .waitFor({ state: 'detached', timeout: 300_000 })
    .catch(() => {});
}

/**
 * `vite preview` of a tree's build (its node_modules' vite, without npx's second of start-up), in
 * a process group of its own (stopped by `stop`).
 */
function serve(tree: string, port: number): ChildProcess {
  return spawn(
    process.execPath,
    [
      join(tree, 'node_modules/vite/bin/vite.js'),
      ...['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    ],
    {
      cwd: tree,
      stdio: 'ignore',
      detached: true,
    },
  );
}

/** Stops a server `serve` started, and any process under it; resolves once it has exited. */
async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((done) => server.once('exit', done));
  try {
    if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  await exited;
}

async function waitForServer(port: number): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`vite preview on port ${port} did not start`);
}

function build(tree: string): void {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: tree, stdio: 'inherit' });
}

/** The other commit, checked out beside the working tree and built with its node_modules. */
function beforeTree(rev: string): { tree: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'run-all-before-'));
  const tree = join(dir, 'tree');
  execFileSync('git', ['worktree', 'add', '--detach', tree, rev], { cwd: ROOT, stdio: 'ignore' });
  if (!existsSync(join(tree, 'node_modules')))
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
  return {
    tree,
    remove: () => {
      execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: ROOT, stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function table(name: string, m: Measured): void {
  console.log(`\n${name}: per job (worker time, in the order sent)`);
  for (const j of m.jobs)
    console.log(
      `${(Number.isNaN(j.seconds) ? '—' : j.seconds.toFixed(1)).padStart(8)} s  ${j.ok ? '' : 'FAILED '}${j.label}`,
    );
  const sum = m.jobs.reduce((s, j) => s + (Number.isNaN(j.seconds) ? 0 : j.seconds), 0);
  console.log(
    `${sum.toFixed(1).padStart(8)} s  worker time in all (${m.jobs.length} jobs); wall clock ${m.total.toFixed(1)} s`,
  );
}

const results: Record<string, Measured> = {};
let old: { tree: string; remove(): void } | null = null;
try {
  if (SMOKE) {
    // The build npm test made just before (or one made now): both sides, nothing checked out.
    if (!existsSync(join(ROOT, 'dist/index.html'))) build(ROOT);
    else console.log('--smoke: measuring the build in dist/ twice (before = after)');
    results.before = await measure('before (smoke: this build)', ROOT, PORT);
    results.after = await measure('after (smoke: this build)', ROOT, PORT);
  } else {
    if (only !== 'after') {
      old = beforeTree(before);
      build(old.tree);
    }
    if (only !== 'before') build(ROOT);
    if (old) results.before = await measure(`before (${before})`, old.tree, PORT);
    if (only !== 'before') results.after = await measure('after (working tree)', ROOT, PORT);
  }
} finally {
  old?.remove();
}
console.log(
  `\nRun all on ${file.split('/').pop()} (class ${classColumn}), Chromium ${chromium.name()}, this machine's cores: ${(await import('node:os')).cpus().length}`,
);
for (const [name, m] of Object.entries(results)) table(name, m);
if (results.before && results.after) {
  // The same numbers as before: every board cell both builds filled, compared as shown.
  const b = results.before.cells;
  const a = results.after.cells;
  const shared = Object.keys(b).filter(
    (k) => k in a && /\d/.test(b[k] ?? '') && /\d/.test(a[k] ?? ''),
  );
  const differ = shared.filter((k) => b[k] !== a[k]);
  const onlyAfter = Object.keys(a).filter((k) => /\d/.test(a[k] ?? '') && !/\d/.test(b[k] ?? ''));
  console.log(
    `\nboard numbers: ${shared.length - differ.length} of ${shared.length} cells both builds filled are equal${differ.length ? `; differ: ${differ.map((k) => `${k} ${b[k]} → ${a[k]}`).join(', ')}` : ''}; ${onlyAfter.length} cells only the after build filled (${[...new Set(onlyAfter.map((k) => k.split('-')[1]))].join(', ')})`,
  );
}
if (results.before && results.after)
  console.log(
    `\ntotal: before ${results.before.total.toFixed(1)} s, after ${results.after.total.toFixed(1)} s, after/before ${(results.after.total / results.before.total).toFixed(2)}\nboard's jobs ended: before ${results.before.board.toFixed(1)} s, after ${results.after.board.toFixed(1)} s, after/before ${(results.after.board / results.before.board).toFixed(2)}`,
  );

// A smoke run fails where the full run only prints: a job that failed or never answered, a board
// with no number, or the same build giving other numbers the second time.
if (SMOKE) {
  const wrong = Object.entries(results).flatMap(([name, m]) => [
    ...(m.jobs.length === 0 ? [`${name}: no job timed`] : []),
    ...m.jobs.filter((j) => !j.ok || Number.isNaN(j.seconds)).map((j) => `${name}: ${j.label}`),
    ...(Object.values(m.cells).some((c) => /\d/.test(c))
      ? []
      : [`${name}: no number on the board`]),
  ]);
  const b = results.before?.cells ?? {};
  const a = results.after?.cells ?? {};
  wrong.push(
    ...Object.keys(b)
      .filter((k) => b[k] !== a[k])
      .map((k) => `${k}: ${b[k]} → ${a[k]}`),
  );
  if (wrong.length > 0) throw new Error(`run-all: ${wrong.join('; ')}`);
}
