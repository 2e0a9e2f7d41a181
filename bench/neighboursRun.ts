/**
 * One row of bench/neighbours.bench.ts, in a process of its own so its peak memory is its own:
 * `tsx bench/neighboursRun.ts ROWS DISTANCE K EXACT_BUDGET_S QUERIES [THREADS]`, printing one JSON
 * line.
 *
 * DISTANCE is `hamming`, `cado` (Wang et al. 2015's coupled dissimilarity, IRSI), or `gauss16` (a
 * 10-component Gaussian mixture in 16-D, as vectors). In order:
 * 1. NN-descent (approximateNeighbourSteps: grouping, search, lists with the input's own
 *    distances), timed (wall and CPU), then the peak resident memory so far; then again with its
 *    local joins on a team of THREADS threads (src/cli/nodeTeam.ts; default the cores, at most
 *    4), timed, and its lists compared with the first run's (they must be identical);
 * 2. the exact search (exactNeighbourSteps: every pair, or the vantage-point tree for vectors),
 *    to the end if it finishes within EXACT_BUDGET_S, otherwise stopped there and its time
 *    estimated from the share of the work done (its own progress: pairs, or queries for the tree);
 * 3. recall@k with ties (src/core/neighbours/recall.ts) against the exact k-th distances — of every
 *    row when the exact search finished, else of QUERIES seeded rows, each scanned exactly.
 */
import { discoverMethods } from '../src/cli/discover.ts';
import { computeCounts } from '../src/core/data/counts/counts.ts';
import { runToEnd, type Steps } from '../src/core/base/jobs.ts';
import { standaloneRepresentation } from '../src/core/platform/representation.ts';
import type { InputRef } from '../src/core/platform/spec.ts';
import { approximateNeighbourSteps } from '../src/core/neighbours/approximateKnn.ts';
import { vectorInput, type ProjectionInput } from '../src/core/platform/projectionInput.ts';
import { exactNeighbourSteps, type Neighbours } from '../src/core/neighbours/knn.ts';
import { exactKthDistances, recallWithTies } from '../src/core/neighbours/recall.ts';
import { createRandom, sampleOf } from '../src/core/base/random.ts';
import { defaultThreads, startNodeTeam } from '../src/cli/nodeTeam.ts';
import { serialTeam } from '../src/core/parallel/team.ts';
import { gaussianMixture, prototypeTable } from './generate.ts';

export const ATTRIBUTES = 20;
/** 2 to 12 values per attribute. */
export const VALUE_COUNTS = Array.from({ length: ATTRIBUTES }, (_, a) => 2 + ((a * 7) % 11));
export const SEED = 20261124;

export interface NeighboursRow {
  rows: number;
  distance: string;
  k: number;
  distinct: number;
  approximate: { wall: number; cpu: number; rounds: number; evaluations: number };
  /** The same search with its joins on a team; `identical`: the same lists as on one thread. */
  team: { threads: number; wall: number; cpu: number; identical: boolean };
  peakMB: { data: number; approximate: number };
  exact: { wall: number; finished: boolean; share: number };
  recall: { mean: number; min: number; queries: number; k10?: number };
}

export function input(rows: number, distance: string): ProjectionInput {
  if (distance === 'gauss16') {
    const mixture = gaussianMixture(rows, 10, 16, SEED);
    return vectorInput(mixture.data, rows, 16);
  }
  const table = prototypeTable({
    rows,
    valueCounts: VALUE_COUNTS,
    classes: 10,
    subclasses: 10,
    seed: SEED,
  });
  const call: InputRef =
    distance === 'cado'
      ? { method: 'cas', options: {}, inputs: {}, result: 'cado' }
      : { method: 'hamming', options: {}, inputs: {} };
  return runToEnd(standaloneRepresentation(table, computeCounts(table), call)).input;
}

const maxRssMB = (): number => process.resourceUsage().maxRSS / 1024;

function timed<T>(steps: Steps<T>): { value: T; wall: number; cpu: number } {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = runToEnd(steps);
  const cpu = process.cpuUsage(cpu0);
  return { value, wall: (performance.now() - t0) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
}

/** Runs the exact search for at most `budget` seconds; its time, or an estimate from its share. */
function exactWithin(
  data: ProjectionInput,
  k: number,
  budget: number,
): { wall: number; finished: boolean; share: number; result: Neighbours | null } {
  const steps = exactNeighbourSteps(data, k, createRandom(SEED));
  const t0 = performance.now();
  for (;;) {
    const step = steps.next();
    const elapsed = (performance.now() - t0) / 1000;
    if (step.done) return { wall: elapsed, finished: true, share: 1, result: step.value };
    const share = step.value.fraction;
    if (elapsed > budget && share > 0)
      return { wall: elapsed / share, finished: false, share, result: null };
  }
}

export async function run(
  rows: number,
  distance: string,
  k: number,
  budget: number,
  queries: number,
  threads = defaultThreads(),
): Promise<NeighboursRow> {
  const data = input(rows, distance);
  const dataMB = maxRssMB();
  const approx = timed(approximateNeighbourSteps(data, k, createRandom(SEED), {}, serialTeam));
  const approximateMB = maxRssMB();
  const started = await startNodeTeam(threads);
  const shared = timed(approximateNeighbourSteps(data, k, createRandom(SEED), {}, started.team));
  await started.close();
  const same = (a: ArrayLike<number>, b: ArrayLike<number>) =>
    a.length === b.length &&
    Array.prototype.every.call(a, (x: number, i: number) => Object.is(x, b[i]));
  const team = {
    threads,
    wall: shared.wall,
    cpu: shared.cpu,
    identical:
      same(approx.value.indices, shared.value.indices) &&
      same(approx.value.distances, shared.value.distances),
  };
  const search = approx.value.search;
  const exact = exactWithin(data, k, budget);
  let rowsChecked: Int32Array;
  let kth: Float64Array;
  if (exact.result) {
    rowsChecked = Int32Array.from({ length: rows }, (_, i) => i);
    kth = Float64Array.from(rowsChecked, (i) => exact.result?.distances[i * k + k - 1] as number);
  } else {
    rowsChecked = sampleOf(
      Int32Array.from({ length: rows }, (_, i) => i),
      queries,
      createRandom(SEED + 1),
    );
    kth = runToEnd(exactKthDistances(data, rowsChecked, k));
  }
  const recall = recallWithTies(approx.value, rowsChecked, kth);
  return {
    rows,
    distance,
    k,
    distinct: search?.method === 'nn-descent' ? search.distinct : rows,
    approximate: {
      wall: approx.wall,
      cpu: approx.cpu,
      rounds: search?.method === 'nn-descent' ? search.iterations : 0,
      evaluations: search?.method === 'nn-descent' ? search.evaluations : 0,
    },
    team,
    peakMB: { data: dataMB, approximate: approximateMB },
    exact: { wall: exact.wall, finished: exact.finished, share: exact.share },
    recall: { ...recall, queries: rowsChecked.length },
  };
}

/** The row the command line asks for (`args`: the arguments after the script), as a JSON line. */
export async function main(args: readonly string[]): Promise<string> {
  const [rows, distance, k, budget, queries, threads] = args;
  await discoverMethods();
  const row = await run(
    Number(rows),
    String(distance),
    Number(k),
    Number(budget),
    Number(queries),
    threads ? Number(threads) : undefined,
  );
  return JSON.stringify(row);
}

if (process.argv[1]?.endsWith('neighboursRun.ts')) console.log(await main(process.argv.slice(2)));
