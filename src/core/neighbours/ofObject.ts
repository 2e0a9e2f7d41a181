import type { Steps } from '../base/jobs.ts';
import { distanceOf, type ProjectionInput } from '../platform/projectionInput.ts';
import { currentTeam } from '../parallel/ambient.ts';
import { chunkSteps } from '../parallel/chunkSteps.ts';
import { serialTeam, type Team } from '../parallel/team.ts';
import { teamKernel } from '../parallel/teamKernel.ts';
import {
  distanceDataOf,
  distanceFromData,
  noDistanceData,
  type DistanceData,
} from './distanceData.ts';
import { graphCandidates, rememberedGraph } from './graphMemo.ts';
import { badOption } from '../base/errors.ts';

/** One object's k nearest other objects, nearest first, ties by row index. */
export interface ObjectNeighbours {
  row: number;
  k: number;
  indices: Int32Array;
  distances: Float64Array;
  /**
   * 'exact': every other object's distance was computed; 'graph': the candidates came from an
   * NN-descent graph already found on this representation (a t-SNE's), their distances exact.
   */
  search: 'exact' | 'graph';
}

/**
 * The k nearest objects of `row` under the input's distance. With `reuse`, candidates come from a
 * remembered NN-descent graph of this input when there is one (graphMemo.ts: O(K) distances
 * instead of n); otherwise every other object is compared (O(n) distances, in chunks across
 * `team` when the distance is data its helpers can read: distanceData.ts). Either way the list
 * is sorted by distance, then by row index.
 */
export function* objectNeighbourSteps(
  input: ProjectionInput,
  row: number,
  k: number,
  reuse = true,
  team: Team = currentTeam(),
): Steps<ObjectNeighbours> {
  const { n } = input;
  if (!Number.isInteger(row) || row < 0 || row >= n)
    throw badOption(`row must be a row index from 0 to ${n - 1}, got ${row}`);
  if (!Number.isInteger(k) || k < 1 || k > n - 1)
    throw badOption(`k must be a whole number from 1 to n − 1 = ${n - 1}, got ${k}`);
  const distance = distanceOf(input);
  const graph = reuse ? rememberedGraph(input) : null;
  const candidates = graph ? graphCandidates(graph, row, k) : null;
  let rows: Int32Array;
  let d: Float64Array;
  if (candidates) {
    rows = candidates;
    d = Float64Array.from(candidates, (j) => distance(row, j));
  } else {
    const all = yield* distancesFromRow(input, row, team);
    rows = new Int32Array(n - 1);
    d = new Float64Array(n - 1);
    for (let j = 0, t = 0; j < n; j++)
      if (j !== row) {
        rows[t] = j;
        d[t++] = all[j] as number;
      }
  }
  const order = Array.from(rows.keys()).sort(
    (a, b) => (d[a] as number) - (d[b] as number) || (rows[a] as number) - (rows[b] as number),
  );
  const top = order.slice(0, k);
  return {
    row,
    k,
    indices: Int32Array.from(top, (t) => rows[t] as number),
    distances: Float64Array.from(top, (t) => d[t] as number),
    search: candidates ? 'graph' : 'exact',
  };
}

const KERNEL = teamKernel('object-distances', (inputs: RowInputs) => rowKernel(inputs));
/** Objects a task. */
const CHUNK = 8192;
/** Tasks a step (progress is reported between steps). */
const TASKS_PER_STEP = 8;

interface RowInputs extends DistanceData {
  n: number;
  row: number;
  /** The step's first chunk. */
  params: Int32Array;
  /** d(row, j) for every j. */
  out: Float64Array;
}

function rowKernel(inputs: RowInputs, own?: (i: number, j: number) => number) {
  const distance = own ?? distanceFromData(inputs);
  return {
    task(index: number) {
      const { n, row, out } = inputs;
      const from = ((inputs.params[0] as number) + index) * CHUNK;
      const to = Math.min(n, from + CHUNK);
      for (let j = from; j < to; j++) out[j] = distance(row, j);
    },
  };
}

/** d(row, j) for every object j, in chunks across the team (the same values whatever the team). */
function* distancesFromRow(input: ProjectionInput, row: number, team: Team): Steps<Float64Array> {
  const { n } = input;
  const data = distanceDataOf(input, team);
  const onTeam = data ? team : serialTeam;
  const inputs: RowInputs = {
    ...(data ?? noDistanceData()),
    n,
    row,
    params: onTeam.allocate(Int32Array, 1),
    out: onTeam.allocate(Float64Array, n),
  };
  const local = rowKernel(inputs, data ? undefined : distanceOf(input));
  const binding = KERNEL.bind(onTeam, inputs, local);
  yield* chunkSteps(binding, inputs.params, n, CHUNK, TASKS_PER_STEP, 'distances');
  return inputs.out;
}
