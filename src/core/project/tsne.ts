import type { Progress, Steps } from '../jobs.ts';
import { runToEnd, scaledSteps } from '../jobs.ts';
import { createRandom, gaussian, type Random } from '../random.ts';
import { resolveOptions, type ParameterSpec } from '../platform/parameters.ts';
import { perplexityAffinities, type SparseAffinity } from './affinity.ts';
import { barnesHutRepulsion, exactRepulsion, type Repulsion } from './barnesHut.ts';
import type { ProjectionInput } from './input.ts';
import { recentre } from './layout.ts';
import { nearestNeighbourSteps } from './knn.ts';

export interface TsneOptions {
  /** Effective number of neighbours (default 30); lowered to (n − 1) / 3 on tiny tables. */
  perplexity?: number;
  /** Gradient-descent iterations (default 1000). */
  iterations?: number;
  /** Barnes-Hut accuracy: a cell is summarised when width / distance < θ (default 0.5). */
  theta?: number;
  /** Up to this many points the repulsion is exact, O(n²) (default 1000). */
  exactLimit?: number;
  /** Step size; default max(n / earlyExaggeration, 200) (Belkina et al. 2019). */
  learningRate?: number;
  /** Factor on P during the first `exaggerationIterations` (default 12 for 250). */
  earlyExaggeration?: number;
  exaggerationIterations?: number;
  /** Starting layout: 'pca' (default: caller-provided principal layout), 'random', or n × 2. */
  init?: 'random' | Float64Array;
  seed?: number;
}

export interface TsneResult {
  /** n × 2, row-major. */
  coordinates: Float64Array;
  /** KL(P‖Q) of the final layout (with the Barnes-Hut estimate of Z above exactLimit). */
  kl: number;
  iterations: number;
  perplexity: number;
  neighbours: number;
  gradient: 'exact' | 'barnes-hut';
}

/** Progress of a running t-SNE; `layout` is the live n × 2 array (copy it to keep it). */
export interface TsneProgress extends Progress {
  iteration: number;
  layout: Float64Array | null;
}

const MOMENTUM_START = 0.5;
const MOMENTUM_FINAL = 0.8;
const MIN_GAIN = 0.01;
/** The random start's spread and the scale a given start is normalised to (std of axis 1). */
const INITIAL_STD = 1e-4;

export interface ResolvedTsneOptions {
  perplexity: number;
  iterations: number;
  theta: number;
  exactLimit: number;
  learningRate: number;
  earlyExaggeration: number;
  exaggerationIterations: number;
  seed: number;
}

/** t-SNE's parameter table: the single source of its defaults and bounds. */
export const TSNE_PARAMETERS = [
  {
    name: 'perplexity',
    type: 'number',
    default: 30,
    min: 1,
    description: 'Effective number of neighbours (lowered to (n − 1)/3 on tiny tables)',
  },
  {
    name: 'iterations',
    type: 'integer',
    default: 1000,
    min: 1,
    description: 'Gradient-descent iterations',
  },
  {
    name: 'theta',
    symbol: 'θ',
    type: 'number',
    default: 0.5,
    min: 0,
    max: 1.5,
    advanced: true,
    description: 'Barnes-Hut accuracy: a cell is summarised when width / distance < θ',
  },
  {
    name: 'exactLimit',
    type: 'integer',
    default: 1000,
    min: 0,
    advanced: true,
    description: 'Up to this many objects the repulsion is exact, O(n²)',
  },
  {
    name: 'learningRate',
    type: 'number',
    default: 0,
    min: 0,
    advanced: true,
    description: 'Step size; 0 = max(n / early exaggeration, 200) (Belkina et al. 2019)',
  },
  {
    name: 'earlyExaggeration',
    type: 'number',
    default: 12,
    min: 0,
    minExclusive: true,
    advanced: true,
    description: 'Factor on P during the first exaggeration iterations',
  },
  {
    name: 'exaggerationIterations',
    type: 'integer',
    default: 250,
    min: 0,
    advanced: true,
    description: 'Iterations with early exaggeration',
  },
  {
    name: 'seed',
    type: 'integer',
    default: 0,
    role: 'seed',
    description: 'Seed of the random start and of sampled quality',
  },
] as const satisfies readonly ParameterSpec[];

