/**
 * Projection benchmark: `npm run bench:projection -- [--quick] [--sizes 1000,5000]
 * [--mds-sizes 2000,30000] [--umap-sizes 10000,100000] [--umap-seeded]
 * [--skip reference,scaling,categorical,mds,fft,distinct,large,umap,umap-js,umap-js-large]`.
 *
 * 1. Our t-SNE against the `tsne-js` package (exact O(N²), kept only as a reference) at n = 1,000:
 *    the same iterations for both (1,000; 250 with --quick, as tsne-js needs ~0.3 s per iteration
 *    there), perplexity 30, the same schedule (learning rate 200 — 50 for tsne-js, whose gradient
 *    carries the factor 4 ours leaves out — early exaggeration 12 for our default 250 iterations,
 *    tsne-js's fixed 100; with --quick ours exaggerates for 100 too, else 250 iterations would all
 *    be exaggerated), random starts from the same seed. Seconds for both and the speed-up, and each
 *    layout's KL against one dense P (bench/reference.ts), trustworthiness T(10) and 1-NN agreement
 *    with the mixture component.
 * 2. Our t-SNE at n = 1,000, 5,000, 10,000 and 50,000 (--sizes), 1,000 iterations, defaults
 *    (exact repulsion up to 1,000 points, Barnes-Hut θ = 0.5 above), on a seeded 10-component
 *    Gaussian mixture in 16 dimensions (bench/generate.ts, as vectors), plus one categorical case:
 *    a 10,000-row Adult-like generated table (14 attributes, L = 157 values) through the CDE
 *    representation, projected through its on-demand distance input as the app does. Each row
 *    runs in its own process (bench/tsneRun.ts), so the peak RSS (process.resourceUsage().maxRSS,
 *    read in the child) is that size's alone; "node" is the child's RSS before any data.
 * 3. Classical against landmark MDS (src/core/projection/classicalMds.ts, landmarkMds.ts) at
 *    n = 2,000 and 30,000 (--mds-sizes) on the same mixture: seconds and Kruskal stress-1.
 *    Classical MDS refuses n > MAX_CLASSICAL_POINTS (its packed distance triangle); the table says
 *    so and how large the matrix would have been.
 *
 * 4. The repulsion and identical objects (--skip fft): Barnes-Hut against the FFT-interpolated
 *    repulsion (src/core/projection/fftRepulsion.ts) at n = 10,000 on the mixture and on an 8,124-row
 *    Mushroom-like one-hot table with many repeated rows (bench/tsneRun.ts), each way with its
 *    identical objects kept apart and merged: seconds, the ratios FFT / Barnes-Hut and merged /
 *    kept, KL and trustworthiness T(10). One process per run, 1,000 iterations, random start.
 * 6. (--skip distinct) A duplicate-free Mushroom-shaped one-hot table of 8,124 rows
 *    (bench/mushroomDistinct.ts), ours through the CLI (start-up included) against scikit-learn,
 *    three runs each, alternating (one with --quick): seconds, ratios, load average, T(10) of both
 *    (bench/tsneVsSklearn.ts). Printed before section 5.
 * 5. 100,000 points of the mixture, 1,000 iterations, defaults (--skip large; left out by
 *    --quick): seconds of setup (kNN by vantage-point tree) and iterations, and the peak RSS.
 *
 * Numbers are noisy on a shared machine; there is no pass/fail.
 *
 * --smoke: every section at a few hundred points and 10 iterations (tsne-js: 100 points, 60
 * iterations; UMAP 150 points), the repulsion section on the Mushroom-like rows only, scikit-learn at its least 250
 * iterations on one thread; the peers missing here are skipped, said so. bench/tsneRun.ts and
 * bench/umapRun.ts start their own process once each; their other rows run in this process
 * (bench/script.ts: the same code and arguments, without a node and tsx start-up per row).
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultThreads } from '../src/cli/nodeTeam.ts';
import { fileURLToPath } from 'node:url';
import TSNE from 'tsne-js';
import { vectorInput } from '../src/core/platform/projectionInput.ts';
import { MAX_CLASSICAL_POINTS } from '../src/core/projection/classicalMds.ts';
import { runMds } from '../src/core/projection/mds.ts';
import { projectionQuality } from '../src/core/projection/quality.ts';
import { resolveTsneOptions, runTsne } from '../src/core/projection/tsne.ts';
import { gaussianMixture } from './generate.ts';
import { denseAffinities, denseKl, withSeededMathRandom } from './reference.ts';
import { runScript } from './script.ts';
import { option, seconds, sized, SMOKE } from './timing.ts';
import { GAUSS, MUSHROOM_LIKE, oneNearestAgreement, type RunResult } from './tsneRun.ts';
import { umapComparison } from './umapBench.ts';
import { distinctTableComparison, findScikitLearn } from './tsneVsSklearn.ts';

const SEED = 1;
/** scikit-learn's iterations: 1,000 as ours, or its least (250) under --smoke. */
const SKLEARN_ITERATIONS = sized(1000, 250);
const PERPLEXITY = 30;
const ITERATIONS = sized(1000, 10);
const REFERENCE_N = sized(1000, 100);

