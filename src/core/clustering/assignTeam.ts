/**
 * k-means's and k-modes's assignment (kmeans.ts) split across a team (core/parallel/team.ts):
 * each object's nearest centre depends only on the object and the centres, so a task takes a
 * chunk of objects and writes only their centre and distance. The distances are the geometry's
 * own sums (base/centreDistance.ts) and the same search (nearestCentre.ts), so every object gets
 * the same centre and the same distance, bit for bit, on any thread. What follows the assignment
 * — counting the changes and the cluster sizes, the update of the centres, the inertia — runs on
 * the caller in object order, as before: the clustering is the same whatever the team.
 *
 * The centres change every iteration; the caller copies them (k × dim, L × k or k × D numbers)
 * and the previous labels into the team's memory before each assignment.
 */
import {
  modeCost,
  squaredDistance,
  squaredDistanceBelow,
  valueTableSum,
  type CentreData,
} from '../base/centreDistance.ts';
import type { Geometry } from '../base/geometry.ts';
import { shareWith, type Team } from '../parallel/team.ts';
import { numbered, paramsOn, teamKernel } from '../parallel/teamKernel.ts';
import {
  nearestCentroid,
  offerCentre,
  type CentreDistances,
  type NearestScan,
} from './nearestCentre.ts';

const KERNEL = teamKernel('kmeans-assign', assignKernel);
/** Objects a task. */
const CHUNK = 1024;
/**
 * Objects from which the assignment splits: below it an iteration takes well under a
 * millisecond, about what waking the team's threads costs.
 */
export const ASSIGN_TEAM_MIN_OBJECTS = 4096;

/** The forms of the centres' data (CentreData). */
const FORM = numbered('dense', 'value-table', 'value-cost');
/** params cells: the first chunk of the step. */
const CELL = numbered('firstChunk');

interface AssignInputs {
  form: number;
  n: number;
  k: number;
  /** dim (dense), D (value forms). */
  width: number;
  bounded: number;
  /** dense: the rows. */
  data: Float64Array;
  /** value-table: object values; value-cost: local codes (n × D). */
  codes: Int32Array;
  /** value-cost: the cost tables. */
  widths: Int32Array;
  tables: Float64Array;
  tableStart: Int32Array;
  /** The centres this iteration: dense k × dim, value-table L × k (Float64); value-cost k × D. */
  centres: Float64Array;
  modes: Int32Array;
  /** Previous labels (−1 before the first assignment); out: nearest centre and distance. */
  labels: Int32Array;
  nearest: Int32Array;
  best: Float64Array;
  params: Int32Array;
}

/**
 * Object i's nearest centre and distance, written to nearest[i] and best[i]: the same answer as
 * nearestCentroid (nearestCentre.ts) over the geometry, by the same sums (base/centreDistance.ts).
 */
type Assign = (i: number) => void;

function denseAssign(inputs: AssignInputs): Assign {
  const { k, width: dim, data, centres, labels, nearest, best } = inputs;
  const view: CentreDistances = {
    distanceToCentroid: (i, c) => squaredDistance(data, i * dim, centres, c * dim, dim),
  };
  if (inputs.bounded)
    view.distanceToCentroidBelow = (i, c, bound) =>
      squaredDistanceBelow(data, i * dim, centres, c * dim, dim, bound);
  return (i) => {
    const [arg, min] = nearestCentroid(view, i, k, labels[i] as number);
    nearest[i] = arg;
    best[i] = min;
  };
}

/**
 * The nearest of sum(0) … sum(k − 1) into nearest[i] and best[i], ties broken as nearestCentroid
 * breaks them (nearestCentre.ts).
 */
function lowestOf(
  sum: (c: number) => number,
  k: number,
  i: number,
  nearest: Int32Array,
  best: Float64Array,
): void {
  const first = sum(0);
  const scan: NearestScan = { arg: 0, argDistance: first, min: first };
  for (let c = 1; c < k; c++) offerCentre(scan, c, sum(c));
  nearest[i] = scan.arg;
  best[i] = scan.argDistance;
}

/** valueTableSum for every centre (a value-concatenation embedding). */
function valueTableAssign(inputs: AssignInputs): Assign {
  const { k, width: D, codes, centres: table, nearest, best } = inputs;
  let i = 0;
  const sum = (c: number): number => valueTableSum(codes, D, table, k, i, c);
  return (object) => {
    i = object;
    lowestOf(sum, k, i, nearest, best);
  };
}

