/**
 * One t-SNE run for bench/projection.bench.ts, meant to run in its own process so that its peak
 * memory (process.resourceUsage().maxRSS) is its own:
 *
 *   node --import tsx bench/tsneRun.ts --data gauss --n 5000 [--iterations 1000] [--seed 1]
 *   node --import tsx bench/tsneRun.ts --data cde --n 10000
 *   node --import tsx bench/tsneRun.ts --data mushroom --n 8124 --repulsion fft --duplicates keep
 *
 * Data: `gauss` is a seeded 10-component Gaussian mixture in 16 dimensions (bench/generate.ts,
 * projected as vectors); `cde` and `onehot` are a seeded Adult-like categorical table
 * (bench/generate.ts, 14 attributes, L = 157 values, 4 latent classes) through that
 * representation, projected as the app does, i.e. through its on-demand distance input;
 * `mushroom` is a seeded Mushroom-like table (22 attributes, 117 values, 23 latent classes with
 * steep value preferences, so that many rows repeat: 4,725 distinct of 8,124 at seed 1) one-hot
 * encoded, also through its distance input; `mushroom-distinct` is the duplicate-free
 * Mushroom-shaped table of bench/mushroomDistinct.ts, one-hot. t-SNE runs with its defaults (perplexity 30, θ = 0.5,
 * repulsion `auto`: exact up to 1,000 points, Barnes-Hut above; identical objects merged) from a
 * random start; --repulsion and --duplicates override those two, --point-order rows keeps
 * the rows' order at any size (tsne.ts LOCALITY_MIN_POINTS; for side-by-side runs), --init pca starts from the
 * principal layout (as the app and scikit-learn's init='pca'), --threads N splits the Barnes-Hut
 * gradient across N threads (src/cli/nodeTeam.ts; the layout does not change), --dump FILE only
 * writes the objects as dense float64 rows (n × dims; one-hot for a table) for scikit-learn
 * (bench/sklearnTsne.py), and --score LAYOUT.bin only scores a layout made elsewhere (n × 2 float64:
 * T(10) and 1-NN, as for ours); --layout-out FILE also writes the final layout there (n × 2
 * float64). Prints one JSON line (RunResult) on stdout and progress on stderr.
 *
 * Setup (kNN + affinities + start) and iterations are split at the first iteration's progress
 * step: the run is one generator, so the first step's time is taken as one mean iteration and
 * the rest counted as setup.
 */
import { fileURLToPath } from 'node:url';
import { computeCounts, createRandom } from '../src/core/index.ts';
import { vectorInput, type ProjectionInput } from '../src/core/platform/projectionInput.ts';
import { projectionQuality } from '../src/core/projection/quality.ts';
import { standaloneRepresentation } from '../src/core/platform/representation.ts';
import { discoverMethods } from '../src/cli/discover.ts';
import { runToEnd } from '../src/core/base/jobs.ts';
import { tsneSteps, type RepulsionMethod, type TsneResult } from '../src/core/projection/tsne.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { PCA } from 'ml-pca';
import { startNodeTeam } from '../src/cli/nodeTeam.ts';
import type { CategoricalTable } from '../src/core/data/table/types.ts';
import { gaussianMixture, generateTable } from './generate.ts';
import { distinctMushroomTable } from './mushroomDistinct.ts';
import { option, seconds } from './timing.ts';

export interface RunResult {
  data: string;
  n: number;
  /** Vector dimensions, or null for a distance input. */
  dims: number | null;
  iterations: number;
  gradient: TsneResult['gradient'];
  /** The order t-SNE optimised its points in (tsne.ts LOCALITY_MIN_POINTS). */
  pointOrder: TsneResult['pointOrder'];
  /** Points optimised (distinct objects when identical ones were merged). */
  points: number;
  neighbours: number;
  /** Building the representation (categorical data only). */
  representationSeconds: number;
  setupSeconds: number;
  iterationSeconds: number;
  kl: number;
  /** Trustworthiness T(10), on a sample of 1,000 points above that. */
  trustworthiness: number;
  /** Share of (up to 1,000 sampled) points whose layout nearest neighbour has their label. */
  oneNearest: number;
  /** Peak resident set size of this process in KB: at start (node + modules) and after t-SNE. */
  baselineMaxRssKb: number;
  maxRssKb: number;
}

