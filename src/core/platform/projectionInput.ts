import type { ObjectEmbedding } from './objectEmbedding.ts';
import { localCodes, squaredRowDistance, type AdditiveDistance } from './additiveDistance.ts';
import { internal } from '../base/errors.ts';

/**
 * What a projection is computed from. Vector methods hand over object vectors; similarity-based
 * methods (CASO/CADO, DILCA, Hamming …) hand over a distance evaluated on demand, so no n × n
 * matrix is ever built for them.
 */
export type ProjectionInput = VectorInput | DistanceInput;

export interface VectorInput {
  kind: 'vectors';
  n: number;
  dims: number;
  /** n × dims, row-major. */
  data: Float64Array;
}

export interface DistanceInput {
  kind: 'distance';
  n: number;
  /** Symmetric, d(i, i) = 0, non-negative; need not be Euclidean. */
  distance(i: number, j: number): number;
  /**
   * The same distance described as per-attribute value tables (every categorical distance of the
   * platform is one), when known: neighbour searches use it to group identical objects and to
   * evaluate distances by attribute groups. `distance` stays the reference.
   */
  additive?: AdditiveDistance;
  /**
   * The rows the distance is computed from (n × width value codes), when it depends on nothing
   * else: objects with equal rows are then identical (t-SNE merges them, duplicates.ts).
   */
  rows?: { codes: Int32Array; width: number };
}

export function vectorInput(data: Float64Array, n: number, dims: number): VectorInput {
  if (!Number.isInteger(n) || n < 0) throw internal(`n must be a whole number, got ${n}`);
  if (!Number.isInteger(dims) || dims < 1)
    throw internal(`dims must be a positive whole number, got ${dims}`);
  if (data.length !== n * dims)
    throw internal(`vector data has ${data.length} cells, not ${n} × ${dims}`);
  return { kind: 'vectors', n, dims, data };
}

/** Euclidean distance between rows i and j of a vector input. */
export function euclidean(input: VectorInput, i: number, j: number): number {
  return Math.sqrt(squaredRowDistance(input.data, input.dims, i, j));
}

/** The input's distance as a function, whatever its kind. */
export function distanceOf(input: ProjectionInput): (i: number, j: number) => number {
  if (input.kind === 'distance') return input.distance;
  return (i, j) => euclidean(input, i, j);
}

/**
 * An object embedding as a projection input. A value-concatenation embedding (0-1, IDF, CDE) is
 * kept as per-attribute value distance tables, d(i, j)² = Σ_a table_a[x_ia, x_ja]: O(D) per
 * distance however wide the vectors are, and never materialised. A dense one is used as vectors.
 */
export function embeddingInput(e: ObjectEmbedding): ProjectionInput {
  if (e.kind === 'dense') return vectorInput(e.data, e.nObjects, e.dims);
  const squared = valuePairSquaredDistances(e);
  const D = e.blockWidth.length;
  const { objectValues, valueAttribute } = e;
  const { table, tableStart, tableWidth, firstValue } = squared;
  return {
    kind: 'distance',
    n: e.nObjects,
    additive: {
      D,
      codes: localCodes(objectValues, D, firstValue),
      tables: table,
      tableStart,
      width: tableWidth,
      root: true,
    },
    rows: { codes: objectValues, width: D },
    distance(i, j) {
      let s = 0;
      const a0 = i * D;
      const b0 = j * D;
      for (let a = 0; a < D; a++) {
        const u = objectValues[a0 + a] as number;
        const v = objectValues[b0 + a] as number;
        if (u === v) continue;
        const attr = valueAttribute[u] as number;
        const w = tableWidth[attr] as number;
        const base = tableStart[attr] as number;
        const first = firstValue[attr] as number;
        s += table[base + (u - first) * w + (v - first)] as number;
      }
      return Math.sqrt(s);
    },
  };
}

interface ValuePairTables {
  /** Per attribute, an m × m table of squared distances between its values' vectors. */
  table: Float64Array;
  tableStart: Int32Array;
  tableWidth: Int32Array;
  /** Global index of each attribute's first value. */
  firstValue: Int32Array;
}

function valuePairSquaredDistances(
  e: Extract<ObjectEmbedding, { kind: 'values' }>,
): ValuePairTables {
  const D = e.blockWidth.length;
  const L = e.valueAttribute.length;
  const firstValue = new Int32Array(D).fill(-1);
  const count = new Int32Array(D);
  for (let v = 0; v < L; v++) {
    const a = e.valueAttribute[v] as number;
    if (firstValue[a] === -1) firstValue[a] = v;
    count[a] = (count[a] as number) + 1;
  }
  const tableStart = new Int32Array(D);
  let total = 0;
  for (let a = 0; a < D; a++) {
    tableStart[a] = total;
    total += (count[a] as number) ** 2;
  }
  const table = new Float64Array(total);
  for (let a = 0; a < D; a++) {
    const m = count[a] as number;
    const first = firstValue[a] as number;
    const width = e.blockWidth[a] as number;
    for (let x = 0; x < m; x++)
      for (let y = x + 1; y < m; y++) {
        const px = e.vectorStart[first + x] as number;
        const py = e.vectorStart[first + y] as number;
        let s = 0;
        for (let k = 0; k < width; k++) {
          const d = (e.vectors[px + k] as number) - (e.vectors[py + k] as number);
          s += d * d;
        }
        table[(tableStart[a] as number) + x * m + y] = s;
        table[(tableStart[a] as number) + y * m + x] = s;
      }
  }
  return { table, tableStart, tableWidth: count, firstValue };
}