function sizes(name: string, fallback: number[]): number[] {
  const value = option(name, null);
  if (value === null) return fallback;
  const list = value.split(',').map((s) => Number(s.replace(/_/g, '')));
  for (const n of list)
    if (!Number.isInteger(n) || n < 3) throw new RangeError(`--${name}: bad size “${value}”`);
  return list;
}

const quick = process.argv.includes('--quick');
/** The team's threads for the threaded rows (--threads; default the cores, at most 4). */
const THREADS = Number(option('threads', null) ?? defaultThreads());
const MUSHROOM_VALUES = MUSHROOM_LIKE.reduce((a, b) => a + b, 0);
const skip = new Set((option('skip', null) ?? '').split(',').filter(Boolean));
const tsneSizes = sizes('sizes', sized([1000, 5000, 10000, 50000], [300]));
const mdsSizes = sizes('mds-sizes', sized([2000, 30000], [500]));
// --smoke: UMAP on 150 points (Iris's size, umap-learn's own test set): the same paths as 300 (exact
// neighbours, a spectral start of each component, 500 epochs).
const umapSizes = sizes('umap-sizes', SMOKE ? [150] : quick ? [10000] : [10000, 100000]);

const fmt = (x: number, digits: number, width: number): string => x.toFixed(digits).padStart(width);
const count = (n: number): string => n.toLocaleString('en-US');

console.log(
  `node ${process.version}; seed ${SEED}; Gaussian mixture: ${GAUSS.clusters} components in ` +
    `${GAUSS.dims}-D (bench/generate.ts)${quick ? '; --quick' : ''}`,
);

// ---------------------------------------------------------------------------------------------
// 1. Ours against tsne-js

