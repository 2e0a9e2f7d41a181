/**
 * The scatter at up to a million points, in Chromium, WebGL2 beside the CPU raster in one run
 * (issue 30): `npm run bench:scatter [-- --sizes 100000,1000000 --gl swiftshader,llvmpipe]`.
 *
 * Builds bench/scatter/ (the app's ProjectionScatter on a generated layout) with Vite, serves it,
 * and for each size opens it once per renderer: the CPU raster, and WebGL2 on each software GL
 * this machine offers (no GPU here) — SwiftShader, what Chromium gives under the tests' flags
 * (--disable-gpu), and Mesa's llvmpipe through ANGLE's EGL back end (no --disable-gpu). Prints
 * - first draw: from the scatter's render call to its first frame shown (for WebGL, the GPU's
 *   fence signalled), points generated before;
 * - pan and zoom: 24 inputs (drags in pan mode and wheel steps, every ~60 ms; fewer when they
 *   take over a minute), the median time between frames shown while they arrive, and the time
 *   to the last frame after the last input; the CPU raster also shows previews (its last
 *   picture moved to the new view, slicedDraw.ts) while a frame is drawn in slices: their
 *   count, and the median time between screen updates of either kind;
 * - the longest main-thread task (Long Tasks API: ≥ 50 ms) while panning, and during the first
 *   draw; while panning also the longest task's CPU time from a Chromium trace (on a loaded
 *   machine the wall time also counts waiting for a core);
 * - memory: the page's JS heap after the first draw, and the resident memory of all the
 *   browser's processes (the GPU process holds WebGL's buffers).
 * Timings on this shared 2-core machine are noisy; only rows of one run compare.
 *
 * --smoke: 1,000 points, the CPU raster and SwiftShader (in one browser, each row's page in a
 * context of its own), 4 inputs; a scatter that draws nothing or does not redraw fails the run.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type BrowserServer, type Page } from 'playwright-core';
import { median, sized, sizedOption, SMOKE } from './timing.ts';
import { CHROMIUM_LAUNCH } from '../e2e/chromium.ts';
import { threadNames, threadOf, traceEventsOf } from '../e2e/trace.ts';

const ROOT = fileURLToPath(new URL('./scatter/', import.meta.url));
const PORT_FOR_OUT = process.env.BENCH_PORT ?? '4299';
const OUT = `/tmp/coupled-scatter-bench-${PORT_FOR_OUT}`;
const PORT = Number(process.env.BENCH_PORT ?? 4299);
// The shared launch (e2e/chromium.ts) without --disable-gpu: each renderer adds its GL flags.
export const BASE = [
  ...CHROMIUM_LAUNCH.args.filter((flag) => flag !== '--disable-gpu'),
  '--enable-precise-memory-info',
];
export const GL_FLAGS: Record<string, string[]> = {
  swiftshader: ['--disable-gpu'],
  llvmpipe: ['--use-gl=angle', '--use-angle=gl-egl', '--ignore-gpu-blocklist'],
};
/** A first draw or a settle past this is cut short and reported so. */
const CAP_MS = sized(240_000, 30_000);
/** The pan and zoom inputs: drags and wheel steps, alternating. */
const INPUTS = sized(24, 4);

export interface Row {
  renderer: string;
  n: number;
  used: string;
  gpu: string;
  firstMs: number | null;
  firstLongMs: number;
  frameMs: number | null;
  frames: number;
  /** Previews (the last picture moved to the view, slicedDraw.ts) shown while panning. */
  previews: number;
  /** Median time between screen updates (finished frames and previews) while panning. */
  updateMs: number | null;
  inputs: number;
  settleMs: number | null;
  panLongMs: number;
  /** The longest main-thread task while panning in the renderer's own CPU time (trace). */
  panLongCpuMs: number | null;
  /** The main thread's CPU time from the scatter's render call to its first frame (trace). */
  firstCpuMs: number | null;
  heapMb: number;
  rssMb: number;
}

/** Resident memory of a process and all its descendants, in MB (Linux /proc). */
function treeRssMb(pid: number): number {
  let kb = 0;
  const visit = (p: number) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      for (const task of readdirSync(`/proc/${p}/task`)) {
        const children = readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
        for (const c of children ? children.split(/\s+/) : []) visit(Number(c));
      }
    } catch {
      // The process ended meanwhile.
    }
  };
  visit(pid);
  return kb / 1024;
}

