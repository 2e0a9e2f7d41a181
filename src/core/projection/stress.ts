/**
 * Kruskal's stress-1 of a 2-D layout against the input distances: how far the layout's pairwise
 * distances are from the input's. Reported for MDS and PCA layouts; exact over all pairs up to a
 * limit, estimated from a seeded sample of pairs above it.
 */
import type { Steps } from '../base/jobs.ts';
import { pacer, runToEnd } from '../base/jobs.ts';
import { createRandom, validateSeed } from '../base/random.ts';
import { distanceOf, type ProjectionInput } from '../platform/projectionInput.ts';
import { badOption, internal } from '../base/errors.ts';

export const DEFAULT_STRESS_PAIRS = 2_000_000;

export interface StressOptions {
  /** Exact over all pairs up to this many, a random sample of this many above (default 2e6). */
  maxPairs?: number;
  seed?: number;
}

/**
 * Kruskal's stress-1 (Kruskal 1964), sqrt(Σ (δ_ij − ‖y_i − y_j‖)² / Σ δ_ij²) over pairs i < j,
 * with δ the input's distance as is (no rescaling: classical MDS is on the input's scale).
 * Computed over all n(n − 1)/2 pairs when that is ≤ maxPairs; otherwise both sums run over
 * `maxPairs` pairs drawn uniformly at random (with replacement, seeded), which estimates the same
 * ratio (typically to within ~0.01 at the default 2 million pairs).
 * `coordinates` is n × 2, row-major. 0 when every distance and every layout distance is 0.
 */
export function kruskalStress(
  input: ProjectionInput,
  coordinates: Float64Array,
  options: StressOptions = {},
): number {
  return runToEnd(stressSteps(input, coordinates, options));
}

/** kruskalStress as steps. */
export function* stressSteps(
  input: ProjectionInput,
  coordinates: Float64Array,
  options: StressOptions = {},
): Steps<number> {
  const { n } = input;
  if (coordinates.length !== n * 2)
    throw internal(`coordinates has ${coordinates.length} cells, not ${n} × 2`);
  const maxPairs = options.maxPairs ?? DEFAULT_STRESS_PAIRS;
  if (typeof maxPairs !== 'number' || !Number.isInteger(maxPairs) || maxPairs < 1)
    throw badOption(`maxPairs must be an integer ≥ 1, got ${String(maxPairs)}`);
  const seed = validateSeed(options.seed ?? 0);
  const sums = stressSums(input, coordinates);
  if ((n * (n - 1)) / 2 <= maxPairs) yield* allPairsSteps(n, sums.add);
  else yield* sampledPairsSteps(n, maxPairs, seed, sums.add);
  if (sums.misfit === 0) return 0;
  return sums.scale > 0 ? Math.sqrt(sums.misfit / sums.scale) : Infinity;
}

interface StressSums {
  /** Σ (δ_ij − ‖y_i − y_j‖)² over the pairs added. */
  misfit: number;
  /** Σ δ_ij² over the pairs added. */
  scale: number;
  add: (i: number, j: number) => void;
}

function stressSums(input: ProjectionInput, coordinates: Float64Array): StressSums {
  const distance = distanceOf(input);
  const sums: StressSums = {
    misfit: 0,
    scale: 0,
    add(i, j) {
      const delta = distance(i, j);
      const dx = (coordinates[i * 2] as number) - (coordinates[j * 2] as number);
      const dy = (coordinates[i * 2 + 1] as number) - (coordinates[j * 2 + 1] as number);
      const e = delta - Math.sqrt(dx * dx + dy * dy);
      sums.misfit += e * e;
      sums.scale += delta * delta;
    },
  };
  return sums;
}

/** Every pair i < j, row by row. */
function* allPairsSteps(n: number, add: (i: number, j: number) => void): Steps<void> {
  const pairs = (n * (n - 1)) / 2;
  const pace = pacer();
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) add(i, j);
    if (pace(n - i))
      yield {
        fraction: 1 - ((n - i) * (n - i - 1)) / 2 / pairs,
        message: 'Stress over all pairs…',
      };
  }
}

/** `samples` pairs i ≠ j drawn uniformly with replacement from createRandom(seed). */
function* sampledPairsSteps(
  n: number,
  samples: number,
  seed: number,
  add: (i: number, j: number) => void,
): Steps<void> {
  const rng = createRandom(seed);
  const pace = pacer();
  for (let s = 0; s < samples; s++) {
    const i = rng.int(n);
    let j = rng.int(n - 1);
    if (j >= i) j++;
    add(i, j);
    if (pace(1)) yield { fraction: s / samples, message: 'Stress over sampled pairs…' };
  }
}
