/**
 * CADO's 90 nearest neighbours of 100,000 rows on a team (issue 30), in a process of its own:
 * `tsx bench/cadoNeighboursRun.ts [ROWS] [THREADS] [QUERIES] [DISTANCE]`, printing one JSON line — wall and
 * CPU seconds of approximateNeighbourSteps on THREADS threads (default 2), its rounds and
 * distance evaluations, recall@90 with ties over QUERIES seeded rows (default 100, each scanned
 * exactly), and a hash of the lists (equal hashes: the same graph). The table is
 * bench/neighboursRun.ts's (20 attributes of 2-12 values); DISTANCE is `cado` (default) or
 * `hamming`, the same search with a distance of a few word operations (packed codes), which
 * bounds from below what a cheaper CADO distance could reach. bench/cadoNeighbours.bench.ts runs
 * it on two checkouts alternately.
 */
import { fileURLToPath } from 'node:url';
import { discoverMethods } from '../src/cli/discover.ts';
import { startNodeTeam } from '../src/cli/nodeTeam.ts';
import { runToEnd } from '../src/core/base/jobs.ts';
import { createRandom, sampleOf } from '../src/core/base/random.ts';
import { approximateNeighbourSteps } from '../src/core/neighbours/approximateKnn.ts';
import { exactKthDistances, recallWithTies } from '../src/core/neighbours/recall.ts';
import { input, SEED } from './neighboursRun.ts';

const K = 90;

/** FNV-1a over the indices (a fingerprint of the graph, not a check of anything). */
function hashOf(indices: Int32Array): string {
  let h = 0x811c9dc5;
  for (let t = 0; t < indices.length; t++) h = Math.imul(h ^ (indices[t] as number), 0x01000193);
  return (h >>> 0).toString(16);
}

/** The run the command line asks for (`args`: the arguments after the script), as a JSON line. */
export async function main(args: readonly string[]): Promise<string> {
  const [rowsText, threadsText, queriesText, distanceText] = args;
  const rows = Number(rowsText ?? 100000);
  const threads = Number(threadsText ?? 2);
  const queries = Number(queriesText ?? 100);
  const distance = distanceText ?? 'cado';
  if (distance !== 'cado' && distance !== 'hamming')
    throw new Error(`distance ${distance}: cado or hamming`);
  await discoverMethods();
  const data = input(rows, distance);
  const started = await startNodeTeam(threads);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const found = runToEnd(approximateNeighbourSteps(data, K, createRandom(SEED), {}, started.team));
  const wall = (performance.now() - t0) / 1000;
  const cpuUsed = process.cpuUsage(cpu0);
  await started.close();
  const checked = sampleOf(
    Int32Array.from({ length: rows }, (_, i) => i),
    queries,
    createRandom(SEED + 1),
  );
  const kth = runToEnd(exactKthDistances(data, checked, K));
  const recall = recallWithTies(found, checked, kth);
  const search = found.search;
  return JSON.stringify({
    rows,
    distance,
    threads,
    wall,
    cpu: (cpuUsed.user + cpuUsed.system) / 1e6,
    rounds: search?.method === 'nn-descent' ? search.iterations : 0,
    evaluations: search?.method === 'nn-descent' ? search.evaluations : 0,
    recall: recall.mean,
    queries,
    hash: hashOf(found.indices),
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  console.log(await main(process.argv.slice(2)));
