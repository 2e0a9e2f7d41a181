import {
  SEED_BOUND,
  withDefaults,
  type OptionsOf,
  type ParameterSpec,
} from '../base/parameters.ts';
import { ITERATIONS_PARAMETER, RUNS_BOUND } from '../clustering/kmeansStep.ts';
import { denseGeometry, kmeans, validateKMeans } from '../clustering/kmeans.ts';
import { valueConcatGeometry, type ObjectEmbedding } from '../platform/objectEmbedding.ts';
import { runToEnd, type Steps } from '../base/jobs.ts';
import { createRandom } from '../base/random.ts';
import { effectiveK, type EffectiveK } from '../clustering/effectiveK.ts';
import { meanSd, scorePartition, type MeanSd, type PartitionScores } from './partitions.ts';
import { badOption, internal } from '../base/errors.ts';

/**
 * The clustering protocol of Jian et al. 2019, Jian et al. 2017: k-means (k = number of classes, k-means++ start,
 * one replicate) on an object embedding, repeated `runs` times from one seeded stream; F-score,
 * NMI and accuracy per run, reported as mean ± sd. Any method's object embedding can be scored.
 *
 * k-means cannot find more clusters than the embedding has distinct objects (CDE maps objects
 * whose values share vectors onto one point), so a larger k is lowered to that number with a
 * warning instead of failing; `k` is the k used, `requestedK` the one asked for.
 */
/** The runs of the clustering protocol (the papers' 50), in the clustering evaluation's table. */
export const EVALUATION_RUNS_PARAMETER = {
  name: 'runs',
  type: 'integer',
  default: 50,
  min: 1,
  ...RUNS_BOUND,
  description: 'Runs (the papers: 50)',
} as const satisfies ParameterSpec;

/** The seed of the protocol's k-means starts, in the clustering evaluation's table. */
export const EVALUATION_SEED_PARAMETER = {
  name: 'seed',
  type: 'integer',
  default: 0,
  ...SEED_BOUND,
  role: 'seed',
  description: 'Seed of the k-means starts',
} as const satisfies ParameterSpec;

/** The protocol's runs, seed and iterations per run: the one declaration of their defaults. */
export const RESTART_PARAMETERS = [
  EVALUATION_RUNS_PARAMETER,
  EVALUATION_SEED_PARAMETER,
  ITERATIONS_PARAMETER,
] as const satisfies readonly ParameterSpec[];

/**
 * RESTART_PARAMETERS' options, k (default: the number of classes present) and a name for the
 * embedding in warnings ("the CDE embedding has only …").
 */
export type ClusteringEvaluationOptions = Partial<OptionsOf<typeof RESTART_PARAMETERS>> & {
  k?: number;
  embeddingName?: string;
};

export interface ClusteringEvaluation extends EffectiveK {
  runs: PartitionScores[];
  fscore: MeanSd;
  nmi: MeanSd;
  accuracy: MeanSd;
  /** Labels of the run with the lowest inertia (for colouring views). */
  bestLabels: Int32Array;
}

export function* evaluateClusteringSteps(
  embedding: ObjectEmbedding,
  classLabels: Int32Array,
  options: ClusteringEvaluationOptions = {},
): Steps<ClusteringEvaluation> {
  const n = embedding.nObjects;
  if (classLabels.length !== n)
    throw internal(`${classLabels.length} class labels for ${n} objects`);
  const { k = new Set(classLabels).size, ...rest } = options;
  const scores: PartitionScores[] = [];
  const best = yield* kmeansRestartsSteps(embedding, { k, ...rest }, (labels) =>
    scores.push(scorePartition(classLabels, labels)),
  );
  return {
    k: best.k,
    requestedK: best.requestedK,
    distinctObjects: best.distinctObjects,
    warnings: best.warnings,
    runs: scores,
    fscore: meanSd(scores.map((s) => s.fscore)),
    nmi: meanSd(scores.map((s) => s.nmi)),
    accuracy: meanSd(scores.map((s) => s.accuracy)),
    bestLabels: best.labels,
  };
}

/**
 * k-means on an object embedding from `runs` seeded k-means++ starts drawn from one stream;
 * `onRun` sees every run's labels, and the lowest-inertia run is returned with the k it used
 * (k is lowered to the number of distinct objects, with a warning, when it exceeds it).
 */
export function* kmeansRestartsSteps(
  embedding: ObjectEmbedding,
  options: ClusteringEvaluationOptions & { k: number },
  onRun: (labels: Int32Array) => void = () => {},
): Steps<{ labels: Int32Array; inertia: number } & EffectiveK> {
  const n = embedding.nObjects;
  const { k: requestedK, embeddingName } = options;
  const { runs, seed, maxIterations } = withDefaults(RESTART_PARAMETERS, options);
  if (!Number.isInteger(runs) || runs < 1)
    throw badOption(`runs must be an integer ≥ 1, got ${runs}`);
  if (!Number.isInteger(requestedK) || requestedK < 1)
    throw badOption(`k must be an integer ≥ 1, got ${requestedK}`);
  const effective = effectiveK(embedding, requestedK, embeddingName);
  const { k } = effective;
  validateKMeans(n, { k, seed, maxIterations });
  const geometry =
    embedding.kind === 'dense'
      ? denseGeometry(embedding.data, n, embedding.dims)
      : valueConcatGeometry(embedding);
  const rng = createRandom(seed);
  let best = { labels: new Int32Array(n) as Int32Array, inertia: Infinity };
  for (let r = 0; r < runs; r++) {
    const result = kmeans(geometry, { k, maxIterations }, rng);
    onRun(result.labels);
    if (result.inertia < best.inertia) best = { labels: result.labels, inertia: result.inertia };
    yield { fraction: (r + 1) / runs, message: `k-means run ${r + 1} of ${runs}…` };
  }
  return { ...best, ...effective };
}

export function evaluateClustering(
  embedding: ObjectEmbedding,
  classLabels: Int32Array,
  options: ClusteringEvaluationOptions = {},
): ClusteringEvaluation {
  return runToEnd(evaluateClusteringSteps(embedding, classLabels, options));
}
