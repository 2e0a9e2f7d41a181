/**
 * The last step of the approximate search (approximateKnn.ts), split across a team: each object's
 * list is its group's other members, then the members of its group's nearest groups, cut at k,
 * with d(i, j) for each and sorted by it. Objects are independent, so a task fills the lists of a
 * chunk of objects and the lists are the same whatever the team.
 *
 * Every thread evaluates d(i, j) from the input's distance as data (distanceData.ts: the same
 * bits as the input's own d); an input known only as a function has its lists filled by the
 * caller alone. At 100,000 rows
 * under CADO this step took 2-4 s on one thread (the method's own d reads its codes attribute by
 * attribute, column by column); from row-major codes on two threads, a fraction of that.
 */
import type { Steps } from '../base/jobs.ts';
import { chunkSteps } from '../parallel/chunkSteps.ts';
import { serialTeam, shareWith, type Team } from '../parallel/team.ts';
import { teamKernel } from '../parallel/teamKernel.ts';
import { distanceOf, type ProjectionInput } from '../platform/projectionInput.ts';
import {
  distanceDataOf,
  distanceFromData,
  noDistanceData,
  type DistanceData,
} from './distanceData.ts';
import type { IdenticalGroups } from './identical.ts';

const KERNEL = teamKernel('neighbour-lists', (inputs: ListInputs) => listsKernel(inputs));
/** Objects a task. */
const CHUNK = 1024;
/** Tasks a step (progress is reported between steps). */
const TASKS_PER_STEP = 16;

interface ListInputs extends DistanceData {
  n: number;
  k: number;
  /** Groups listed per group (the search's K). */
  K: number;
  groupOf: Int32Array;
  start: Int32Array;
  members: Int32Array;
  /** Group g's K nearest groups at g·K …, nearest first. */
  groupIndices: Int32Array;
  /** Step s covers tasks params[0] …; outputs n × k. */
  params: Int32Array;
  indices: Int32Array;
  distances: Float64Array;
}

function listsKernel(inputs: ListInputs, own?: (i: number, j: number) => number) {
  const distance = own ?? distanceFromData(inputs);
  return {
    task(index: number) {
      const from = ((inputs.params[0] as number) + index) * CHUNK;
      fillLists(inputs, distance, from, Math.min(inputs.n, from + CHUNK));
    },
  };
}

/** The lists of objects from … to − 1. */
function fillLists(
  inputs: ListInputs,
  distance: (i: number, j: number) => number,
  from: number,
  to: number,
): void {
  const { k, K, groupOf, start, members, groupIndices, indices, distances } = inputs;
  for (let i = from; i < to; i++) {
    const g = groupOf[i] as number;
    const base = i * k;
    let taken = 0;
    for (let s = start[g] as number; s < (start[g + 1] as number) && taken < k; s++)
      if (members[s] !== i) indices[base + taken++] = members[s] as number;
    for (let t = 0; t < K && taken < k; t++) {
      const h = groupIndices[g * K + t] as number;
      for (let s = start[h] as number; s < (start[h + 1] as number) && taken < k; s++)
        indices[base + taken++] = members[s] as number;
    }
    for (let t = 0; t < k; t++) distances[base + t] = distance(i, indices[base + t] as number);
    sortRow(indices, distances, base, k);
  }
}

/**
 * Every object's k neighbours from its group's K nearest groups (`groupIndices`, m × K), on
 * `team` when the input's distance is data its helpers can read.
 */
export function* neighbourListSteps(
  input: ProjectionInput,
  groups: IdenticalGroups,
  groupIndices: Int32Array,
  K: number,
  k: number,
  team: Team,
): Steps<{ indices: Int32Array; distances: Float64Array }> {
  const { n } = input;
  const data = distanceDataOf(input, team);
  const onTeam = data ? team : serialTeam;
  const share = <T extends Int32Array>(a: T): T => shareWith(onTeam, a);
  const inputs: ListInputs = {
    ...(data ?? noDistanceData()),
    n,
    k,
    K,
    groupOf: share(groups.groupOf),
    start: share(groups.start),
    members: share(groups.members),
    groupIndices: share(groupIndices),
    params: onTeam.allocate(Int32Array, 1),
    indices: onTeam.allocate(Int32Array, n * k),
    distances: onTeam.allocate(Float64Array, n * k),
  };
  const local = listsKernel(inputs, data ? undefined : distanceOf(input));
  const binding = KERNEL.bind(onTeam, inputs, local);
  yield* chunkSteps(binding, inputs.params, n, CHUNK, TASKS_PER_STEP, 'neighbour lists');
  // Results leave the team's shared memory (they may be sent to another thread as copies).
  return { indices: inputs.indices.slice(), distances: inputs.distances.slice() };
}

/**
 * Insertion sort of one row by distance, stable (ties stay in the order found): rows arrive
 * sorted up to the last bits of the kernel's sums.
 */
function sortRow(indices: Int32Array, distances: Float64Array, base: number, k: number): void {
  for (let t = 1; t < k; t++) {
    const j = indices[base + t] as number;
    const d = distances[base + t] as number;
    let u = t - 1;
    while (u >= 0) {
      const e = distances[base + u] as number;
      if (e <= d) break;
      indices[base + u + 1] = indices[base + u] as number;
      distances[base + u + 1] = e;
      u--;
    }
    indices[base + u + 1] = j;
    distances[base + u + 1] = d;
  }
}