/** modeCost for every centre (k-modes). */
function valueCostAssign(inputs: AssignInputs): Assign {
  const { k, width: D, codes, modes, nearest, best } = inputs;
  const costs = {
    codes,
    widths: inputs.widths,
    tables: inputs.tables,
    tableStart: inputs.tableStart,
  };
  let i = 0;
  const sum = (c: number): number => modeCost(costs, i, modes, c * D);
  return (object) => {
    i = object;
    lowestOf(sum, k, i, nearest, best);
  };
}

function assignKernel(inputs: AssignInputs) {
  const assign =
    inputs.form === FORM.dense
      ? denseAssign(inputs)
      : inputs.form === FORM['value-table']
        ? valueTableAssign(inputs)
        : valueCostAssign(inputs);
  return {
    task(index: number) {
      const from = ((inputs.params[CELL.firstChunk] as number) + index) * CHUNK;
      const to = Math.min(inputs.n, from + CHUNK);
      for (let i = from; i < to; i++) assign(i);
    },
  };
}

/** Assigns every object to its nearest centre on a team; see teamAssigner. */
export interface TeamAssigner {
  /**
   * After `geometry.beginAssign(k)`: each object's nearest centre (given its previous label)
   * and squared distance, in `nearest` and `best`.
   */
  assign(labels: Int32Array): { nearest: Int32Array; best: Float64Array };
  release(): void;
}

/**
 * The assignment of `geometry`'s n objects to k centres bound on `team`, or null when it is not
 * worth it (a team of one, fewer than `minObjects` objects) or the geometry cannot describe its
 * data (centreData).
 */
export function teamAssigner(
  geometry: Geometry,
  k: number,
  team: Team,
  minObjects = ASSIGN_TEAM_MIN_OBJECTS,
): TeamAssigner | null {
  const { n } = geometry;
  if (team.size < 2 || n < minObjects || n < 1) return null;
  const data = geometry.centreData?.();
  if (!data) return null;
  const inputs = assignInputs(data, n, k, team);
  const size = centreCount(data, k);
  const binding = KERNEL.bind(team, inputs);
  return {
    assign(labels) {
      const centres = data.centres();
      if (data.form === 'value-cost') inputs.modes.set(centres.subarray(0, size));
      else inputs.centres.set(centres.subarray(0, size));
      inputs.labels.set(labels);
      const chunks = Math.ceil(n / CHUNK);
      inputs.params[CELL.firstChunk] = 0;
      binding.run(chunks);
      return { nearest: inputs.nearest, best: inputs.best };
    },
    release: () => binding.release(),
  };
}

/** Numbers the centres take for k of them. */
function centreCount(data: CentreData, k: number): number {
  if (data.form === 'dense') return k * data.dim;
  if (data.form === 'value-table') return data.L * k;
  return k * data.costs.widths.length;
}

function assignInputs(data: CentreData, n: number, k: number, team: Team): AssignInputs {
  const none = { data: new Float64Array(0), codes: new Int32Array(0) };
  const costs =
    data.form === 'value-cost'
      ? {
          codes: shareWith(team, data.costs.codes),
          widths: shareWith(team, data.costs.widths),
          tables: shareWith(team, data.costs.tables),
          tableStart: shareWith(team, data.costs.tableStart),
        }
      : {
          widths: new Int32Array(0),
          tables: new Float64Array(0),
          tableStart: new Int32Array(0),
        };
  const size = centreCount(data, k);
  return {
    form: FORM[data.form],
    n,
    k,
    width:
      data.form === 'dense'
        ? data.dim
        : data.form === 'value-table'
          ? data.D
          : data.costs.widths.length,
    bounded: data.form === 'dense' && data.bounded ? 1 : 0,
    ...none,
    ...(data.form === 'dense' && { data: shareWith(team, data.data) }),
    ...(data.form === 'value-table' && { codes: shareWith(team, data.objectValues) }),
    ...costs,
    centres: team.allocate(Float64Array, data.form === 'value-cost' ? 0 : size),
    modes: team.allocate(Int32Array, data.form === 'value-cost' ? size : 0),
    labels: team.allocate(Int32Array, n),
    nearest: team.allocate(Int32Array, n),
    best: team.allocate(Float64Array, n),
    params: paramsOn(team, Int32Array, CELL),
  };
}