/** Records, in the page, every long task and the time of every frame the scatter shows. */
async function instrument(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as {
      longTasks: [number, number][];
      frames: number[];
      previews: number[];
    };
    w.longTasks = [];
    w.frames = [];
    w.previews = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
    new MutationObserver((records) => {
      for (const r of records)
        if (r.attributeName === 'data-drawn') {
          if (w.frames.length === 0) performance.mark('bench-first-frame');
          w.frames.push(performance.now());
        } else if (r.attributeName === 'data-previews') w.previews.push(performance.now());
    }).observe(document, {
      subtree: true,
      attributes: true,
      attributeFilter: ['data-drawn', 'data-previews'],
    });
  });
}

interface PageState {
  frames: number[];
  previews: number[];
  longTasks: [number, number][];
  renderAt: number;
  now: number;
}

const state = (page: Page): Promise<PageState> =>
  page.evaluate(() => {
    const w = window as unknown as {
      frames: number[];
      previews?: number[];
      longTasks: [number, number][];
      bench?: { renderAt: number };
    };
    return {
      frames: w.frames,
      previews: w.previews ?? [],
      longTasks: w.longTasks,
      renderAt: w.bench?.renderAt ?? 0,
      now: performance.now(),
    };
  });

const TRACE = ['toplevel', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];

/**
 * The page main thread's tasks in a Chromium trace, with their CPU time (`tdur`, ms), and the
 * page's user-timing marks: on a loaded machine a task's wall time (the Long Tasks API's) also
 * counts the time the thread waited for a core, which the page does not control.
 */
function mainThreadTasks(trace: Buffer) {
  const events = traceEventsOf(trace);
  // The page's own main thread: the one its marks come from (another renderer may be idle).
  const mark = events.find((e) => e.name.startsWith('bench-'));
  const mains = [...threadNames(events)].filter(([, name]) => name === 'CrRendererMain');
  const main = mark ? threadOf(mark) : mains.length === 1 ? mains[0]![0] : null;
  const tasks = events
    .filter(
      (e) =>
        e.name.endsWith('RunTask') && e.ph === 'X' && e.tdur !== undefined && threadOf(e) === main,
    )
    .map((e) => ({ ts: e.ts, end: e.ts + (e.dur ?? 0), cpu: (e.tdur ?? 0) / 1000 }));
  const marks = new Map<string, number>();
  for (const e of events)
    if (e.name.startsWith('bench-') && !marks.has(e.name)) marks.set(e.name, e.ts);
  return { tasks, marks };
}

/**
 * CPU time of the main thread's tasks from mark `a` to mark `b`: those that start after `a` (the
 * points are generated in the task that sets it), and the one that sets `b`.
 */
function cpuBetween(t: ReturnType<typeof mainThreadTasks>, a: string, b: string): number | null {
  const from = t.marks.get(a);
  const to = t.marks.get(b);
  if (from === undefined || to === undefined) return null;
  return t.tasks.filter((k) => k.ts >= from && k.ts <= to).reduce((sum, k) => sum + k.cpu, 0);
}

const longest = (tasks: [number, number][], from: number, to: number): number =>
  Math.max(0, ...tasks.filter(([t]) => t >= from && t <= to).map(([, d]) => d));

/** Waits until `count` frames are shown, or no new one came for `quietMs`, or the cap. */
async function waitFrames(page: Page, count: number, quietMs: number): Promise<PageState> {
  const start = Date.now();
  let seen = -1;
  let since = Date.now();
  for (;;) {
    const s = await state(page);
    if (s.frames.length >= count) return s;
    if (s.frames.length !== seen) {
      seen = s.frames.length;
      since = Date.now();
    } else if (quietMs > 0 && Date.now() - since > quietMs) return s;
    if (Date.now() - start > CAP_MS) return s;
    await page.waitForTimeout(50);
  }
}

/** Inputs stop coming after this long (a renderer that blocks the page for seconds a frame). */
const INPUT_CAP_MS = 60_000;

