import { valueConcatGeometry } from '../platform/objectEmbedding.ts';
import { countDistinctObjects, lowerK, type EffectiveK } from './effectiveK.ts';
import { hydrateEmbedding, type Representation } from '../platform/representation.ts';
import type { Progress } from '../base/jobs.ts';
import { createRandom, type Random } from '../base/random.ts';
import type { ObjectDistance } from '../platform/results.ts';
import type { CategoricalTable } from '../data/table/types.ts';
import { denseGeometry, kmeans } from './kmeans.ts';
import { valueCostGeometry, type ValueCosts } from './kmodes.ts';
import { huangStarts } from './huangStarts.ts';
import { caoStarts } from './caoStarts.ts';
import { startsPerRun, type ClusteringProtocol } from './protocols.ts';

/**
 * Partitioning any representation into k clusters: k-means on an object embedding, k-modes with
 * the method's own value dissimilarity on a distance-only representation (coupled attribute similarity, Wang et al. 2015, Sec. VIII-C
 * clusters categorical data this way). Used by the "k-means of" step and the evaluations.
 */
export interface Partitioner {
  n: number;
  /** Objects that differ in the representation, counted up to `limit` (k cannot exceed it). */
  distinct(limit: number): number;
  algorithm: 'k-means' | 'k-modes' | 'spectral';
  /** One clustering from one start drawn from `rng`. */
  run(k: number, rng: Random, maxIterations?: number): { labels: Int32Array; inertia: number };
}

export function partitionerFor(
  representation: Representation,
  table: CategoricalTable,
  objectValues: Int32Array,
  protocol: ClusteringProtocol = 'ours',
): Partitioner {
  const starts = startsPerRun(protocol);
  if (representation.kind === 'object-distance') {
    const data = valueCosts(representation, table, objectValues);
    const geometry = valueCostGeometry(data);
    return {
      n: data.n,
      distinct: (limit) => distinctRows(alikeCodes(data), data.n, table.attributes.length, limit),
      algorithm: 'k-modes',
      run: (k, rng, maxIterations = 100) =>
        lowestCost(starts, () =>
          kmeans(
            geometry,
            { k, maxIterations },
            rng,
            protocol === 'paper-zoo'
              ? huangStarts(data, k, rng)
              : protocol === 'cao'
                ? caoStarts(data, k)
                : undefined,
          ),
        ),
    };
  }
  const embedding = hydrateEmbedding(representation, table, objectValues);
  const geometry =
    embedding.kind === 'dense'
      ? denseGeometry(embedding.data, embedding.nObjects, embedding.dims)
      : valueConcatGeometry(embedding);
  return {
    n: embedding.nObjects,
    distinct: (limit) => countDistinctObjects(embedding, limit),
    algorithm: 'k-means',
    run: (k, rng, maxIterations = 100) =>
      lowestCost(starts, () => kmeans(geometry, { k, maxIterations }, rng)),
  };
}

/** The lowest-inertia of `starts` runs (the first on ties). */
function lowestCost(
  starts: number,
  run: () => { labels: Int32Array; inertia: number },
): { labels: Int32Array; inertia: number } {
  let best: { labels: Int32Array; inertia: number } = {
    labels: new Int32Array(0),
    inertia: Infinity,
  };
  for (let s = 0; s < starts; s++) {
    const r = run();
    if (r.inertia < best.inertia) best = { labels: r.labels, inertia: r.inertia };
  }
  return best;
}

/**
 * Each object's codes with the values its distance cannot tell apart merged: two values of an
 * attribute at cost 0 from each other both ways are one (CADO on independent attributes puts
 * every pair of values at 0, so every object is the same object to k-modes).
 */
function alikeCodes(data: ValueCosts): Int32Array {
  const D = data.widths.length;
  const representative = Array.from({ length: D }, (_, a) => {
    const m = data.widths[a] as number;
    const start = data.tableStart[a] as number;
    const rep = Int32Array.from({ length: m }, (_, v) => v);
    for (let u = 0; u < m; u++)
      for (let v = 0; v < u; v++)
        if (
          rep[v] === v &&
          data.tables[start + u * m + v] === 0 &&
          data.tables[start + v * m + u] === 0
        ) {
          rep[u] = v;
          break;
        }
    return rep;
  });
  return data.codes.map((c, i) => (representative[i % D] as Int32Array)[c] as number);
}

function distinctRows(codes: Int32Array, n: number, D: number, limit: number): number {
  const seen = new Set<string>();
  for (let i = 0; i < n && seen.size < limit; i++)
    seen.add(codes.subarray(i * D, (i + 1) * D).join(','));
  return seen.size;
}

/**
 * The lowest-cost of `runs` seeded starts of a partitioner (the "k-means of" and "spectral
 * clustering of" steps), k lowered first to the representation's distinct objects with the
 * warnings saying so. Progress runs from `from` to 1.
 */
export function* bestOfStarts(
  partitioner: Partitioner,
  requestedK: number,
  what: string,
  options: { runs: number; seed: number; maxIterations: number },
  warn: (message: string) => void,
  from = 0.3,
): Generator<Progress, { k: number; labels: Int32Array }, void> {
  const { k, warnings } = clampK(requestedK, partitioner, what);
  warnings.forEach(warn);
  const rng = createRandom(options.seed);
  let best: { labels: Int32Array; inertia: number } = {
    labels: new Int32Array(0),
    inertia: Infinity,
  };
  for (let r = 0; r < options.runs; r++) {
    const run = partitioner.run(k, rng, options.maxIterations);
    if (run.inertia < best.inertia) best = run;
    yield {
      fraction: from + ((1 - from) * (r + 1)) / options.runs,
      message: `${partitioner.algorithm} start ${r + 1} of ${options.runs}…`,
    };
  }
  return { k, labels: best.labels };
}

/** k for a partition of this representation: lowered, with a warning, to its distinct objects. */
export function clampK(k: number, partitioner: Partitioner, what: string): EffectiveK {
  return lowerK(k, partitioner.distinct(k), what);
}

/**
 * A distance's per-attribute cost tables for k-modes: the mismatch weight off the diagonal, or
 * the method's value table (squared when the distance is Euclidean, so k-modes minimises the
 * summed squared distance as k-means does).
 */
function valueCosts(
  d: ObjectDistance,
  table: CategoricalTable,
  objectValues: Int32Array,
): ValueCosts {
  const D = table.attributes.length;
  const widths = Int32Array.from(table.attributes, (a) => a.labels.length);
  const tableStart = new Int32Array(D);
  let cells = 0;
  for (let a = 0; a < D; a++) {
    tableStart[a] = cells;
    cells += (widths[a] as number) ** 2;
  }
  const tables = new Float64Array(cells);
  for (let a = 0; a < D; a++) {
    const m = widths[a] as number;
    const start = tableStart[a] as number;
    for (let u = 0; u < m; u++)
      for (let v = 0; v < m; v++) {
        let cost: number;
        if (d.form === 'mismatch') cost = u === v ? 0 : (d.weights[a] as number);
        else {
          const t = d.tables[(d.tableStart[a] as number) + u * m + v] as number;
          cost = d.combine === 'euclidean' ? t * t : t;
        }
        tables[start + u * m + v] = cost;
      }
  }
  const codes = new Int32Array(table.nRows * D);
  for (let i = 0; i < table.nRows; i++)
    for (let a = 0; a < D; a++)
      codes[i * D + a] =
        (objectValues[i * D + a] as number) - (table.attributes[a]?.offset as number);
  return { codes, n: table.nRows, widths, tables, tableStart };
}
