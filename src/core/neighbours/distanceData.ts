/**
 * An input's distance (platform/projectionInput.ts) as plain data that a team's helpers can read
 * (core/parallel/team.ts): the input's own d(i, j) is a function no other thread can call. For
 * an object distance or a value embedding it is the additive description g(Σ_a T_a[x_a, y_a])
 * (platform/additiveDistance.ts), summed attribute by attribute in order — the same additions as
 * the methods' own d, so the same bits (test/core/neighbours/neighbourLists.test.ts); for
 * vectors, the Euclidean distance. Null for a distance known only as a function.
 */
import { shareWith, type Team } from '../parallel/team.ts';
import { squaredRowDistance } from '../platform/additiveDistance.ts';
import type { ProjectionInput } from '../platform/projectionInput.ts';

/** 0: an additive description; 1: vectors. */
export const ADDITIVE = 0;
export const VECTORS = 1;

export interface DistanceData {
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
}

/** No data (the caller's own function is used instead). */
export function noDistanceData(): DistanceData {
  return {
    type: ADDITIVE,
    codes: new Int32Array(0),
    tables: new Float64Array(0),
    tableStart: new Int32Array(0),
    width: new Int32Array(0),
    D: 0,
    root: 0,
    rows: new Float64Array(0),
    dims: 0,
  };
}

/** The input's distance as data on `team`'s memory, or null when it is only a function. */
export function distanceDataOf(input: ProjectionInput, team: Team): DistanceData | null {
  const empty = noDistanceData();
  if (input.kind === 'vectors')
    return { ...empty, type: VECTORS, rows: shareWith(team, input.data), dims: input.dims };
  const add = input.additive;
  if (!add) return null;
  return {
    ...empty,
    type: ADDITIVE,
    codes: shareWith(team, add.codes),
    tables: shareWith(team, add.tables),
    tableStart: shareWith(team, add.tableStart),
    width: shareWith(team, add.width),
    D: add.D,
    root: add.root ? 1 : 0,
  };
}

/** d(i, j) from the data: the additions of the input's own d, in the same order. */
export function distanceFromData(data: DistanceData): (i: number, j: number) => number {
  if (data.type === VECTORS) {
    const { rows, dims } = data;
    return (i, j) => Math.sqrt(squaredRowDistance(rows, dims, i, j));
  }
  const { codes, tables, tableStart, width, D, root } = data;
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