/** Defaults and validation from TSNE_PARAMETERS; the data-dependent rules need n. */
export function resolveTsneOptions(n: number, options: TsneOptions = {}): ResolvedTsneOptions {
  if (!Number.isInteger(n) || n < 3)
    throw new RangeError(
      `t-SNE needs at least 3 objects and this table has ${n}: project it by MDS (or PCA) instead`,
    );
  const { init: _init, ...rest } = options;
  const o = resolveOptions(TSNE_PARAMETERS, rest, 't-SNE');
  return {
    ...o,
    // k = 3·perplexity neighbours must exist: lower the perplexity on tiny tables.
    perplexity: Math.min(o.perplexity, (n - 1) / 3),
    learningRate: o.learningRate || Math.max(n / o.earlyExaggeration, 200),
  };
}

/**
 * t-SNE (van der Maaten & Hinton 2008) with the Barnes-Hut gradient of van der Maaten (2014):
 * sparse affinities on 3·perplexity nearest neighbours, early exaggeration, momentum and
 * per-coordinate gains. Yields after every iteration with the live layout.
 */
export function* tsneSteps(
  input: ProjectionInput,
  options: TsneOptions = {},
): Generator<TsneProgress, TsneResult, void> {
  const n = input.n;
  const o = resolveTsneOptions(n, options);
  validateInit(n, options.init);
  const random = createRandom(o.seed);
  const k = Math.min(n - 1, Math.floor(3 * o.perplexity));
  const neighbours = yield* asTsneProgress(
    scaledSteps(nearestNeighbourSteps(input, k, random), 0, 0.1, 'finding '),
  );
  const p = perplexityAffinities(neighbours, o.perplexity);
  const y = startingLayout(n, options.init, random);
  const exact = n <= o.exactLimit;
  const repulsion = exact ? exactRepulsion(n) : barnesHutRepulsion(n, o.theta);
  const gradient = new Float64Array(2 * n);
  const update = new Float64Array(2 * n);
  const gains = new Float64Array(2 * n).fill(1);
  const repulsive = new Float64Array(2 * n);
  for (let it = 0; it < o.iterations; it++) {
    const exaggerated = it < o.exaggerationIterations;
    const momentum = exaggerated ? MOMENTUM_START : MOMENTUM_FINAL;
    klGradient(p, y, repulsion, exaggerated ? o.earlyExaggeration : 1, gradient, repulsive);
    for (let t = 0; t < 2 * n; t++) {
      const g = gradient[t] as number;
      const u = update[t] as number;
      // Delta-bar-delta gains (Jacobs 1988) as in the reference implementations.
      let gain = gains[t] as number;
      gain = Math.sign(g) !== Math.sign(u) ? gain + 0.2 : gain * 0.8;
      if (gain < MIN_GAIN) gain = MIN_GAIN;
      gains[t] = gain;
      const step = momentum * u - o.learningRate * gain * g;
      update[t] = step;
      y[t] = (y[t] as number) + step;
    }
    recentre(y);
    yield {
      fraction: 0.1 + (0.9 * (it + 1)) / o.iterations,
      message: `iteration ${it + 1}/${o.iterations}`,
      iteration: it + 1,
      layout: y,
    };
  }
  const z = repulsion.compute(y, repulsive);
  return {
    coordinates: y,
    kl: klDivergence(p, y, z),
    iterations: o.iterations,
    perplexity: o.perplexity,
    neighbours: k,
    gradient: exact ? 'exact' : 'barnes-hut',
  };
}

export function runTsne(input: ProjectionInput, options?: TsneOptions): TsneResult {
  return runToEnd(tsneSteps(input, options));
}

/**
 * The t-SNE gradient without its factor 4 (as bhtsne and openTSNE; the learning rate absorbs it):
 *   gradient_i = α Σ_j p_ij w_ij (y_i − y_j) − (1 / Z) Σ_j w_ij² (y_i − y_j),
 * w_ij = 1 / (1 + ‖y_i − y_j‖²), Z = Σ_{k≠l} w_kl (van der Maaten 2014, Eq. 4). With α = 1 it is
 * ¼ ∂KL(P‖Q)/∂y; with the early exaggeration α only the attraction is scaled. The repulsion is
 * exact or Barnes-Hut as `repulsion` computes it; `repulsive` (n × 2) is scratch for F_rep.
 * Writes gradient (n × 2) and returns Z.
 */