/** INPUTS pan and zoom inputs over the plot, in pan mode; returns how many were sent. */
async function panAndZoom(page: Page): Promise<number> {
  const start = Date.now();
  await page.getByRole('button', { name: 'Pan', exact: true }).click();
  const box = await page.locator('[data-testid="bench"] canvas').boundingBox();
  if (!box) throw new Error('no canvas');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (let k = 0; k < INPUTS; k++) {
    if (Date.now() - start > INPUT_CAP_MS) return k;
    if (k % 2 === 0) {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + (k % 4 === 0 ? 40 : -40), cy + 15, { steps: 2 });
      await page.mouse.up();
    } else {
      await page.mouse.move(cx, cy);
      await page.mouse.wheel(0, k % 4 === 1 ? -120 : 100);
    }
    await page.waitForTimeout(60);
  }
  return INPUTS;
}

export async function measure(
  browser: Browser,
  server: BrowserServer,
  renderer: string,
  n: number,
) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await instrument(page);
  const asked = renderer === 'cpu' ? 'cpu' : 'webgl';
  await browser.startTracing(page, { categories: TRACE });
  await page.goto(`http://127.0.0.1:${PORT}/?n=${n}&renderer=${asked}`);
  const first = await waitFrames(page, 1, 0);
  const scatter = page.locator('[data-testid="bench"]');
  const used = (await scatter.getAttribute('data-renderer')) ?? '?';
  const gpu = await page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2');
    const info = gl?.getExtension('WEBGL_debug_renderer_info');
    return gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : 'none';
  });
  const firstAt = first.frames[0];
  const firstTrace = mainThreadTasks(await browser.stopTracing());
  const heapMb = await page.evaluate(
    () =>
      ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ??
        0) /
      2 ** 20,
  );
  const rssMb = treeRssMb(server.process().pid ?? 0);
  const row: Row = {
    renderer,
    n,
    used,
    gpu,
    firstMs: firstAt === undefined ? null : firstAt - first.renderAt,
    firstLongMs: longest(first.longTasks, first.renderAt, firstAt ?? first.now),
    frameMs: null,
    frames: 0,
    previews: 0,
    updateMs: null,
    inputs: 0,
    settleMs: null,
    panLongMs: 0,
    panLongCpuMs: null,
    heapMb,
    rssMb,
    firstCpuMs: cpuBetween(firstTrace, 'bench-render', 'bench-first-frame'),
  };
  if (firstAt !== undefined) {
    const s0 = await state(page);
    const before = s0.frames.length;
    const beforePreviews = s0.previews.length;
    const t0 = s0.now;
    await browser.startTracing(page, { categories: TRACE });
    await page.evaluate(() => performance.mark('bench-pan'));
    row.inputs = await panAndZoom(page);
    const tInputs = (await state(page)).now;
    const after = await waitFrames(page, Infinity, sized(2000, 500));
    const panTrace = mainThreadTasks(await browser.stopTracing());
    row.panLongCpuMs = panTrace.tasks.length ? Math.max(...panTrace.tasks.map((t) => t.cpu)) : null;
    const frames = after.frames.slice(before);
    const last = frames[frames.length - 1];
    row.frames = frames.length;
    const previews = after.previews.slice(beforePreviews);
    row.previews = previews.length;
    const updates = [...frames, ...previews].sort((a, b) => a - b);
    row.updateMs =
      updates.length > 1
        ? median(updates.slice(1).map((t, k) => t - (updates[k] as number)))
        : null;
    row.frameMs =
      frames.length > 1 ? median(frames.slice(1).map((t, k) => t - (frames[k] as number))) : null;
    row.settleMs = last === undefined ? null : Math.max(0, last - tInputs);
    row.panLongMs = longest(after.longTasks, t0, after.now);
  }
  await page.close();
  if (SMOKE) smokeCheck(row);
  return row;
}

/** Under --smoke, a row that drew nothing, or did not redraw on the inputs, fails the bench. */
function smokeCheck(row: Row): void {
  if (row.firstMs === null) throw new Error(`${row.renderer}: no first frame`);
  if (row.inputs !== INPUTS || row.frames === 0)
    throw new Error(`${row.renderer}: ${row.frames} frames for ${row.inputs} of ${INPUTS} inputs`);
}