function referenceComparison(): void {
  const iterations = quick ? 250 : sized(ITERATIONS, 60);
  const mixture = gaussianMixture(REFERENCE_N, GAUSS.clusters, GAUSS.dims, SEED);
  const input = vectorInput(mixture.data, mixture.n, mixture.dims);
  const exaggerationIterations = quick ? 100 : SMOKE ? 30 : undefined;
  const o = resolveTsneOptions(input.n, { perplexity: PERPLEXITY, exaggerationIterations });
  console.log(
    `\n1. t-SNE: ours vs tsne-js, n = ${count(input.n)}, ${iterations} iterations, perplexity ` +
      `${PERPLEXITY}, learning rate ${o.learningRate} (tsne-js ${o.learningRate / 4}), early ` +
      `exaggeration ${o.earlyExaggeration} for ${o.exaggerationIterations} iterations ` +
      `(tsne-js 100), random start (seed ${SEED})`,
  );

  const t0 = process.hrtime.bigint();
  const ours = runTsne(input, {
    perplexity: PERPLEXITY,
    iterations,
    exaggerationIterations,
    seed: SEED,
    init: 'random',
  });
  const oursSeconds = seconds(t0, process.hrtime.bigint());

  const model = new TSNE({
    dim: 2,
    perplexity: PERPLEXITY,
    earlyExaggeration: o.earlyExaggeration,
    learningRate: o.learningRate / 4,
    nIter: iterations,
    metric: 'euclidean',
  });
  const rows = Array.from({ length: input.n }, (_, i) =>
    Array.from(mixture.data.subarray(i * mixture.dims, (i + 1) * mixture.dims)),
  );
  const t1 = process.hrtime.bigint();
  model.on('progressIter', ([iteration]) => {
    if (process.stderr.isTTY && iteration % 25 === 0)
      process.stderr.write(
        `\r  tsne-js iteration ${iteration}/${iterations} ` +
          `(${seconds(t1, process.hrtime.bigint()).toFixed(0)} s)   `,
      );
  });
  // tsne-js draws its start from Math.random: seed it for this call only.
  withSeededMathRandom(SEED, () => model.init({ data: rows, type: 'dense' }));
  const [, lastIteration] = model.run();
  const tsneJsSeconds = seconds(t1, process.hrtime.bigint());
  if (process.stderr.isTTY) process.stderr.write('\r' + ' '.repeat(60) + '\r');
  const tsneJs = Float64Array.from(model.getOutput().flat());
  // tsne-js counts iterations from 0 and skips one at each of its two phase changes; it can also
  // stop early when its KL stops improving.
  const tsneJsIterations = Math.min(iterations, lastIteration);

  const p = denseAffinities(input, PERPLEXITY);
  console.log(
    '   implementation   iterations   seconds   ms/iteration   KL (dense P)   T(10)    1-NN',
  );
  for (const [name, layout, its, s] of [
    ['ours', ours.coordinates, iterations, oursSeconds],
    ['tsne-js', tsneJs, tsneJsIterations, tsneJsSeconds],
  ] as const) {
    const q = projectionQuality(input, layout, { k: 10 });
    console.log(
      `   ${name.padEnd(14)} ${String(its).padStart(12)} ${fmt(s, 2, 9)} ${fmt((1000 * s) / its, 2, 14)}` +
        ` ${fmt(denseKl(p, layout), 4, 14)} ${fmt(q.trustworthiness, 4, 7)} ` +
        `${fmt(oneNearestAgreement(layout, mixture.labels, SEED), 3, 7)}`,
    );
  }
  console.log(
    `   speed-up: ${(tsneJsSeconds / oursSeconds).toFixed(1)}× in total, ` +
      `${(tsneJsSeconds / tsneJsIterations / (oursSeconds / iterations)).toFixed(1)}× per iteration`,
  );
}

// ---------------------------------------------------------------------------------------------
// 2. Scaling, one process per size

async function runChild(data: string, n: number, extra: string[] = []): Promise<RunResult> {
  return JSON.parse(await runner(data, n, extra)) as RunResult;
}

/** The rows of a data set as tsneRun.ts builds them, written for scikit-learn. */
async function dumpRows(data: string, n: number, file: string): Promise<void> {
  await runner(data, n, ['--dump', file]);
}

/**
 * Runs bench/tsneRun.ts in its own process (under --smoke, after its first run, in this one:
 * bench/script.ts); returns its last line of output.
 */
function runner(data: string, n: number, extra: string[]): Promise<string> {
  return runScript(new URL('./tsneRun.ts', import.meta.url), [
    ...['--data', data, '--n', String(n), '--iterations', String(ITERATIONS)],
    ...['--seed', String(SEED)],
    ...extra,
  ]);
}

