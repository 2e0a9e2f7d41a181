import { now } from './clock.ts';
import type { Counts } from './counts/counts.ts';
import type { ObjectEmbedding, ValueConcatEmbedding } from './embedding/objectEmbedding.ts';
import { principalProjection } from './embedding/principal.ts';
import { evaluateClusteringSteps, kmeansRestartsSteps } from './evaluate/clustering.ts';
import {
  featureCorrelationIndex,
  outlierCouplingIndex,
  outlierMask,
  valueClusterIndex,
  valueSeparabilityIndex,
} from './evaluate/indicators.ts';
import { auc, type MeanSd } from './evaluate/partitions.ts';
import { paperNearMatch, paperRowFor, type PaperTableRow } from './evaluate/paperTables.ts';
import { scaledSteps, type Steps } from './jobs.ts';
import { cdeSteps, type CdeOptions, type ValueGranularity } from './methods/cde.ts';
import { coshSteps, type CoshGranularity, type CoshOptions } from './methods/cosh.ts';
import { idfEncoding, oneHot, oneHotPca } from './methods/encodings.ts';
import { EMBEDDING_METHODS, methodSpec, type EmbeddingMethod } from './methods/registry.ts';
import type { CategoricalTable } from './table/types.ts';

/**
 * The CURE slice as plain, transferable reports: what the worker sends to the views and the CLI
 * prints. Every typed array in a report is freshly made, so it can be transferred.
 */

/** Above this many values the L × L matrices are not sent to views (they are still computed). */
export const MATRIX_REPORT_LIMIT = 2048;

export interface CdeReport {
  options: Required<CdeOptions>;
  nValues: number;
  /** L × L, or null above MATRIX_REPORT_LIMIT. */
  mo: Float64Array | null;
  mc: Float64Array | null;
  /** p(v) and ψ (D × D) for the heatmap tooltips. */
  p: Float64Array;
  psi: Float64Array;
  granularities: ValueGranularity[];
  indicatorColumns: number;
  valueEmbedding: Float64Array;
  dims: number;
  variances: Float64Array;
  /** Objects on the first two principal components of the CDE object embedding (n × 2). */
  projection: Float64Array;
  /** Share of the object embedding's variance on each of the two components. */
  projectionShare: [number, number];
  /** k-means on the CDE object embedding (lowest inertia of 10 seeded starts). */
  objectClusters: Int32Array;
  objectClusterK: number;
  seconds: number;
}

/**
 * CDE with what its views need: the object projection and a k-means clustering of the objects
 * (k = the number of classes, or 3 without a class column, unless given).
 */
export function* cdeReportSteps(
  table: CategoricalTable,
  counts: Counts,
  options: CdeOptions = {},
  objectClusterK: number | null = null,
): Steps<CdeReport> {
  const start = now();
  const cde = yield* cdeSteps(table, counts, options);
  const seconds = (now() - start) / 1000;
  yield { fraction: 0.96, message: 'Projecting objects…' };
  const pca = principalProjection(cde.objectEmbedding, counts, 2);
  const projection = twoColumns(pca.coordinates, pca.components, table.nRows);
  const share = (j: number): number =>
    pca.totalVariance > 0 ? (pca.variances[j] ?? 0) / pca.totalVariance : 0;
  const classes = table.classColumn ? new Set(table.classColumn.codes).size : 0;
  // A k above the number of distinct objects cannot be clustered (CDE maps equal rows together).
  const k = Math.min(
    distinctObjects(cde.objectEmbedding),
    objectClusterK ?? (classes >= 2 ? classes : 3),
  );
  const clusters = yield* scaledSteps(
    kmeansRestartsSteps(cde.objectEmbedding, { k, runs: 10, seed: cde.options.seed }),
    0.97,
    1,
  );
  const small = cde.couplings.nValues <= MATRIX_REPORT_LIMIT;
  return {
    options: cde.options,
    nValues: cde.couplings.nValues,
    mo: small ? cde.couplings.mo : null,
    mc: small ? cde.couplings.mc : null,
    p: cde.couplings.p,
    psi: cde.couplings.psi.slice(),
    granularities: cde.granularities,
    indicatorColumns: cde.indicatorColumns,
    valueEmbedding: cde.valueEmbedding,
    dims: cde.dims,
    variances: cde.variances,
    projection,
    projectionShare: [share(0), share(1)],
    objectClusters: clusters.labels,
    objectClusterK: k,
    seconds,
  };
}

/** Objects with distinct value combinations (the embedding's own value table, not recomputed). */
function distinctObjects(e: ValueConcatEmbedding): number {
  const D = e.blockWidth.length;
  const seen = new Set<string>();
  for (let i = 0; i < e.nObjects; i++)
    seen.add(e.objectValues.subarray(i * D, (i + 1) * D).join(','));
  return seen.size;
}

function twoColumns(coordinates: Float64Array, components: number, n: number): Float64Array {
  if (components === 2) return coordinates;
  const out = new Float64Array(n * 2);
  for (let i = 0; i < n; i++) out[i * 2] = coordinates[i * components] as number;
  return out;
}

