import {
  clusterSpectralEmbedding,
  spectralEmbedding,
  SPECTRAL_MAX_OBJECTS,
  type SpectralEmbedding,
} from './spectral.ts';
import type { Counts } from '../data/counts/counts.ts';
import { distanceOf } from '../platform/projectionInput.ts';
import type { ObjectSimilarity } from '../platform/results.ts';
import type { CategoricalTable } from '../data/table/types.ts';
import type { Partitioner } from './partition.ts';
import { partitionerFor } from './partition.ts';
import {
  projectionSource,
  valueTableSum,
  type Representation,
} from '../platform/representation.ts';
import { badOption } from '../base/errors.ts';

/**
 * Spectral clustering of any representation (coupled attribute similarity, Wang et al. 2015, Sec. VIII-B: Laplacian eigenmaps on the
 * dissimilarity, subspace dimension = k, then k-means): the affinity is a Gaussian of the
 * representation's object distance (width: the median non-zero distance), the embedding is
 * built once per k and each run is one seeded k-means++ start on it. Up to
 * SPECTRAL_MAX_OBJECTS objects (a dense n × n affinity).
 */
export function spectralPartitionerFor(
  representation: Representation,
  table: CategoricalTable,
  counts: Counts,
  objectValues: Int32Array,
  /** Use the method's object similarity as the affinity (CASO/n), not a Gaussian of the distance. */
  similarity: ObjectSimilarity | null = null,
): Partitioner {
  const n = representation.n;
  if (n > SPECTRAL_MAX_OBJECTS)
    throw badOption(
      `spectral clustering builds an n × n affinity and is limited to ${SPECTRAL_MAX_OBJECTS.toLocaleString('en-US')} objects; this table has ${n.toLocaleString('en-US')} (use k-means/k-modes)`,
    );
  const distance = distanceOf(projectionSource(representation, table, counts, objectValues).input);
  const embeddings = new Map<number, SpectralEmbedding>();
  const base = partitionerFor(representation, table, objectValues);
  return {
    n,
    distinct: base.distinct,
    algorithm: 'spectral',
    run(k, rng, maxIterations = 100) {
      let embedding = embeddings.get(k);
      if (!embedding) {
        embedding = spectralEmbedding(
          n,
          similarity
            ? { similarity: similarityFunction(similarity, table) }
            : { dissimilarity: distance },
          k,
          { seed: 0, owner: { method: representation.title, lines: table.sourceLines } },
        );
        embeddings.set(k, embedding);
      }
      const seed = Math.floor(rng.next() * 2 ** 31);
      const r = clusterSpectralEmbedding(embedding, k, { seed, maxIterations });
      return { labels: r.labels, inertia: r.inertia };
    },
  };
}

/** s(i, j) = Σ_a table_a[x_ia, x_ja] / D (Wang et al. 2015's CASO/n: the affinity on a [0, 1] scale). */
function similarityFunction(
  s: ObjectSimilarity,
  table: CategoricalTable,
): (i: number, j: number) => number {
  const sum = valueTableSum(table, s.tables, s.tableStart);
  const D = table.attributes.length;
  return (i, j) => sum(i, j) / D;
}