async function scaling(): Promise<void> {
  const cases: [string, number][] = [];
  if (!skip.has('scaling')) for (const n of tsneSizes) cases.push(['gauss', n]);
  if (!skip.has('categorical')) cases.push(['cde', sized(10000, 300)]);
  if (cases.length === 0) return;
  console.log(
    `\n2. t-SNE scaling: ${ITERATIONS} iterations, perplexity ${PERPLEXITY}, θ = 0.5 ` +
      '(exact repulsion up to 1,000 points), random start; one process per row',
  );
  console.log(
    '   data                        n   dims  gradient     repr s  setup s   iter s  ms/iter' +
      '      KL   T(10)   1-NN   peak RSS   (node)',
  );
  for (const [data, n] of cases) {
    const r = await runChild(data, n);
    const name =
      data === 'gauss' ? `mixture ${GAUSS.dims}-D` : `${data.toUpperCase()} (Adult-like)`;
    console.log(
      `   ${name.padEnd(20)} ${count(n).padStart(8)} ${String(r.dims ?? '—').padStart(6)}  ` +
        `${r.gradient.padEnd(10)} ${data === 'gauss' ? '      —' : fmt(r.representationSeconds, 2, 7)}` +
        ` ${fmt(r.setupSeconds, 2, 8)} ${fmt(r.iterationSeconds, 1, 8)} ` +
        `${fmt((1000 * r.iterationSeconds) / r.iterations, 1, 8)} ${fmt(r.kl, 3, 7)} ` +
        `${fmt(r.trustworthiness, 4, 7)} ${fmt(r.oneNearest, 3, 6)} ` +
        `${fmt(r.maxRssKb / 1024, 0, 7)} MB ${fmt(r.baselineMaxRssKb / 1024, 0, 5)} MB`,
    );
  }
  console.log(
    '   setup = kNN (3·perplexity neighbours; vantage-point tree above 2,000 points) + ' +
      'affinities + start; T(10) and 1-NN on ≤ 1,000 sampled points; 1-NN against the mixture ' +
      'component (latent class for CDE)',
  );
}

// ---------------------------------------------------------------------------------------------
// 3. MDS

function mds(): void {
  console.log(`\n3. MDS on the ${GAUSS.dims}-D mixture: classical vs landmark (300 landmarks)`);
  console.log('   n          method        seconds   stress-1');
  for (const n of mdsSizes) {
    const mixture = gaussianMixture(n, GAUSS.clusters, GAUSS.dims, SEED);
    const input = vectorInput(mixture.data, n, mixture.dims);
    for (const method of ['classical', 'landmark'] as const) {
      const head = `   ${count(n).padEnd(10)} ${method.padEnd(10)}`;
      const t0 = process.hrtime.bigint();
      let result;
      try {
        result = runMds(input, { method, seed: SEED });
      } catch (error) {
        if (!(error instanceof RangeError && n > MAX_CLASSICAL_POINTS)) throw error;
        const full = (n * n * 8) / 1e9;
        const packed = ((n * (n - 1)) / 2) * 8 * 1e-9;
        console.log(
          `${head}   refused (the n × n matrix would be ${full.toFixed(1)} GB, its packed ` +
            `triangle ${packed.toFixed(1)} GB; cap ${count(MAX_CLASSICAL_POINTS)} points)`,
        );
        continue;
      }
      const s = seconds(t0, process.hrtime.bigint());
      console.log(`${head} ${fmt(s, 2, 9)} ${fmt(result.stress, 4, 10)}`);
    }
  }
  console.log(
    '   stress-1 over all pairs up to 2 million pairs, over 2 million sampled pairs above',
  );
}

// ---------------------------------------------------------------------------------------------
// 4. FFT against Barnes-Hut; identical objects merged against kept apart

