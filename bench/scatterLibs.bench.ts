/**
 * Our WebGL2 scatter beside regl-scatterplot 1.16 and deck.gl 9.4's ScatterplotLayer, in one
 * run, in the same Chromium (issue 30, "choose the library by measurement"):
 * `npm run bench:scatter-libs [-- --sizes 100000,1000000 --gl swiftshader,llvmpipe --libs ours,regl-scatterplot,deck.gl]`.
 *
 * Builds three pages — bench/scatter (the app's ProjectionScatter, `?renderer=webgl`) and
 * bench/scatterLibs once per library — on the same generated layout (bench/scatter/layout.ts),
 * 1,200 × 640 CSS px, dots of 3 px coloured by blob; serves each in turn on BENCH_PORT (4292
 * unless set) and measures it with bench/scatter.bench.ts's `measure` (first draw, the same 24
 * scripted drags and wheel steps, frame time, longest main-thread task, JS heap, browser RSS),
 * each row in a fresh browser, the libraries alternating (their order rotates per row group),
 * on both software GLs (SwiftShader under the tests' flags, llvmpipe). Timings on this shared
 * 2-core machine are noisy: only rows of one run compare; the load average is printed.
 *
 * --smoke: 1,000 points, SwiftShader only, 4 inputs (bench/scatter.bench.ts), every library, one
 * browser for all rows (each row's page in a context of its own).
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { build, preview, type InlineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';
import { CHROMIUM_LAUNCH } from '../e2e/chromium.ts';
import { option, sizedOption, SMOKE } from './timing.ts';

process.env.BENCH_PORT ??= '4292';
const PORT = Number(process.env.BENCH_PORT);
// After BENCH_PORT is set: measure navigates to that port.
const { measure, BASE, GL_FLAGS } = await import('./scatter.bench.ts');
type Row = Awaited<ReturnType<typeof measure>>;

/** ours-gl: our renderer alone (scatterLibs/oursGl.ts), asked for by `--libs`. */
const LIBS = ['ours', 'regl-scatterplot', 'deck.gl', 'ours-gl'] as const;
const DEFAULT_LIBS = 'ours,regl-scatterplot,deck.gl';
type Lib = (typeof LIBS)[number];

const outDir = (lib: Lib) => `/tmp/coupled-scatter-libs-${PORT}-${lib.replace('.', '')}`;

/** The page of `lib`: the app's scatter (bench/scatter) or bench/scatterLibs built for it. */
function pageConfig(lib: Lib): InlineConfig {
  const root = fileURLToPath(
    new URL(lib === 'ours' ? './scatter/' : './scatterLibs/', import.meta.url),
  );
  return {
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: lib === 'ours' ? [react()] : [],
    define: { __SCATTER_LIB__: JSON.stringify(lib) },
    build: { outDir: outDir(lib), emptyOutDir: true, target: 'es2022' },
    preview: { port: PORT, host: '127.0.0.1', strictPort: true },
  };
}

interface Launched {
  browser: Browser;
  browserServer: BrowserServer;
}

async function launch(gl: string): Promise<Launched> {
  const browserServer = await chromium.launchServer({
    executablePath: CHROMIUM_LAUNCH.executablePath,
    args: [...BASE, ...(GL_FLAGS[gl] ?? [])],
  });
  return { browser: await chromium.connect(browserServer.wsEndpoint()), browserServer };
}

async function close({ browser, browserServer }: Launched): Promise<void> {
  await browser.close();
  await browserServer.close();
}

/**
 * --smoke: one browser per GL for every row (each row's page is still its own, in a context of
 * its own: measure's newPage), rather than a launch per row, whose memory figure a smoke run does
 * not read. Closed at the end.
 */
const shared = new Map<string, Launched>();

async function measureOne(lib: Lib, gl: string, n: number): Promise<Row> {
  const server = await preview(pageConfig(lib));
  let launched = shared.get(gl);
  if (!launched) {
    launched = await launch(gl);
    if (SMOKE) shared.set(gl, launched);
  }
  try {
    return await measure(launched.browser, launched.browserServer, `${lib} (${gl})`, n);
  } finally {
    if (!SMOKE) await close(launched);
    await new Promise<void>((done) => server.httpServer.close(() => done()));
  }
}

const f = (v: number | null, digits = 0): string =>
  v === null ? '—' : v.toLocaleString('en-US', { maximumFractionDigits: digits });

function print(rows: (Row & { load: number })[]): void {
  console.log(
    '\n| library (GL) | n | first draw (ms) | longest task, first draw (ms) | frame while panning, median (ms) | frames / inputs | last frame after last input (ms) | longest task while panning (ms) | JS heap (MB) | browser RSS (MB) | load avg (1 min) |',
  );
  console.log('| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |');
  for (const r of rows)
    console.log(
      `| ${r.renderer} | ${r.n.toLocaleString('en-US')} | ${f(r.firstMs)} | ${f(r.firstLongMs)} | ${f(r.frameMs)} | ${r.frames} / ${r.inputs} | ${f(r.settleMs)} | ${f(r.panLongMs)} | ${f(r.heapMb)} | ${f(r.rssMb)} | ${r.load.toFixed(1)} |`,
    );
  const ratio = (a: number | null, b: number | null) =>
    a !== null && b !== null && b > 0 ? `${(a / b).toFixed(2)}×` : '—';
  for (const r of rows) {
    const [lib, gl] = r.renderer.split(' ');
    if (lib === 'ours') continue;
    const ours = rows.find((o) => o.n === r.n && o.renderer === `ours ${gl}`);
    if (!ours) continue;
    console.log(
      `n = ${r.n.toLocaleString('en-US')}, ${r.renderer} / ours: first draw ${ratio(r.firstMs, ours.firstMs)}, frame ${ratio(r.frameMs, ours.frameMs)}, longest task while panning ${f(r.panLongMs)} vs ${f(ours.panLongMs)} ms`,
    );
  }
  console.log(
    `\nNo GPU here: every row is software GL (${[...new Set(rows.map((r) => r.gpu))].join('; ')}).`,
  );
}

async function main(): Promise<void> {
  const sizes = sizedOption('sizes', '100000,1000000', '1000').split(',').map(Number);
  const gls = sizedOption('gl', 'swiftshader,llvmpipe', 'swiftshader')
    .split(',')
    .filter((g) => g in GL_FLAGS);
  const libs = option('libs', DEFAULT_LIBS)
    .split(',')
    .filter((l): l is Lib => (LIBS as readonly string[]).includes(l));
  for (const lib of libs) {
    console.log(`Building the page of ${lib} …`);
    await build(pageConfig(lib));
  }
  const rows: (Row & { load: number })[] = [];
  let turn = 0;
  for (const n of sizes)
    for (const gl of gls) {
      // Alternate: each group of rows starts with the next library.
      const order = libs.map((_, k) => libs[(k + turn) % libs.length] as Lib);
      turn++;
      for (const lib of order) {
        const load = loadavg()[0] ?? 0;
        const row = { ...(await measureOne(lib, gl, n)), load };
        rows.push(row);
        console.log(`${lib} ${gl} n=${n}: ${JSON.stringify(row)}`);
      }
    }
  for (const launched of shared.values()) await close(launched);
  print(rows);
}

await main();