/** The objects on their first two principal components (ml-pca on the dense rows), n × 2. */
function principalLayout(data: Float64Array, n: number, dims: number): Float64Array {
  const rows = Array.from({ length: n }, (_, i) =>
    Array.from(data.subarray(i * dims, (i + 1) * dims)),
  );
  const scores = new PCA(rows, { center: true }).predict(rows, { nComponents: 2 });
  const out = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    out[2 * i] = scores.get(i, 0);
    out[2 * i + 1] = scores.get(i, 1);
  }
  return out;
}

/** A table's one-hot rows (n × L, dense): what scikit-learn is given. */
function oneHot(table: CategoricalTable): Float64Array {
  const out = new Float64Array(table.nRows * table.nValues);
  for (const a of table.attributes)
    for (let r = 0; r < table.nRows; r++)
      out[r * table.nValues + a.offset + (a.codes[r] as number)] = 1;
  return out;
}

export const GAUSS = { clusters: 10, dims: 16 } as const;
/** The Adult-like value counts of bench/cde.bench.ts (8 categorical + 6 discretised numeric). */
export const ADULT_LIKE = [9, 16, 7, 15, 6, 5, 2, 41, 10, 10, 10, 8, 2, 16];
/** The UCI Mushroom table's value counts per attribute (22 attributes, 117 values). */
export const MUSHROOM_LIKE = [6, 4, 10, 2, 9, 2, 2, 2, 12, 2, 5, 4, 4, 9, 9, 1, 4, 3, 5, 9, 6, 7];

/** One run, as the command line asks (`args`: the arguments after the script); its output line. */
export async function main(args: readonly string[]): Promise<string> {
  await discoverMethods();
  const baselineMaxRssKb = process.resourceUsage().maxRSS;
  const data = option('data', 'gauss', args);
  const n = Number(option('n', '1000', args));
  const iterations = Number(option('iterations', '1000', args));
  const seed = Number(option('seed', '1', args));
  const repulsion = option('repulsion', 'auto', args) as RepulsionMethod;
  const duplicates = option('duplicates', 'merge', args) as 'merge' | 'keep';
  const pointOrder = option('point-order', 'auto', args) as 'auto' | 'rows';
  const threads = Number(option('threads', '1', args));
  const init = option('init', 'random', args);
  const dump = option('dump', '', args);
  const { input, labels, dims, principal, representationSeconds } = benchData(data, n, seed, dump);
  if (dump) return '';
  const score = option('score', '', args);
  if (score) {
    // Only the quality of a layout computed elsewhere (scikit-learn's): n × 2 float64.
    const layout = new Float64Array(readFileSync(score).buffer.slice(0));
    if (layout.length !== 2 * n)
      throw new RangeError(`${score} holds ${layout.length / 2} points, not ${n}`);
    const quality = projectionQuality(input, layout, { k: 10, seed });
    const oneNearest = oneNearestAgreement(layout, labels, seed);
    return JSON.stringify({ trustworthiness: quality.trustworthiness, oneNearest });
  }
  const team = await startNodeTeam(threads);
  const start = process.hrtime.bigint();
  let first = 0n;
  let last = 0n;
  const start0 = init === 'pca' ? principal() : 'random';
  const steps = tsneSteps(input, {
    iterations,
    seed,
    init: start0,
    repulsion,
    duplicates,
    pointOrder,
    team: team.team,
  });
  let result: TsneResult;
  for (;;) {
    const step = steps.next();
    if (step.done) {
      result = step.value;
      break;
    }
    const { iteration } = step.value;
    if (iteration === 1) first = process.hrtime.bigint();
    if (iteration === iterations) last = process.hrtime.bigint();
    if (process.stderr.isTTY && iteration > 0 && iteration % 100 === 0)
      process.stderr.write(
        `\r  ${data} n = ${n}: iteration ${iteration}/${iterations} ` +
          `(${seconds(start, process.hrtime.bigint()).toFixed(1)} s)   `,
      );
  }
  const end = process.hrtime.bigint();
  await team.close();
  if (process.stderr.isTTY) process.stderr.write('\r' + ' '.repeat(70) + '\r');
  const maxRssKb = process.resourceUsage().maxRSS;
  const mean = iterations > 1 ? seconds(first, last) / (iterations - 1) : 0;
  const setupSeconds = seconds(start, first) - mean;
  const iterationSeconds = seconds(start, end) - setupSeconds;

  const layoutOut = option('layout-out', '', args);
  if (layoutOut) writeFileSync(layoutOut, result.coordinates);
  const quality = projectionQuality(input, result.coordinates, { k: 10, seed });
  const out: RunResult = {
    data,
    n,
    dims,
    iterations,
    gradient: result.gradient,
    pointOrder: result.pointOrder,
    points: result.points,
    neighbours: result.neighbours,
    representationSeconds,
    setupSeconds,
    iterationSeconds,
    kl: result.kl,
    trustworthiness: quality.trustworthiness,
    oneNearest: oneNearestAgreement(result.coordinates, labels, seed),
    baselineMaxRssKb,
    maxRssKb,
  };
  return JSON.stringify(out);
}

