import type { ProjectionInput } from './input.ts';

/**
 * Identical input objects, found once so t-SNE optimises each distinct object once with its
 * multiplicity (tsne.ts). Vectors are identical when every coordinate is equal; a distance input
 * that describes its objects by code rows (`rows`, input.ts) when the rows are equal — its
 * distance is then 0 between them by construction.
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

/** Null when the input gives no way to tell identical objects (a bare distance function). */
export function identicalObjects(input: ProjectionInput): IdenticalObjects | null {
  let words: Uint32Array | Int32Array;
  let width: number;
  let equal: (i: number, j: number) => boolean;
  if (input.kind === 'vectors') {
    const { data, dims } = input;
    words = new Uint32Array(data.buffer, data.byteOffset, data.length * 2);
    width = 2 * dims;
    equal = (i, j) => {
      for (let k = 0; k < dims; k++) if (data[i * dims + k] !== data[j * dims + k]) return false;
      return true;
    };
  } else if (input.rows) {
    const { codes } = input.rows;
    words = codes;
    width = input.rows.width;
    equal = (i, j) => {
      for (let k = 0; k < width; k++)
        if (codes[i * width + k] !== codes[j * width + k]) return false;
      return true;
    };
  } else return null;
  const n = input.n;
  const of = new Int32Array(n);
  const representative: number[] = [];
  const buckets = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    // FNV-1a over the row's 32-bit words.
    let h = 0x811c9dc5;
    for (let k = i * width; k < (i + 1) * width; k++)
      h = Math.imul(h ^ (words[k] as number), 16777619);
    let bucket = buckets.get(h);
    if (!bucket) buckets.set(h, (bucket = []));
    let found = -1;
    for (const u of bucket)
      if (equal(representative[u] as number, i)) {
        found = u;
        break;
      }
    if (found < 0) {
      found = representative.length;
      representative.push(i);
      bucket.push(found);
    }
    of[i] = found;
  }
  const multiplicity = new Float64Array(representative.length);
  for (let i = 0; i < n; i++)
    multiplicity[of[i] as number] = (multiplicity[of[i] as number] as number) + 1;
  return {
    unique: representative.length,
    representative: Int32Array.from(representative),
    of,
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
