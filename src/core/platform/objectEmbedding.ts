import { DataError, badOption, internal } from '../base/errors.ts';
import { valueTableSum } from '../base/centreDistance.ts';
import type { Geometry } from '../base/geometry.ts';
import type { CategoricalTable } from '../data/table/types.ts';

/**
 * How a method represents objects as vectors. Two shapes cover every method:
 * - `values`: an object is the concatenation of its values' vectors, one block per attribute
 *   (0-1, IDF, CDE). Nothing per object is stored; rows are produced on demand, and k-means runs
 *   on per-value distance tables (O(n·D) per iteration instead of O(n·dims)).
 * - `dense`: an n × dims matrix (0-1P, whose components mix all attributes).
 */
export type ObjectEmbedding = ValueConcatEmbedding | DenseEmbedding;

export interface ValueConcatEmbedding {
  kind: 'values';
  nObjects: number;
  dims: number;
  /** Width of each attribute's block. */
  blockWidth: Int32Array;
  /** Start of each block within an object vector. */
  blockStart: Int32Array;
  /** Start of value v's vector in `vectors` (its length is its attribute's block width). */
  vectorStart: Int32Array;
  vectors: Float64Array;
  /** Global value of each object in each attribute, row-major n × D. */
  objectValues: Int32Array;
  /** Attribute of each global value. */
  valueAttribute: Int32Array;
}

export interface DenseEmbedding {
  kind: 'dense';
  nObjects: number;
  dims: number;
  data: Float64Array;
}

/** Global value index of each object in each attribute, n × D row-major. */
export function objectValues(table: CategoricalTable): Int32Array {
  if (table.rowless)
    throw new DataError(
      'needs-rows',
      'This table is known by its counts alone: it has no rows to read objects from.',
    );
  const D = table.attributes.length;
  const out = new Int32Array(table.nRows * D);
  table.attributes.forEach((attr, a) => {
    for (let r = 0; r < table.nRows; r++) out[r * D + a] = attr.offset + (attr.codes[r] as number);
  });
  return out;
}

/**
 * The objects' values for an embedding described by its value vectors: none on a table without
 * rows (the result, which keeps only the vectors and n, is all that is used there).
 */
function valuesOfRows(table: CategoricalTable): Int32Array {
  return table.rowless ? new Int32Array(0) : objectValues(table);
}

/**
 * An embedding where every attribute block has `width` columns and value v's vector is row v of
 * the L × width matrix `valueVectors`.
 */
export function uniformValueEmbedding(
  table: CategoricalTable,
  valueVectors: Float64Array,
  width: number,
): ValueConcatEmbedding {
  const D = table.attributes.length;
  const L = table.nValues;
  if (valueVectors.length !== L * width)
    throw internal(`value vectors have ${valueVectors.length} cells, not ${L} × ${width}`);
  return {
    kind: 'values',
    nObjects: table.nRows,
    dims: D * width,
    blockWidth: new Int32Array(D).fill(width),
    blockStart: Int32Array.from({ length: D }, (_, a) => a * width),
    vectorStart: Int32Array.from({ length: L }, (_, v) => v * width),
    vectors: valueVectors,
    objectValues: valuesOfRows(table),
    valueAttribute: table.valueAttribute,
  };
}

/**
 * A value-concatenation embedding whose attribute a has blocks of `blockWidth[a]` columns;
 * `fill(a, u, out)` writes the vector of value u (local to attribute a) into `out`.
 */
export function blockEmbedding(
  table: CategoricalTable,
  blockWidth: Int32Array,
  fill: (attribute: number, value: number, out: Float64Array) => void,
): ValueConcatEmbedding {
  const D = table.attributes.length;
  const blockStart = new Int32Array(D);
  for (let a = 1; a < D; a++)
    blockStart[a] = (blockStart[a - 1] as number) + (blockWidth[a - 1] as number);
  const vectorStart = new Int32Array(table.nValues);
  let size = 0;
  table.attributes.forEach((attr, a) => {
    for (let u = 0; u < attr.labels.length; u++) {
      vectorStart[attr.offset + u] = size;
      size += blockWidth[a] as number;
    }
  });
  const vectors = new Float64Array(size);
  table.attributes.forEach((attr, a) => {
    const w = blockWidth[a] as number;
    for (let u = 0; u < attr.labels.length; u++) {
      const start = vectorStart[attr.offset + u] as number;
      fill(a, u, vectors.subarray(start, start + w));
    }
  });
  return {
    kind: 'values',
    nObjects: table.nRows,
    dims: D === 0 ? 0 : (blockStart[D - 1] as number) + (blockWidth[D - 1] as number),
    blockWidth,
    blockStart,
    vectorStart,
    vectors,
    objectValues: valuesOfRows(table),
    valueAttribute: table.valueAttribute,
  };
}

/** Writes object i's vector into out (length dims). */
export function objectRow(e: ObjectEmbedding, i: number, out: Float64Array): Float64Array {
  if (e.kind === 'dense') {
    out.set(e.data.subarray(i * e.dims, (i + 1) * e.dims));
    return out;
  }
  const D = e.blockWidth.length;
  for (let a = 0; a < D; a++) {
    const v = e.objectValues[i * D + a] as number;
    const start = e.vectorStart[v] as number;
    const w = e.blockWidth[a] as number;
    out.set(e.vectors.subarray(start, start + w), e.blockStart[a] as number);
  }
  return out;
}

