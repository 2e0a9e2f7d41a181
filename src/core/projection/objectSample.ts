import { createRandom, shuffleFront } from '../base/random.ts';
import type { ParameterSpec } from '../base/parameters.ts';
import type { ProjectionInput } from '../platform/projectionInput.ts';
import type { ProjectionSource } from './project.ts';

/**
 * Iterative per-object layouts (t-SNE, UMAP) above a stated size lay out a seeded sample of the
 * objects, not all of them: a t-SNE of a million objects would run for an hour in a browser tab.
 * The sample is uniform without replacement (seeded, so the same call gives the same sample);
 * objects outside it get no position (NaN), which every scatter skips, and the layout's detail
 * says how many of how many were laid out. Colour by, selection and linking still address the
 * table's rows: a sampled object is row `rows[s]`.
 */
export const SAMPLE_DEFAULT = 50_000;

export const SAMPLE_PARAMETER = {
  name: 'sample',
  type: 'integer',
  default: SAMPLE_DEFAULT,
  min: 0,
  max: 100_000_000,
  maxBecause:
    'more objects than a tab can hold, each laid out keeping its coordinates and some 90 neighbours (0 = all)',
  description:
    'Lay out at most this many objects, a seeded uniform sample (the others are not drawn); 0 = all',
} as const satisfies ParameterSpec;

/** The rows laid out (ascending), or null when all of them are (n ≤ max, or max = 0). */
export function objectSample(n: number, max: number, seed: number): Int32Array | null {
  if (max <= 0 || n <= max) return null;
  const pool = Int32Array.from({ length: n }, (_, i) => i);
  // A seed of its own, so the sample does not shift the layout's own draws.
  shuffleFront(pool, max, createRandom((seed ^ 0x5a3c9e1) >>> 0));
  return pool.slice(0, max).sort();
}

/** The source restricted to `rows`: object s of the result is object rows[s] of the source. */
export function sampleSource(source: ProjectionSource, rows: Int32Array): ProjectionSource {
  const { principal } = source;
  return {
    input: sampleInput(source.input, rows),
    principal: principal ? () => sampleRows(principal(), 2, rows) : null,
  };
}

export function sampleInput(input: ProjectionInput, rows: Int32Array): ProjectionInput {
  const n = rows.length;
  if (input.kind === 'vectors')
    return { kind: 'vectors', n, dims: input.dims, data: sampleRows(input.data, input.dims, rows) };
  const { distance, additive, rows: codes } = input;
  return {
    kind: 'distance',
    n,
    distance: (i, j) => distance(rows[i] as number, rows[j] as number),
    ...(additive && {
      additive: { ...additive, codes: sampleRows(additive.codes, additive.D, rows) },
    }),
    ...(codes && {
      rows: { codes: sampleRows(codes.codes, codes.width, rows), width: codes.width },
    }),
  };
}

/** Rows `rows` of an n × width row-major array, in that order. */
export function sampleRows<T extends Float64Array | Int32Array>(
  data: T,
  width: number,
  rows: Int32Array,
): T {
  const out = new (data.constructor as new (length: number) => T)(rows.length * width);
  rows.forEach((row, s) => out.set(data.subarray(row * width, (row + 1) * width), s * width));
  return out;
}

/** The sample's n_s × 2 layout spread over all n objects; objects outside it are NaN. */
export function spreadLayout(coordinates: Float64Array, rows: Int32Array, n: number): Float64Array {
  const out = new Float64Array(2 * n).fill(Number.NaN);
  rows.forEach((row, s) => {
    out[2 * row] = coordinates[2 * s] as number;
    out[2 * row + 1] = coordinates[2 * s + 1] as number;
  });
  return out;
}
