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

/**
 * The groups when merging pays: some objects repeat, and at least 3 distinct points remain (t-SNE
 * and UMAP need 3 to run at all); else null.
 */
export function worthMerging(groups: IdenticalObjects | null, n: number): IdenticalObjects | null {
  return groups && groups.unique < n && groups.unique >= 3 ? groups : null;
}

/**
 * The input restricted to `objects`, in that order (object u of the result is objects[u]). A
 * distance input keeps its per-attribute tables and its rows, restricted alike, so that a
 * neighbour search on the result still groups identical rows and uses the fast kernels.
 */
export function restrictedInput(input: ProjectionInput, objects: Int32Array): ProjectionInput {
  const count = objects.length;
  if (input.kind === 'vectors') {
    const { data, dims } = input;
    const out = new Float64Array(count * dims);
    for (let u = 0; u < count; u++) {
      const r = objects[u] as number;
      out.set(data.subarray(r * dims, (r + 1) * dims), u * dims);
    }
    return { kind: 'vectors', n: count, dims, data: out };
  }
  const { distance, additive, rows } = input;
  return {
    kind: 'distance',
    n: count,
    distance: (i, j) => distance(objects[i] as number, objects[j] as number),
    ...(additive ? { additive: { ...additive, codes: rowsOf(additive.codes, additive.D) } } : {}),
    ...(rows ? { rows: { codes: rowsOf(rows.codes, rows.width), width: rows.width } } : {}),
  };

  function rowsOf(codes: Int32Array, width: number): Int32Array {
    const out = new Int32Array(count * width);
    for (let u = 0; u < count; u++) {
      const r = objects[u] as number;
      out.set(codes.subarray(r * width, (r + 1) * width), u * width);
    }
    return out;
  }
}