const f = (v: number | null, digits = 0): string => (v === null ? '—' : v.toFixed(digits));

function print(rows: Row[]): void {
  console.log(
    '\n| renderer | n | drawn by | first draw (ms) | its main-thread CPU (ms) | longest task, first draw (ms) | frame while panning, median (ms) | frames shown / inputs | previews | screen update while panning, median (ms) | last frame after last input (ms) | longest task while panning (ms) | its CPU time, longest (ms) | JS heap (MB) | browser RSS (MB) |',
  );
  console.log(
    '| --- | --: | --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
  );
  for (const r of rows)
    console.log(
      `| ${r.renderer} | ${r.n.toLocaleString('en-US')} | ${r.used} | ${f(r.firstMs)} | ${f(r.firstCpuMs)} | ${f(r.firstLongMs)} | ${f(r.frameMs)} | ${r.frames} / ${r.inputs} | ${r.previews} | ${f(r.updateMs)} | ${f(r.settleMs)} | ${f(r.panLongMs)} | ${f(r.panLongCpuMs)} | ${f(r.heapMb)} | ${f(r.rssMb)} |`,
    );
  for (const n of new Set(rows.map((r) => r.n))) {
    const cpu = rows.find((r) => r.n === n && r.renderer === 'cpu');
    for (const r of rows.filter((x) => x.n === n && x.renderer !== 'cpu')) {
      const ratio = (a: number | null, b: number | null) =>
        a !== null && b !== null && b > 0 ? `${(a / b).toFixed(2)}×` : '—';
      console.log(
        `n = ${n.toLocaleString('en-US')}, ${r.renderer} / cpu: first draw ${ratio(r.firstMs, cpu?.firstMs ?? null)}, frame ${ratio(r.frameMs, cpu?.frameMs ?? null)}, longest task while panning ${f(r.panLongMs)} vs ${f(cpu?.panLongMs ?? null)} ms`,
      );
    }
  }
  console.log(
    '\nTargets (issue 30): first draw ≤ 1,000 ms at 1,000,000 points; no main-thread task > 50 ms while panning. No GPU here: the WebGL rows are software GL.',
  );
}

async function main(): Promise<void> {
  const sizes = sizedOption('sizes', '100000,1000000', '1000').split(',').map(Number);
  const gls = sizedOption('gl', 'swiftshader,llvmpipe', 'swiftshader')
    .split(',')
    .filter((g) => g in GL_FLAGS);
  console.log(`Building the bench page (${ROOT}) …`);
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: OUT, emptyOutDir: true },
  });
  const server = await preview({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    build: { outDir: OUT },
    preview: { port: PORT, host: '127.0.0.1', strictPort: true },
  });
  const { executablePath } = CHROMIUM_LAUNCH;
  const rows: Row[] = [];
  // --smoke: one browser per set of flags for every row (the CPU raster and SwiftShader share
  // theirs; each row's page is its own, in a context of its own), not a launch per row.
  const shared = new Map<string, { browser: Browser; browserServer: BrowserServer }>();
  try {
    for (const n of sizes) {
      for (const renderer of ['cpu', ...gls]) {
        const gl = renderer === 'cpu' ? 'swiftshader' : renderer;
        let launched = shared.get(gl);
        if (!launched) {
          const browserServer = await chromium.launchServer({
            executablePath,
            args: [...BASE, ...(GL_FLAGS[gl] ?? [])],
          });
          launched = { browser: await chromium.connect(browserServer.wsEndpoint()), browserServer };
          if (SMOKE) shared.set(gl, launched);
        }
        const { browser, browserServer } = launched;
        try {
          const row = await measure(browser, browserServer, renderer, n);
          rows.push(row);
          console.log(`${renderer} n=${n}: ${JSON.stringify(row)}`);
        } finally {
          if (!SMOKE) {
            await browser.close();
            await browserServer.close();
          }
        }
      }
    }
  } finally {
    for (const { browser, browserServer } of shared.values()) {
      await browser.close();
      await browserServer.close();
    }
    server.httpServer.close();
  }
  print(rows);
}

// Run as a script (not when bench/scatterLibs.bench.ts imports measure from here).
if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