export function klGradient(
  p: SparseAffinity,
  y: Float64Array,
  repulsion: Repulsion,
  alpha: number,
  gradient: Float64Array,
  repulsive: Float64Array,
): number {
  const z = repulsion.compute(y, repulsive);
  attraction(p, y, alpha, gradient);
  const inverseZ = 1 / z;
  for (let t = 0; t < gradient.length; t++)
    gradient[t] = (gradient[t] as number) - (repulsive[t] as number) * inverseZ;
  return z;
}

/** F_attr,i = Σ_j p_ij w_ij (y_i − y_j), written into out (Eq. 4's first term, times α). */
function attraction(p: SparseAffinity, y: Float64Array, alpha: number, out: Float64Array): void {
  const { n, rowStart, columns, values } = p;
  for (let i = 0; i < n; i++) {
    const xi = y[2 * i] as number;
    const yi = y[2 * i + 1] as number;
    let fx = 0;
    let fy = 0;
    const end = rowStart[i + 1] as number;
    for (let s = rowStart[i] as number; s < end; s++) {
      const j = columns[s] as number;
      const dx = xi - (y[2 * j] as number);
      const dy = yi - (y[2 * j + 1] as number);
      const pw = (values[s] as number) / (1 + dx * dx + dy * dy);
      fx += pw * dx;
      fy += pw * dy;
    }
    out[2 * i] = alpha * fx;
    out[2 * i + 1] = alpha * fy;
  }
}

/** KL(P‖Q) = Σ p_ij log(p_ij / q_ij), q_ij = w_ij / Z, over P's non-zero entries. */
export function klDivergence(p: SparseAffinity, y: Float64Array, z: number): number {
  const { n, rowStart, columns, values } = p;
  let kl = 0;
  for (let i = 0; i < n; i++) {
    const end = rowStart[i + 1] as number;
    for (let s = rowStart[i] as number; s < end; s++) {
      const pij = values[s] as number;
      if (pij <= 0) continue;
      const j = columns[s] as number;
      const dx = (y[2 * i] as number) - (y[2 * j] as number);
      const dy = (y[2 * i + 1] as number) - (y[2 * j + 1] as number);
      const q = 1 / (1 + dx * dx + dy * dy) / z;
      kl += pij * Math.log(pij / Math.max(q, Number.MIN_VALUE));
    }
  }
  return kl;
}

/** Checked before the neighbours are searched, so a bad start fails at once. */
function validateInit(n: number, init: TsneOptions['init']): void {
  if (init instanceof Float64Array) {
    if (init.length !== 2 * n)
      throw new RangeError(`init must hold n × 2 = ${2 * n} numbers, got ${init.length}`);
  } else if (init !== undefined && init !== 'random')
    throw new TypeError(`init must be 'random' or an n × 2 Float64Array, got ${String(init)}`);
}

function startingLayout(n: number, init: TsneOptions['init'], random: Random): Float64Array {
  const y = new Float64Array(2 * n);
  if (init instanceof Float64Array) {
    y.set(init);
    recentre(y);
    // Scaled so axis 1 has std 1e-4, as the PCA start of openTSNE and scikit-learn.
    let s = 0;
    for (let i = 0; i < n; i++) s += (y[2 * i] as number) ** 2;
    const std = Math.sqrt(s / n);
    const factor = std > 0 && Number.isFinite(std) ? INITIAL_STD / std : 1;
    for (let t = 0; t < 2 * n; t++) y[t] = (y[t] as number) * factor;
    if (std > 0) return y;
  }
  for (let t = 0; t < 2 * n; t++) y[t] = INITIAL_STD * gaussian(random);
  return y;
}

function* asTsneProgress<T>(steps: Steps<T>): Generator<TsneProgress, T, void> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    yield { ...step.value, iteration: 0, layout: null };
  }
}
