import { groupIdentical } from '../neighbours/identical.ts';
import type { ProjectionInput } from '../platform/projectionInput.ts';

/**
 * Identical input objects, found once so t-SNE optimises each distinct object once with its
 * multiplicity (tsne.ts). Vectors are identical when their coordinates are equal bit for bit; a
 * distance input that describes its objects by code rows (`rows`, input.ts) when the rows are
 * equal — its distance is then 0 between them by construction.
 */
export interface IdenticalObjects {
  /** Number of distinct objects. */
  unique: number;
  /** The first row of each distinct object, in row order (unique entries). */
  representative: Int32Array;
  /** Each row's distinct object (n entries). */
  of: Int32Array;
  /** How many rows each distinct object stands for (unique entries). */
  multiplicity: Float64Array;
}

/**
 * Null when the input gives no way to tell identical objects (a bare distance function). The
 * grouping is the neighbour search's (identical.ts): vectors compared bit for bit, code rows code
 * for code.
 */
export function identicalObjects(input: ProjectionInput): IdenticalObjects | null {
  let words: Int32Array;
  let width: number;
  if (input.kind === 'vectors') {
    const { data, dims } = input;
    words = new Int32Array(data.buffer, data.byteOffset, data.length * 2);
    width = 2 * dims;
  } else if (input.rows) {
    words = input.rows.codes;
    width = input.rows.width;
  } else return null;
  const groups = groupIdentical(words, input.n, width);
  const multiplicity = new Float64Array(groups.count);
  for (let g = 0; g < groups.count; g++)
    multiplicity[g] = (groups.start[g + 1] as number) - (groups.start[g] as number);
  return {
    unique: groups.count,
    representative: groups.representative,
    of: groups.groupOf,
    multiplicity,
  };
}

/** The input restricted to the distinct objects, in the order of `representative`. */
export function uniqueInput(input: ProjectionInput, groups: IdenticalObjects): ProjectionInput {
  const { representative, unique } = groups;
  if (input.kind === 'vectors') {
    const { data, dims } = input;
    const out = new Float64Array(unique * dims);
    for (let u = 0; u < unique; u++) {
      const r = representative[u] as number;
      out.set(data.subarray(r * dims, (r + 1) * dims), u * dims);
    }
    return { kind: 'vectors', n: unique, dims, data: out };
  }
  const distance = input.distance;
  return {
    kind: 'distance',
    n: unique,
    distance: (i, j) => distance(representative[i] as number, representative[j] as number),
  };
}
