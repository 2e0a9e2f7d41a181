/**
 * The last step of the approximate search (approximateKnn.ts), split across a team: each object's
 * list is its group's other members, then the members of its group's nearest groups, cut at k,
 * with d(i, j) for each and sorted by it. Objects are independent, so a task fills the lists of a
 * chunk of objects and the lists are the same whatever the team.
 *
 * The helpers cannot call the input's d(i, j) (a function), so every thread evaluates it from the
 * input's description as data: g(Σ_a T_a[x_a, y_a]) summed attribute by attribute in order (the
 * additive description, additiveDistance.ts: the same additions as the methods' own d, so the
 * same bits — test/core/neighbours/neighbourLists.test.ts), or the Euclidean distance of vectors.
 * An input known only as a function has its lists filled by the caller alone. At 100,000 rows
 * under CADO this step took 2-4 s on one thread (the method's own d reads its codes attribute by
 * attribute, column by column); from row-major codes on two threads, a fraction of that.
 */
import type { Steps } from '../base/jobs.ts';
import { registerKernel } from '../parallel/kernels.ts';
import { serialTeam, shareWith, type KernelInputs, type Team } from '../parallel/team.ts';
import { squaredRowDistance } from '../platform/additiveDistance.ts';
import { distanceOf, type ProjectionInput } from '../platform/projectionInput.ts';
import type { IdenticalGroups } from './identical.ts';

const KERNEL = 'neighbour-lists';
/** Objects a task. */
const CHUNK = 1024;
/** Tasks a step (progress is reported between steps). */
const TASKS_PER_STEP = 16;

/** The distance as data: 0 an additive description, 1 vectors. */
const ADDITIVE = 0;
const VECTORS = 1;

interface ListInputs {
  n: number;
  k: number;
  /** Groups listed per group (the search's K). */
  K: number;
  groupOf: Int32Array;
  start: Int32Array;
  members: Int32Array;
  /** Group g's K nearest groups at g·K …, nearest first. */
  groupIndices: Int32Array;
  type: number;
  /** ADDITIVE: n × D local codes, the tables, where each starts, each attribute's values. */
  codes: Int32Array;
  tables: Float64Array;
  tableStart: Int32Array;
  width: Int32Array;
  D: number;
  /** 1: d = √Σ. */
  root: number;
  /** VECTORS: n × dims. */
  rows: Float64Array;
  dims: number;
  /** Step s covers tasks params[0] …; outputs n × k. */
  params: Int32Array;
  indices: Int32Array;
  distances: Float64Array;
}

/** d(i, j) from the inputs' data: the additions of the input's own d, in the same order. */
function distanceFromData(inputs: ListInputs): (i: number, j: number) => number {
  if (inputs.type === VECTORS) {
    const { rows, dims } = inputs;
    return (i, j) => Math.sqrt(squaredRowDistance(rows, dims, i, j));
  }
  const { codes, tables, tableStart, width, D, root } = inputs;
  return (i, j) => {
    const a = i * D;
    const b = j * D;
    let s = 0;
    for (let t = 0; t < D; t++)
      s += tables[
        (tableStart[t] as number) +
          (codes[a + t] as number) * (width[t] as number) +
          (codes[b + t] as number)
      ] as number;
    return root ? Math.sqrt(s) : s;
  };
}

function listsKernel(raw: KernelInputs, own?: (i: number, j: number) => number) {
  const inputs = raw as unknown as ListInputs;
  const distance = own ?? distanceFromData(inputs);
  return {
    task(index: number) {
      const from = ((inputs.params[0] as number) + index) * CHUNK;
      fillLists(inputs, distance, from, Math.min(inputs.n, from + CHUNK));
    },
  };
}

registerKernel(KERNEL, (inputs) => listsKernel(inputs));

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
  const data = distanceData(input);
  const onTeam = data ? team : serialTeam;
  const share = <T extends Int32Array | Float64Array>(a: T): T => shareWith(onTeam, a);
  const inputs: ListInputs = {
    n,
    k,
    K,
    groupOf: share(groups.groupOf),
    start: share(groups.start),
    members: share(groups.members),
    groupIndices: share(groupIndices),
    type: ADDITIVE,
    codes: new Int32Array(0),
    tables: new Float64Array(0),
    tableStart: new Int32Array(0),
    width: new Int32Array(0),
    D: 0,
    root: 0,
    rows: new Float64Array(0),
    dims: 0,
    ...(data ? shareData(data, share) : {}),
    params: onTeam.allocate(Int32Array, 1),
    indices: onTeam.allocate(Int32Array, n * k),
    distances: onTeam.allocate(Float64Array, n * k),
  };
  const local = listsKernel(inputs as unknown as KernelInputs, data ? undefined : distanceOf(input));
  const binding = onTeam.bind(KERNEL, inputs as unknown as KernelInputs, local);
  const chunks = Math.ceil(n / CHUNK);
  try {
    for (let first = 0; first < chunks; first += TASKS_PER_STEP) {
      inputs.params[0] = first;
      binding.run(Math.min(TASKS_PER_STEP, chunks - first));
      const done = Math.min(n, (first + TASKS_PER_STEP) * CHUNK);
      yield { fraction: done / n, message: `neighbour lists ${done}/${n}` };
    }
  } finally {
    binding.release();
  }
  // Results leave the team's shared memory (they may be sent to another thread as copies).
  return { indices: inputs.indices.slice(), distances: inputs.distances.slice() };
}

type DistanceData = Pick<
  ListInputs,
  'type' | 'codes' | 'tables' | 'tableStart' | 'width' | 'D' | 'root' | 'rows' | 'dims'
>;

/** The input's distance as data, or null when it is known only as a function. */
function distanceData(input: ProjectionInput): Partial<DistanceData> | null {
  if (input.kind === 'vectors') return { type: VECTORS, rows: input.data, dims: input.dims };
  const add = input.additive;
  if (!add) return null;
  const { codes, tables, tableStart, width, D, root } = add;
  return { type: ADDITIVE, codes, tables, tableStart, width, D, root: root ? 1 : 0 };
}

function shareData(
  data: Partial<DistanceData>,
  share: <T extends Int32Array | Float64Array>(a: T) => T,
): Partial<DistanceData> {
  const out: Partial<DistanceData> = { ...data };
  for (const key of ['codes', 'tables', 'tableStart', 'width', 'rows'] as const) {
    const a = data[key];
    if (a) (out as Record<string, unknown>)[key] = share(a);
  }
  return out;
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
