/**
 * Section 6 of bench/projection.bench.ts: our UMAP beside umap-learn (Debian's `umap-learn`,
 * 0.5.3, run by bench/umapLearn.py) and umap-js (npm, 1.4) on the 16-D Gaussian mixture, at
 * 10,000 and 100,000 points (--umap-sizes), in one run. Each row is its own process, timed from
 * the parent (spawn to exit: the start-up a user pays — node and tsx, or Python, its imports and
 * numba's compilation — plus generating or reading the rows) and from inside (the fit alone).
 * T(10) of every layout is scored by our code (bench/umapRun.ts --score). umap-learn runs
 * unseeded, its fastest setting (its epochs then run on every core, not reproducibly); with
 * --umap-seeded also seeded (epochs on one thread). Without `python3 -c 'import umap'` (Debian's
 * /usr/bin/python3 is tried too) its rows are left out and said so; --skip umap-js leaves umap-js
 * out, --skip umap-js-large only its 100,000-point row.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runScript } from './script.ts';
import type { UmapRunResult } from './umapRun.ts';

interface Timed<T> {
  result: T;
  /** Wall time of the whole process, from the parent. */
  processSeconds: number;
}

const fmt = (x: number, digits: number, width: number): string => x.toFixed(digits).padStart(width);
const count = (n: number): string => n.toLocaleString('en-US');

