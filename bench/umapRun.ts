/**
 * One UMAP run for bench/projection.bench.ts (section 6), in its own process so that its time
 * from start-up and its peak memory are its own:
 *
 *   node --import tsx bench/umapRun.ts --n 10000 [--seed 1] [--threads 2]   ours
 *   node --import tsx bench/umapRun.ts --n 10000 --umap-js                   umap-js 1.4
 *   node --import tsx bench/umapRun.ts --n 10000 --dump ROWS.bin             the rows only
 *   node --import tsx bench/umapRun.ts --n 10000 --score LAYOUT.bin          T(10) of a layout
 *
 * Data: the seeded 10-component Gaussian mixture in 16 dimensions of bench/tsneRun.ts (`gauss`).
 * Ours runs with its defaults (15 neighbours, min_dist 0.1, spectral start, umap-learn's epochs)
 * on a team of --threads threads (src/cli/nodeTeam.ts; the layout does not depend on it); umap-js
 * with its defaults (nNeighbors 15, minDist 0.1, random start, its epochs rule) and its random
 * numbers from our seeded generator. Prints one JSON line (UmapRunResult) on stdout.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { UMAP } from 'umap-js';
import { startNodeTeam } from '../src/cli/nodeTeam.ts';
import { createRandom } from '../src/core/base/random.ts';
import { vectorInput } from '../src/core/platform/projectionInput.ts';
import { projectionQuality } from '../src/core/projection/quality.ts';
import { umapSteps, type UmapResult } from '../src/core/projection/umap.ts';
import { gaussianMixture } from './generate.ts';
import { option, seconds } from './timing.ts';
import { GAUSS, oneNearestAgreement } from './tsneRun.ts';

export interface UmapRunResult {
  n: number;
  /** The neighbours, the fuzzy graph and the start (ours), or nothing apart (umap-js). */
  setupSeconds: number;
  /** The epochs (ours), or the whole fit (umap-js). */
  epochSeconds: number;
  fitSeconds: number;
  epochs: number;
  search: UmapResult['search'] | 'umap-js';
  start: string;
  /** Trustworthiness T(10), on a sample of 1,000 points above that. */
  trustworthiness: number;
  oneNearest: number;
  maxRssKb: number;
  /** CPU seconds of the whole process, every thread (user + system), before the scoring. */
  cpuSeconds: number;
}

/** One run, as the command line asks (`args`: the arguments after the script); its output line. */
export async function main(args: readonly string[]): Promise<string> {
  const n = Number(option('n', '10000', args));
  const seed = Number(option('seed', '1', args));
  const mixture = gaussianMixture(n, GAUSS.clusters, GAUSS.dims, seed);
  const input = vectorInput(mixture.data, n, mixture.dims);
  const dump = option('dump', '', args);
  if (dump) {
    writeFileSync(dump, mixture.data);
    return '';
  }
  const score = option('score', '', args);
  const done = (
    layout: Float64Array,
    run: Omit<UmapRunResult, 'trustworthiness' | 'oneNearest' | 'maxRssKb' | 'n' | 'cpuSeconds'>,
  ): string => {
    const cpu = process.cpuUsage();
    const quality = projectionQuality(input, layout, { k: 10, seed });
    const out: UmapRunResult = {
      n,
      ...run,
      trustworthiness: quality.trustworthiness,
      oneNearest: oneNearestAgreement(layout, mixture.labels, seed),
      maxRssKb: process.resourceUsage().maxRSS,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
    };
    return JSON.stringify(out);
  };
  const none = { setupSeconds: 0, epochSeconds: 0, fitSeconds: 0, epochs: 0, start: '' };
  if (score) {
    const layout = new Float64Array(readFileSync(score).buffer.slice(0));
    if (layout.length !== 2 * n)
      throw new RangeError(`${score} holds ${layout.length / 2} points, not ${n}`);
    return done(layout, { ...none, search: 'umap-js' });
  }
  if (args.includes('--umap-js')) {
    const rows = Array.from({ length: n }, (_, i) =>
      Array.from(mixture.data.subarray(i * GAUSS.dims, (i + 1) * GAUSS.dims)),
    );
    const random = createRandom(seed);
    const t0 = process.hrtime.bigint();
    const model = new UMAP({ nComponents: 2, nNeighbors: 15, minDist: 0.1, random: random.next });
    const layout = Float64Array.from(model.fit(rows).flat());
    const fit = seconds(t0, process.hrtime.bigint());
    return done(layout, {
      ...none,
      fitSeconds: fit,
      epochSeconds: fit,
      search: 'umap-js',
      start: 'random',
    });
  }
  const team = await startNodeTeam(Number(option('threads', '1', args)));
  const t0 = process.hrtime.bigint();
  let first = 0n;
  const steps = umapSteps(input, { seed, team: team.team });
  let result: UmapResult;
  for (;;) {
    const step = steps.next();
    if (step.done) {
      result = step.value;
      break;
    }
    if (first === 0n && step.value.layout) first = process.hrtime.bigint();
  }
  const end = process.hrtime.bigint();
  await team.close();
  // The first epoch ends before `first` is read: count one epoch's share back to the epochs.
  const total = seconds(t0, end);
  const firstEpoch = (seconds(first, end) / Math.max(1, result.epochs - 1)) * 1;
  const setupSeconds = seconds(t0, first) - firstEpoch;
  return done(result.coordinates, {
    setupSeconds,
    epochSeconds: total - setupSeconds,
    fitSeconds: total,
    epochs: result.epochs,
    search: result.search,
    start: result.start,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = await main(process.argv.slice(2));
  if (out) process.stdout.write(out + '\n');
}