export interface CoshReport {
  options: Required<CoshOptions>;
  granularities: CoshGranularity[];
  valueScores: Float64Array;
  valueSource: Int32Array;
  objectScores: Float64Array;
  /** Against the outlier class, when one was given. */
  auc: number | null;
  outlierClass: string | null;
  seconds: number;
}

export function* coshReportSteps(
  table: CategoricalTable,
  counts: Counts,
  options: CoshOptions = {},
  outlierClass: string | null = null,
): Steps<CoshReport> {
  const mask = outlierClass === null ? null : outlierMask(table, outlierClass);
  const start = now();
  const cosh = yield* coshSteps(table, counts, options);
  return {
    options: cosh.options,
    granularities: cosh.granularities,
    valueScores: cosh.valueScores,
    valueSource: cosh.valueSource,
    objectScores: cosh.objectScores,
    auc: mask ? auc(cosh.objectScores, Array.from(mask, Boolean)) : null,
    outlierClass,
    seconds: (now() - start) / 1000,
  };
}

export interface EvaluationRequest {
  methods?: EmbeddingMethod[];
  /** k-means starts per method. Default 50. */
  runs?: number;
  seed?: number;
  /** CDE's options (its seed defaults to the evaluation seed). */
  cde?: CdeOptions;
  /** β of 0-1P. */
  beta?: number;
}

export interface MethodEvaluation {
  method: EmbeddingMethod;
  title: string;
  dims: number;
  fscore: MeanSd;
  nmi: MeanSd;
  accuracy: MeanSd;
  /** Time to build the representation (not the k-means runs). */
  seconds: number;
  /** k-means labels of the lowest-inertia run. */
  bestLabels: Int32Array;
}

export interface EvaluationReport {
  k: number;
  runs: number;
  seed: number;
  results: MethodEvaluation[];
  indicators: { fci: number; vci: number };
  /** Seed 000 Table 1's row when the table has the shape of one of its data sets. */
  paper: PaperTableRow | null;
  /** A Table 1 data set with as many objects but another number of values (preprocessing differs). */
  paperNearMatch: PaperTableRow | null;
}

export function* evaluationSteps(
  table: CategoricalTable,
  counts: Counts,
  request: EvaluationRequest = {},
): Steps<EvaluationReport> {
  const { methods = [...EMBEDDING_METHODS], runs = 50, seed = 0, beta = 1e-10 } = request;
  if (!table.classColumn) throw new RangeError('the clustering evaluation needs a class column');
  if (methods.length === 0) throw new RangeError('choose at least one method to evaluate');
  for (const m of methods)
    if (!(EMBEDDING_METHODS as readonly string[]).includes(m))
      throw new RangeError(
        `“${m}” has no object embedding to cluster (${EMBEDDING_METHODS.join(', ')})`,
      );
  const classes = table.classColumn.codes;
  const results: MethodEvaluation[] = [];
  let k = 0;
  for (const [index, method] of methods.entries()) {
    const title = methodSpec(method).title;
    const from = index / methods.length;
    const span = 1 / methods.length;
    const start = now();
    let embedding: ObjectEmbedding;
    if (method === 'cde') {
      const cde = yield* scaledSteps(
        cdeSteps(table, counts, { seed, ...request.cde }),
        from,
        from + 0.3 * span,
        `${title}: `,
      );
      embedding = cde.objectEmbedding;
    } else if (method === 'onehot') embedding = oneHot(table);
    else if (method === 'onehot-pca') embedding = oneHotPca(table, counts, beta).embedding;
    else embedding = idfEncoding(table, counts);
    const seconds = (now() - start) / 1000;
    const ev = yield* scaledSteps(
      evaluateClusteringSteps(embedding, classes, { runs, seed }),
      from + 0.3 * span,
      from + span,
      `${title}: `,
    );
    k = ev.k;
    results.push({
      method,
      title,
      dims: embedding.dims,
      fscore: ev.fscore,
      nmi: ev.nmi,
      accuracy: ev.accuracy,
      seconds,
      bestLabels: ev.bestLabels,
    });
  }
  return {
    k,
    runs,
    seed,
    results,
    indicators: { fci: featureCorrelationIndex(counts), vci: valueClusterIndex(table) },
    paper: paperRowFor(table.nRows, table.nValues),
    paperNearMatch: paperNearMatch(table.nRows, table.nValues),
  };
}

export interface IndicatorsReport {
  fci: number;
  vci: number | null;
  vsi: number | null;
  oci: number | null;
}

export function indicatorsReport(
  table: CategoricalTable,
  counts: Counts,
  outlierClass: string | null = null,
): IndicatorsReport {
  const mask = outlierClass === null ? null : outlierMask(table, outlierClass);
  return {
    fci: featureCorrelationIndex(counts),
    vci: table.classColumn ? valueClusterIndex(table) : null,
    vsi: mask ? valueSeparabilityIndex(table, mask) : null,
    oci: mask ? outlierCouplingIndex(table, counts, mask) : null,
  };
}

/** Every distinct ArrayBuffer under a report, for transfer lists. */
export function reportBuffers(value: unknown, out = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) out.add(value.buffer as ArrayBuffer);
  else if (Array.isArray(value)) for (const x of value) reportBuffers(x, out);
  else if (value !== null && typeof value === 'object')
    for (const x of Object.values(value)) reportBuffers(x, out);
  return [...out];
}