function timed(command: string, args: string[]): Timed<string> {
  const t0 = process.hrtime.bigint();
  const child = spawnSync(command, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 20,
  });
  const processSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (child.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${child.status})`);
  return { result: child.stdout.trim().split('\n').pop() ?? '', processSeconds };
}

/** bench/umapRun.ts in its own process (under --smoke, after its first, in this one: bench/script.ts). */
async function umapProcess(n: number, seed: number, extra: string[]): Promise<Timed<string>> {
  const t0 = process.hrtime.bigint();
  const result = await runScript(new URL('./umapRun.ts', import.meta.url), [
    ...['--n', String(n), '--seed', String(seed)],
    ...extra,
  ]);
  return { result, processSeconds: Number(process.hrtime.bigint() - t0) / 1e9 };
}

async function umapRun(n: number, seed: number, extra: string[]): Promise<Timed<UmapRunResult>> {
  const run = await umapProcess(n, seed, extra);
  return { ...run, result: JSON.parse(run.result) as UmapRunResult };
}

/** A python3 that imports umap: the first of python3 on the PATH and Debian's. */
function findUmapLearn(): { python: string; version: string; cpus: number } | null {
  for (const python of ['python3', '/usr/bin/python3']) {
    const probe = spawnSync(
      python,
      ['-c', 'import os, umap; print(umap.__version__, len(os.sched_getaffinity(0)))'],
      { encoding: 'utf8' },
    );
    if (probe.status === 0) {
      const [version = '?', cpus = '1'] = probe.stdout.trim().split(' ');
      return { python, version, cpus: Number(cpus) };
    }
  }
  return null;
}

interface Row {
  name: string;
  threads: string;
  fit: number;
  process: number;
  setup: number | null;
  epochs: number | null;
  trustworthiness: number;
  oneNearest: number;
  rssKb: number | null;
  /** CPU seconds of the whole process, every thread. */
  cpu: number;
}

export async function umapComparison(options: {
  sizes: number[];
  threads: number;
  seed: number;
  skip: Set<string>;
  seeded: boolean;
}): Promise<void> {
  const { sizes, threads, seed, skip } = options;
  const learn = findUmapLearn();
  console.log(
    `\n6. UMAP on the 16-D mixture: ours (defaults: 15 neighbours, min_dist 0.1, spectral start, ` +
      `500 epochs up to 10,000 points, 200 above) on 1 and ${threads} threads (the same layout)` +
      (learn
        ? `; umap-learn ${learn.version} (UMAP() defaults, unseeded: on all ${learn.cpus} cores)`
        : '; peer umap-learn not installed (python3 -c "import umap" failed: apt-get install ' +
          'umap-learn python3-pynndescent): skipped, ours alone') +
      (skip.has('umap-js') ? '' : '; umap-js 1.4 (defaults, one thread)') +
      '; one process per row, run one after the other',
  );
  console.log(
    '   implementation         n   threads  setup s  epochs s    fit s  process s    CPU s' +
      '  × learn (fit)  × learn (process)  × learn (CPU)   T(10)   1-NN  peak RSS',
  );
  for (const n of sizes) {
    // umap-learn first, so every row prints as soon as it is measured, with its ratio.
    const reference = learn
      ? await runUmapLearn(learn.python, n, seed, 'unseeded', learn.cpus)
      : null;
    const print = (r: Row): void => printRow(r, n, reference);
    if (reference) print(reference);
    if (learn && options.seeded)
      print(await runUmapLearn(learn.python, n, seed, 'seeded', learn.cpus));
    for (const t of [1, threads]) {
      const r = await umapRun(n, seed, ['--threads', String(t)]);
      print({
        name: 'ours',
        threads: String(t),
        fit: r.result.fitSeconds,
        process: r.processSeconds,
        setup: r.result.setupSeconds,
        epochs: r.result.epochSeconds,
        trustworthiness: r.result.trustworthiness,
        oneNearest: r.result.oneNearest,
        rssKb: r.result.maxRssKb,
        cpu: r.result.cpuSeconds,
      });
    }
    if (!skip.has('umap-js') && !(n > 10000 && skip.has('umap-js-large'))) {
      const r = await umapRun(n, seed, ['--umap-js']);
      print({
        name: 'umap-js',
        threads: '1',
        fit: r.result.fitSeconds,
        process: r.processSeconds,
        setup: null,
        epochs: null,
        trustworthiness: r.result.trustworthiness,
        oneNearest: r.result.oneNearest,
        rssKb: r.result.maxRssKb,
        cpu: r.result.cpuSeconds,
      });
    }
  }
  console.log(
    '   fit = inside the process, the fit alone; process = the whole process from the parent ' +
      '(start-up, imports, numba’s compilation, the rows made or read, the fit; not the scoring); ' +
      'CPU = the CPU seconds of that process, every thread (what the work costs, whatever the ' +
      'load; on a busy machine a process with more threads also gets a larger share of it); ' +
      '× learn = over unseeded umap-learn’s; T(10) and 1-NN (with the mixture component) on ' +
      '≤ 1,000 sampled points, scored by our code for every layout',
  );
}

function printRow(r: Row, n: number, reference: Row | null): void {
  const ratio = (ours: number, theirs: number | undefined) =>
    theirs === undefined ? '—'.padStart(6) : fmt(ours / theirs, 2, 6);
  console.log(
    `   ${r.name.padEnd(18)} ${count(n).padStart(7)} ${r.threads.padStart(8)} ` +
      `${r.setup === null ? '—'.padStart(8) : fmt(r.setup, 1, 8)} ` +
      `${r.epochs === null ? '—'.padStart(9) : fmt(r.epochs, 1, 9)} ${fmt(r.fit, 1, 8)} ` +
      `${fmt(r.process, 1, 10)} ${fmt(r.cpu, 1, 8)} ${ratio(r.fit, reference?.fit).padStart(14)} ` +
      `${ratio(r.process, reference?.process).padStart(18)} ` +
      `${ratio(r.cpu, reference?.cpu).padStart(14)} ${fmt(r.trustworthiness, 4, 7)} ` +
      `${fmt(r.oneNearest, 3, 6)} ${r.rssKb === null ? '—'.padStart(6) : fmt(r.rssKb / 1024, 0, 6)} MB`,
  );
}

async function runUmapLearn(
  python: string,
  n: number,
  seed: number,
  mode: string,
  cpus: number,
): Promise<Row> {
  const dump = join(tmpdir(), `bench-umap-${n}-${process.pid}.bin`);
  await umapProcess(n, seed, ['--dump', dump]);
  const script = fileURLToPath(new URL('./umapLearn.py', import.meta.url));
  const run = timed(python, [script, dump, String(n), '16', String(seed), mode]);
  const fit = JSON.parse(run.result) as { seconds: number; cpuSeconds: number };
  const score = (await umapRun(n, seed, ['--score', `${dump}.out`])).result;
  rmSync(dump, { force: true });
  rmSync(`${dump}.out`, { force: true });
  return {
    name: mode === 'seeded' ? 'umap-learn seeded' : 'umap-learn',
    threads: mode === 'seeded' ? '1 (SGD)' : String(cpus),
    fit: fit.seconds,
    process: run.processSeconds,
    setup: null,
    epochs: null,
    trustworthiness: score.trustworthiness,
    oneNearest: score.oneNearest,
    rssKb: null,
    cpu: fit.cpuSeconds,
  };
}
