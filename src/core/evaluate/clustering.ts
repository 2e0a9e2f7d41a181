import { denseGeometry, kmeans, validateKMeans } from '../cluster/kmeans.ts';
import { valueConcatGeometry, type ObjectEmbedding } from '../embedding/objectEmbedding.ts';
import { runToEnd, type Steps } from '../jobs.ts';
import { createRandom } from '../random.ts';
import { meanSd, scorePartition, type MeanSd, type PartitionScores } from './partitions.ts';

/**
 * The clustering protocol of seeds 000/003: k-means (k = number of classes, k-means++ start,
 * one replicate) on an object embedding, repeated `runs` times from one seeded stream; F-score,
 * NMI and accuracy per run, reported as mean ± sd. Any method's object embedding can be scored.
 */
export interface ClusteringEvaluationOptions {
  /** Default: the number of classes present. */
  k?: number;
  /** Default 50 (the papers' number of starts). */
  runs?: number;
  seed?: number;
  maxIterations?: number;
}

export interface ClusteringEvaluation {
  k: number;
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
    throw new RangeError(`${classLabels.length} class labels for ${n} objects`);
  const { k = new Set(classLabels).size, ...rest } = options;
  const scores: PartitionScores[] = [];
  const best = yield* kmeansRestartsSteps(embedding, { k, ...rest }, (labels) =>
    scores.push(scorePartition(classLabels, labels)),
  );
  return {
    k,
    runs: scores,
    fscore: meanSd(scores.map((s) => s.fscore)),
    nmi: meanSd(scores.map((s) => s.nmi)),
    accuracy: meanSd(scores.map((s) => s.accuracy)),
    bestLabels: best.labels,
  };
}

/**
 * k-means on an object embedding from `runs` seeded k-means++ starts drawn from one stream;
 * `onRun` sees every run's labels, and the lowest-inertia run is returned.
 */
export function* kmeansRestartsSteps(
  embedding: ObjectEmbedding,
  options: ClusteringEvaluationOptions & { k: number },
  onRun: (labels: Int32Array) => void = () => {},
): Steps<{ labels: Int32Array; inertia: number }> {
  const n = embedding.nObjects;
  const { runs = 50, k, seed = 0, maxIterations = 100 } = options;
  if (!Number.isInteger(runs) || runs < 1)
    throw new RangeError(`runs must be an integer ≥ 1, got ${runs}`);
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
  return best;
}

export function evaluateClustering(
  embedding: ObjectEmbedding,
  classLabels: Int32Array,
  options: ClusteringEvaluationOptions = {},
): ClusteringEvaluation {
  return runToEnd(evaluateClusteringSteps(embedding, classLabels, options));
}