/** The bench's data set as a projection's input, with its classes and a principal layout for PCA init. */
function benchData(
  data: string,
  n: number,
  seed: number,
  dump: string,
): {
  input: ProjectionInput;
  labels: Int32Array;
  dims: number | null;
  principal: () => Float64Array;
  representationSeconds: number;
} {
  let principal: () => Float64Array;
  let input: ProjectionInput;
  let labels: Int32Array;
  let dims: number | null;
  let representationSeconds = 0;
  if (data === 'gauss') {
    const mixture = gaussianMixture(n, GAUSS.clusters, GAUSS.dims, seed);
    input = vectorInput(mixture.data, n, mixture.dims);
    labels = mixture.labels;
    dims = mixture.dims;
    principal = () => principalLayout(mixture.data, n, GAUSS.dims);
    if (dump) writeFileSync(dump, mixture.data);
  } else if (
    data === 'cde' ||
    data === 'onehot' ||
    data === 'mushroom' ||
    data === 'mushroom-distinct'
  ) {
    const table =
      data === 'mushroom-distinct'
        ? distinctMushroomTable(n, seed).table
        : data === 'mushroom'
          ? generateTable({
              rows: n,
              valueCounts: MUSHROOM_LIKE,
              classes: 23,
              seed,
              zipf: [3, 5],
              coupling: 1,
            })
          : generateTable({ rows: n, valueCounts: ADULT_LIKE, classes: 4, seed });
    const t0 = process.hrtime.bigint();
    const counts = computeCounts(table);
    const representation = runToEnd(
      standaloneRepresentation(table, counts, {
        method: data.startsWith('mushroom') ? 'onehot' : data,
        options: data === 'cde' ? { seed } : {},
      }),
    );
    representationSeconds = seconds(t0, process.hrtime.bigint());
    input = representation.input;
    labels = table.classColumn!.codes;
    dims = representation.dims;
    principal =
      representation.principal ?? (() => principalLayout(oneHot(table), n, table.nValues));
    if (dump) writeFileSync(dump, oneHot(table));
  } else
    throw new RangeError(
      `--data must be gauss, cde, onehot, mushroom or mushroom-distinct, got ${data}`,
    );
  return { input, labels, dims, principal, representationSeconds };
}

/** 1-NN label agreement in the layout over up to 1,000 sampled points (seeded). */
export function oneNearestAgreement(
  layout: Float64Array,
  labels: Int32Array,
  seed: number,
): number {
  const n = labels.length;
  const random = createRandom(seed);
  const m = Math.min(n, 1000);
  let agree = 0;
  for (let s = 0; s < m; s++) {
    const i = m === n ? s : random.int(n);
    const xi = layout[2 * i]!;
    const yi = layout[2 * i + 1]!;
    let best = -1;
    let bestD = Infinity;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const d = (xi - layout[2 * j]!) ** 2 + (yi - layout[2 * j + 1]!) ** 2;
      if (d < bestD) {
        bestD = d;
        best = j;
      }
    }
    if (labels[best] === labels[i]) agree++;
  }
  return agree / m;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = await main(process.argv.slice(2));
  if (out) process.stdout.write(out + '\n');
}
