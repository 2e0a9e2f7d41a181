/**
 * Seeded inputs for the projection tests (kNN, MDS, t-SNE, quality). Each generator draws from
 * createRandom(seed) in a fixed order, so one seed gives one data set.
 */
import { createRandom } from '../../../src/core/base/random.ts';
import { normal } from '../../../bench/generate.ts';
import {
  euclidean,
  vectorInput,
  type DistanceInput,
  type VectorInput,
} from '../../../src/core/platform/projectionInput.ts';

/** Standard normal draw (Box–Muller), shared with the benchmark generators. */
export { normal };

/** n × dims standard normal coordinates (row-major), drawn in order. */
export function gaussianData(n: number, dims: number, seed: number): Float64Array {
  const rng = createRandom(seed);
  return Float64Array.from({ length: n * dims }, () => normal(rng));
}

/** n standard normal vectors in `dims` dimensions. */
export function gaussianVectors(n: number, dims: number, seed: number): VectorInput {
  return vectorInput(gaussianData(n, dims, seed), n, dims);
}

/** Integer coordinates from 0 to values − 1: many exactly tied distances and duplicate points. */
export function integerData(n: number, dims: number, seed: number, values: number): Float64Array {
  const rng = createRandom(seed);
  return Float64Array.from({ length: n * dims }, () => rng.int(values));
}

/**
 * Hamming distance (count of differing attributes, not its root: non-Euclidean) over n random rows
 * of `attributes` codes, each with `values` values.
 */
export function hammingInput(
  n: number,
  attributes: number,
  values: number,
  seed: number,
): DistanceInput {
  const rng = createRandom(seed);
  const codes = Int32Array.from({ length: n * attributes }, () => rng.int(values));
  return {
    kind: 'distance',
    n,
    distance(i, j) {
      let d = 0;
      for (let a = 0; a < attributes; a++)
        if (codes[i * attributes + a] !== codes[j * attributes + a]) d++;
      return d;
    },
  };
}

/** A DistanceInput computing the same Euclidean distance as the vectors. */
export function asDistance(input: VectorInput): DistanceInput {
  return { kind: 'distance', n: input.n, distance: (i, j) => euclidean(input, i, j) };
}