async function repulsion(): Promise<void> {
  const sklearn = findScikitLearn();
  console.log(
    `\n4. Repulsion, identical objects, threads and scikit-learn: ${ITERATIONS} iterations, ` +
      `perplexity ${PERPLEXITY}, PCA start; one process per row; ours on 1 thread and on a team ` +
      `of ${THREADS} (the same layout); ` +
      (sklearn
        ? `scikit-learn ${sklearn.version}: TSNE(init='pca', perplexity=30), Barnes-Hut, on ` +
          `${sklearn.cpus} thread${sklearn.cpus === 1 ? '' : 's'}` +
          (SKLEARN_ITERATIONS === ITERATIONS
            ? ''
            : `, ${SKLEARN_ITERATIONS} iterations (its least)`)
        : 'peer scikit-learn not installed (python3 -c "import sklearn" failed: apt-get ' +
          'install python3-sklearn): skipped, ratios against our Barnes-Hut only'),
  );
  console.log(
    '   data                       n   points  duplicates  gradient    threads  setup s   iter s   ' +
      'total s   × BH   × kept  × sklearn     KL   T(10)  peak RSS',
  );
  const cases: [string, number, string, number][] = [
    ['gauss', 10000, `mixture ${GAUSS.dims}-D`, GAUSS.dims],
    ['mushroom', 8124, 'Mushroom-like one-hot', MUSHROOM_VALUES],
  ];
  // --smoke: the Mushroom-like rows alone (they have every setting the mixture has, and merged
  // duplicates), 400 of them; merged only on 1 thread with Barnes-Hut.
  if (SMOKE) cases.splice(0, 2, ['mushroom', 400, 'Mushroom-like one-hot', MUSHROOM_VALUES]);
  for (const [data, n, name, dims] of cases) {
    const head = (points: string, duplicates: string, gradient: string, threads: string) =>
      `   ${name.padEnd(22)} ${count(n).padStart(6)} ${points.padStart(8)}  ` +
      `${duplicates.padEnd(10)}  ${gradient.padEnd(10)} ${threads.padStart(8)}`;
    const dump = join(tmpdir(), `bench-tsne-${data}-${process.pid}.bin`);
    const reference = sklearn ? await runScikitLearn(sklearn.python, data, n, dims, dump) : null;
    const results = new Map<string, RunResult>();
    const total = (r: RunResult): number => r.setupSeconds + r.iterationSeconds;
    for (const duplicates of ['keep', 'merge'] as const) {
      // The mixture has no repeated rows: merging finds none and changes nothing there.
      if (data === 'gauss' && duplicates === 'merge') continue;
      for (const [method, threads] of [
        ['barnes-hut', 1],
        ['fft', 1],
        ['barnes-hut', THREADS],
      ] as const) {
        if (SMOKE && duplicates === 'merge' && (method !== 'barnes-hut' || threads !== 1)) continue;
        const r = await runChild(data, n, [
          ...['--repulsion', method, '--duplicates', duplicates],
          ...['--init', 'pca', '--threads', String(threads)],
        ]);
        results.set(`${duplicates} ${method} ${threads}`, r);
        const bh = results.get(`${duplicates} barnes-hut 1`)!;
        const kept = results.get(`keep ${method} ${threads}`)!;
        const ratio = (other: number): string => fmt(total(r) / other, 2, 6);
        console.log(
          `${head(count(r.points), duplicates, r.gradient, String(threads))} ` +
            `${fmt(r.setupSeconds, 1, 8)} ${fmt(r.iterationSeconds, 1, 8)} ${fmt(total(r), 1, 9)} ` +
            `${ratio(total(bh))} ${duplicates === 'keep' ? '     —' : ratio(total(kept))} ` +
            `${reference ? ratio(reference.seconds).padStart(9) : '        —'}  ` +
            `${fmt(r.kl, 3, 6)} ${fmt(r.trustworthiness, 4, 7)} ${fmt(r.maxRssKb / 1024, 0, 6)} MB`,
        );
      }
    }
    if (reference)
      console.log(
        `${head(count(n), 'keep', 'sklearn BH', String(sklearn!.cpus))} ${'—'.padStart(8)} ` +
          `${'—'.padStart(8)} ${fmt(reference.seconds, 1, 9)} ` +
          `${fmt(reference.seconds / total(results.get('keep barnes-hut 1')!), 2, 6)}      — ` +
          `${fmt(1, 2, 9)}  ${fmt(reference.kl, 3, 6)} ${fmt(reference.trustworthiness, 4, 7)}`,
      );
    rmSync(dump, { force: true });
    rmSync(`${dump}.out`, { force: true });
  }
  console.log(
    '   × BH = total seconds over our 1-thread Barnes-Hut’s with the same duplicates setting; × kept' +
      ' = over the same gradient and threads with duplicates kept apart; × sklearn = over ' +
      'scikit-learn’s fit_transform (its KL is against its own P); T(10) on ≤ 1,000 sampled ' +
      'objects, scored alike for all',
  );
}