/** Cells above which an embedding is not materialised as one n × dims array. */
export const MATERIALISE_LIMIT = 2 ** 26;

export function materialise(e: ObjectEmbedding): Float64Array {
  if (e.kind === 'dense') return e.data;
  const cells = e.nObjects * e.dims;
  if (cells > MATERIALISE_LIMIT)
    throw badOption(
      `${e.nObjects} × ${e.dims} object embedding is too large to store (${cells} cells, limit ${MATERIALISE_LIMIT}); read rows on demand`,
    );
  const out = new Float64Array(cells);
  const row = new Float64Array(e.dims);
  for (let i = 0; i < e.nObjects; i++) out.set(objectRow(e, i, row), i * e.dims);
  return out;
}

/**
 * k-means geometry of a value-concatenation embedding. A centroid is, per attribute, the mean of
 * its members' value vectors, i.e. Σ_v share(v)·vector(v); the squared distance of every value
 * to its attribute's block of every centroid is tabulated once per iteration (L × k), and an
 * object's distance is the sum of its D table entries.
 */
export function valueConcatGeometry(e: ValueConcatEmbedding): Geometry {
  const n = e.nObjects;
  const D = e.blockWidth.length;
  const L = e.vectorStart.length;
  const valueAttribute = e.valueAttribute;
  let k = 0;
  let centroids = new Float64Array(0);
  let table = new Float64Array(0);
  const ensure = (kk: number): void => {
    if (centroids.length < kk * e.dims) {
      const next = new Float64Array(kk * e.dims);
      next.set(centroids);
      centroids = next;
    }
  };
  const vectorDistance = (v: number, target: Float64Array, targetStart: number): number => {
    const a = valueAttribute[v] as number;
    const w = e.blockWidth[a] as number;
    const s0 = e.vectorStart[v] as number;
    let s = 0;
    for (let j = 0; j < w; j++) {
      const d = (e.vectors[s0 + j] as number) - (target[targetStart + j] as number);
      s += d * d;
    }
    return s;
  };
  return {
    n,
    distancesToObject(i, out) {
      // Distance of every value to object i's value in the same attribute, then sum per object.
      const perValue = new Float64Array(L);
      for (let v = 0; v < L; v++) {
        const a = valueAttribute[v] as number;
        const u = e.objectValues[i * D + a] as number;
        perValue[v] = vectorDistance(v, e.vectors, e.vectorStart[u] as number);
      }
      for (let r = 0; r < n; r++) {
        let s = 0;
        for (let a = 0; a < D; a++) s += perValue[e.objectValues[r * D + a] as number] as number;
        out[r] = s;
      }
    },
    setCentroidToObject(c, i) {
      ensure(c + 1);
      for (let a = 0; a < D; a++) {
        const v = e.objectValues[i * D + a] as number;
        const s0 = e.vectorStart[v] as number;
        const w = e.blockWidth[a] as number;
        centroids.set(e.vectors.subarray(s0, s0 + w), c * e.dims + (e.blockStart[a] as number));
      }
    },
    beginAssign(kk) {
      k = kk;
      ensure(k);
      if (table.length < L * k) table = new Float64Array(L * k);
      for (let v = 0; v < L; v++) {
        const a = valueAttribute[v] as number;
        for (let c = 0; c < k; c++)
          table[v * k + c] = vectorDistance(v, centroids, c * e.dims + (e.blockStart[a] as number));
      }
    },
    distanceToCentroid(i, c) {
      return valueTableSum(e.objectValues, D, table, k, i, c);
    },
    centreData: () => ({
      form: 'value-table',
      D,
      L,
      objectValues: e.objectValues,
      centres: () => table,
    }),
    updateCentroids(labels, kk) {
      ensure(kk);
      const members = new Int32Array(kk);
      const valueCounts = new Int32Array(kk * L);
      for (let i = 0; i < n; i++) {
        const c = labels[i] as number;
        members[c] = (members[c] as number) + 1;
        for (let a = 0; a < D; a++) {
          const cell = c * L + (e.objectValues[i * D + a] as number);
          valueCounts[cell] = (valueCounts[cell] as number) + 1;
        }
      }
      for (let c = 0; c < kk; c++) {
        const m = members[c] as number;
        if (m === 0) continue;
        centroids.fill(0, c * e.dims, (c + 1) * e.dims);
        for (let v = 0; v < L; v++) {
          const count = valueCounts[c * L + v] as number;
          if (count === 0) continue;
          const a = valueAttribute[v] as number;
          const w = e.blockWidth[a] as number;
          const s0 = e.vectorStart[v] as number;
          const base = c * e.dims + (e.blockStart[a] as number);
          const share = count / m;
          for (let j = 0; j < w; j++)
            centroids[base + j] =
              (centroids[base + j] as number) + share * (e.vectors[s0 + j] as number);
        }
      }
    },
  };
}