/** scikit-learn's t-SNE of the rows tsneRun.ts dumps, scored by tsneRun.ts as ours are. */
async function runScikitLearn(
  python: string,
  data: string,
  n: number,
  dims: number,
  dump: string,
): Promise<{ seconds: number; kl: number; trustworthiness: number }> {
  await dumpRows(data, n, dump);
  const script = fileURLToPath(new URL('./sklearnTsne.py', import.meta.url));
  const child = spawnSync(
    python,
    [script, dump, String(n), String(dims), String(SEED), String(SKLEARN_ITERATIONS)],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (child.status !== 0) throw new Error(`bench/sklearnTsne.py failed (${child.status})`);
  const fit = JSON.parse(child.stdout.trim().split('\n').pop() ?? '') as {
    seconds: number;
    kl: number;
  };
  const score = (await runChild(data, n, ['--score', `${dump}.out`])) as unknown as {
    trustworthiness: number;
  };
  return { ...fit, trustworthiness: score.trustworthiness };
}

// ---------------------------------------------------------------------------------------------
// 5. 100,000 points

async function large(): Promise<void> {
  // --smoke: above the 2,000 points from which the kNN searches a vantage-point tree.
  const n = sized(100000, 2500);
  console.log(
    `\n5. ${count(n)} points of the ${GAUSS.dims}-D mixture, ${ITERATIONS} iterations, defaults ` +
      `(Barnes-Hut), random start, in its own process, gradient on ${THREADS} threads`,
  );
  const r = await runChild('gauss', n, ['--threads', String(THREADS)]);
  console.log(
    `   ${THREADS} threads; setup (kNN + P) ${r.setupSeconds.toFixed(1)} s, iterations ${r.iterationSeconds.toFixed(1)} s` +
      ` (${((1000 * r.iterationSeconds) / r.iterations).toFixed(0)} ms each), total ` +
      `${(r.setupSeconds + r.iterationSeconds).toFixed(1)} s ` +
      `(${((r.setupSeconds + r.iterationSeconds) / 100).toFixed(2)}× the 100 s target; load average ` +
      `${loadavg()[0]!.toFixed(1)}); KL ${r.kl.toFixed(3)}, T(10) ` +
      `${r.trustworthiness.toFixed(4)}; peak RSS ${(r.maxRssKb / 1024).toFixed(0)} MB ` +
      `(node alone ${(r.baselineMaxRssKb / 1024).toFixed(0)} MB)`,
  );
}

if (!skip.has('reference')) referenceComparison();
await scaling();
if (!skip.has('mds')) mds();
if (!skip.has('fft')) await repulsion();
if (!skip.has('distinct'))
  await distinctTableComparison({
    seed: SEED,
    threads: THREADS,
    runs: quick || SMOKE ? 1 : 3,
    iterations: sized(1000, 250),
  });
if (!skip.has('large') && !quick) await large();
if (!skip.has('umap'))
  await umapComparison({
    sizes: umapSizes,
    threads: THREADS,
    seed: SEED,
    skip,
    seeded: process.argv.includes('--umap-seeded'),
  });
